"""How this game offers itself to nutbox (the `nutbox.games` entry point in pyproject.toml; core/plugin.py)."""

from nutbox.core.plugin import GamePlugin
from nutbox.games.nut_hunt.game import NutHunt

PLUGIN = GamePlugin(
    NutHunt,
    render_text="nutbox.games.nut_hunt.render_text:render",
    render_svg="nutbox.games.nut_hunt.render_svg:render",
    render_svg_phone="nutbox.games.nut_hunt.render_phone:render",
    observe="nutbox.games.nut_hunt.observation:Observation",
    tutorial="nutbox.games.nut_hunt:tutorial.toml",
)
