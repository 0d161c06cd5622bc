"""What each seat is called at a table: the name a person gave it, a bot's level ("Easy bot"), else "Player N";
and names that could pass for another, told apart.

Look-alikes: Unicode's confusable letters (confusable-homoglyphs, from the Unicode consortium's confusables
data) are folded to one skeleton per name, as UTS #39 does, so "Bea" in Cyrillic letters and "Bea" in Latin
ones, or "Player 2" with a Cyrillic "P", read as the same name.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import cache

from confusable_homoglyphs import confusables  # type: ignore[import-untyped]  # (no type hints)

from nutbox.agents import AGENTS, LEVELS
from nutbox.core import default_name
from nutbox.web.refusal import Refusal
from nutbox.web.seats import Seat

NAME_LENGTH = 24  # characters of a person's display name
PLAYER_SKELETON = re.compile(r"p1ayer\s*[0-9]+")  # "Player N" as its skeleton reads (l and 1 look alike)


def clean_name(text: str) -> str:
    """A person's display name: 1 to 24 printable characters, spaces tidied (pages escape it)."""
    name = " ".join(text.split())
    if not name or len(name) > NAME_LENGTH or not name.isprintable():
        raise Refusal(f"a name is 1 to {NAME_LENGTH} printable characters", status=400)
    return name


def bot_name(kind: str) -> str:
    """A bot seat's name from its level or kind: "Easy bot", "Greedy bot"; a seat of an uploaded record that
    names neither a person nor a bot is named by what the record says."""
    base = kind.split(":")[0]
    return f"{base.capitalize()} bot" if base in LEVELS or base in AGENTS else kind


def given_name(seat: Seat) -> str:
    """The name a seat has of its own: a person's, or for a bot's seat its level's; "" for none."""
    if seat.name:
        return seat.name
    if seat.human or not seat.played_by_bot:
        return ""
    return bot_name(seat.kind)


def shown_names(seats: Sequence[Seat]) -> list[str]:
    """Each seat's name as shown everywhere: its own name, else "Player N"; two alike are told apart (a person's
    by the seat number, a bot's by a count)."""
    given = [given_name(seat) for seat in seats]
    looks = [skeleton(name) for name in given]  # two names alike to the eye are alike (Bea and Веа)
    shown = []
    for number, name in enumerate(given):
        if not name:
            shown.append(default_name(number))
        elif looks.count(looks[number]) == 1:
            shown.append(name)
        elif seats[number].name:
            shown.append(f"{name} (seat {number + 1})")
        else:
            alike = [other for other, seat in enumerate(seats) if looks[other] == looks[number] and not seat.name]
            shown.append(name if len(alike) == 1 else f"{name} {alike.index(number) + 1}")
    return shown


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
