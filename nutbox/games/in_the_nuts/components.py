"""In the Nuts!'s component data (data/components.json), loaded and checked once at import.

The board (the starting track, the 2- and 3-squirrel areas' sections and which face-up nuts each may
take), the nut deck with its jokers and the storage cards are data; docs/games/in-the-nuts.md says which
parts are reconstructed. `parse` refuses a file that breaks what the rules rely on, saying what and where.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nutbox.core.data import DataReader, read_json


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
    removed: dict[int, int]  # plain nuts of each type taken out, by player count
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


_check = DataReader("in-the-nuts components")
_require, _list, _dict, _int = _check.require, _check.list, _check.dict, _check.int


def parse(data: dict[str, Any]) -> Components:
    nuts = [_dict(nut, f"nuts[{i}]") for i, nut in enumerate(_list(data.get("nuts"), "nuts"))]
    codes = tuple(str(nut.get("code")) for nut in nuts)
    _require(len(codes) >= 2 and len(set(codes)) == len(codes), "nuts", "nut codes must differ")
    names = tuple(str(nut.get("name")) for nut in nuts)
    kinds: list[tuple[int, ...]] = [(i,) for i in range(len(codes))]
    counts = [_int(nut.get("count"), f"nuts[{i}].count", 1) for i, nut in enumerate(nuts)]
    for index, entry in enumerate(_list(data.get("jokers"), "jokers")):
        where = f"jokers[{index}]"
        raw = _dict(entry, where)
        pair = _list(raw.get("pair"), where + ".pair")
        _require(len(pair) == 2 and pair[0] != pair[1] and all(p in codes for p in pair), where,
                 "a joker shows two different nut codes")
        kind = tuple(sorted(codes.index(p) for p in pair))
        _require(kind not in kinds, where, "each pair of nuts is listed once")
        kinds.append(kind)
        counts.append(_int(raw.get("count"), where + ".count", 1))
    removed = {int(k): _int(v, f"removed_per_type.{k}") for k, v in _dict(data.get("removed_per_type"),
                                                                            "removed_per_type").items()}
    track = _dict(data.get("track"), "track")
    first, last = _int(track.get("first"), "track.first"), _int(track.get("last"), "track.last")
    slots = _int(data.get("slots"), "slots", 1)
    area2 = []
    for index, entry in enumerate(_list(data.get("area2"), "area2")):
        where = f"area2[{index}]"
        raw = _dict(entry, where)
        spaces = tuple(_int(s, where + ".spaces") for s in _list(raw.get("spaces"), where + ".spaces"))
        raccoon = bool(raw.get("raccoon"))
        slot = () if raccoon else (_int(raw.get("slot"), where + ".slot", 1) - 1,)
        _require(all(s < slots for s in slot), where, f"slot must be 1 to {slots}")
        area2.append(Section(spaces, (), tuple(range(slots)) if raccoon else slot, raccoon))
    covered = sorted(s for section in area2 for s in section.spaces)
    _require(covered == list(range(first, last + 1)), "area2", f"the sections must cover spaces {first}-{last} once")
    area3 = []
    for index, entry in enumerate(_list(data.get("area3"), "area3")):
        where = f"area3[{index}]"
        raw = _dict(entry, where)
        below = tuple(_int(s, where + ".below", 1) - 1 for s in _list(raw.get("below"), where + ".below"))
        raccoon = bool(raw.get("raccoon"))
        chosen = () if raccoon else tuple(_int(s, where + ".slots", 1) - 1 for s in _list(raw.get("slots"), where))
        area3.append(Section((), below, tuple(range(slots)) if raccoon else chosen, raccoon))
    fed = sorted(s for section in area3 for s in section.below)
    _require(fed == list(range(len(area2))), "area3", "every 2-squirrel section pushes up into exactly one section")
    need_raw = _dict(data.get("need"), "need")
    need = (_int(need_raw.get("2"), "need.2", 1), _int(need_raw.get("3"), "need.3", 1), _int(need_raw.get("4"),
                                                                                           "need.4", 1))
    storage = tuple(
        Storage(_int(_dict(s, f"storage[{i}]").get("capacity"), f"storage[{i}].capacity", 1),
                _int(s.get("points"), f"storage[{i}].points"))
        for i, s in enumerate(_list(data.get("storage"), "storage"))
    )
    _require(bool(storage), "storage", "each player needs storage cards")
    preplace = tuple(_int(p, "preplace") for p in _list(data.get("preplace"), "preplace"))
    return Components(codes, names, tuple(kinds), tuple(counts), removed, first, last, tuple(area2), tuple(area3),
                      slots, need, storage, _int(data.get("squirrels"), "squirrels", 1),
                      _int(data.get("reserve"), "reserve"), preplace)


def load() -> Components:
    return parse(read_json(__package__, "data/components.json"))


COMPONENTS = load()
