"""Nut Hunt's components: the data (data/components.json), loaded and checked once at import, the forest's fixed
geometry, the rulebook's numbers, and how tiles, nuts and objectives are named.

The file holds the tiles, the nut types, the Fox Compass, the distance bonus table and the 45 objectives.
Most of it is reconstructed (docs/games/nut-hunt.md says which parts), so an owner of the real game may
edit it; `load` refuses a file that breaks what the rules depend on, saying what and where (the file's shape
is the pydantic models below, read through core's `validated`).

The forest is a radius-2 hexagon of 19 cells (pointy-top). Cells are numbered row by row from the top, left to
right (0-2, 3-6, 7-11, 12-15, 16-18); cell 9 is the centre, where the fox starts. Directions are indexed as
DIRECTIONS: NE, E, SE, SW, W, NW (clockwise), so the opposite of direction d is (d + 3) % 6. The rules work in
tiles, not cells: once the tiles are dealt, a `Layout` gives each tile its neighbours, its step in each
direction and its distance to every other tile. Layouts are cached: the tiles are public, so every
determinization of a game shares its game's layout.

Owners of squirrels are the seats 0..n-1 and, in the solo game, the Automa as owner 1. Counts per owner and
tile live in flat lists (`squirrels[owner * T + tile]`), T being the 19 tiles of the forest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import itemgetter
from types import MappingProxyType
from typing import Annotated, Any, Literal, Self, TypeVar

from pydantic import Field, ValidationInfo, field_validator, model_validator

from nutbox.core import listing, plural, read_json, seat_name
from nutbox.core.schema import Schema, validated

DIRECTIONS = ("NE", "E", "SE", "SW", "W", "NW")  # clockwise from the top right on pointy-top hexes
BOARD_TILES = 19  # a radius-2 hexagon
GREEN_COST = 2  # rulebook, "Anatomy of a Tile": starting tiles are the tiles with a recruit cost of 2 nuts


@dataclass(frozen=True, slots=True)
class Tile:
    id: int
    code: str
    name: str
    known_name: bool  # the name appears in the rulebook (the others are placeholders)
    green: bool  # a starting tile
    forage: tuple[int, ...]  # nut types the tile produces
    cost: tuple[int, ...]  # the recruit cost, one entry per nut; empty: no recruiting here
    objective_value: int  # what the tile adds to an objective's base points (0 for the Frog Pond)
    frog_pond: bool
    pine_barrens: bool


@dataclass(frozen=True, slots=True)
class Objective:
    id: int
    ends: tuple[int, int]  # tile ids
    points: int


@dataclass(frozen=True, slots=True)
class Components:
    nut_codes: tuple[str, ...]
    nut_names: tuple[str, ...]
    compass: tuple[int, ...]  # die face - 1 -> index into DIRECTIONS
    distance_bonus: tuple[int, ...]  # by intervening tiles
    tiles: tuple[Tile, ...]
    objectives: tuple[Objective, ...]
    tile_of_code: Mapping[str, int]  # read-only

    @property
    def frog_pond(self) -> int:
        return next(tile.id for tile in self.tiles if tile.frog_pond)


# --- the file's shape (data/components.json) ------------------------------------------------------------------
Count = Annotated[int, Field(ge=0)]
Direction = Literal["NE", "E", "SE", "SW", "W", "NW"]


class NutData(Schema):
    code: str  # one capital letter: how actions write it
    name: str


class CompassData(Schema):
    orientation: Literal["pointy"] = "pointy"
    faces: dict[str, Direction]  # die face ("1" to "6") -> the direction the fox goes

    @field_validator("faces")
    @classmethod
    def _each_direction_once(cls, faces: dict[str, Direction]) -> dict[str, Direction]:
        if sorted(faces) != [str(face) for face in range(1, 7)]:
            raise ValueError(f"expected faces 1 to 6, not {sorted(faces)}")
        if sorted(faces.values(), key=DIRECTIONS.index) != list(DIRECTIONS):
            raise ValueError(f"each of {', '.join(DIRECTIONS)} exactly once")
        return faces


class TileData(Schema):
    code: str
    name: str
    known_name: bool = False  # the name appears in the rulebook (the others are placeholders)
    green: bool = False
    forage: str  # the nut codes it gives, each once
    cost: str  # the recruit cost as nut codes ("HHW"); empty: no recruiting here
    objective_value: Count | None = None  # none only for the Frog Pond
    special: Literal["frog-pond", "pine-barrens"] | None = None

    @model_validator(mode="after")
    def _consistent(self) -> Self:  # the checks that need no other part of the file (the nut codes are read later)
        if not (self.code.isalpha() and self.code.isupper()):
            raise ValueError(f"code must be capital letters, not {self.code!r}")
        if not self.forage or len(set(self.forage)) != len(self.forage):
            raise ValueError(f"forage lists each type it gives once, not {self.forage!r} ({self.code})")
        if self.special and self.cost:
            raise ValueError(f"the Frog Pond and the Pine Barrens take no recruits ({self.code})")
        if not self.special and not self.cost:
            raise ValueError(f"a regular tile needs a recruit cost ({self.code})")
        if self.green != (len(self.cost) == GREEN_COST):
            raise ValueError(f"green tiles are exactly those that cost 2 nuts ({self.code} costs {self.cost!r})")
        if (self.special == "frog-pond") != (self.objective_value is None):
            raise ValueError("the Frog Pond, and only it, has no objective_value (it is never an objective's "
                             f"endpoint); other tiles give a whole number ({self.code})")
        return self


class ObjectiveData(Schema):
    id: int
    ends: list[str]  # two tile codes
    points: Count


class ComponentsData(Schema):
    """data/components.json as written; the checks across fields are its validators, in field order."""

    about: str = ""
    nuts: list[NutData]
    compass: CompassData
    distance_bonus: list[int]  # by intervening tiles: 0 to 3
    tiles: list[TileData]
    objectives: list[ObjectiveData]

    @field_validator("nuts")
    @classmethod
    def _four_letters(cls, nuts: list[NutData]) -> list[NutData]:
        codes = [nut.code for nut in nuts]
        if len(codes) != 4:
            raise ValueError("expected the four nut types")
        if len(set(codes)) != 4 or not all(len(code) == 1 for code in codes):
            raise ValueError(f"codes must be 4 letters: {codes}")
        return nuts

    @field_validator("distance_bonus")
    @classmethod
    def _four_numbers(cls, bonus: list[int]) -> list[int]:
        if len(bonus) != 4:
            raise ValueError("expected 4 numbers (0 to 3 intervening tiles)")
        return bonus

    @field_validator("tiles")
    @classmethod
    def _board(cls, tiles: list[TileData], info: ValidationInfo) -> list[TileData]:
        if len(tiles) != BOARD_TILES:
            raise ValueError(f"expected {BOARD_TILES} tiles")
        codes = [nut.code for nut in info.data.get("nuts", [])]
        for index, tile in enumerate(tiles):
            for part, letters in (("forage", tile.forage), ("cost", tile.cost)):
                for letter in letters:
                    if letter not in codes:
                        raise ValueError(f"tiles[{index}].{part} ({tile.code}): {letter!r} is not a nut code "
                                         f"({', '.join(codes)})")
        if len({tile.code for tile in tiles}) != BOARD_TILES:
            raise ValueError("tile codes must be different")
        specials = [tile.special for tile in tiles]
        if specials.count("frog-pond") != 1 or specials.count("pine-barrens") != 1:
            raise ValueError("exactly one Frog Pond and one Pine Barrens")
        return tiles

    @field_validator("objectives")
    @classmethod
    def _cards(cls, objectives: list[ObjectiveData], info: ValidationInfo) -> list[ObjectiveData]:
        if not objectives:
            raise ValueError("expected at least one card")
        tiles = {tile.code: tile for tile in info.data.get("tiles", [])}
        for index, card in enumerate(objectives):
            where = f"objectives[{index}]"
            if card.id != index + 1:
                raise ValueError(f"{where}: ids run 1, 2, 3, ...; expected {index + 1}, got {card.id}")
            if len(card.ends) != 2 or not all(end in tiles for end in card.ends):
                raise ValueError(f"{where}: ends must be two tile codes, got {card.ends!r}")
            a, b = card.ends
            if a == b:
                raise ValueError(f"{where}: the two ends must differ")
            if tiles[a].special == "frog-pond" or tiles[b].special == "frog-pond":
                raise ValueError(f"{where}: the Frog Pond cannot be an endpoint")
        return objectives

    def components(self) -> Components:
        """The rules' immutable tables: nuts as indices (sorted), tiles by index, tuples throughout."""
        codes = tuple(nut.code for nut in self.nuts)

        def nuts(letters: str) -> tuple[int, ...]:
            return tuple(sorted(codes.index(letter) for letter in letters))

        tiles = tuple(
            Tile(index, t.code, t.name, t.known_name, t.green, nuts(t.forage), nuts(t.cost), t.objective_value or 0,
                 t.special == "frog-pond", t.special == "pine-barrens")
            for index, t in enumerate(self.tiles)
        )
        tile_of_code = MappingProxyType({tile.code: tile.id for tile in tiles})
        objectives = tuple(
            Objective(card.id, (tile_of_code[card.ends[0]], tile_of_code[card.ends[1]]), card.points)
            for card in self.objectives
        )
        compass = tuple(DIRECTIONS.index(self.compass.faces[str(face)]) for face in range(1, 7))
        return Components(codes, tuple(nut.name for nut in self.nuts), compass, tuple(self.distance_bonus), tiles,
                          objectives, tile_of_code)


