"""How this game offers itself to nutbox (the `nutbox.games` entry point in pyproject.toml; core/plugin.py)."""

from nutbox.core.plugin import GamePlugin
from nutbox.games.nut_cards.game import NutCards

PLUGIN = GamePlugin(NutCards, observe="nutbox.games.nut_cards.observation:Observation")
