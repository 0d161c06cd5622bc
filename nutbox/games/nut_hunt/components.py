"""Nut Hunt's component data (data/components.json), loaded and checked once at import.

The file holds the tiles, the nut types, the Fox Compass, the distance bonus table and the 45 objectives.
Most of it is reconstructed (docs/games/nut-hunt.md says which parts), so an owner of the real game may
edit it; `load` refuses a file that breaks what the rules depend on, saying what and where (the file's shape
is the pydantic models below, read through core's `validated`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, Any, Literal, Self

from pydantic import Field, ValidationInfo, field_validator, model_validator

from nutbox.core import read_json
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
