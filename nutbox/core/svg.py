"""What every game's browser picture (its render_svg.py) writes the same way: numbers, shapes and text,
tooltips, and the marks that make an element clickable.

A picture is a standalone SVG document. An element that legal actions target carries class="target" and
data-action (the first such action's text); data-actions lists them all, separated by "|" because action
texts hold spaces. A table turns a click on data-action into that action. The games draw their own boards;
this module holds only what they would otherwise each write again, so that every picture marks its targets,
rounds its numbers and escapes its text alike. Like the rest of the core it imports nothing else of nutbox.

A table draws every view again after each move, while most of a board looks as it did: a game keeps the parts it
draws often (a cell, a tile, a plaque), so that an unchanged part costs a look-up: with `drawn`, a function that
draws from its (hashable) arguments alone, or with `Kept`, where a part drawn from the whole view is kept under a
key naming everything of the view it shows. What a kept part gives is always what drawing it afresh gives: tests
draw every game both ways (`afresh`) and compare.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from functools import lru_cache, wraps
from typing import ParamSpec, TypeVar, cast
from xml.sax import saxutils

Target = TypeVar("Target")
P = ParamSpec("P")
R = TypeVar("R")

DRAWINGS_KEPT = 4096  # parts each cache keeps (`drawn`: the least recently drawn dropped first; `Kept`: all at once)
_AFRESH = [False]  # whether every part is drawn afresh, nothing kept (`afresh`)
_ATTRIBUTE_SPECIAL = re.compile("[&<>\"\n\r\t]")  # what saxutils.quoteattr changes in an attribute value
_NUMS: dict[float, str] = {}  # num's texts of the coordinates seen (a board's are few and come back every move)
NUMS_KEPT = 65536

ACTION_SEPARATOR = "|"
HIGHLIGHT = "#e8590c"  # the colour of what a click would act on
# a target's pointer, and its highlight growing stronger on hover
TARGET_STYLE = ".target{cursor:pointer}.target:hover .highlight{fill-opacity:0.35}"
# an outline (class "extent") inside a target, shown only on hover
EXTENT_STYLE = ".extent{visibility:hidden}.target:hover .extent{visibility:visible}"


def escape(content: str) -> str:
    """`content` with &, < and > escaped for XML text (saxutils.escape; text without them, the most, as it is)."""
    return saxutils.escape(content) if "&" in content or "<" in content or ">" in content else content


def quoteattr(value: str) -> str:
    """`value` as a quoted XML attribute value (saxutils.quoteattr; one with nothing to escape simply quoted)."""
    return saxutils.quoteattr(value) if _ATTRIBUTE_SPECIAL.search(value) else f'"{value}"'


def num(value: float) -> str:
    """Coordinates to one decimal, so the text does not depend on float noise."""
    known = _NUMS.get(value)
    if known is not None and value:  # (0.0 and -0.0 are one key but two texts: "0" and "-0")
        return known
    text = f"{value:.1f}"
    text = text[:-2] if text.endswith(".0") else text
    if len(_NUMS) >= NUMS_KEPT:
        _NUMS.clear()
    _NUMS[value] = text
    return text


def drawn(function: Callable[P, R]) -> Callable[P, R]:
    """A part of a picture kept once drawn: `function` must draw from its arguments alone (hashable, and naming
    everything the part shows), so that the same arguments always give the same text."""
    cached = cast(Callable[P, R], lru_cache(maxsize=DRAWINGS_KEPT)(function))

    @wraps(function)
    def draw(*args: P.args, **kwargs: P.kwargs) -> R:
        return function(*args, **kwargs) if _AFRESH[0] else cached(*args, **kwargs)

    return draw


class Kept:
    """Parts of pictures kept by a key that names everything of the view a part shows; each drawn from the whole
    view the first time its key comes (so a key that left something out would show as a stale part: tests compare
    pictures drawn with and without what is kept, `afresh`)."""

    def __init__(self) -> None:
        self.parts: dict[Hashable, str] = {}

    def get(self, key: Hashable, draw: Callable[[], str]) -> str:
        """The part kept under `key`, or `draw()` kept under it."""
        if _AFRESH[0]:
            return draw()
        part = self.parts.get(key)
        if part is None:
            if len(self.parts) >= DRAWINGS_KEPT:
                self.parts.clear()
            part = self.parts[key] = draw()
        return part


@contextmanager
def afresh() -> Iterator[None]:
    """Within it, every part of every picture is drawn afresh from the view, nothing kept or taken from a cache."""
    _AFRESH[0] = True
    try:
        yield
    finally:
        _AFRESH[0] = False


class Picture(str):
    """An SVG document, as the text it is, that also keeps the pieces it was joined from (`parts`, in order), so
    that a table can send a viewer only the pieces that differ from its last picture (web/patches.py). A piece is
    most often a part kept by `drawn` or `Kept`, the same object move after move."""

    parts: tuple[str, ...]


def joined(parts: Iterable[str]) -> Picture:
    """The picture these pieces make, one after the other."""
    pieces = tuple(parts)
    picture = Picture("".join(pieces))
    picture.parts = pieces
    return picture


def document(width: float, height: float, title: str, style: str, body: Iterable[str]) -> Picture:
    """A standalone SVG document of this size, with its title and style sheet; each part of `body` one of its
    pieces."""
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(height)}" '
            f'viewBox="0 0 {num(width)} {num(height)}" font-family="sans-serif">'
            f"<title>{escape(title)}</title><style>{style}</style>")
    return joined([head, *body, "</svg>"])


# --- shapes and text -----------------------------------------------------------------------------------------
def text(x: float, y: float, content: str, size: float, extra: str = "") -> str:
    """Text centred on x, its baseline at y."""
    return (f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}" text-anchor="middle"{extra}>'
            f"{escape(content)}</text>")


def left_text(x: float, y: float, content: str, size: float, extra: str = "") -> str:
    """Text starting at x (unless `extra` anchors it otherwise), its baseline at y."""
    return f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}"{extra}>{escape(content)}</text>'


def rect(x: float, y: float, width: float, height: float, extra: str) -> str:
    return f'<rect x="{num(x)}" y="{num(y)}" width="{num(width)}" height="{num(height)}" {extra}/>'


def circle(x: float, y: float, radius: float, extra: str) -> str:
    return f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(radius)}" {extra}/>'


def line(x1: float, y1: float, x2: float, y2: float, extra: str) -> str:
    return f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" {extra}/>'


def titled(lines: Iterable[str]) -> str:
    """A tooltip: the element's <title>, one line each."""
    return f"<title>{escape(chr(10).join(lines))}</title>"


