"""Running games: the match runner (seeded chance, agents that see only their views, the record)."""

from nutbox.play.match import Match, agent_seed, run_match

__all__ = ["Match", "agent_seed", "run_match"]
