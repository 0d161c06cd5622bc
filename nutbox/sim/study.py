"""A balance study's plan: the game, its options, the agents, and the seed and seating of every game.

Game i of a study belongs to block i // n (n seats). Every game of a block is played from the same seed,
and game i seats the agents rotated by i % n, so each agent plays each seat equally often under the same
chance draws. All that game i is follows from the plan and i alone, so its row does not depend on how
many workers play the study, in which order, or on which machine.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass
from typing import Any

import nutbox
from nutbox.agents import Agent, MctsAgent, make_agent
from nutbox.core import NutboxError, options_to_dict
from nutbox.registry import check_data_changes, game_class, make
from nutbox.sim.figures import OptionValue, PlanIdentity, PlanJson

SEED_RANGE = 2**53  # game seeds stay exact in JSON readers that hold numbers as doubles


class StudyError(NutboxError):
    """A study that cannot be planned, resumed or read; the message says what is wrong and where."""


@dataclass(frozen=True)
class Seating:
    """Where game `index` of a study sits in it: its block's seed and the agent in each seat."""

    index: int
    block: int
    rotation: int
    seed: int
    agents: tuple[str, ...]


@dataclass(frozen=True)
class Plan:
    """Everything that decides a study's games. `games` may grow when a study is resumed; nothing else may."""

    game: str
    options: dict[str, OptionValue]  # every option of the game, defaults included
    seats: tuple[str, ...]  # the agent in each seat at rotation 0, as the user named it
    seed: int
    games: int
    rules_version: str
    nutbox_version: str
    agent_settings: dict[str, str]  # each agent name -> the settings it stands for (levels resolved)
    records: bool = False  # keep every game's record
    data: dict[str, Any] = dataclasses.field(default_factory=dict)  # changes to the game's components (--data)

    @property
    def players(self) -> int:
        return len(self.seats)

    def seating(self, index: int) -> Seating:
        block, rotation = divmod(index, self.players)
        # agent j of the plan moves to seat j + rotation
        agents = tuple(self.seats[(seat - rotation) % self.players] for seat in range(self.players))
        return Seating(index, block, rotation, game_seed(self.seed, block), agents)

    def identity(self) -> PlanIdentity:
        """What a stored study must share with this plan to be resumed by it: all but the number of games."""
        return {"game": self.game, "options": dict(self.options), "seats": list(self.seats), "seed": self.seed,
                "rules_version": self.rules_version, "nutbox_version": self.nutbox_version,
                "agent_settings": dict(self.agent_settings), "records": self.records, "data": dict(self.data)}

    def to_json(self) -> PlanJson:
        """The plan as study.json holds it: its fields in order (tests/sim checks that none is left out)."""
        return {"game": self.game, "options": dict(self.options), "seats": list(self.seats), "seed": self.seed,
                "games": self.games, "rules_version": self.rules_version, "nutbox_version": self.nutbox_version,
                "agent_settings": dict(self.agent_settings), "records": self.records, "data": dict(self.data)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Plan:
        """A plan from study.json as read (a file: untyped until checked here)."""
        try:
            return cls(**{**data, "seats": tuple(data["seats"])})
        except (KeyError, TypeError) as error:
            raise StudyError(f"not a study plan: {error}") from None

    def options_text(self) -> str:
        return json.dumps(self.options, sort_keys=True)

    def data_text(self) -> str:
        return json.dumps(self.data, sort_keys=True)

    def row_options(self) -> str:
        """What a row's `options` column says: the options, and the changes to the components under "data" when
        there are any (so that results, and ratings made from them, never mix a variant with the game)."""
        return json.dumps({**self.options, "data": self.data} if self.data else self.options, sort_keys=True)


def game_seed(study_seed: int, block: int) -> int:
    """The seed of a block of games: a hash of the study's seed and the block's number."""
    digest = hashlib.sha256(f"nutbox-study/{study_seed}/{block}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_RANGE


def agent_settings(agent: Agent) -> str:
    """The settings an agent plays with, levels resolved (`hard` -> `ismcts:sims=800,...`)."""
    if isinstance(agent, MctsAgent):
        settings = agent.settings
        values = ",".join(f"{f.name}={getattr(settings, f.name)}" for f in dataclasses.fields(settings))
        return f"{agent.name}:{values}"
    return agent.name


def make_plan(
    game_id: str, options: dict[str, str], seats: list[str], games: int, seed: int, records: bool = False,
    data: dict[str, Any] | None = None,
) -> Plan:
    """A checked plan: the game and its options exist, every agent can be made, games fill whole rotations, the
    changes to its components (`data`) pass the game's schema.

    `seats` names one agent per seat, or one agent for every seat. Without a `players` option the number of
    seats names it. `games` is rounded up to a multiple of the number of seats (whole rotations).
    """
    if games < 1:
        raise StudyError(f"--games {games}: a study needs at least one game")
    if not seats or not all(name.strip() for name in seats):
        raise StudyError("--seats: name an agent for each seat, e.g. --seats easy,random")
    options = dict(options)
    if "players" not in options and len(seats) > 1:
        options["players"] = str(len(seats))
    game = make(game_id, options)
    if data:
        check_data_changes(game_id, data)
    n = game.num_players
    if len(seats) == 1:
        seats = seats * n
    if len(seats) != n:
        raise StudyError(f"--seats names {len(seats)} agents; this game of {game.title} has {n} seats "
                         "(name one agent per seat, or one for all)")
    settings = {name: agent_settings(make_agent(name, game, seat)) for seat, name in enumerate(seats)}
    return Plan(
        game=game_id,
        options=options_to_dict(game.options),
        seats=tuple(seats),
        seed=seed,
        games=-(-games // n) * n,
        rules_version=game_class(game_id).rules_version,
        nutbox_version=nutbox.__version__,
        agent_settings=settings,
        records=records,
        data=dict(data or {}),
    )


def mirror_plan(agent: str, game_id: str, options: dict[str, str], seats: list[str], games: int, seed: int,
                records: bool = False, data: dict[str, Any] | None = None) -> Plan:
    """The mirror matches of `agent` beside a study of `seats`: the same game, options, number of seats, games and
    seed, with `agent` in every seat, so that the first seat's edge can be read even when the study's own pairing
    is lopsided."""
    players = options.get("players") or (str(len(seats)) if len(seats) > 1 else None)
    mirrored = {**options, "players": players} if players is not None else options
    return make_plan(game_id, mirrored, [agent], games, seed, records, data)


def parse_sweep(text: str) -> tuple[str, list[str]]:
    """`end_score=30,50,70` -> ("end_score", ["30", "50", "70"])."""
    name, eq, values = text.partition("=")
    choices = [value.strip() for value in values.split(",") if value.strip()]
    if not eq or not name.strip() or not choices:
        raise StudyError(f"--sweep {text!r}: write it as OPTION=VALUE1,VALUE2,..., e.g. --sweep end_score=30,50,70")
    if len(set(choices)) != len(choices):
        raise StudyError(f"--sweep {text!r}: a value is listed twice")
    return name.strip(), choices


def sweep_plans(option: str, values: list[str], game_id: str, options: dict[str, str], seats: list[str], games: int,
                seed: int, records: bool = False, data: dict[str, Any] | None = None) -> list[tuple[str, Plan]]:
    """One plan per value of `option`, labelled OPTION=VALUE; all share the seed, so their games share chance."""
    if option in options:
        raise StudyError(f"--sweep {option} and --option {option} both set it: give it in one place")
    return [(f"{option}={value}", make_plan(game_id, {**options, option: value}, seats, games, seed, records, data))
            for value in values]