def parse(data: Any) -> Components:
    return validated(ComponentsData, data, "nut-hunt components").components()


def load() -> Components:
    return parse(read_json(__package__, "data/components.json"))


COMPONENTS = load()


# --- the forest's geometry ---------------------------------------------------------------------------------------
RADIUS = 2
VECTORS = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))  # axial (q, r) steps for NE E SE SW W NW
COORDS: tuple[tuple[int, int], ...] = tuple(
    (q, r)
    for r in range(-RADIUS, RADIUS + 1)
    for q in range(-RADIUS, RADIUS + 1)
    if abs(q) <= RADIUS and abs(r) <= RADIUS and abs(q + r) <= RADIUS
)
NUM_CELLS = len(COORDS)
CELL_OF = {coord: cell for cell, coord in enumerate(COORDS)}
CENTRE = CELL_OF[(0, 0)]


def opposite(direction: int) -> int:
    return (direction + 3) % 6


def cell_distance(a: int, b: int) -> int:
    (q1, r1), (q2, r2) = COORDS[a], COORDS[b]
    return max(abs(q1 - q2), abs(r1 - r2), abs(q1 + r1 - q2 - r2))


# CELL_DISTANCE[a][b]: the steps between two cells
CELL_DISTANCE = tuple(tuple(cell_distance(a, b) for b in range(NUM_CELLS)) for a in range(NUM_CELLS))

