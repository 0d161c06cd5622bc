"""In the Nuts!'s component data (data/components.json), loaded and checked once at import.

The board (the starting track, the 2- and 3-squirrel areas' sections and which face-up nuts each may
take), the nut deck with its jokers and the storage cards are data; docs/games/in-the-nuts.md says which
parts are reconstructed. The file's shape is declared by the schema models below (`ComponentsData`, read with
the core's `validated`); `parse` refuses a file that breaks what the rules rely on, saying what and where, and
gives the rules immutable tables (frozen dataclasses of tuples), shared by every state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, Any, Self

from pydantic import Field, ValidationInfo, field_validator, model_validator

from nutbox.core import read_json
from nutbox.core.schema import Schema, validated


@dataclass(frozen=True, slots=True)
class Section:
    spaces: tuple[int, ...]  # 2-squirrel area: the starting spaces below it; 3-squirrel area: none
    below: tuple[int, ...]  # 3-squirrel area: the 2-squirrel sections (0-based) pushing up into it
    slots: tuple[int, ...]  # the face-up nuts (0-based) a collection here may take; all of them at a raccoon
    raccoon: bool


@dataclass(frozen=True, slots=True)
class Storage:
    capacity: int
    points: int


@dataclass(frozen=True, slots=True)
class Components:
    nut_codes: tuple[str, ...]
    nut_names: tuple[str, ...]
    kinds: tuple[tuple[int, ...], ...]  # every kind of nut card: (type,) or a joker's (type, type)
    counts: tuple[int, ...]  # cards of each kind in the full deck
    removed: Mapping[int, int]  # plain nuts of each type taken out, by player count
    first_space: int
    last_space: int
    area2: tuple[Section, ...]
    area3: tuple[Section, ...]
    slots: int
    need: tuple[int, int, int]  # squirrels per nut in the 2-, 3- and 4-squirrel areas
    storage: tuple[Storage, ...]
    squirrels: int
    reserve: int
    preplace: tuple[int, ...]  # squirrels pre-placed by the starting player, the next, ...

    def section_of_space(self, space: int) -> int:
        return next(index for index, section in enumerate(self.area2) if space in section.spaces)

    def section_above(self, section: int) -> int:
        return next(index for index, upper in enumerate(self.area3) if section in upper.below)


# --- the file's shape (data/components.json) ------------------------------------------------------------------
Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]


class NutData(Schema):
    code: Annotated[str, Field(min_length=1)]  # how actions write it: W
    name: str
    count: Positive  # cards of this nut in the full deck


class JokerData(Schema):
    pair: list[str]  # the two nut codes it stands for
    count: Positive

    @model_validator(mode="after")
    def _two_nuts(self) -> Self:
        if len(self.pair) != 2 or self.pair[0] == self.pair[1]:
            raise ValueError(f"a joker shows two different nut codes, not {self.pair}")
        return self


class TrackData(Schema):
    first: Count
    last: Count


class Area2Data(Schema):
    spaces: list[Count]  # the starting spaces below the section
    slot: Positive | None = None  # the face-up nut (from 1) under it; none under the raccoon field
    raccoon: bool = False

    @model_validator(mode="after")
    def _slot_unless_raccoon(self) -> Self:
        if self.slot is None and not self.raccoon:
            raise ValueError("a section that is not the raccoon field has a slot (its face-up nut, from 1)")
        return self


class Area3Data(Schema):
    below: list[Positive]  # the 2-squirrel sections (from 1) pushing up into it
    slots: list[Positive] = Field(default_factory=list)  # the face-up nuts (from 1) it may take; all at a raccoon
    raccoon: bool = False

    @model_validator(mode="after")
    def _slots_unless_raccoon(self) -> Self:
        if not self.slots and not self.raccoon:
            raise ValueError("a section that is not the raccoon field lists its slots (face-up nuts, from 1)")
        return self


class NeedData(Schema):
    two: Positive = Field(alias="2")  # squirrels per nut in the 2-squirrel area
    three: Positive = Field(alias="3")
    four: Positive = Field(alias="4")


class StorageData(Schema):
    capacity: Positive
    points: Count


class ComponentsData(Schema):
    """data/components.json as written; the checks across fields are its validators, in field order."""

    about: str = ""
    nuts: list[NutData]
    jokers: list[JokerData]
    removed_per_type: dict[str, Count]  # plain nuts of each type taken out, by player count ("2")
    track: TrackData
    slots: Positive
    area2: list[Area2Data]
    area3: list[Area3Data]
    need: NeedData
    storage: Annotated[list[StorageData], Field(min_length=1)]
    squirrels: Positive
    reserve: Count
    preplace: list[Count]  # squirrels pre-placed by the starting player, the next, ...

    @field_validator("nuts")
    @classmethod
    def _codes_differ(cls, nuts: list[NutData]) -> list[NutData]:
        codes = [nut.code for nut in nuts]
        if len(codes) < 2 or len(set(codes)) != len(codes):
            raise ValueError(f"nut codes must differ, and there are at least two: {codes}")
        return nuts

    @field_validator("jokers")
    @classmethod
    def _pairs_of_nuts(cls, jokers: list[JokerData], info: ValidationInfo) -> list[JokerData]:
        codes = [nut.code for nut in info.data.get("nuts", [])]
        seen: set[frozenset[str]] = set()
        for index, joker in enumerate(jokers):
            if not set(joker.pair) <= set(codes):
                raise ValueError(f"jokers[{index}]: a joker shows two different nut codes of {codes}, "
                                 f"not {joker.pair}")
            if frozenset(joker.pair) in seen:
                raise ValueError(f"jokers[{index}] repeats {joker.pair}: each pair of nuts is listed once")
            seen.add(frozenset(joker.pair))
        return jokers

    @field_validator("removed_per_type")
    @classmethod
    def _by_player_count(cls, removed: dict[str, int]) -> dict[str, int]:
        if not all(players.isdigit() for players in removed):
            raise ValueError(f"the keys are player counts (\"2\"), not {sorted(removed)}")
        return removed

    @field_validator("area2")
    @classmethod
    def _cover_the_track(cls, area2: list[Area2Data], info: ValidationInfo) -> list[Area2Data]:
        slots = info.data.get("slots", 0)
        for index, section in enumerate(area2):
            if section.slot is not None and not section.raccoon and section.slot > slots:
                raise ValueError(f"area2[{index}].slot must be 1 to {slots}, got {section.slot}")
        track = info.data.get("track")
        if track is not None:
            covered = sorted(space for section in area2 for space in section.spaces)
            if covered != list(range(track.first, track.last + 1)):
                raise ValueError(f"the sections must cover spaces {track.first}-{track.last} once, not {covered}")
        return area2

    @field_validator("area3")
    @classmethod
    def _fed_by_area2(cls, area3: list[Area3Data], info: ValidationInfo) -> list[Area3Data]:
        slots = info.data.get("slots", 0)
        for index, section in enumerate(area3):
            if not section.raccoon and max(section.slots) > slots:
                raise ValueError(f"area3[{index}].slots must be 1 to {slots}, got {section.slots}")
        fed = sorted(section for upper in area3 for section in upper.below)
        if fed != list(range(1, len(info.data.get("area2", [])) + 1)):
            raise ValueError(f"every 2-squirrel section pushes up into exactly one section, not {fed}")
        return area3

    def components(self) -> Components:
        """The rules' immutable tables: 0-based, tuples, jokers as kinds after the plain nuts."""
        codes = tuple(nut.code for nut in self.nuts)
        kinds: list[tuple[int, ...]] = [(nut,) for nut in range(len(codes))]
        kinds += [tuple(sorted(codes.index(code) for code in joker.pair)) for joker in self.jokers]
        every = tuple(range(self.slots))
        area2 = tuple(Section(tuple(s.spaces), (), every if s.raccoon or s.slot is None else (s.slot - 1,), s.raccoon)
                      for s in self.area2)
        area3 = tuple(Section((), tuple(b - 1 for b in s.below), every if s.raccoon else tuple(c - 1 for c in s.slots),
                              s.raccoon) for s in self.area3)
        return Components(
            codes, tuple(nut.name for nut in self.nuts), tuple(kinds),
            tuple(nut.count for nut in self.nuts) + tuple(joker.count for joker in self.jokers),
            MappingProxyType({int(players): count for players, count in self.removed_per_type.items()}),
            self.track.first, self.track.last, area2, area3, self.slots,
            (self.need.two, self.need.three, self.need.four),
            tuple(Storage(s.capacity, s.points) for s in self.storage),
            self.squirrels, self.reserve, tuple(self.preplace),
        )


