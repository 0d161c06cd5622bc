"""What every part of the Nuts! rules shares: the component tables as the rules read them, the rulebook's
section headings that refusals cite, the bonus effects by when they may be played, the options, and the small
helpers (a seat's name, the nut on top of a Box Holder).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from nutbox.core import Action, Options, OptionsError
from nutbox.games.nuts_factory.actions import (
    D8,
    DrawBonus,
    Exchange,
    Holder,
    Roll,
    SpinBack,
    SquirrelTo,
    Take,
)
from nutbox.games.nuts_factory.components import COMPONENTS, DIE_FACES

COLUMNS = COMPONENTS.columns
NUTS = len(COMPONENTS.nut_codes)
NUT_NAMES = COMPONENTS.nut_names
LIMITS = COMPONENTS.limits
ALL_CARDS = tuple(card.id for card in COMPONENTS.bonus_cards)
TRUCKS = {truck.id: truck for truck in COMPONENTS.trucks}
SQUIRREL_ROW = COMPONENTS.squirrel_row
WAREHOUSE_BONUS_LIMIT = 9
QUARTERS = {1: "a quarter", 2: "two quarters", 3: "three quarters"}
DIE_WORDS = {"stop": "Stop", "scamper": "Scamper", "hunt": "Hunt", "hunt-and-roll": "Hunt and Roll"}

SETUP_RULE = "Game Setup"
CONFIG_RULE = "Phase 1. Configuration"
BUILD_RULE = "Configuration, Build"
SQUIRREL_RULE = "Phase 2: Squirrel Movement"
PRODUCTION_RULE = "Phase 3: Production"
SHIP_RULE = "Phase 4: Shipping"
CLEANUP_RULE = "Phase 5: Cleanup"
BONUS_RULE = "Bonus Cards"
PHASE_RULES = {"config": CONFIG_RULE, "hunt": SQUIRREL_RULE, "before-production": PRODUCTION_RULE,
               "between-draws": BONUS_RULE, "shipping": SHIP_RULE, "cleanup": CLEANUP_RULE}

# bonus effects that need a target, by the phases they may be played in
FREE_EFFECTS = ("spin-back", "move-squirrel", "move-machine")
WAREHOUSE_EFFECTS = ("take-nut", "exchange-nut", "extra-truck", "warehouse-9")
EFFECT_TEXT = {option.effect: option.text for card in COMPONENTS.bonus_cards for option in card.options}
# actions that only a bonus power offers (as its target), and that power
TARGET_EFFECTS = {SpinBack: "spin-back", SquirrelTo: "move-squirrel", Take: "take-nut", Exchange: "exchange-nut"}

# chance's own outcomes, and why a player cannot pick one
CHANCE_ACTIONS = (Holder, Roll, D8, DrawBonus)
CHANCE_REASONS: dict[type[Action], str] = {
    Holder: f"{SETUP_RULE}: the Box Holders are placed once, at random, before the first turn",
    Roll: f"{SQUIRREL_RULE}: the Squirrel Die is rolled after Configuration, and no player chooses its face",
    D8: f"{SQUIRREL_RULE}: the d8 is rolled only when the Squirrel Die shows Scamper",
    DrawBonus: f"{BONUS_RULE}: bonus cards are drawn face down, one for each Extra Delicious nut collected",
}
# what happens while chance acts: no player decides until it is done
WAITING = {
    "setup": f"{SETUP_RULE}: the Box Holders are still being placed; the first turn starts once they are",
    "squirrel": f"{SQUIRREL_RULE}: the Squirrel Die is being rolled; the active player decides again once it is",
    "scamper": f"{SQUIRREL_RULE}: the d8 is being rolled for the Scamper; the active player decides again once it is",
    "draw": f"{BONUS_RULE}: bonus cards are being drawn for Extra Delicious nuts; the active player decides again "
    "once they are",
}


def die_faces(text: str) -> tuple[str, ...]:
    """The faces of a squirrel die written as the `die` option writes it (comma-separated)."""
    faces = tuple(face.strip() for face in text.split(",") if face.strip())
    bad = [face for face in faces if face not in DIE_FACES]
    if not faces or bad:
        raise OptionsError(f"die faces are a comma-separated list of {', '.join(DIE_FACES)}; not {bad or text!r}")
    return faces


@dataclass(frozen=True)
class FactoryOptions(Options):
    players: int = dataclasses.field(
        default=2, metadata={"label": "Players", "help": "How many people play, from two to four."}
    )
    end_score: int = dataclasses.field(
        default=LIMITS.end_score,
        metadata={
            "label": "Score that ends the game",
            "help": "The first player to end a turn with at least this many points starts the last round.",
        },
    )
    die: str = dataclasses.field(
        default=",".join(COMPONENTS.die),
        metadata={
            "label": "Squirrel die",
            "help": "The six faces of the Squirrel's die, separated by commas, each one of stop, scamper, hunt or "
            "hunt-and-roll.",
            "presets": {
                "the printed die, as we reconstruct it": ",".join(COMPONENTS.die),
                "gentler squirrel (no hunt-and-roll)": "stop,stop,scamper,hunt,hunt,hunt",
                "hungrier squirrel (two hunt-and-roll)": "stop,scamper,hunt,hunt,hunt-and-roll,hunt-and-roll",
            },
            "rulebook": False,  # the rulebook shows the four kinds of face, not how many of each
        },
    )
    unused_end: Literal["block", "fall"] = dataclasses.field(
        default="block",
        metadata={
            "label": "Nut at a Splitter's closed side",
            "help": "What happens to a nut that comes down the column of a Splitter that has no belt for it.",
            "choice_labels": {"block": "It stops there", "fall": "It falls straight through"},
            "rulebook": False,  # the rulebook does not say (docs/rules-decisions.md, Nuts! 1)
        },
    )

    def __post_init__(self) -> None:
        die_faces(self.die)
        if self.end_score < 1:
            raise OptionsError("end_score must be at least 1")


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


# --- places and tiles in words (the events here, the labels in words.py, the pictures' tooltips) ---------------
def columns(col: int) -> str:
    """The two columns a tile whose left half is in 0-based column `col` spans."""
    return f"columns {col + 1} and {col + 2}"


def tile_place(row: int, col: int) -> str:
    """Where a tile whose left half is at (row, 0-based col) lies: "row 4, columns 5 and 6"."""
    return f"row {row}, {columns(col)}"


def tile_name(kind: str) -> str:
    """A tile kind as the rulebook names it, read from its belts: a Cross, or a Splitter/Joiner used as a
    Splitter (one entrance forks into both columns) or as a Joiner (both entrances lead to one column)."""
    left, right = COMPONENTS.tiles[kind].belts
    if 2 in (len(left), len(right)):
        return "Splitter"
    if left == right:
        return "Joiner"
    return "Cross tile"


def tile_does(kind: str, col: int) -> str:
    """What a Splitter or Joiner placed at 0-based column `col` does with the nuts of its two columns."""
    left, right = COMPONENTS.tiles[kind].belts
    if left == right:
        return f"both merge into column {col + left[0] + 1}"
    parts = []
    for side, exits in enumerate((left, right)):
        if len(exits) == 2:
            parts.append(f"column {col + side + 1} forks into both")
        elif not exits:
            parts.append(f"column {col + side + 1} is closed")
        else:
            parts.append(f"column {col + side + 1} goes to column {col + exits[0] + 1}")
    return "; ".join(parts)


def tile_words(kind: str, row: int, col: int) -> str:
    """A tile of this kind at (row, 0-based col), with what a Splitter or Joiner does there: "a Cross tile in
    row 4, columns 5 and 6", "a Joiner in row 2, columns 4 and 5 (both merge into column 5)"."""
    name = tile_name(kind)
    does = "" if name == "Cross tile" else f" ({tile_does(kind, col)})"
    return f"a {name} in {tile_place(row, col)}{does}"


def top_of(holder: int, turns: int) -> int:
    """The nut on top of a Box Holder turned `turns` quarter turns clockwise (the left box comes up)."""
    return COMPONENTS.box_holders[holder][(-turns) % 4]
