"""The games nutbox knows: every `nutbox.games` entry point of the installed packages (the five built in are
registered the same way, in pyproject.toml), each loaded the first time it is asked for.

Importing this module reads only the entry points' names: no game, renderer, rich or numpy is imported
until a table uses it (tests/core/test_registry.py checks this). A game from another package needs nothing
here: installing it is enough (docs/plugins.md).
"""

from __future__ import annotations

import importlib
import json
import os
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from importlib import resources
from importlib.metadata import EntryPoint, entry_points
from typing import TYPE_CHECKING, Any, Protocol

from nutbox.core import (
    Game,
    NutboxError,
    Options,
    OptionsError,
    Record,
    RecordError,
    parse_options,
    under_current_rules,
)
from nutbox.core.data import CHANGES_VARIABLE, ComponentError, changes_in_use, changes_tried
from nutbox.core.face import PLAIN, Face
from nutbox.core.plugin import GROUP, GamePlugin, load
from nutbox.core.tutorial import Lesson
from nutbox.core.tutorial import load as load_tutorial

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

# the built-in games first, in the order the home page and `nutbox list` show them; others follow by name
BUILT_IN = ("nuts-sorting", "nut-hunt", "nuts-factory", "nut-cards", "in-the-nuts")


class Observer(Protocol):
    """A seat's view as named float32 arrays in [0, 1] of fixed shapes, for learners (nutbox.interop)."""

    shapes: dict[str, tuple[int, ...]]  # the named parts, in order

    def fill(self, view: Any, parts: dict[str, NDArray[np.float32]]) -> None:
        """Write `view` into `parts`: zeroed arrays of `shapes`."""


@dataclass(frozen=True, eq=False)
class Entry:
    """A registered game and what it brings for the tables, each part imported on first use."""

    plugin: GamePlugin

    @property
    def game(self) -> type[Game]:
        return self.plugin.game

    @cached_property
    def face(self) -> Face[Any]:
        """What people see of the game (core/face.py): its words, pictures, guide and tutorial."""
        if self.game.face is None:
            return PLAIN
        face: Face[Any] = load(self.game.face)
        return face

    @cached_property
    def lesson(self) -> Lesson | None:
        """The game's tutorial played through its rules, if it has one."""
        if self.face.tutorial is None:
            return None
        tutorial = load_tutorial(self.game.id, self.face.tutorial)
        return Lesson(tutorial, self.game(parse_options(self.game.options_type, tutorial.options)))

    @cached_property
    def observe(self) -> Callable[[Options], Observer] | None:
        """The options -> the learners' encoding of a view."""
        return load(self.plugin.observe) if self.plugin.observe else None


@cache
def _points() -> dict[str, EntryPoint]:
    found = {point.name: point for point in entry_points(group=GROUP)}
    order = [name for name in BUILT_IN if name in found] + sorted(set(found) - set(BUILT_IN))
    return {name: found[name] for name in order}


@cache
def _loaded(game_id: str) -> Entry:
    plugin = _points()[game_id].load()
    if not isinstance(plugin, GamePlugin):
        raise OptionsError(f"the {GROUP} entry point {game_id!r} names {type(plugin).__name__}, not a GamePlugin")
    if plugin.game.id != game_id:
        raise OptionsError(f"the {GROUP} entry point {game_id!r} names the game {plugin.game.id!r}")
    return Entry(plugin)


class _Registered(Mapping[str, Entry]):
    """Every registered game by id, in a stable order; a game is loaded when it is looked up."""

    def __getitem__(self, game_id: str) -> Entry:
        if game_id not in _points():
            raise KeyError(game_id)
        return _loaded(game_id)

    def __iter__(self) -> Iterator[str]:
        return iter(_points())

    def __len__(self) -> int:
        return len(_points())


class _Games(Mapping[str, type[Game]]):
    def __getitem__(self, game_id: str) -> type[Game]:
        return ENTRIES[game_id].game

    def __iter__(self) -> Iterator[str]:
        return iter(_points())

    def __len__(self) -> int:
        return len(_points())


ENTRIES: Mapping[str, Entry] = _Registered()
GAMES: Mapping[str, type[Game]] = _Games()


def entry(game_id: str) -> Entry:
    try:
        return ENTRIES[game_id]
    except KeyError:
        known = ", ".join(ENTRIES)
        raise OptionsError(f"no game called {game_id[:40]!r} (registered: {known})") from None


