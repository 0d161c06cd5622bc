"""How this game offers itself to nutbox (the `nutbox.games` entry point in pyproject.toml; core/plugin.py)."""

from nutbox.core.plugin import GamePlugin
from nutbox.games.nut_cards.game import NutCards

PLUGIN = GamePlugin(
    NutCards,
    render_text="nutbox.games.nut_cards.render_text:render",
    render_svg="nutbox.games.nut_cards.render_svg:render",
    render_svg_phone="nutbox.games.nut_cards.render_phone:render",
    observe="nutbox.games.nut_cards.observation:Observation",
    tutorial="nutbox.games.nut_cards:tutorial.toml",
)