def parse(data: Any) -> Components:
    return validated(ComponentsData, data, "in-the-nuts components").components()


def load() -> Components:
    return parse(read_json(__package__, "data/components.json"))


COMPONENTS = load()


# --- the fixed geometry the rules read, and the cards' names ------------------------------------------------
KINDS = COMPONENTS.kinds  # every kind of nut card: a nut, or a joker's two
NAMES = COMPONENTS.nut_names
CARDS = len(COMPONENTS.storage)  # storage cards per player
SECTIONS2, SECTIONS3 = len(COMPONENTS.area2), len(COMPONENTS.area3)
FIRST = COMPONENTS.first_space  # the starting track's first space (the track is indexed from it)
TRACK = COMPONENTS.last_space - FIRST + 1
NEED2, NEED3, NEED4 = COMPONENTS.need
# looked up on every turn and every store, so read from tables rather than searched for
CAPACITY = tuple(storage.capacity for storage in COMPONENTS.storage)  # per storage card
SECTION_OF = tuple(COMPONENTS.section_of_space(FIRST + index) for index in range(TRACK))  # per track index
ABOVE = tuple(COMPONENTS.section_above(section) for section in range(SECTIONS2))  # per 2-squirrel section


def kind_name(kind: int) -> str:
    """A kind of nut card in words: "walnut", or "joker (walnut or hazelnut)"."""
    nuts = KINDS[kind]
    if len(nuts) == 1:
        return NAMES[nuts[0]]
    return f"joker ({NAMES[nuts[0]]} or {NAMES[nuts[1]]})"
