"""Nut in words, for people: the decision of the seat to move, each action as a phrase, every seat's panel and
the final score table (nutbox/core/words.py), all read from a view; face.py offers them to the tables. Seats
are named by `seat_name` placeholders, which the face fills with the names the table gives them.

A card is named by its number and what it carries, a place in a layout by the cards it would lie next to or
over, in the same terms as the rules' narration (terms.py). Scores come from the game's own scoring code
(layout.py) applied to the layouts in the view, so the words count exactly as the rules do.
"""

from __future__ import annotations

from collections import Counter

from nutbox.core import Action, Panel, ScoreTable, listing, plural, possessive, seat_name
from nutbox.games.nut_cards import layout
from nutbox.games.nut_cards.actions import Draw, Place, Take
from nutbox.games.nut_cards.components import COMPONENTS, SQUIRREL, WILD
from nutbox.games.nut_cards.terms import COLOUR_NAMES, named, way_words, where_words
from nutbox.games.nut_cards.view import CardsView, ClusterEntry


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
