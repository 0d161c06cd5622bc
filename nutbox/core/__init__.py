"""The core protocol every game implements and everything else is written against (docs/architecture.md).

The core imports nothing else of nutbox.
"""

from nutbox.core.action import Action, ActionSpace, Word
from nutbox.core.data import ComponentError, read_json
from nutbox.core.errors import IllegalAction, NotationError, NutboxError, OptionsError, RecordError
from nutbox.core.events import Event, events_for
from nutbox.core.face import Face
from nutbox.core.game import Game
from nutbox.core.guide import Example, Guide, Section
from nutbox.core.names import SeatNames, default_name, seat_name, with_names
from nutbox.core.notation import Field, Form, Named, Notation, Number
from nutbox.core.options import OptionInfo, Options, describe, options_to_dict, parse_options
from nutbox.core.record import Record, final_state, replay, under_current_rules
from nutbox.core.state import (
    CHANCE,
    TERMINAL,
    ListedState,
    Node,
    State,
    ToMove,
    View,
    copied,
    draw_chance,
    lead_as_return,
    random_action,
    to_move_json,
)
from nutbox.core.words import Card, Panel, ScoreTable, listing, plural, possessive, with_article

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionSpace",
    "Card",
    "ComponentError",
    "Event",
    "Example",
    "Face",
    "Field",
    "Form",
    "Game",
    "Guide",
    "IllegalAction",
    "ListedState",
    "Named",
    "Node",
    "Notation",
    "NotationError",
    "Number",
    "NutboxError",
    "OptionInfo",
    "Options",
    "OptionsError",
    "Panel",
    "Record",
    "RecordError",
    "ScoreTable",
    "SeatNames",
    "Section",
    "State",
    "ToMove",
    "View",
    "Word",
    "copied",
    "default_name",
    "describe",
    "draw_chance",
    "events_for",
    "final_state",
    "lead_as_return",
    "listing",
    "options_to_dict",
    "parse_options",
    "plural",
    "possessive",
    "random_action",
    "read_json",
    "replay",
    "seat_name",
    "to_move_json",
    "under_current_rules",
    "with_article",
    "with_names",
]
