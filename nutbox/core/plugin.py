"""How a game offers itself to nutbox: a `GamePlugin` named by a `nutbox.games` entry point.

A game package, built in or installed separately, declares in its pyproject.toml

    [project.entry-points."nutbox.games"]
    take-away = "take_away.plugin:PLUGIN"

and PLUGIN names its Game class and, as a "module:attribute" text, the learners' encoding (optional). The game
names its face (what people see of it, core/face.py) the same way, in `Game.face`. The texts are imported only
when a table first needs them, so listing or playing one game loads nothing of another's, and no renderer
or array library until something draws or learns (nutbox/registry.py).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nutbox.core.game import Game

GROUP = "nutbox.games"  # the entry point group a game package registers in


@dataclass(frozen=True)
class GamePlugin:
    game: type[Game]
    observe: str | None = None  # "module:class": the options -> the learners' fixed-shape encoding of a view


def load(path: str) -> Any:
    """The object a "module:attribute" text names."""
    module, _, attribute = path.partition(":")
    return getattr(importlib.import_module(module), attribute)
