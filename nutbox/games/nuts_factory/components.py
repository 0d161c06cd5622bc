"""Nuts!'s component data (data/components.json), loaded and checked once at import.

The board itself is data: its rows (dispensers, conveyor rows, machine rows, the squirrel's row, the Box
Holders), its columns, where the machines start, and what each conveyor tile does with a nut. So are the
Box Holders, the squirrel die, the trucks and the bonus cards. Almost all of it is reconstructed
(docs/games/nuts-factory.md), so an owner of the real game may enter the true board; `parse` reads it through
the pydantic models below and refuses a file that breaks what the rules rely on, saying what and where.

At the end, what the rules read of it (the tables, the nut on top of a Box Holder) and the rulebook's section
headings, which every refusal cites.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, Any

from pydantic import Field as PydanticField
from pydantic import ValidationInfo, field_validator

from nutbox.core import read_json
from nutbox.core.schema import Schema, validated

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
    tiles: Mapping[str, TileKind]
    supply: Mapping[str, int]  # tiles per layout
    die: tuple[str, ...]
    trucks: tuple[Truck, ...]
    bonus_cards: tuple[BonusCard, ...]
    limits: Limits


# --- the file's shape (data/components.json) ------------------------------------------------------------------
# Each part is a model; the checks that need an earlier part (the nut codes, the rows, the columns) are the
# validators of `ComponentsData`, which pydantic runs in field order with the parts read so far in `info.data`
# (a part that failed is missing there, and its own error is the one reported).
Count = Annotated[int, PydanticField(ge=0)]
Positive = Annotated[int, PydanticField(ge=1)]


class NutData(Schema):
    code: Annotated[str, PydanticField(min_length=1)]  # how notation and views write it: A, Pe
    name: str


class MachineData(Schema):
    kind: str  # salter or roaster
    row: int | None = None  # its row; needed only when the board has several rows of its kind
    column: Positive  # from 1

    @field_validator("kind")
    @classmethod
    def _a_machine(cls, kind: str) -> str:
        if kind not in MACHINE_KINDS:
            raise ValueError(f"kind must be one of {', '.join(MACHINE_KINDS)}, not {kind!r}")
        return kind


class TileData(Schema):
    layout: str  # the physical tile (and supply stack) it is
    belts: list[list[int]]  # for a nut entering at the left / right column: its exits, 0 (left) and 1 (right)

    @field_validator("belts")
    @classmethod
    def _two_entrances(cls, belts: list[list[int]]) -> list[list[int]]:
        if len(belts) != 2 or not all(set(exits) <= {0, 1} for exits in belts):
            raise ValueError(f"two lists (left and right entrance) of exits 0 (left) and 1 (right), not {belts}")
        return belts


class TruckData(Schema):
    id: int
    nuts: Annotated[list[str], PydanticField(min_length=1)]  # one code per boxed nut it carries
    points: Positive


class OptionData(Schema):
    effect: str
    text: str

    @field_validator("effect")
    @classmethod
    def _known(cls, effect: str) -> str:
        if effect not in EFFECTS:
            raise ValueError(f"{effect!r} is not an effect nutbox knows ({', '.join(EFFECTS)})")
        return effect


class CardData(Schema):
    id: int
    first: str  # a bonus option's code: the configuration choice
    second: str  # the warehouse choice


class LimitsData(Schema):
    actions: Positive
    warehouse: Positive
    bonus_hand: Positive
    trucks_per_turn: Positive
    end_score: Positive


def _nut_problem(code: str, codes: list[str], where: str) -> str | None:
    return None if code in codes else f"{where}: {code!r} is not a nut code ({', '.join(codes)})"


def _first(problems: Iterable[str | None]) -> None:
    """Raise the first problem found, if any (pydantic then names the part it was found in)."""
    problem = next((p for p in problems if p is not None), None)
    if problem is not None:
        raise ValueError(problem)


def _ids_run(items: Sequence[TruckData | CardData], name: str) -> Iterator[str | None]:
    for index, item in enumerate(items):
        yield None if item.id == index + 1 else f"{name}[{index}]: ids run 1, 2, 3, ...; expected {index + 1}"


class ComponentsData(Schema):
    """data/components.json as written; the checks across parts are its validators, in field order."""

    about: str = ""
    nuts: list[NutData]
    columns: Annotated[int, PydanticField(ge=2, le=26)]
    rows: list[str]  # from the dispensers down to the Box Holders: ROW_KINDS
    dispensers: list[str]  # the nut code of each column
    machines: list[MachineData]  # where the Salters and Roasters start
    squirrel_column: Positive
    box_holders: list[list[str]]  # per column, its boxes clockwise from the top
    tiles: dict[str, TileData]
    supply: dict[str, Count]  # tiles per layout
    squirrel_die: list[str]
    trucks: list[TruckData]
    bonus_options: dict[str, OptionData]
    bonus_cards: list[CardData]
    limits: LimitsData

    @field_validator("nuts")
    @classmethod
    def _four_nuts(cls, nuts: list[NutData]) -> list[NutData]:
        codes = [nut.code for nut in nuts]
        if len(codes) != 4 or len(set(codes)) != 4:
            raise ValueError(f"expected 4 nut types with different codes: {codes}")
        return nuts

    @field_validator("rows")
    @classmethod
    def _the_board(cls, rows: list[str]) -> list[str]:
        _first(None if kind in ROW_KINDS else f"rows[{index}]: {kind!r} is not a row kind ({', '.join(ROW_KINDS)})"
               for index, kind in enumerate(rows))
        if rows[:1] != ["dispensers"] or rows[-1:] != ["box-holders"] or rows.count("dispensers") != 1 \
                or rows.count("box-holders") != 1:
            raise ValueError("dispensers come first and box-holders last, once each")
        if rows.count("squirrel") != 1:
            raise ValueError("the Squirrel has exactly one row")
        if "conveyor" not in rows:
            raise ValueError("the factory needs at least one conveyor row")
        return rows

    @field_validator("dispensers")
    @classmethod
    def _one_per_column(cls, dispensers: list[str], info: ValidationInfo) -> list[str]:
        codes = [nut.code for nut in info.data.get("nuts", [])]
        _first(_nut_problem(code, codes, f"dispensers[{index}]") for index, code in enumerate(dispensers))
        columns = info.data.get("columns")
        if columns is not None and len(dispensers) != columns:
            raise ValueError(f"expected one per column ({columns}), not {len(dispensers)}")
        return dispensers

    @field_validator("machines")
    @classmethod
    def _machines_in_their_rows(cls, machines: list[MachineData], info: ValidationInfo) -> list[MachineData]:
        rows, columns = info.data.get("rows", []), info.data.get("columns", 26)
        taken: set[tuple[int | None, int]] = set()
        for index, machine in enumerate(machines):
            where = f"machines[{index}]"
            kind_rows = [row for row, kind in enumerate(rows) if kind == machine.kind]
            if machine.row not in kind_rows and not (machine.row is None and len(kind_rows) == 1):
                raise ValueError(f"{where}: a {machine.kind} stands in a {machine.kind} row ({kind_rows}); say which "
                                 "with 'row'")
            if machine.column > columns:
                raise ValueError(f"{where}.column must be 1 to {columns}, not {machine.column}")
            place = (kind_rows[0] if machine.row is None else machine.row, machine.column)
            if place in taken:
                raise ValueError(f"{where}: two machines on one space")
            taken.add(place)
        return machines

    @field_validator("squirrel_column")
    @classmethod
    def _on_the_board(cls, column: int, info: ValidationInfo) -> int:
        columns = info.data.get("columns", 26)
        if column > columns:
            raise ValueError(f"must be 1 to {columns}, not {column}")
        return column

    @field_validator("box_holders")
    @classmethod
    def _four_boxes_each(cls, holders: list[list[str]], info: ValidationInfo) -> list[list[str]]:
        codes = [nut.code for nut in info.data.get("nuts", [])]
        for index, boxes in enumerate(holders):
            _first(_nut_problem(code, codes, f"box_holders[{index}]") for code in boxes)
            if len(boxes) != 4:
                raise ValueError(f"box_holders[{index}]: a Box Holder holds four boxes (top, right, bottom, left)")
        columns = info.data.get("columns")
        if columns is not None and len(holders) != columns:
            raise ValueError(f"expected one per column ({columns}), not {len(holders)}")
        return holders

    @field_validator("tiles")
    @classmethod
    def _every_kind(cls, tiles: dict[str, TileData]) -> dict[str, TileData]:
        if sorted(tiles) != sorted(TILE_KINDS):
            raise ValueError(f"expected exactly {', '.join(TILE_KINDS)}, not {', '.join(tiles)}")
        return tiles

    @field_validator("supply")
    @classmethod
    def _a_stack_per_layout(cls, supply: dict[str, int], info: ValidationInfo) -> dict[str, int]:
        tiles: dict[str, TileData] = info.data.get("tiles", {})
        _first(None if tile.layout in supply else f"tiles.{name}: its layout {tile.layout!r} has no supply"
               for name, tile in tiles.items())
        return supply

    @field_validator("squirrel_die")
    @classmethod
    def _faces(cls, die: list[str]) -> list[str]:
        if not die or not all(face in DIE_FACES for face in die):
            raise ValueError(f"faces must be among {', '.join(DIE_FACES)}, not {die}")
        return die

    @field_validator("trucks")
    @classmethod
    def _loads(cls, trucks: list[TruckData], info: ValidationInfo) -> list[TruckData]:
        codes = [nut.code for nut in info.data.get("nuts", [])]
        _first(_ids_run(trucks, "trucks"))
        _first(_nut_problem(code, codes, f"trucks[{index}].nuts")
               for index, truck in enumerate(trucks) for code in truck.nuts)
        return trucks

    @field_validator("bonus_cards")
    @classmethod
    def _two_options_each(cls, cards: list[CardData], info: ValidationInfo) -> list[CardData]:
        options = info.data.get("bonus_options", {})
        _first(_ids_run(cards, "bonus_cards"))
        _first(None if card.first in options and card.second in options
               else f"bonus_cards[{index}]: first and second must name bonus_options, not {card.first!r}, "
               f"{card.second!r}" for index, card in enumerate(cards))
        return cards

    def components(self) -> Components:
        """The rules' immutable tables: 0-based columns, nuts as indices, tuples and read-only mappings."""
        codes = tuple(nut.code for nut in self.nuts)
        kind_row = {kind: self.rows.index(kind) for kind in MACHINE_KINDS if kind in self.rows}
        options = {code: BonusOption(code, option.effect, option.text) for code, option in self.bonus_options.items()}
        return Components(
            codes, tuple(nut.name for nut in self.nuts), self.columns, tuple(self.rows),
            tuple(index for index, kind in enumerate(self.rows) if kind == "conveyor"), self.rows.index("squirrel"),
            tuple(codes.index(code) for code in self.dispensers),
            tuple(Machine(m.kind, kind_row[m.kind] if m.row is None else m.row, m.column - 1) for m in self.machines),
            self.squirrel_column - 1,
            tuple((codes.index(a), codes.index(b), codes.index(c), codes.index(d)) for a, b, c, d in self.box_holders),
            MappingProxyType({name: TileKind(name, self.tiles[name].layout, (tuple(self.tiles[name].belts[0]),
                                                                             tuple(self.tiles[name].belts[1])))
                              for name in TILE_KINDS}),
            MappingProxyType(dict(self.supply)),
            tuple(self.squirrel_die),
            tuple(Truck(truck.id, tuple(truck.nuts.count(code) for code in codes), truck.points)
                  for truck in self.trucks),
            tuple(BonusCard(card.id, (options[card.first], options[card.second])) for card in self.bonus_cards),
            Limits(self.limits.actions, self.limits.warehouse, self.limits.bonus_hand, self.limits.trucks_per_turn,
                   self.limits.end_score),
        )


