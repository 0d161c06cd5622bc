"""Names that could pass for another: Unicode's look-alike letters (confusable-homoglyphs, from the Unicode
consortium's confusables data) folded to one skeleton per name, as UTS #39 does, so "Bea" in Cyrillic letters
and "Bea" in Latin ones, or "Player 2" with a Cyrillic "P", read as the same name."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from confusable_homoglyphs import confusables  # type: ignore[import-untyped]  # (no type hints)

PLAYER_SKELETON = re.compile(r"p1ayer\s*[0-9]+")  # "Player N" as its skeleton reads (l and 1 look alike)


@cache
def prototype(character: str) -> str:
    """The one character that stands for all that look like this one (the least of them, for a fixed choice)."""
    found = confusables.is_confusable(character, greedy=True)
    glyphs: list[str] = [glyph["c"] for glyph in found[0]["homoglyphs"]] if found else []
    return min([character, *glyphs])


def skeleton(name: str) -> str:
    """What a name looks like: its look-alike letters mapped to one, case folded, mapped again (folding can
    turn a letter into one that has look-alikes of its own)."""
    mapped = "".join(prototype(character) for character in unicodedata.normalize("NFKC", name))
    return "".join(prototype(character) for character in mapped.casefold())


def looks_like_a_seat_number(name: str) -> bool:
    """Whether a name could pass for "Player N", the words for a seat without a name."""
    return bool(PLAYER_SKELETON.fullmatch(skeleton(name)))
