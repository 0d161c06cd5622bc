"""What every game's browser picture (its render_svg.py) writes the same way: numbers, shapes and text,
tooltips, and the marks that make an element clickable.

A picture is a standalone SVG document. An element that legal actions target carries class="target" and
data-action (the first such action's text); data-actions lists them all, separated by "|" because action
texts hold spaces. A table turns a click on data-action into that action. The games draw their own boards;
this module holds only what they would otherwise each write again, so that every picture marks its targets,
rounds its numbers and escapes its text alike. Like the rest of the core it imports nothing else of nutbox.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar
from xml.sax.saxutils import escape, quoteattr

Target = TypeVar("Target")

ACTION_SEPARATOR = "|"
HIGHLIGHT = "#e8590c"  # the colour of what a click would act on
# a target's pointer, and its highlight growing stronger on hover
TARGET_STYLE = ".target{cursor:pointer}.target:hover .highlight{fill-opacity:0.35}"
# an outline (class "extent") inside a target, shown only on hover
EXTENT_STYLE = ".extent{visibility:hidden}.target:hover .extent{visibility:visible}"


def num(value: float) -> str:
    """Coordinates to one decimal, so the text does not depend on float noise."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def document(width: float, height: float, title: str, style: str, body: Iterable[str]) -> str:
    """A standalone SVG document of this size, with its title and style sheet."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(height)}" '
        f'viewBox="0 0 {num(width)} {num(height)}" font-family="sans-serif">'
        f"<title>{escape(title)}</title><style>{style}</style>" + "".join(body) + "</svg>"
    )


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
