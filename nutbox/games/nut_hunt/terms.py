"""The terms Nut Hunt's rules are written in: the numbers of the rulebook, the names of the rules a refusal
cites, the options, and how owners, tiles, nuts and objectives are named in the narration.

Owners of squirrels are the seats 0..n-1 and, in the solo game, the Automa as owner 1. Counts per owner and
tile live in flat lists (`squirrels[owner * T + tile]`), T being the 19 tiles of the forest.
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass
from typing import Literal

from nutbox.core import Options, listing, plural
from nutbox.games.nut_hunt.actions import FORAGE_OF
from nutbox.games.nut_hunt.board import NUM_CELLS
from nutbox.games.nut_hunt.components import COMPONENTS

AutomaLevel = Literal["standard", "advanced", "expert"]
T = NUM_CELLS  # tiles on the board
TILES = COMPONENTS.tiles
CODES = tuple(tile.code for tile in TILES)
NUTS = len(COMPONENTS.nut_codes)
FROG_POND = COMPONENTS.frog_pond
PINE_BARRENS = next(tile.id for tile in COMPONENTS.tiles if tile.pine_barrens)
ALL_CARDS = tuple(range(1, len(COMPONENTS.objectives) + 1))
COLOURS = ("yellow", "blue", "white", "green", "red")
AUTOMA_COLOUR = "black"
AUTOMA_OWNER = 1  # in the solo game the Automa owns pieces as a second player would
AUTOMA_OBJECTIVES = {"standard": 2, "advanced": 3, "expert": 4}
DIRECTION_NAMES = ("north-east", "east", "south-east", "south-west", "west", "north-west")  # as DIRECTIONS
DEALT, SCOUTED, NESTS_TO_END, NEST_SIZE = 3, 2, 4, 3
FORAGE_FOX, FORAGE_HASSLE, FORAGE_SETUP = 2, 1, 2

SETUP = "Game Setup"
SCATTER_RULE = "Scattering Squirrels"
FOX_RULE = "Fox Movement"
FORAGE_RULE = "Fox Movement, Forage for Nuts"
OPTIONAL_RULE = "Optional Action"
RECRUIT_RULE = "Recruit a Squirrel"
HASSLE_RULE = "Hassle the Fox!"
SCOUT_RULE = "Scout an Objective"
TRADE_RULE = "Free action (exchange three of one nut for one of another)"
END_RULE = "End of Game"
SOLO_RULE = "Single Player Rules"

Frame = tuple[int, int | None, tuple[int, ...]]  # (tile scattering, tile the fox just left or None, owed per owner)

# FORAGE_OPTIONS[count][tile]: the forage actions open on that tile
FORAGE_OPTIONS = {
    count: tuple(
        tuple(FORAGE_OF[nuts] for nuts in itertools.combinations_with_replacement(tile.forage, count)) for tile in TILES
    )
    for count in (FORAGE_HASSLE, FORAGE_FOX)
}


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


def owner_name(owner: int, players: int) -> str:
    return "the Automa" if players == 1 and owner == 1 else f"Player {owner + 1}"


def tile_name(tile: int) -> str:
    return TILES[tile].name


def place_order(players: int, centre_green: bool) -> tuple[int, ...]:
    """Setup squirrel placement: snake order, or the rulebook's special order for 5 players (Game Setup 3)."""
    if players == 5 and centre_green:
        return (0, 1, 2, 3, 4, 3, 2, 1, 0, 4)
    return (*range(players), *reversed(range(players)))


def nut_list(nuts: tuple[int, ...] | list[int]) -> str:
    """The nuts counted, in the components' order: "2 pine nuts", "1 acorn and 1 walnut"; "nothing" for none."""
    names = COMPONENTS.nut_names
    return listing([plural(nuts.count(nut), names[nut]) for nut in sorted(set(nuts))])


def direction_name(direction: int) -> str:
    """A compass direction (an index into components.DIRECTIONS) in words: "north-east"."""
    return DIRECTION_NAMES[direction]


def ordinal(number: int) -> str:
    """"1st", "2nd", "3rd", "4th", "11th"."""
    ending = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{ending}"


def objective_text(card: int) -> str:
    objective = COMPONENTS.objectives[card - 1]
    a, b = objective.ends
    return f"{tile_name(a)} to {tile_name(b)} ({plural(objective.points, 'point')})"
