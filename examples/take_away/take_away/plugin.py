"""The entry point nutbox finds (pyproject.toml: [project.entry-points."nutbox.games"])."""

from nutbox.core.plugin import GamePlugin
from take_away.rules import TakeAway

PLUGIN = GamePlugin(TakeAway, render_text="take_away.pictures:render_text", observe="take_away.pictures:Observation")
