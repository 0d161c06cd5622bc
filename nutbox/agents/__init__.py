"""Bots. They see views and legal actions only, and reach game knowledge through `game.heuristic`.

A bot is named by its kind (`random`, `greedy`, `mcts`, `ismcts`), optionally with search settings
(`mcts:sims=2000,time=1`), or by a level a player picks: `easy` (greedy), `medium` and `hard` (ismcts with
the simulation budgets the game states in `Game.bot_sims` and the settings in `Game.bot_search`).
"""

from __future__ import annotations

import dataclasses

from nutbox.agents.base import Agent
from nutbox.agents.search import IsmctsAgent, MctsAgent, SearchSettings
from nutbox.agents.simple import GreedyAgent, RandomAgent
from nutbox.core import Game, OptionsError

AGENTS: dict[str, type[Agent]] = {
    agent.name: agent for agent in (RandomAgent, GreedyAgent, MctsAgent, IsmctsAgent)
}
LEVELS = {
    "easy": "greedy: one ply ahead with the game's heuristic",
    "medium": "ismcts with the game's medium budget of simulations",
    "hard": "ismcts with the game's hard budget (about a second a decision on one core)",
}


def known_bots() -> str:
    return ", ".join([*AGENTS, *LEVELS])


def make_agent(name: str, game: Game, seat: int, seed: int | str | None = None,
               time_cap: float | None = None) -> Agent:
    """The bot `name` names: a kind with optional settings (`mcts:sims=500`), or a level. With `time_cap`,
    a search bot stops thinking after that many seconds whatever its settings say."""
    kind, _, settings = name.partition(":")
    if kind == "easy" and not settings:
        return GreedyAgent(game, seat, seed)
    if kind in ("medium", "hard") and not settings:
        medium, hard = game.bot_sims
        budget = SearchSettings(sims=medium if kind == "medium" else hard)
        return IsmctsAgent(game, seat, seed, capped(SearchSettings.parse(game.bot_search, budget), time_cap))
    cls = AGENTS.get(kind)
    if cls is None:
        raise OptionsError(f"no bot called {name[:40]!r} (bots: {known_bots()})")
    if issubclass(cls, MctsAgent):
        return cls(game, seat, seed, capped(SearchSettings.parse(settings), time_cap))
    if settings:
        raise OptionsError(f"the {kind} bot takes no settings (only mcts and ismcts do)")
    return cls(game, seat, seed)


def capped(settings: SearchSettings, time_cap: float | None) -> SearchSettings:
    if time_cap is None:
        return settings
    return dataclasses.replace(settings, time=min(settings.time or time_cap, time_cap))


__all__ = ["AGENTS", "LEVELS", "Agent", "GreedyAgent", "IsmctsAgent", "MctsAgent", "RandomAgent",
           "SearchSettings", "known_bots", "make_agent"]
