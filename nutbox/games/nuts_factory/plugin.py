"""How this game offers itself to nutbox (the `nutbox.games` entry point in pyproject.toml; core/plugin.py)."""

from nutbox.core.plugin import GamePlugin
from nutbox.games.nuts_factory.game import NutsFactory

PLUGIN = GamePlugin(NutsFactory, observe="nutbox.games.nuts_factory.observation:Observation")
