"""The registry finds games through entry points and loads each part only when a table uses it."""

from __future__ import annotations

import subprocess
import sys

HEAVY = ("rich", "numpy", "matplotlib", "pyarrow", "starlette", "sqlalchemy")


def loaded_after(code: str) -> set[str]:
    """The top-level packages and nutbox modules a fresh interpreter has imported after running `code`."""
    script = f"{code}\nimport sys\nprint('\\n'.join(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    return set(out.split())


def test_importing_the_registry_loads_no_game_renderer_rich_numpy_or_pydantic() -> None:
    modules = loaded_after("import nutbox.registry")
    # (pydantic too: a game reads its component data through it when the game is first made)
    assert not {name for name in modules if name.split(".")[0] in (*HEAVY, "pydantic")}
    assert not {name for name in modules if name.startswith("nutbox.games.")}


def test_a_game_is_loaded_when_asked_for_and_its_renderers_when_used() -> None:
    modules = loaded_after("from nutbox.registry import make\nmake('nut-hunt')")
    assert "nutbox.games.nut_hunt.rules" in modules
    assert not {name for name in modules if name.startswith(("nutbox.games.nuts_sorting", "nutbox.games.nut_cards"))}
    assert not {name for name in modules if name.split(".")[0] in HEAVY}
    drawn = loaded_after("from nutbox.registry import entry, make\n"
                         "entry('nut-hunt').render_text(make('nut-hunt').new_state().view(None))")
    assert "nutbox.games.nut_hunt.render_text" in drawn and "rich" in drawn


def test_a_state_shows_itself_in_a_notebook_as_its_spectators_picture() -> None:
    from nutbox.registry import entry, make

    state = make("nut-hunt").new_state()
    while state.is_chance():
        state.apply(state.chance_outcomes()[0][0])
    picture = state._repr_svg_()
    render_svg = entry("nut-hunt").render_svg
    assert render_svg is not None
    assert picture is not None and picture.startswith("<svg") and picture == render_svg(state.view(None), [])
    assert 'class="target"' not in picture  # nothing to click in a notebook
    assert make("take-away").new_state()._repr_svg_() is None  # a game that draws no browser picture
