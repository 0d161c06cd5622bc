"""Nut Hunt's options: the player count (1 is the solo game against the Automa), the Automa's level and two
readings of the solo rules the rulebook leaves open, and the Competitive Rule Variant."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from nutbox.core import Options

AutomaLevel = Literal["standard", "advanced", "expert"]


@dataclass(frozen=True)
class HuntOptions(Options):
    players: int = dataclasses.field(
        default=2,
        metadata={"label": "Players", "help": "Nut Hunt is for 2 to 5 players, or 1 playing alone against the Automa."},
    )
    automa: AutomaLevel = dataclasses.field(
        default="standard",
        metadata={
            "label": "Automa level",
            "help": "In a solo game, how many objectives the Automa starts with: 2, 3 or 4.",
            "choice_labels": {
                "standard": "Standard: 2 objectives",
                "advanced": "Advanced: 3 objectives",
                "expert": "Expert: 4 objectives",
            },
        },
    )
    solo_deal: Literal["keep-2-of-3", "draw-2"] = dataclasses.field(
        default="keep-2-of-3",
        metadata={
            "label": "Solo objectives",
            "help": "In a solo game, whether you are dealt 3 objectives and keep 2 as usual, or just draw 2.",
            "choice_labels": {"keep-2-of-3": "Dealt 3, keep 2", "draw-2": "Draw 2"},
            # the solo rules say both "set up as usual" and "drawing 2 Objectives" (docs/rules-decisions.md 13)
            "rulebook": False,
        },
    )
    automa_pine: Literal["place", "skip"] = dataclasses.field(
        default="place",
        metadata={
            "label": "Automa on the Pine Barrens",
            "help": "In a solo game, whether the Automa places a squirrel on the Pine Barrens when one of its "
            "objectives ends there (its turn places one on each end, except the fox's tile), or skips it as "
            "players may only scatter there.",
            "choice_labels": {"place": "Places a squirrel there", "skip": "Skips it, like the fox's tile"},
            # the solo turn names only the fox's tile as an exception; the Pine Barrens rule speaks of
            # recruiting and scattering (docs/rules-decisions.md, Nut Hunt 21)
            "rulebook": False,
        },
    )
    competitive: bool = dataclasses.field(
        default=False,
        metadata={
            "label": "Competitive variant",
            "help": "When a nest is built, each other player first loses one squirrel from that tile, and only the "
            "rest scatter.",
        },
    )
