"""How Nut's narration names cards and places: a card by its number and what it carries ("card 5 (2 red nuts
and a gold nut)"), a place in a layout by the cards it would lie next to or over ("right of card 11 (a band
lower)", "over the top third of card 7"), never by the notation's column and band.

The rules' events are written in these terms, and the face's words (words.py) use them too, so the log, the
moves list and the tooltips name a card and a place alike. Nothing here reads a state: the places are read
from a layout's placed cards, as a view lists them or as the state keeps them ((card, x, y) tuples).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from operator import itemgetter

from nutbox.core import listing, with_article
from nutbox.games.nut_cards.components import BLANK, COMPONENTS, SQUIRREL, WILD
from nutbox.games.nut_cards.layout import SPAN, Placement
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


def as_placements(placed: list[PlacedCard]) -> tuple[Placement, ...]:
    """A layout as a view lists it, as the state keeps it: (card, x, y) in the order placed."""
    return tuple((p["card"], p["x"], p["y"]) for p in placed)


def meeting_words(x: int, y: int, placements: Sequence[Placement]) -> list[str]:
    """The cards a card placed at (x, y) would cover or touch: covering first, then the latest placed; two at
    most. Any one of them says exactly where the card goes (a side and a shift in bands, or an overlap)."""
    # Only cards of the columns x - 1 to x + 1 can meet (x, y), and a card is covered only by later ones in its own
    # column: walking those cards from the latest placed, a card shows if some of its cells is not yet covered by
    # one walked before it (the others would cost a place's every narration a walk over the whole layout).
    covered: set[int] = set()  # the cells (as spot numbers) of the cards walked so far
    found: list[tuple[int, str]] = []
    for card, px, py in reversed(placements):
        dx = x - px
        if -1 <= dx <= 1:
            top = px * SPAN + py
            cells = range(top, top + H)
            if top in covered and covered.issuperset(cells):
                continue  # (its top cell showing, a card shows: the quick answer for most)
            covered.update(cells)
            dy = y - py
            if -H <= dy <= H:  # (further up or down, nothing meets)
                meeting = RELATIONS[card][dx + 1][dy + H]
                if meeting is not None:
                    found.append(meeting)
    found.sort(key=itemgetter(0))  # (stable: of equal rank, the latest placed first)
    return [words for _, words in found[:2]]


# relation() of a place from each card, RELATIONS[card][dx + 1][dy + H] for an offset (dx, dy) from it of at most
# a column and a card's height: how two cards lie depends only on that offset, so each is worded once, not on every
# placement narrated. (Index 0 is no card: card numbers start at 1.)
RELATIONS = tuple(
    tuple(tuple(relation(dx, dy, card, 0, 0) for dy in range(-H, H + 1)) for dx in (-1, 0, 1))
    for card in range(len(COMPONENTS.cards) + 1)
)


def steps(count: int, one: str, many: str) -> str:
    return one if count == 1 else f"{count} {many}"


def offset_from(dx: int, dy: int, first: int) -> str:
    """Where a place (dx, dy) from the layout's first card, `first`, lies, for a place that meets no card still
    showing (only cards entirely covered): "2 columns right of card 5, a band higher"."""
    parts = []
    if dx:
        parts.append(f"{steps(abs(dx), 'a column', 'columns')} {'right' if dx > 0 else 'left'} of card {first}")
    else:
        parts.append(f"in the column of card {first}")
    if dy:
        parts.append(f"{bands(abs(dy))} {'lower' if dy > 0 else 'higher'}")
    return ", ".join(parts)


def where_words(x: int, y: int, placed: list[PlacedCard]) -> str:
    """A place in a layout without its column and band: the cards it would cover or touch, or how far it lies
    from the first card; "to start the layout" for the first."""
    return where_in(x, y, as_placements(placed))


def where_in(x: int, y: int, placements: Sequence[Placement]) -> str:
    """where_words() of a layout as the state keeps it: what the rules narrate of every placement."""
    if not placements:
        return "to start the layout"
    near = meeting_words(x, y, placements)
    if near:
        return listing(near)
    first, first_x, first_y = placements[0]
    return offset_from(x - first_x, y - first_y, first)


def way_words(upside_down: bool) -> str:
    return "upside down" if upside_down else "upright"
