"""Nuts!'s component data (data/components.json), loaded and checked once at import.

The board itself is data: its rows (dispensers, conveyor rows, machine rows, the squirrel's row, the Box
Holders), its columns, where the machines start, and what each conveyor tile does with a nut. So are the
Box Holders, the squirrel die, the trucks and the bonus cards. Almost all of it is reconstructed
(docs/games/nuts-factory.md), so an owner of the real game may enter the true board; `parse` refuses a
file that breaks what the rules rely on, saying what and where.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nutbox.core.data import DataReader, read_json

ROW_KINDS = ("dispensers", "conveyor", "salter", "roaster", "squirrel", "box-holders")
MACHINE_KINDS = ("salter", "roaster")
DIE_FACES = ("stop", "scamper", "hunt", "hunt-and-roll")
TILE_KINDS = ("cross", "split-right", "join-right", "split-left", "join-left")
EFFECTS = {
    "build-splitter": "config",
    "extra-action": "config",
    "spin-back": "config",
    "move-squirrel": "config",
    "slide-far": "config",
    "move-tile": "config",
    "move-machine": "config",
    "take-nut": "warehouse",
    "exchange-nut": "warehouse",
    "extra-truck": "warehouse",
    "warehouse-9": "warehouse",
}


@dataclass(frozen=True, slots=True)
class TileKind:
    name: str
    layout: str  # the physical tile (and supply stack) it is: cross, fork-right or fork-left
    belts: tuple[tuple[int, ...], tuple[int, ...]]  # for a nut entering at the left / right column: exits (0, 1)


@dataclass(frozen=True, slots=True)
class Machine:
    kind: str  # salter or roaster
    row: int
    column: int  # 0-based


@dataclass(frozen=True, slots=True)
class Truck:
    id: int
    nuts: tuple[int, ...]  # how many of each nut type
    points: int


@dataclass(frozen=True, slots=True)
class BonusOption:
    code: str
    effect: str
    text: str


@dataclass(frozen=True, slots=True)
class BonusCard:
    id: int
    options: tuple[BonusOption, BonusOption]  # the first (configuration) and second (warehouse) choice


@dataclass(frozen=True, slots=True)
class Limits:
    actions: int
    warehouse: int
    bonus_hand: int
    trucks_per_turn: int
    end_score: int


@dataclass(frozen=True, slots=True)
class Components:
    nut_codes: tuple[str, ...]
    nut_names: tuple[str, ...]
    columns: int
    rows: tuple[str, ...]
    conveyor_rows: tuple[int, ...]
    squirrel_row: int
    dispensers: tuple[int, ...]  # nut type per column
    machines: tuple[Machine, ...]  # where the Salters and Roasters start
    squirrel_column: int  # where the Squirrel starts, 0-based
    box_holders: tuple[tuple[int, int, int, int], ...]  # boxes clockwise from the top: top, right, bottom, left
    tiles: dict[str, TileKind]
    supply: dict[str, int]  # tiles per layout
    die: tuple[str, ...]
    trucks: tuple[Truck, ...]
    bonus_cards: tuple[BonusCard, ...]
    limits: Limits


_check = DataReader("nuts-factory components")
_require, _list, _dict, _int = _check.require, _check.list, _check.dict, _check.int


def parse(data: dict[str, Any]) -> Components:
    nuts = [_dict(nut, "nuts") for nut in _list(data.get("nuts"), "nuts")]
    codes = tuple(str(nut.get("code")) for nut in nuts)
    _require(len(codes) == 4 and len(set(codes)) == 4, "nuts", f"expected 4 nut types with different codes: {codes}")
    names = tuple(str(nut.get("name")) for nut in nuts)

    def nut(code: Any, where: str) -> int:
        _require(code in codes, where, f"{code!r} is not a nut code ({', '.join(codes)})")
        return codes.index(code)

    columns = _int(data.get("columns"), "columns", 2, 26)
    rows = tuple(_list(data.get("rows"), "rows"))
    for index, kind in enumerate(rows):
        _require(kind in ROW_KINDS, f"rows[{index}]", f"{kind!r} is not a row kind ({', '.join(ROW_KINDS)})")
    _require(rows[:1] == ("dispensers",) and rows[-1:] == ("box-holders",) and rows.count("dispensers") == 1
             and rows.count("box-holders") == 1, "rows", "dispensers come first and box-holders last, once each")
    _require(rows.count("squirrel") == 1, "rows", "the Squirrel has exactly one row")
    conveyor_rows = tuple(index for index, kind in enumerate(rows) if kind == "conveyor")
    _require(bool(conveyor_rows), "rows", "the factory needs at least one conveyor row")

    raw_dispensers = _list(data.get("dispensers"), "dispensers")
    dispensers = tuple(nut(code, f"dispensers[{i}]") for i, code in enumerate(raw_dispensers))
    _require(len(dispensers) == columns, "dispensers", f"expected one per column ({columns})")

    machines: list[Machine] = []
    for index, entry in enumerate(_list(data.get("machines"), "machines")):
        where = f"machines[{index}]"
        raw = _dict(entry, where)
        kind = raw.get("kind")
        _require(kind in MACHINE_KINDS, where, f"kind must be one of {', '.join(MACHINE_KINDS)}")
        kind_rows = [i for i, row_kind in enumerate(rows) if row_kind == kind]
        row: Any = raw.get("row", kind_rows[0] if len(kind_rows) == 1 else None)
        _require(row in kind_rows, where, f"a {kind} stands in a {kind} row ({kind_rows}); say which with 'row'")
        column = _int(raw.get("column"), where + ".column", 1, columns) - 1
        machine = Machine(str(kind), int(row), column)
        _require(all((m.row, m.column) != (machine.row, column) for m in machines), where, "two machines on one space")
        machines.append(machine)
    squirrel_column = _int(data.get("squirrel_column"), "squirrel_column", 1, columns) - 1

    holders = []
    for index, entry in enumerate(_list(data.get("box_holders"), "box_holders")):
        where = f"box_holders[{index}]"
        boxes = tuple(nut(code, where) for code in _list(entry, where))
        _require(len(boxes) == 4, where, "a Box Holder holds four boxes (top, right, bottom, left)")
        holders.append((boxes[0], boxes[1], boxes[2], boxes[3]))
    _require(len(holders) == columns, "box_holders", f"expected one per column ({columns})")

    tiles = {}
    raw_tiles = _dict(data.get("tiles"), "tiles")
    _require(sorted(raw_tiles) == sorted(TILE_KINDS), "tiles", f"expected exactly {', '.join(TILE_KINDS)}")
    for name in TILE_KINDS:
        raw = _dict(raw_tiles[name], f"tiles.{name}")
        belts = _list(raw.get("belts"), f"tiles.{name}.belts")
        _require(len(belts) == 2 and all(isinstance(b, list) and set(b) <= {0, 1} for b in belts),
                 f"tiles.{name}.belts", "two lists (left and right entrance) of exits 0 (left) and 1 (right)")
        tiles[name] = TileKind(name, str(raw.get("layout")), (tuple(belts[0]), tuple(belts[1])))
    supply = {str(k): _int(v, f"supply.{k}") for k, v in _dict(data.get("supply"), "supply").items()}
    for tile in tiles.values():
        _require(tile.layout in supply, f"tiles.{tile.name}", f"its layout {tile.layout!r} has no supply")

    die = tuple(_list(data.get("squirrel_die"), "squirrel_die"))
    _require(len(die) >= 1 and all(face in DIE_FACES for face in die), "squirrel_die",
             f"faces must be among {', '.join(DIE_FACES)}")

    trucks = []
    for index, entry in enumerate(_list(data.get("trucks"), "trucks")):
        where = f"trucks[{index}]"
        raw = _dict(entry, where)
        _require(raw.get("id") == index + 1, where, f"ids run 1, 2, 3, ...; expected {index + 1}")
        counts = [0] * len(codes)
        for code in _list(raw.get("nuts"), where + ".nuts"):
            counts[nut(code, where + ".nuts")] += 1
        _require(sum(counts) > 0, where, "a truck carries at least one nut")
        trucks.append(Truck(index + 1, tuple(counts), _int(raw.get("points"), where + ".points", 1)))

    options = {}
    for code, entry in _dict(data.get("bonus_options"), "bonus_options").items():
        raw = _dict(entry, f"bonus_options.{code}")
        effect = raw.get("effect")
        _require(effect in EFFECTS, f"bonus_options.{code}", f"{effect!r} is not an effect nutbox knows "
                 f"({', '.join(EFFECTS)})")
        options[code] = BonusOption(code, str(effect), str(raw.get("text")))
    cards = []
    for index, entry in enumerate(_list(data.get("bonus_cards"), "bonus_cards")):
        where = f"bonus_cards[{index}]"
        raw = _dict(entry, where)
        _require(raw.get("id") == index + 1, where, f"ids run 1, 2, 3, ...; expected {index + 1}")
        first, second = raw.get("first"), raw.get("second")
        _require(first in options and second in options, where, "first and second must name bonus_options")
        cards.append(BonusCard(index + 1, (options[str(first)], options[str(second)])))

    raw_limits = _dict(data.get("limits"), "limits")
    limits = Limits(*(_int(raw_limits.get(key), f"limits.{key}", 1)
                      for key in ("actions", "warehouse", "bonus_hand", "trucks_per_turn", "end_score")))
    return Components(codes, names, columns, rows, conveyor_rows, rows.index("squirrel"), dispensers,
                      tuple(machines), squirrel_column, tuple(holders), tiles, supply, die, tuple(trucks),
                      tuple(cards), limits)


def load() -> Components:
    return parse(read_json(__package__, "data/components.json"))


COMPONENTS = load()
