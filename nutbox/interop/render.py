"""Pictures of a view for the RL adapters' render modes: human (the terminal table's picture, printed to
stdout), ansi (the same picture returned as text with colour escapes) and rgb_array (the browser table's
SVG, rasterised by cairosvg).

rgb_array needs the cairo library on the machine (Debian: libcairo2) and a game whose registry entry has
an SVG renderer; `check_mode` says which modes a game offers before anything is drawn.
"""

from __future__ import annotations

import io

from rich.console import Console

from nutbox.core import Game, OptionsError, View, default_name
from nutbox.interop import rl_extra
from nutbox.registry import entry

with rl_extra(__name__):
    import numpy as np
    from numpy.typing import NDArray

TERMINAL_WIDTH = 120


def modes(game: Game) -> list[str]:
    """The render modes `game` offers: always human and ansi; rgb_array when it has an SVG renderer."""
    return ["human", "ansi", "rgb_array"] if entry(game.id).face.draws_svg else ["human", "ansi"]


def check_mode(game: Game, mode: str | None) -> None:
    """Refuse a render mode the game cannot draw, saying which ones it can."""
    if mode is None or mode in modes(game):
        return
    if mode == "rgb_array":
        raise OptionsError(f"{game.title} has no SVG renderer yet, so render_mode='rgb_array' is not available; "
                           f"use 'human' or 'ansi'")
    raise OptionsError(f"render_mode {mode!r} is not one of {', '.join(modes(game))} (or None)")


def picture(game: Game, view: View, mode: str) -> str | NDArray[np.uint8] | None:
    """`view` drawn for render mode `mode` (one of `modes(game)`): None for human, which prints it."""
    if mode == "human":
        human(game, view)
        return None
    return ansi(game, view) if mode == "ansi" else rgb_array(game, view)


def human(game: Game, view: View) -> None:
    """Print the terminal table's picture of `view` and the decision in words to stdout (in colour only on a
    terminal)."""
    _draw(game, view, Console(width=TERMINAL_WIDTH))


def ansi(game: Game, view: View) -> str:
    """The terminal table's picture of `view`, with its colours as ANSI escapes, and the decision in words."""
    buffer = io.StringIO()
    _draw(game, view, Console(file=buffer, force_terminal=True, color_system="truecolor", width=TERMINAL_WIDTH))
    return buffer.getvalue()


def _draw(game: Game, view: View, console: Console) -> None:
    face = entry(game.id).face
    console.print(face.text(view))
    to_move = view["to_move"]
    if isinstance(to_move, int):
        console.print(f"{default_name(to_move)} to decide: {face.decision(view)}", markup=False, highlight=False,
                      soft_wrap=True)


def rgb_array(game: Game, view: View) -> NDArray[np.uint8]:
    """The browser table's picture of `view` (no moves marked) as height x width x 3 bytes."""
    check_mode(game, "rgb_array")
    svg = entry(game.id).face.svg(view)
    assert svg is not None
    try:
        import cairosvg  # type: ignore[import-untyped]  # cairosvg has no type hints
        from PIL import Image
    except (ImportError, OSError) as error:
        raise OptionsError(f"render_mode='rgb_array' needs cairosvg and the cairo library "
                           f"(pip install 'nutbox[rl]'; on Debian, apt install libcairo2): {error}") from None
    png = cairosvg.svg2png(bytestring=svg.encode())
    with Image.open(io.BytesIO(png)) as picture:
        return np.asarray(picture.convert("RGB"), dtype=np.uint8)
