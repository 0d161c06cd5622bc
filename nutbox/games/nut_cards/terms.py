"""How Nut's narration names cards and places: a card by its number and what it carries ("card 5 (2 red nuts
and a gold nut)"), a place in a layout by the cards it would lie next to or over ("right of card 11 (a band
lower)", "over the top third of card 7"), never by the notation's column and band.

The rules' events are written in these terms, and the face's words (words.py) use them too, so the log, the
moves list and the tooltips name a card and a place alike. Nothing here reads a state: the places are read
from a layout's placed cards as a view lists them.
"""

from __future__ import annotations

import functools
from collections import Counter

from nutbox.core import listing, with_article
from nutbox.games.nut_cards.components import BLANK, COMPONENTS, SQUIRREL, WILD
from nutbox.games.nut_cards.view import PlacedCard

H = COMPONENTS.cells_per_card
COLOUR_NAMES = dict(zip(COMPONENTS.colour_codes, COMPONENTS.colour_names, strict=True))
THIRDS = {1: "third", 2: "two thirds"}  # how much of a card an overlap of so many bands is


# --- cards ------------------------------------------------------------------------------------------------
def cell_noun(what: str) -> str:
    if what == WILD:
        return "wild nut"
    if what == SQUIRREL:
        return "squirrel"
    return f"{COLOUR_NAMES[what]} nut"


def counted(count: int, noun: str) -> str:
    """"a squirrel", "2 red nuts"."""
    if count == 1:
        return with_article(noun)
    return f"{count} {noun}s"


@functools.cache  # the same 30 cards are named in every deal and take
def card_words(card: int) -> str:
    """What a card carries, in the order printed: "2 red nuts and a gold nut", "a squirrel"."""
    cells = Counter(what for what in COMPONENTS.cards[card - 1].cells if what != BLANK)
    return listing([counted(count, cell_noun(what)) for what, count in cells.items()])


def named(card: int) -> str:
    return f"card {card} ({card_words(card)})"


# --- places -----------------------------------------------------------------------------------------------
def bands(count: int) -> str:
    return "a band" if count == 1 else f"{count} bands"


def relation(x: int, y: int, card: int, px: int, py: int) -> tuple[int, str] | None:
    """How a card placed at (x, y) would lie against `card` at (px, py), with its rank (covering first), or
    None where they do not meet."""
    if x == px:
        if y == py:
            return 0, f"on top of card {card}"
        if abs(y - py) < H:  # overlapping: the new card covers the old one's top or bottom
            end = "top" if y < py else "bottom"
            return 1, f"over the {end} {THIRDS[H - abs(y - py)]} of card {card}"
        if abs(y - py) == H:
            return 2, f"{'above' if y < py else 'below'} card {card}"
        return None
    if abs(x - px) == 1 and abs(y - py) < H:
        side = f"{'right' if x > px else 'left'} of card {card}"
        if y == py:
            return 2, side
        return 3, f"{side} ({bands(abs(y - py))} {'lower' if y > py else 'higher'})"
    return None


def showing(placed: list[PlacedCard]) -> list[PlacedCard]:
    """The placements of a layout of which some cell still shows (later cards cover earlier ones)."""
    top: dict[tuple[int, int], int] = {}
    for index, p in enumerate(placed):
        for band in range(p["y"], p["y"] + H):
            top[(p["x"], band)] = index
    return [placed[index] for index in sorted(set(top.values()))]


def place_words(x: int, y: int, placed: list[PlacedCard]) -> list[str]:
    """The cards a card placed at (x, y) would cover or touch: covering first, then the latest placed; two at
    most. Any one of them says exactly where the card goes (a side and a shift in bands, or an overlap)."""
    # Only cards of the columns x - 1 to x + 1 can meet (x, y), and a card is covered only by later ones in its own
    # column: what shows of those columns is found from their cards alone (the others would cost a place's every
    # narration a walk over the whole layout).
    near = [p for p in placed if -1 <= p["x"] - x <= 1]
    found = [relation(x, y, p["card"], p["x"], p["y"]) for p in reversed(showing(near))]
    ranked = sorted((meeting for meeting in found if meeting is not None), key=lambda meeting: meeting[0])
    return [words for _, words in ranked[:2]]


def steps(count: int, one: str, many: str) -> str:
    return one if count == 1 else f"{count} {many}"


def offset_words(x: int, y: int, placed: list[PlacedCard]) -> str:
    """Where (x, y) lies from the layout's first card, for a place that meets no card still showing (only
    cards entirely covered): "2 columns right of the first card, a band higher"."""
    first = placed[0]
    dx, dy = x - first["x"], y - first["y"]
    parts = []
    if dx:
        parts.append(f"{steps(abs(dx), 'a column', 'columns')} {'right' if dx > 0 else 'left'} of card "
                     f"{first['card']}")
    else:
        parts.append(f"in the column of card {first['card']}")
    if dy:
        parts.append(f"{bands(abs(dy))} {'lower' if dy > 0 else 'higher'}")
    return ", ".join(parts)


def where_words(x: int, y: int, placed: list[PlacedCard]) -> str:
    """A place in a layout without its column and band: the cards it would cover or touch, or how far it lies
    from the first card; "to start the layout" for the first."""
    if not placed:
        return "to start the layout"
    near = place_words(x, y, placed)
    return listing(near) if near else offset_words(x, y, placed)


def way_words(upside_down: bool) -> str:
    return "upside down" if upside_down else "upright"