# CELL_STEP[cell][direction]: the neighbouring cell, or None off the board
CELL_STEP: tuple[tuple[int | None, ...], ...] = tuple(
    tuple(CELL_OF.get((q + dq, r + dr)) for dq, dr in VECTORS) for q, r in COORDS
)


def _bounce(cell: int, direction: int) -> int:
    """The cell one step away, or the one behind at the edge. The bounce rule needs the cell behind to
    exist whenever the cell ahead does not: true on a hexagon (checked here, at import)."""
    ahead, behind = CELL_STEP[cell][direction], CELL_STEP[cell][opposite(direction)]
    target = ahead if ahead is not None else behind
    assert target is not None, f"cell {cell} has no cell either way in direction {direction}"
    return target


# CELL_MOVE[cell][direction]: where a step goes, bouncing off the edge as the fox does
CELL_MOVE: tuple[tuple[int, ...], ...] = tuple(tuple(_bounce(cell, d) for d in range(6)) for cell in range(NUM_CELLS))


# Each cell's row of the tables above as a getter of those cells from a layout's tile_at (CELL_STEP's with the cells
# off the board as NUM_CELLS, which (*tile_at, None) reads as None), and each cell's neighbours on the board in
# DIRECTIONS' order: a layout gets a row of tiles from its tile_at in one call.
_STEP_ROW = tuple(itemgetter(*(NUM_CELLS if c is None else c for c in steps)) for steps in CELL_STEP)
_MOVE_ROW = tuple(itemgetter(*moves) for moves in CELL_MOVE)
_NEIGHBOURS_ROW = tuple(itemgetter(*(c for c in steps if c is not None)) for steps in CELL_STEP)  # (3 at least)

Row = TypeVar("Row")


def _by_tile(rows: list[Row], cell_of: tuple[int, ...]) -> tuple[Row, ...]:
    """A table's rows by cell, put in tile order."""
    return tuple(map(rows.__getitem__, cell_of))


