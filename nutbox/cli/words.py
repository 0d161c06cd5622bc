"""What the terminal says besides the game's own words: the notation to type (from the game package's docstring,
the reference the browser's rules page shows too), runs of small steps told in one line, and the tutorial's
browser words ("Press Next") as the terminal means them.
"""

from __future__ import annotations

import importlib
import inspect
import re
from collections.abc import Iterator

from nutbox.core import Event, Game

# a run of small steps (Event.detail) longer than this is told in one line: its first two, its last, how many
TOLD_IN_FULL = 6
RUNS = {"deal": "The deal", "layout": "The layout", "setup": "The set-up", "refill": "Refills"}
_CHANCE = re.compile(r"\S\s{2,}chance:")  # a notation line for chance's actions, which nobody types


def notation(game: type[Game]) -> str | None:
    """How to write moves: the "Notation" paragraph of the game package's docstring and the examples indented
    below it, less the forms only chance uses; None if the docstring has none."""
    module = game.__module__
    package = importlib.import_module(module.rpartition(".")[0] or module)
    lines = (inspect.getdoc(package) or "").splitlines()
    start = next((number for number, line in enumerate(lines) if line.startswith("Notation")), None)
    if start is None:
        return None
    heading: list[str] = []
    number = start
    while number < len(lines) and lines[number].strip():
        heading.append(lines[number])
        number += 1
    block: list[str] = []
    while number < len(lines) and (not lines[number].strip() or lines[number].startswith(" ")):
        block.append(lines[number])
        number += 1
    return "\n".join([*heading, *_for_players(block)]).rstrip()


def _for_players(block: list[str]) -> Iterator[str]:
    """The examples less those of chance's actions (and the lines that continue them)."""
    written = [line for line in block if line.strip()]
    if not written:
        return
    margin = min(len(line) - len(line.lstrip()) for line in written)
    dropping = False
    for line in block:
        if line.strip() and len(line) - len(line.lstrip()) == margin:  # an example's first line
            dropping = bool(_CHANCE.search(line))
        if not dropping:
            yield line


def runs(events: list[Event]) -> Iterator[str]:
    """Each event's text, a run of more than TOLD_IN_FULL small steps of one kind told in one line:
    "The deal: a1 gets a blue nut; a2 gets a black nut; … i9 gets a red nut (61 in all)"."""
    number = 0
    while number < len(events):
        event = events[number]
        end = number + 1
        if event.detail:
            while end < len(events) and events[end].detail and events[end].kind == event.kind:
                end += 1
        run = events[number:end]
        if len(run) <= TOLD_IN_FULL:
            yield from (step.text for step in run)
        else:
            title = RUNS.get(event.kind, f"The {event.kind.replace('_', ' ')}")
            yield f"{title}: {run[0].text}; {run[1].text}; … {run[-1].text} ({len(run)} in all)"
        number = end


def for_terminal(text: str) -> str:
    """A tutorial's words as the terminal means them: its "Next" button is the Enter key here."""
    return re.sub(r"\b([Pp])ress Next\b", r"\1ress Enter", text)
