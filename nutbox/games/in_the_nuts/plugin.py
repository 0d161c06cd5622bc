"""How this game offers itself to nutbox (the `nutbox.games` entry point in pyproject.toml; core/plugin.py)."""

from nutbox.core.plugin import GamePlugin
from nutbox.games.in_the_nuts.game import InTheNuts

PLUGIN = GamePlugin(
    InTheNuts,
    render_text="nutbox.games.in_the_nuts.render_text:render",
    render_svg="nutbox.games.in_the_nuts.render_svg:render",
    render_svg_phone="nutbox.games.in_the_nuts.render_phone:render",
    observe="nutbox.games.in_the_nuts.observation:Observation",
    tutorial="nutbox.games.in_the_nuts:tutorial.toml",
)
