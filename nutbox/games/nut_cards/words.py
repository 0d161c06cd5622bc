"""Nut in words, for people: the decision of the seat to move, each action as a phrase, every seat's panel and
the final score table (nutbox/core/words.py), all read from a view.

A card is named by its number and what it carries ("card 5 (2 red nuts and a gold nut)"); a place in a layout
by the cards it would lie next to or over ("right of card 11 (a band lower)", "over the top third of card 7"),
never by the notation's column and band. Scores come from the game's own scoring code
(layout.py) applied to the layouts in the view, so the words count exactly as the rules do.
"""

from __future__ import annotations

from collections import Counter

from nutbox.core import Action, Panel, ScoreTable, listing, plural, possessive, seat_name, with_article
from nutbox.games.nut_cards import layout
from nutbox.games.nut_cards.actions import Draw, Place, Take
from nutbox.games.nut_cards.components import BLANK, COMPONENTS, SQUIRREL, WILD
from nutbox.games.nut_cards.view import CardsView, ClusterEntry, PlacedCard

H = COMPONENTS.cells_per_card
COLOUR_NAMES = dict(zip(COMPONENTS.colour_codes, COMPONENTS.colour_names, strict=True))
THIRDS = {1: "third", 2: "two thirds"}  # how much of a card an overlap of so many bands is


# --- cards and places ------------------------------------------------------------------------------------
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


def card_words(card: int) -> str:
    """What a card carries, in the order printed: "2 red nuts and a gold nut", "a squirrel"."""
    cells = Counter(what for what in COMPONENTS.cards[card - 1].cells if what != BLANK)
    return listing([counted(count, cell_noun(what)) for what, count in cells.items()])


def named(card: int) -> str:
    return f"card {card} ({card_words(card)})"


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
    found = [relation(x, y, p["card"], p["x"], p["y"]) for p in reversed(showing(placed))]
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


# --- the hooks ----------------------------------------------------------------------------------------------
def decision(view: CardsView) -> str:
    phase = view["phase"]
    if phase == "take":
        if view["column"] is None:
            return "take a card from any column"
        return f"take one of the cards left in column {view['column']}"
    if phase == "place":
        card = view["holding"]
        assert card is not None, "a card is in hand while it is placed"
        return f"place {named(card)} in {possessive(view)} layout"
    if phase == "deal":
        return "deal cards from the deck into the columns"
    return "nothing more: the game is over"


def label(action: Action, view: CardsView) -> str:
    if isinstance(action, Take):
        number = next(n for n, cards in enumerate(view["columns"], 1) if any(e["card"] == action.card for e in cards))
        return f"Take {named(action.card)} from column {number}"
    if isinstance(action, Place):
        where = f"Place card {view['holding']} {way_words(action.upside_down)}"
        placed = view["layouts"][view["current"]]
        if not placed:
            return f"{where} to start {possessive(view)} layout"
        return f"{where}, {where_words(action.x, action.y, placed)}"
    if isinstance(action, Draw):
        return f"Deal {named(action.card)} into the columns"
    raise TypeError(f"{action!r} is not an action of Nut")


def scored(view: CardsView, seat: int) -> tuple[int, int]:
    """(points, the largest cluster's nuts for the tie-break) of a seat's layout, by the rules' own count."""
    placed = [(p["card"], p["x"], p["y"]) for p in view["layouts"][seat]]
    return layout.score(placed, view["squirrels"] == "double-each", view["cluster"] == "largest")


def cluster_words(cluster: ClusterEntry) -> str:
    """"4 nuts ×2 (1 squirrel) = 8 points": the factor read off the view, so it follows the squirrels option."""
    nuts, squirrels, points = cluster["nuts"], cluster["squirrels"], cluster["points"]
    words = plural(nuts, "nut")
    if squirrels:
        words += f" ×{points // nuts} ({plural(squirrels, 'squirrel')})"
    return words + f" = {plural(points, 'point')}"


def panels(view: CardsView) -> list[Panel]:
    result = []
    for seat in range(view["players"]):
        points, largest = scored(view, seat)
        clusters = {cluster["colour"]: cluster for cluster in view["clusters"][seat]}
        shown = Counter(view["visible"][seat].values())
        holds = [("Layout", plural(len(view["layouts"][seat]), "card"))]
        holds += [(f"{COLOUR_NAMES[colour].capitalize()} cluster",
                   cluster_words(clusters[colour]) if colour in clusters else "none")
                  for colour in COMPONENTS.colour_codes]
        holds += [("Largest cluster", plural(largest, "nut")),
                  ("Squirrels showing", str(shown[SQUIRREL])), ("Wild nuts showing", str(shown[WILD]))]
        if view["holding"] is not None and seat == view["current"]:
            holds.append(("In hand", named(view["holding"])))
        if view["phase"] != "over" and seat == view["holder"]:
            holds.append(("Deck", f"holds it this round: {plural(view['deck'], 'card')} left"))
        result.append(Panel(seat, seat_name(seat), score=str(points), holds=tuple(holds)))
    return result


def score_table(view: CardsView) -> ScoreTable | None:
    if view.get("scores") is None:
        return None
    ranked = [scored(view, seat) for seat in range(view["players"])]
    rows = []
    for seat, (points, largest) in enumerate(ranked):
        clusters = {cluster["colour"]: cluster for cluster in view["clusters"][seat]}
        cells = []
        for colour in COMPONENTS.colour_codes:
            cluster = clusters.get(colour)
            if cluster is None:
                cells.append("0")
            elif cluster["squirrels"]:
                cells.append(f"{cluster['points']} ({plural(cluster['nuts'], 'nut')} "
                             f"×{cluster['points'] // cluster['nuts']})")
            else:
                cells.append(str(cluster["points"]))
        rows.append((*cells, str(points), plural(largest, "nut")))
    columns = (*(name.capitalize() for name in COMPONENTS.colour_names), "Total", "Largest cluster")
    winners = tuple(view["winners"])
    return ScoreTable(columns, tuple(rows), tie_note(ranked, winners), winners)


def tie_note(ranked: list[tuple[int, int]], winners: tuple[int, ...]) -> str:
    """Why the winners won when the points alone do not say: a tie on points, broken (or not) by the largest
    cluster."""
    best = max(points for points, _ in ranked)
    tied = [seat for seat, (points, _) in enumerate(ranked) if points == best]
    if len(tied) < 2:
        return ""
    names = listing([seat_name(seat) for seat in tied])
    if len(winners) > 1:
        largest = plural(ranked[winners[0]][1], "nut")
        return f"{names} tie on {best} points and on the largest cluster ({largest}): they share the win."
    winner = winners[0]
    return (f"{names} tie on {best} points; the largest cluster decides: {seat_name(winner)} wins with "
            f"{plural(ranked[winner][1], 'nut')} in one cluster.")
