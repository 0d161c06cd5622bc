"""How this game offers itself to nutbox (the `nutbox.games` entry point in pyproject.toml; core/plugin.py)."""

from nutbox.core.plugin import GamePlugin
from nutbox.games.nuts_sorting.game import NutsSorting

PLUGIN = GamePlugin(
    NutsSorting,
    render_text="nutbox.games.nuts_sorting.render_text:render",
    render_svg="nutbox.games.nuts_sorting.render_svg:render",
    render_svg_phone="nutbox.games.nuts_sorting.render_phone:render",
    observe="nutbox.games.nuts_sorting.observation:Observation",
    tutorial="nutbox.games.nuts_sorting:tutorial.toml",
)
