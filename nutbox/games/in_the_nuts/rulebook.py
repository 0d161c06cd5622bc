"""The rulebook's sections as the refusals cite them, and when each kind of decision comes: a decision tried at
another time is refused with the rule for its own time (state.py adds what is due instead)."""

from __future__ import annotations

from nutbox.core import Action
from nutbox.games.in_the_nuts.actions import (
    KEEP,
    ROLL,
    STOP,
    Dice,
    Draw,
    Place,
    Preplace,
    Steal,
    Store,
    StoreKept,
    Take,
)

SETUP = "Preparation"
PLAY_RULE = "Playing the Game"
ENDING_RULE = "Ending Your Turn Successfully"
COLLECT_RULE = "Collecting Nuts"
STORAGE_RULE = "Putting Nuts in Storage"
RACCOON_RULE = "The Raccoon Fields"
END_RULE = "The End of the Game"
AREA_RULE = {2: "Checking the 2-Squirrel-Area", 3: "Checking the 3-Squirrel-Area", 4: "Checking the 4-Squirrel-Area"}

# the rule saying when a decision of each kind is made, for one tried at another time
WHEN = {
    "place": f"{PLAY_RULE}: after rolling, you put a squirrel on the starting space of the green die plus one white "
             "die",
    "decide": f"{PLAY_RULE}: every time you have put a squirrel on the starting track, you can choose to end your turn "
              "or roll again",
    "preplace": f"{SETUP}: before the first turn, the players after the starting player put squirrels in the "
                "2-squirrel area",
    "take": f"{COLLECT_RULE}: at the end of each turn, a player with enough squirrels in a section takes a face-up "
            "nut",
    "steal": f"{RACCOON_RULE}: a player collecting in a raccoon field steals a nut after taking a face-up nut",
    "store": f"{STORAGE_RULE}: each time you get a nut, you put it in storage immediately (only jokers can be kept, "
             "and a kept joker is stored when you store a nut)",
    "dice": f"{PLAY_RULE}: the three dice are rolled (a chance step) at the start of your turn and each time you roll "
            "again",
    "draw": f"{COLLECT_RULE}: a nut card is drawn (a chance step) to replace each nut taken, and at the setup "
            f"({SETUP})",
}

_KINDS: dict[type, str] = {Place: "place", Preplace: "preplace", Take: "take", Steal: "steal", Store: "store",
                           StoreKept: "store", Dice: "dice", Draw: "draw"}


def action_kind(action: Action) -> str:
    """The kind of decision an action answers (as `NutsState.due` names them): keeping a joker, or storing a kept
    one, answers a store."""
    if action in (STOP, ROLL):
        return "decide"
    if action == KEEP:
        return "store"
    return _KINDS[type(action)]


# --- a phase where no seat decides (chance, the end) ------------------------------------------------------------
def no_decisions(state: object) -> list[Action]:
    return []


def when(state: object, action: Action) -> str:
    """The rule for the time of an action's kind: what a phase where no seat decides answers to any decision (the
    state adds what is due instead)."""
    return WHEN[action_kind(action)]
