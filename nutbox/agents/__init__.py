"""Bots. They see views and legal actions only, and reach game knowledge through `game.heuristic`."""

from __future__ import annotations

from nutbox.agents.base import Agent
from nutbox.agents.simple import GreedyAgent, RandomAgent
from nutbox.core import Game, OptionsError

AGENTS: dict[str, type[Agent]] = {agent.name: agent for agent in (RandomAgent, GreedyAgent)}


def make_agent(name: str, game: Game, seat: int, seed: int | str | None = None) -> Agent:
    try:
        cls = AGENTS[name]
    except KeyError:
        known = ", ".join(sorted(AGENTS))
        raise OptionsError(f"no bot called {name!r} (bots: {known})") from None
    return cls(game, seat, seed)


__all__ = ["AGENTS", "Agent", "GreedyAgent", "RandomAgent", "make_agent"]
