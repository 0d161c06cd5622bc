"""Nut Hunt's component data (data/components.json), loaded and checked once at import.

The file holds the tiles, the nut types, the Fox Compass, the distance bonus table and the 45 objectives.
Most of it is reconstructed (docs/games/nut-hunt.md says which parts), so an owner of the real game may
edit it; `load` refuses a file that breaks what the rules depend on, saying what and where.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nutbox.core.data import DataReader, read_json

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
    tile_of_code: dict[str, int]

    @property
    def frog_pond(self) -> int:
        return next(tile.id for tile in self.tiles if tile.frog_pond)


_check = DataReader("nut-hunt components")
_require, _list, _dict = _check.require, _check.list, _check.dict


def _nuts(text: Any, codes: tuple[str, ...], where: str) -> tuple[int, ...]:
    _require(isinstance(text, str), where, f"expected a string of nut codes ({''.join(codes)}), got {text!r}")
    for letter in text:
        _require(letter in codes, where, f"{letter!r} is not a nut code ({', '.join(codes)})")
    return tuple(sorted(codes.index(letter) for letter in text))


def parse(data: dict[str, Any]) -> Components:
    nuts = [_dict(nut, "nuts") for nut in _list(data.get("nuts"), "nuts")]
    _require(len(nuts) == 4, "nuts", "expected the four nut types")
    codes = tuple(str(nut["code"]) for nut in nuts)
    _require(len(set(codes)) == 4 and all(len(c) == 1 for c in codes), "nuts", f"codes must be 4 letters: {codes}")
    names = tuple(str(nut["name"]) for nut in nuts)

    faces = _dict(_dict(data.get("compass"), "compass").get("faces"), "compass.faces")
    _require(sorted(faces) == [str(f) for f in range(1, 7)], "compass.faces", "expected faces 1 to 6")
    compass = tuple(DIRECTIONS.index(faces[str(f)]) if faces[str(f)] in DIRECTIONS else -1 for f in range(1, 7))
    _require(sorted(compass) == list(range(6)), "compass.faces", f"each of {', '.join(DIRECTIONS)} exactly once")

    bonus = _list(data.get("distance_bonus"), "distance_bonus")
    _require(len(bonus) == 4 and all(isinstance(b, int) for b in bonus),
             "distance_bonus", "expected 4 numbers (0 to 3 intervening tiles)")

    raw_tiles = _list(data.get("tiles"), "tiles")
    _require(len(raw_tiles) == BOARD_TILES, "tiles", f"expected {BOARD_TILES} tiles")
    tiles = []
    for index, entry in enumerate(raw_tiles):
        raw = _dict(entry, f"tiles[{index}]")
        where = f"tiles[{index}] ({raw.get('code')})"
        special = raw.get("special")
        _require(special in (None, "frog-pond", "pine-barrens"), where, f"unknown special {special!r}")
        code = raw.get("code")
        _require(isinstance(code, str) and code.isalpha() and code.isupper(), where, "code must be capital letters")
        forage = _nuts(raw.get("forage"), codes, where + ".forage")
        _require(bool(forage) and len(set(forage)) == len(forage), where, "forage lists each type it gives once")
        cost = _nuts(raw.get("cost"), codes, where + ".cost")
        green = bool(raw.get("green"))
        _require(not special or not cost, where, "the Frog Pond and the Pine Barrens take no recruits")
        _require(bool(special) or bool(cost), where, "a regular tile needs a recruit cost")
        _require(green == (len(cost) == GREEN_COST), where, "green tiles are exactly those that cost 2 nuts")
        value = raw.get("objective_value")
        if special == "frog-pond":
            _require(value is None, where, "the Frog Pond is never an objective's endpoint")
        else:
            _require(isinstance(value, int) and value >= 0, where, "objective_value must be a whole number")
        tiles.append(Tile(index, str(code), str(raw.get("name")), bool(raw.get("known_name")), green, forage, cost,
                          value or 0, special == "frog-pond", special == "pine-barrens"))
    tile_of_code = {tile.code: tile.id for tile in tiles}
    _require(len(tile_of_code) == BOARD_TILES, "tiles", "tile codes must be different")
    _require(sum(t.frog_pond for t in tiles) == 1 and sum(t.pine_barrens for t in tiles) == 1, "tiles",
             "exactly one Frog Pond and one Pine Barrens")

    raw_objectives = _list(data.get("objectives"), "objectives")
    _require(bool(raw_objectives), "objectives", "expected at least one card")
    objectives = []
    for index, entry in enumerate(raw_objectives):
        where = f"objectives[{index}]"
        raw = _dict(entry, where)
        _require(raw.get("id") == index + 1, where, f"ids run 1, 2, 3, ...; expected {index + 1}")
        ends = _list(raw.get("ends"), where + ".ends")
        _require(len(ends) == 2 and all(e in tile_of_code for e in ends), where,
                 f"ends must be two tile codes, got {ends!r}")
        a, b = (tile_of_code[e] for e in ends)
        _require(a != b, where, "the two ends must differ")
        _require(not tiles[a].frog_pond and not tiles[b].frog_pond, where, "the Frog Pond cannot be an endpoint")
        points: Any = raw.get("points")
        _require(isinstance(points, int) and points >= 0, where, "points must be a whole number")
        objectives.append(Objective(index + 1, (a, b), points))
    return Components(codes, names, compass, tuple(bonus), tuple(tiles), tuple(objectives), tile_of_code)


def load() -> Components:
    return parse(read_json(__package__, "data/components.json"))


COMPONENTS = load()
