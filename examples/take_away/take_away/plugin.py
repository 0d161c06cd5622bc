"""The entry point nutbox finds (pyproject.toml: [project.entry-points."nutbox.games"]): the game, whose class
names its face, and the learners' encoding."""

from nutbox.core.plugin import GamePlugin
from take_away.game import TakeAway

PLUGIN = GamePlugin(TakeAway, observe="take_away.observation:Observation")
