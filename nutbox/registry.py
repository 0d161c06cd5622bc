"""The registered games. Adding a game means one line here; nothing else names a game."""

from __future__ import annotations

from typing import Any

from nutbox.core import Game, OptionsError, parse_options
from nutbox.games.nuts_sorting import NutsSorting

GAMES: dict[str, type[Game]] = {game.id: game for game in (NutsSorting,)}


def game_class(game_id: str) -> type[Game]:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise OptionsError(f"no game called {game_id!r} (registered: {known})") from None


def make(game_id: str, options: dict[str, Any] | None = None) -> Game:
    """The game `game_id` with its options given by name (text or JSON values)."""
    cls = game_class(game_id)
    return cls(parse_options(cls.options_type, options or {}))
