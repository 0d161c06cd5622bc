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

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from nutbox.core.game import Game


@dataclass(frozen=True)
class GamePlugin:
    game: type[Game]
    render_text: str  # "module:function": a view -> the terminal picture (any rich renderable, or text)
    render_svg: str | None = None  # "module:function": (a view, the legal action texts) -> an SVG document
    observe: str | None = None  # "module:class": the options -> the learners' fixed-shape encoding of a view
