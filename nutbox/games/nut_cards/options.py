"""Nut's options: the player count, and the two readings a group may choose where the rulebook is open or
read otherwise (docs/rules-decisions.md, "Nut")."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from nutbox.core import Options

SquirrelRule = Literal["double-each", "double-once"]  # the choices, as the view has them too
ClusterRule = Literal["largest", "best"]


@dataclass(frozen=True)
class CardsOptions(Options):
    players: int = dataclasses.field(
        default=2, metadata={"label": "Players", "help": "Nut is a game for two or three players."}
    )
    squirrels: SquirrelRule = dataclasses.field(
        default="double-each",
        metadata={
            "label": "Several squirrels on one cluster",
            "help": "How a cluster touched by more than one squirrel scores: doubled again for each squirrel, so "
            "two make it four times its nuts, or doubled only once.",
            "choice_labels": {"double-each": "Each squirrel doubles it", "double-once": "Doubled only once"},
            # the rulebook says squirrels double the clusters they touch, not what two on one cluster do
            "rulebook": False,
        },
    )
    cluster: ClusterRule = dataclasses.field(
        default="largest",
        metadata={
            "label": "Cluster that counts",
            "help": "Which cluster of a colour scores when a layout has several: the largest, the one with the "
            "most nuts, as the rulebook says, or the one worth the most points once squirrels double it.",
            "choice_labels": {"largest": "The largest (most nuts)", "best": "The one worth the most points"},
            # "they must count the largest one only"; "best" is for players who read "largest" as worth the most
            "rulebook": True,
        },
    )
