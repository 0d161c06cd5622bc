"""How a game offers itself to nutbox: a `GamePlugin` named by a `nutbox.games` entry point.

A game package, built in or installed separately, declares in its pyproject.toml

    [project.entry-points."nutbox.games"]
    take-away = "take_away.plugin:PLUGIN"

and PLUGIN names its Game class and, as "module:attribute" texts, what the tables use: the terminal
picture (required), the browser picture and the learners' encoding (optional). The texts are imported only
when a table first needs them, so listing or playing one game loads nothing of another's, and no renderer
or array library until something draws or learns (nutbox/registry.py).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nutbox.core.game import Game

GROUP = "nutbox.games"


@dataclass(frozen=True)
class GamePlugin:
    game: type[Game]
    render_text: str  # "module:function": a view -> the terminal picture (any rich renderable, or text)
    render_svg: str | None = None  # "module:function": (a view, the legal action texts) -> an SVG document
    # "module:function", same arguments: the picture drawn for a phone (< 600 px wide), legible without zooming and
    # with finger-sized targets; a game without one shows its render_svg picture on a phone too
    render_svg_phone: str | None = None
    observe: str | None = None  # "module:class": the options -> the learners' fixed-shape encoding of a view
    tutorial: str | None = None  # "package:file.toml": the game taught step by step (core/tutorial.py)


def load(path: str) -> Any:
    """The object a "module:attribute" text names."""
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)


@cache
def plugin_of(game_id: str) -> GamePlugin | None:
    """The plugin registered for `game_id`, or None if no installed package registers it."""
    for point in entry_points(group=GROUP, name=game_id):
        plugin = point.load()
        return plugin if isinstance(plugin, GamePlugin) else None
    return None


def svg_picture(game_id: str, view: Any) -> str | None:
    """The browser picture of `view` with nothing to click, if the game draws one."""
    plugin = plugin_of(game_id)
    if plugin is None or plugin.render_svg is None:
        return None
    picture: str = load(plugin.render_svg)(view, [])
    return picture
