"""The options of In the Nuts!: how many play, who collects first, and the one rule a group may read two ways
(docs/rules-decisions.md, In the Nuts! 11)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from nutbox.core import Options


@dataclass(frozen=True)
class NutsOptions(Options):
    players: int = dataclasses.field(
        default=2, metadata={"label": "Players", "help": "How many people play, from 2 to 4."},
    )
    first_pick: Literal["next", "active"] = dataclasses.field(
        default="next",
        metadata={
            "label": "Who collects first",
            "help": "When several players can collect a nut in the same section, and in the last picks at the end "
                    "of the game, this says who goes first.",
            "choice_labels": {"next": "The player after the one whose turn it is",
                              "active": "The player whose turn it is"},
        },
    )
    first_joker: Literal["store", "keep"] = dataclasses.field(
        default="store",
        metadata={
            "label": "A joker as the first nut",
            "help": "Whether a joker drawn as a player's first nut at the setup goes on a storage card at once, "
                    "as the setup says of the first nut, or may be kept for later like any other joker.",
            "choice_labels": {"store": "Stored at once, like every first nut",
                              "keep": "May be kept for later, like other jokers"},
            # "Take one nut each. This card immediately goes on a storage card of your choice."
            "rulebook": True,
        },
    )
