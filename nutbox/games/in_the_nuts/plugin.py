"""How this game offers itself to nutbox (the `nutbox.games` entry point in pyproject.toml; core/plugin.py)."""

from nutbox.core.plugin import GamePlugin
from nutbox.games.in_the_nuts.game import InTheNuts

PLUGIN = GamePlugin(InTheNuts, observe="nutbox.games.in_the_nuts.observation:Observation")
