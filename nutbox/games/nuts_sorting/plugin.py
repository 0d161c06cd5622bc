"""How this game offers itself to nutbox (the `nutbox.games` entry point in pyproject.toml; core/plugin.py)."""

from nutbox.core.plugin import GamePlugin
from nutbox.games.nuts_sorting.game import NutsSorting

PLUGIN = GamePlugin(NutsSorting, observe="nutbox.games.nuts_sorting.observation:Observation")
