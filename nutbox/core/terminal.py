"""What every game's terminal picture (its render_text.py) writes the same way, with rich: placing text at a
character position on a line, the players table's marks, and the closing line saying who is to move or who
won.

Only the games' render_text.py import this module, so the protocol itself (`nutbox.core`) still never
loads a UI library; each game keeps its own board and wording, and this holds only what they would
otherwise each write again.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text


def put(line: Text, start: int, content: Text) -> None:
    """Write `content` from character `start`; the line is padded with spaces as far as needed."""
    if len(line) < start:
        line.append(" " * (start - len(line)))
    line.append_text(content)


def borderless_table(*columns: str) -> Table:
    """A table without borders, one space between columns, with these (bold) headers."""
    table = Table(box=None, padding=(0, 1), header_style="bold")
    for name in columns:
        table.add_column(name)
    return table


def seat_marks(to_move: bool, viewer: bool, between: str = "") -> Text:
    """A players table's marks for a seat: ▶ for the seat to move, `between` (a game's own mark), then "you"
    for the seat whose view it is."""
    marks = Text()
    if to_move:
        marks.append("▶ ", style="bold")
    if between:
        marks.append(between)
    if viewer:
        marks.append("you", style="italic")
    return marks


def points_text(points: int, winner: bool) -> Text:
    """A seat's points in bold, starred for a winner."""
    text = Text(str(points), style="bold")
    if winner:
        text.append(" ★")
    return text


def to_move_text(name: str, decision: str | None) -> Text:
    """"Player 2 to decide: ...", or "... to move" when the view does not say what is decided."""
    return Text(f"{name} to {'decide: ' + decision if decision else 'move'}", style="bold")


def win_text(names: list[str], score: str) -> Text:
    """"Player 1 wins with 12 points" (`score` is "12 points"), or "... share the win ..." for several."""
    verb = "wins" if len(names) == 1 else "share the win"
    return Text(f"{' and '.join(names)} {verb} with {score}", style="bold green")
