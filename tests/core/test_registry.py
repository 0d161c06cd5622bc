"""The registry finds games through entry points and loads each part only when a table uses it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from nutbox.registry import BUILT_IN

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


def test_a_game_is_loaded_when_asked_for_and_its_face_when_shown() -> None:
    """Bots, studies and learners play a game without importing a word or a picture of it."""
    modules = loaded_after("from nutbox.registry import make\nmake('nut-hunt')")
    assert "nutbox.games.nut_hunt.state" in modules
    assert not {name for name in modules if name.startswith(("nutbox.games.nuts_sorting", "nutbox.games.nut_cards"))}
    assert not {name for name in modules if name.split(".")[0] in HEAVY}
    face_parts = ("face", "words", "guide", "render_text", "render_svg", "render_phone")
    assert not {name for name in modules if name.startswith("nutbox.games.") and name.rsplit(".", 1)[-1] in face_parts}
    drawn = loaded_after("from nutbox.registry import face, make\n"
                         "face('nut-hunt').text(make('nut-hunt').new_state().view(None))")
    assert "nutbox.games.nut_hunt.render_text" in drawn and "rich" in drawn


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_a_bot_plays_a_whole_game_without_a_word_or_picture_of_it(game_id: str) -> None:
    """The rules and the face are apart: playing, determinizing and judging positions import no face."""
    modules = loaded_after(
        "import random\nfrom nutbox.core import random_action\nfrom nutbox.registry import make\n"
        f"game = make({game_id!r})\nstate = game.new_state()\nrng = random.Random(1)\n"
        "while not state.is_terminal():\n"
        "    if not state.is_chance():\n"
        "        game.heuristic(state, 0)\n"
        "        game.determinize(state.view(state.to_move()), rng)\n"
        "    state.apply(random_action(state, rng))\n")
    face_parts = ("face", "words", "guide", "render_text", "render_svg", "render_phone")
    assert not {name for name in modules if name.startswith("nutbox.games.") and name.rsplit(".", 1)[-1] in face_parts}
    assert not {"nutbox.core.svg", "nutbox.core.terminal"} & modules  # the pictures' helpers
    assert not {name for name in modules if name.split(".")[0] in HEAVY}


def test_a_state_shows_itself_in_a_notebook_as_its_spectators_picture() -> None:
    from nutbox.registry import face, make

    state = make("nut-hunt").new_state()
    while state.is_chance():
        state.apply(state.chance_outcomes()[0][0])
    picture = state._repr_svg_()
    assert picture is not None and picture.startswith("<svg") and picture == face("nut-hunt").svg(state.view(None))
    assert 'class="target"' not in picture  # nothing to click in a notebook
    assert make("take-away").new_state()._repr_svg_() is None  # a game that draws no browser picture
