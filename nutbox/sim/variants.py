"""Named variants of a game, compared side by side: each a name, options and changes to the components.

A variants file (`nutbox simulate --variants FILE`, and the workbench's box of the same name) is TOML with one
table per variant, named as its results' directory will be:

    [cheap-trucks]            # a variant's name: a-z, 0-9, - and _
    data.trucks.0.points = 8  # changes to the components, as a --data file writes them
    [long-game]
    options.end_score = 70    # options, as --option writes them

Each variant is laid over the study's own options and changes (--option, --data), and the study as set without
any variant is played too, first, as `base`: every variant is compared with it, over the same seeds.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from nutbox.core import NutboxError
from nutbox.core.data import patched
from nutbox.registry import use_data_changes
from nutbox.sim.results import MIRROR
from nutbox.sim.study import Plan, StudyError, make_plan

BASE = "base"  # the study as set, without a variant: what each variant is compared with
MAX_VARIANTS = 7  # beside the base
NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,31}")
PARTS = ("options", "data")


@dataclass(frozen=True)
class Variant:
    name: str
    options: dict[str, str] = field(default_factory=dict)
    data: dict[str, Any] = field(default_factory=dict)


def parse_variants(text: str) -> list[Variant]:
    """The variants a variants file holds, in its order; StudyError says what is wrong and where."""
    try:
        tables = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise StudyError(f"the variants are not TOML: {error}") from None
    if not tables:
        raise StudyError("no variant: write one table per variant, e.g. [cheap-trucks] data.trucks.0.points = 8")
    if len(tables) > MAX_VARIANTS:
        raise StudyError(f"{len(tables)} variants: compare at most {MAX_VARIANTS} beside the base")
    return [_variant(name, table) for name, table in tables.items()]


def _variant(name: str, table: object) -> Variant:
    if not NAME.fullmatch(name) or name in (BASE, MIRROR):
        raise StudyError(f"variant {name[:40]!r}: name it with a-z, 0-9, - and _ (at most 32, starting with a letter "
                         f"or a digit), and not {BASE!r} or {MIRROR!r}")
    if not isinstance(table, dict) or not table:
        raise StudyError(f"variant {name}: give its options (options.NAME = VALUE) or its changes to the "
                         "components (data.FIELD = VALUE)")
    unknown = sorted(set(table) - set(PARTS))
    if unknown:
        raise StudyError(f"variant {name}: {unknown[0]!r} is neither options nor data")
    options, data = table.get("options", {}), table.get("data", {})
    if not isinstance(options, dict) or not isinstance(data, dict):
        raise StudyError(f"variant {name}: options and data are tables (options.NAME = VALUE, data.FIELD = VALUE)")
    for option, value in options.items():
        if not isinstance(value, str | int | float | bool):
            raise StudyError(f"variant {name}: option {option} takes one value, not {type(value).__name__}")
    return Variant(name, {option: _option_text(value) for option, value in options.items()}, data)


def _option_text(value: str | int | float | bool) -> str:
    """An option's value as --option writes it (a TOML true is the switch's "on")."""
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def read_variants(path: Path) -> list[Variant]:
    try:
        return parse_variants(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise StudyError(f"--variants {path}: {error.strerror or error}") from None
    except StudyError as error:
        raise StudyError(f"--variants {path}: {error}") from None


class Planner(Protocol):
    def __call__(self, game_id: str, options: dict[str, str], seats: list[str], games: int, seed: int,
                 records: bool = False, data: dict[str, Any] | None = None) -> Plan: ...


def variant_plans(variants: list[Variant], game_id: str, options: dict[str, str], seats: list[str], games: int,
                  seed: int, records: bool = False, data: dict[str, Any] | None = None,
                  planner: Planner = make_plan) -> list[tuple[str, Plan]]:
    """The base study first, then one plan per variant laid over it; all share the seed, so their games share
    chance. A variant's plan is checked as the base's is (its options by the game, its changes by the schema).

    A plan names every option, defaults included, and a game may take an option's default from its components
    (Nuts!' squirrel die): `planner` makes the plans of variants that change the components (plan_apart, in a
    process that reads them; make_plan where only the checks matter)."""
    plans = [(BASE, make_plan(game_id, options, seats, games, seed, records, data))]
    for variant in variants:
        try:
            merged = patched(dict(data or {}), variant.data) if variant.data else dict(data or {})
            made = make_plan if merged == (data or {}) else planner
            plans.append((variant.name, made(game_id, {**options, **variant.options}, seats, games, seed, records,
                                             merged)))
        except NutboxError as error:  # (an option the game refuses, a change its schema refuses)
            raise StudyError(f"variant {variant.name}: {error}") from None
    return plans


def plan_apart(game_id: str, options: dict[str, str], seats: list[str], games: int, seed: int,
               records: bool = False, data: dict[str, Any] | None = None) -> Plan:
    """make_plan in a process that plays the game with `data` (this one reads its components once)."""
    asked = {"game_id": game_id, "options": options, "seats": seats, "games": games, "seed": seed,
             "records": records, "data": data or {}}
    done = subprocess.run([sys.executable, "-c", "from nutbox.sim.variants import plan_asked; plan_asked()"],
                          input=json.dumps(asked), capture_output=True, text=True, check=False)
    try:
        answer = json.loads(done.stdout)
    except json.JSONDecodeError:
        raise StudyError(f"the plan could not be made: {done.stderr.strip()[-300:]}") from None
    if "error" in answer:
        raise StudyError(answer["error"])
    return Plan.from_json(answer["plan"])


def plan_asked() -> None:
    """plan_apart's other side: the plan asked on standard input, or why it cannot be, as JSON."""
    asked = json.load(sys.stdin)
    try:
        use_data_changes(asked["game_id"], asked["data"])
        answer: dict[str, Any] = {"plan": make_plan(**asked).to_json()}
    except NutboxError as error:
        answer = {"error": str(error)}
    print(json.dumps(answer))


def uses_own_processes(plans: list[tuple[str, Plan]]) -> bool:
    """Whether the plans need processes of their own to be played: a process reads a game's components once,
    so plans with different changes to them cannot all be played in one."""
    return len({plan.data_text() for _, plan in plans}) > 1
