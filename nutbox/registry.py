"""The registered games and what each brings for the tables. Adding a game is one entry here."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from rich.console import RenderableType

from nutbox.core import Game, Options, OptionsError, parse_options
from nutbox.games.in_the_nuts import InTheNuts
from nutbox.games.in_the_nuts import observation as in_the_nuts_observation
from nutbox.games.in_the_nuts import render_svg as in_the_nuts_svg
from nutbox.games.in_the_nuts import render_text as in_the_nuts_text
from nutbox.games.nut_cards import NutCards
from nutbox.games.nut_cards import observation as nut_cards_observation
from nutbox.games.nut_cards import render_svg as nut_cards_svg
from nutbox.games.nut_cards import render_text as nut_cards_text
from nutbox.games.nut_hunt import NutHunt
from nutbox.games.nut_hunt import observation as nut_hunt_observation
from nutbox.games.nut_hunt import render_svg as nut_hunt_svg
from nutbox.games.nut_hunt import render_text as nut_hunt_text
from nutbox.games.nuts_factory import NutsFactory
from nutbox.games.nuts_factory import observation as nuts_factory_observation
from nutbox.games.nuts_factory import render_svg as nuts_factory_svg
from nutbox.games.nuts_factory import render_text as nuts_factory_text
from nutbox.games.nuts_sorting import NutsSorting
from nutbox.games.nuts_sorting import observation as nuts_sorting_observation
from nutbox.games.nuts_sorting import render_svg as nuts_sorting_svg
from nutbox.games.nuts_sorting import render_text as nuts_sorting_text

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray


class Observer(Protocol):
    """A seat's view as named float32 arrays in [0, 1] of fixed shapes, for learners (nutbox.interop)."""

    shapes: dict[str, tuple[int, ...]]  # the named parts, in order

    def fill(self, view: dict[str, Any], parts: dict[str, NDArray[np.float32]]) -> None:
        """Write `view` into `parts`: zeroed arrays of `shapes`."""


@dataclass(frozen=True)
class Entry:
    game: type[Game]
    render_text: Callable[[dict[str, Any]], RenderableType]  # a view -> the terminal picture
    # (a view, the legal action texts) -> an SVG picture whose clickable parts carry data-action
    render_svg: Callable[[dict[str, Any], list[str]], str] | None = None
    observe: Callable[[Options], Observer] | None = None  # the options -> the learners' encoding of a view


ENTRIES: dict[str, Entry] = {
    entry.game.id: entry
    for entry in (
        Entry(NutsSorting, nuts_sorting_text.render, nuts_sorting_svg.render,
              observe=nuts_sorting_observation.Observation),
        Entry(NutHunt, nut_hunt_text.render, nut_hunt_svg.render, observe=nut_hunt_observation.Observation),
        Entry(NutsFactory, nuts_factory_text.render, nuts_factory_svg.render,
              observe=nuts_factory_observation.Observation),
        Entry(NutCards, nut_cards_text.render, nut_cards_svg.render, observe=nut_cards_observation.Observation),
        Entry(InTheNuts, in_the_nuts_text.render, in_the_nuts_svg.render, observe=in_the_nuts_observation.Observation),
    )
}
GAMES: dict[str, type[Game]] = {game_id: entry.game for game_id, entry in ENTRIES.items()}


def entry(game_id: str) -> Entry:
    try:
        return ENTRIES[game_id]
    except KeyError:
        known = ", ".join(sorted(ENTRIES))
        raise OptionsError(f"no game called {game_id!r} (registered: {known})") from None


def game_class(game_id: str) -> type[Game]:
    return entry(game_id).game


def make(game_id: str, options: dict[str, Any] | None = None) -> Game:
    """The game `game_id` with its options given by name (text or JSON values)."""
    cls = game_class(game_id)
    return cls(parse_options(cls.options_type, options or {}))
