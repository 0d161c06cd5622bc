"""How this game offers itself to nutbox (the `nutbox.games` entry point in pyproject.toml; core/plugin.py)."""

from nutbox.core.plugin import GamePlugin
from nutbox.games.nut_hunt.game import NutHunt

PLUGIN = GamePlugin(NutHunt, observe="nutbox.games.nut_hunt.observation:Observation")