def game_class(game_id: str) -> type[Game]:
    return entry(game_id).game


def face(game_id: str) -> Face[Any]:
    """What people see of the game `game_id` (its words and pictures), imported on first use."""
    return entry(game_id).face


def make(game_id: str, options: dict[str, Any] | None = None) -> Game:
    """The game `game_id` with its options given by name (text or JSON values)."""
    cls = game_class(game_id)
    return cls(parse_options(cls.options_type, options or {}))


def record_game(record: Record, use_changes: bool = False) -> tuple[Record, Game]:
    """A record as this nutbox plays it (an earlier rules version an option still gives: with that option), and
    the game it was played in. A record of a game with changed component data is played with them only where
    `use_changes` lets this process take them up (a command replaying one record); elsewhere (a server, whose
    tables play the games as printed) it is refused."""
    changes = record.data or {}
    if use_changes:
        use_data_changes(record.game, changes)
    elif changes != data_changes(record.game):
        raise RecordError("this record was played with changes to the game's components; replay it on its own "
                          "with nutbox replay")
    current = under_current_rules(record, game_class(record.game))
    return current, make(current.game, current.options)


# --- games played with changed component data (core/data.py) ---------------------------------------------------
def package_of(game_id: str) -> str:
    """The package of a registered game, from its entry point alone (nothing imported)."""
    if game_id not in _points():
        entry(game_id)  # (refused there, with the games there are)
    return _points()[game_id].module.rpartition(".")[0]


def data_changes(game_id: str) -> dict[str, Any]:
    """The changes to the game's component data this process plays with ({}: as printed)."""
    changes: dict[str, Any] = changes_in_use().get(package_of(game_id), {})
    return changes


def check_data_changes(game_id: str, patch: dict[str, Any]) -> None:
    """Refuse changes the game's data schema refuses (ComponentError naming the field), without using them."""
    if not patch:
        return
    package = package_of(game_id)
    components = _components(game_id, package)
    with changes_tried(package, patch):
        components.load()


def use_data_changes(game_id: str, patch: dict[str, Any]) -> None:
    """Play `game_id` with these changes to its data in this process and those it starts (as printed: {}). A
    game's data is read when its package is imported, so a process that already plays it otherwise refuses
    (NutboxError); changes its schema refuses raise ComponentError naming the field, and change nothing."""
    package = package_of(game_id)
    in_use = changes_in_use()
    if in_use.get(package, {}) == patch:
        return
    if any(name == package or name.startswith(package + ".") for name in sys.modules):
        now = "with other changes to its components" if package in in_use else "with its components as printed"
        raise NutboxError(f"this process already plays {game_id} {now}; a game with changed components is "
                          "played in a process of its own (nutbox simulate --data, nutbox replay)")
    before = os.environ.get(CHANGES_VARIABLE)
    changed = {key: value for key, value in in_use.items() if key != package}
    os.environ[CHANGES_VARIABLE] = json.dumps({**changed, package: patch} if patch else changed)
    try:
        check_data_changes(game_id, patch)
        game_class(game_id)
    except Exception:
        _loaded.cache_clear()
        for name in [name for name in sys.modules if name == package or name.startswith(package + ".")]:
            del sys.modules[name]
        if before is None:
            del os.environ[CHANGES_VARIABLE]
        else:
            os.environ[CHANGES_VARIABLE] = before
        raise


def data_file(game_id: str) -> dict[str, Any] | None:
    """The game's component data as its file holds it (what changes patch); None for a game without one."""
    folder = resources.files(package_of(game_id)).joinpath("data")
    files = sorted(item.name for item in folder.iterdir() if item.name.endswith(".json")) if folder.is_dir() else []
    if len(files) != 1:
        return None
    data: dict[str, Any] = json.loads(folder.joinpath(files[0]).read_text(encoding="utf-8"))
    return data


def _components(game_id: str, package: str) -> Any:
    """The game's `components` module, whose load() reads its data (the layout every game with data follows)."""
    try:
        module = importlib.import_module(f"{package}.components")
    except ImportError:
        module = None
    if module is None or not callable(getattr(module, "load", None)):
        raise ComponentError(f"{game_class(game_id).title} has no component data to change")
    return module