def parse(data: Any) -> Components:
    return validated(ComponentsData, data, "nuts-factory components").components()


def load() -> Components:
    return parse(read_json(__package__, "data/components.json"))


COMPONENTS = load()


# --- the tables the rules read, and the rulebook's section headings that refusals cite ---------------------------
COLUMNS = COMPONENTS.columns
NUTS = len(COMPONENTS.nut_codes)
NUT_NAMES = COMPONENTS.nut_names
LIMITS = COMPONENTS.limits
ALL_CARDS = tuple(card.id for card in COMPONENTS.bonus_cards)
TRUCKS = {truck.id: truck for truck in COMPONENTS.trucks}

SETUP_RULE = "Game Setup"
CONFIG_RULE = "Phase 1. Configuration"
BUILD_RULE = "Configuration, Build"
SQUIRREL_RULE = "Phase 2: Squirrel Movement"
PRODUCTION_RULE = "Phase 3: Production"
SHIP_RULE = "Phase 4: Shipping"
CLEANUP_RULE = "Phase 5: Cleanup"
BONUS_RULE = "Bonus Cards"


def top_of(holder: int, turns: int) -> int:
    """The nut on top of a Box Holder turned `turns` quarter turns clockwise (the left box comes up)."""
    return COMPONENTS.box_holders[holder][(-turns) % 4]


# Box Holder -> quarter turns (0 to 3) -> the nut on top: top_of, looked up
TOPS = tuple(tuple(top_of(holder, turns) for turns in range(4)) for holder in range(len(COMPONENTS.box_holders)))

