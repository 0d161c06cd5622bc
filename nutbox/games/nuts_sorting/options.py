"""The options of a Nuts Sorting table (core/options.py describes, reads and checks them)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from nutbox.core import Options


@dataclass(frozen=True)
class SortingOptions(Options):
    players: int = dataclasses.field(
        default=2, metadata={"label": "Players", "help": "Nuts Sorting is always a game for two players."}
    )
    repetition_draw: bool = dataclasses.field(
        default=False,
        metadata={
            "label": "Draw on a third repetition",
            "help": "When on, the game is a draw if the same board comes up a third time with the same player to "
            "move, which these rules never allow, so it is only a safeguard.",
        },
    )
    both_sorted: Literal["draw", "first", "second"] = dataclasses.field(
        default="draw",
        metadata={
            "label": "Both sorted after setup",
            "help": "Who wins if the setup removals leave both players with each of their colours in one group.",
            "choice_labels": {"draw": "Nobody: a draw", "first": "The first player", "second": "The second player"},
            "rulebook": False,
        },
    )
    placer_chooses_order: bool = dataclasses.field(
        default=False,
        metadata={
            "label": "Player 1 may choose to move second",
            "help": "When on and player 2 takes a colour set, player 1, who placed the nuts, chooses who moves first "
            "(and so who makes the two setup removals) rather than taking the first move as the rulebook says.",
        },
    )