# --- the clickable targets -----------------------------------------------------------------------------------
def targets(legal: Iterable[str], target_of: Callable[[str], Target | None]) -> dict[Target, list[str]]:
    """The legal actions by the element each is aimed at (None: no element, left to the table's buttons), in
    the order given."""
    found: dict[Target, list[str]] = {}
    for action_text in legal:
        target = target_of(action_text)
        if target is not None:
            found.setdefault(target, []).append(action_text)
    return found


def attributes(name: str, value: str, actions: list[str], plain_class: str, state: str | None = None) -> str:
    """An element's attributes: data-`name` for what it is, and the target marks if `actions` aim at it (else
    its `plain_class`). `state` is what the place shows now (a piece, a count): a table compares it with the
    same place's earlier state to mark what changed since a seat last decided."""
    attrs = f" data-{name}={quoteattr(value)}"
    if state is not None:
        attrs += f" data-state={quoteattr(state)}"
    if actions:
        return (f' class="target" data-action={quoteattr(actions[0])}'
                f" data-actions={quoteattr(ACTION_SEPARATOR.join(actions))}" + attrs)
    return f' class="{plain_class}"' + attrs


def click_lines(actions: list[str]) -> list[str]:
    """The tooltip's last line on a target: what a click does, and what else is legal there."""
    if not actions:
        return []
    also = f" (also legal here: {', '.join(actions[1:])})" if len(actions) > 1 else ""
    return [f"click: {actions[0]}{also}"]


def highlight(x: float, y: float, width: float, height: float, corner: float = 0) -> str:
    """The highlight over a target (class "highlight", which the style strengthens on hover); `corner`
    rounds it."""
    rounded = f' rx="{num(corner)}"' if corner else ""
    return rect(x, y, width, height, f'class="highlight"{rounded} fill="{HIGHLIGHT}" fill-opacity="0.15" '
                f'stroke="{HIGHLIGHT}" stroke-width="3"')
