"""The options a table chooses, each with the label and help the pages show."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from nutbox.core import Options


@dataclass(frozen=True)
class TakeAwayOptions(Options):
    players: int = dataclasses.field(default=2, metadata={"help": "Two or three people take turns.",
                                                          "label": "Players"})
    pile: int = dataclasses.field(default=21, metadata={"help": "How many nuts the pile starts with.",
                                                        "label": "Nuts in the pile"})