class Layout:
    """Tiles dealt onto the cells: `tile_at[cell]`, and the geometry in tile terms."""

    __slots__ = ("_distance", "_moves", "_step", "cell_of", "neighbours", "tile_at")

    def __init__(self, tile_at: tuple[int, ...]) -> None:
        # Every game lays out a new forest: its neighbours, which the rules read all game, are made at once (the
        # cells' rows read with the tiles dealt, then put in tile order: a call per row, not per entry); the other
        # tables when first asked for, the rules reading a step or a row of them from the cells' tables instead.
        self.tile_at = tile_at
        self.cell_of = cell_of = tuple(sorted(range(NUM_CELLS), key=tile_at.__getitem__))  # each tile's cell
        self.neighbours: tuple[tuple[int, ...], ...] = _by_tile([row(tile_at) for row in _NEIGHBOURS_ROW], cell_of)
        self._step: tuple[tuple[int | None, ...], ...] | None = None
        self._moves: tuple[tuple[int, ...], ...] | None = None
        self._distance: tuple[tuple[int, ...], ...] | None = None

    def move(self, tile: int, direction: int) -> int:
        """One step from `tile` in `direction`, bouncing off the edge (the opposite way) as the fox does."""
        return self.tile_at[CELL_MOVE[self.cell_of[tile]][direction]]

    def moves_from(self, tile: int) -> tuple[int, ...]:
        """moves[tile]: where a step from `tile` goes in each direction."""
        row: tuple[int, ...] = _MOVE_ROW[self.cell_of[tile]](self.tile_at)
        return row

    def off_edge(self, tile: int, direction: int) -> bool:
        """Whether a step from `tile` in `direction` leaves the board (step[tile][direction] is None)."""
        return CELL_STEP[self.cell_of[tile]][direction] is None

    def steps(self, a: int, b: int) -> int:
        """The steps between two tiles: distance[a][b], without the table (a completed objective asks for one)."""
        return CELL_DISTANCE[self.cell_of[a]][self.cell_of[b]]

    # The whole tables, made when first asked for (the rules read them a step or a row at a time, above).
    @property
    def step(self) -> tuple[tuple[int | None, ...], ...]:
        """step[tile][direction]: the tile one step away; None off the board."""
        if self._step is None:
            beyond = (*self.tile_at, None)  # off the board: None
            self._step = _by_tile([row(beyond) for row in _STEP_ROW], self.cell_of)
        return self._step

    @property
    def moves(self) -> tuple[tuple[int, ...], ...]:
        """moves[tile][direction]: where a step goes, bouncing off the edge as the fox does."""
        if self._moves is None:
            self._moves = _by_tile([row(self.tile_at) for row in _MOVE_ROW], self.cell_of)
        return self._moves

    @property
    def distance(self) -> tuple[tuple[int, ...], ...]:
        """distance[a][b]: the steps between two tiles."""
        if self._distance is None:
            in_tile_order = itemgetter(*self.cell_of)
            self._distance = _by_tile([in_tile_order(row) for row in CELL_DISTANCE], self.cell_of)
        return self._distance


@lru_cache(maxsize=512)
def layout(tile_at: tuple[int, ...]) -> Layout:
    return Layout(tile_at)


# --- the game's terms: tables read from the components, and the rulebook's numbers -----------------------------
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
MAX_SEATS = 5
SEAT_NAMES = tuple(seat_name(seat) for seat in range(MAX_SEATS))  # each seat as a text names it (core.seat_name)
# OWNER_NAMES[solo][owner]: an owner as the narration names it (the Automa is the second owner of the solo game)
OWNER_NAMES = (SEAT_NAMES, (SEAT_NAMES[0], "the Automa"))
DEALT, SCOUTED, NESTS_TO_END, NEST_SIZE = 3, 2, 4, 3
FORAGE_FOX, FORAGE_HASSLE, FORAGE_SETUP = 2, 1, 2


Item = TypeVar("Item")


def picked(table: Mapping[int, Item] | Sequence[Item], keys: Sequence[int]) -> tuple[Item, ...]:
    """tuple(table[key] for key in keys), in one call for several keys (itemgetter: a chance node lists every card of
    the deck or tile of the bag with its odds this way, and the state keeps the tuple as it comes)."""
    if len(keys) == 1:
        return (table[keys[0]],)  # (itemgetter of one key gives the item, not a tuple of it)
    items: tuple[Item, ...] = itemgetter(*keys)(table)
    return items


def tile_name(tile: int) -> str:
    return TILES[tile].name


def nut_list(nuts: tuple[int, ...] | list[int]) -> str:
    """The nuts counted, in the components' order: "2 pine nuts", "1 acorn and 1 walnut"; "nothing" for none."""
    names = COMPONENTS.nut_names
    return listing([plural(nuts.count(nut), names[nut]) for nut in sorted(set(nuts))])


def direction_name(direction: int) -> str:
    """A compass direction (an index into DIRECTIONS) in words: "north-east"."""
    return DIRECTION_NAMES[direction]


@cache  # the same few cards are named again and again
def objective_text(card: int) -> str:
    objective = COMPONENTS.objectives[card - 1]
    a, b = objective.ends
    return f"{tile_name(a)} to {tile_name(b)} ({plural(objective.points, 'point')})"
