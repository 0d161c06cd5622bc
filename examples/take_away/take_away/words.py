"""The game in words for people, from a view; a seat is named by seat_name, which the table fills in."""

from __future__ import annotations

from nutbox.core import Action, Panel, ScoreTable, plural, seat_name
from take_away.view import TakeAwayView


def decision(view: TakeAwayView) -> str:
    return f"take 1, 2 or 3 nuts from the pile of {view['pile']}"


def label(action: Action, view: TakeAwayView) -> str:
    count = int(str(action).split()[1])
    left = view["pile"] - count
    return f"Take {plural(count, 'nut')}, leaving {left}" + (" (and win)" if left == 0 else "")


def panels(view: TakeAwayView) -> list[Panel]:
    return [Panel(seat, seat_name(seat), holds=(("Pile", plural(view["pile"], "nut")),))
            for seat in range(view["players"])]


def score_table(view: TakeAwayView) -> ScoreTable | None:
    if view.get("winners") is None:
        return None
    rows = tuple(("took the last nut" if seat in view["winners"] else "",) for seat in range(view["players"]))
    return ScoreTable(("Result",), rows, winners=tuple(view["winners"]))
