"""A game's compiled modules (nutbox/compiled.py): used only when built from exactly the sources in place, and
playing the very games the sources play."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from nutbox import compiled
from nutbox.compiled import PURE, build_dir, fingerprint, shared_library, usable_build, use_compiled
from nutbox.core import draw_chance
from nutbox.registry import make

SO = EXTENSION_SUFFIXES[0]  # as this Python names a compiled module


def fake_package(root: Path) -> Path:
    package = root / "src" / "somegame"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "moves.py").write_text("MOVES = 1\n")
    return package


def fake_build(prefix: Path, package_dir: Path, modules: list[str]) -> Path:
    """Files named as a build's (nothing in them: only where they are is read here)."""
    where = build_dir("somegame", package_dir, str(prefix))
    (where / "somegame").mkdir(parents=True)
    (where / f"{shared_library('somegame')}{SO}").write_bytes(b"")
    for module in modules:
        (where / "somegame" / f"{module}{SO}").write_bytes(b"")
    return where


def test_a_build_is_used_only_when_made_from_these_very_sources(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                                                ) -> None:
    monkeypatch.delenv(PURE, raising=False)
    package = fake_package(tmp_path)
    path = [str(package)]
    assert usable_build("somegame", path, ["moves"], str(tmp_path)) is None  # nothing built
    assert use_compiled("somegame", path, ["moves"], str(tmp_path)) == path

    where = fake_build(tmp_path, package, ["moves"])
    assert usable_build("somegame", path, ["moves"], str(tmp_path)) == where
    assert usable_build("somegame", path, ["moves", "other"], str(tmp_path)) is None  # a module not built

    monkeypatch.setenv(PURE, "1")
    assert usable_build("somegame", path, ["moves"], str(tmp_path)) is None
    monkeypatch.delenv(PURE)

    before = fingerprint(package)
    (package / "moves.py").write_text("MOVES = 2\n")  # a source changed since the build
    assert fingerprint(package) != before
    assert usable_build("somegame", path, ["moves"], str(tmp_path)) is None
    assert use_compiled("somegame", path, ["moves"], str(tmp_path)) == path


def test_a_build_this_machine_made_of_the_same_sources_is_copied_not_compiled_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = fake_package(tmp_path)
    monkeypatch.syspath_prepend(str(package.parent))
    machine = tmp_path / "cache"
    monkeypatch.setattr(compiled, "CACHE", machine)
    venv = tmp_path / "venv"
    made = fake_build(machine / "made", package, ["moves"])  # as another clone's .venv built it
    kept = machine / made.relative_to(machine / "made" / compiled.BUILDS)
    kept.parent.mkdir(parents=True)
    made.rename(kept)
    stale = build_dir("somegame", package, str(venv)).parent / "0123456789ab"  # a build of earlier sources
    stale.mkdir(parents=True)

    into = compiled.build("somegame", ["moves"], str(venv))  # (no compiler is called: it would fail on these files)
    assert into == build_dir("somegame", package, str(venv))
    assert usable_build("somegame", [str(package)], ["moves"], str(venv)) == into
    assert sorted(path.name for path in into.rglob("*") if path.is_file()) == \
        sorted(path.name for path in kept.rglob("*") if path.is_file())
    assert not stale.exists()


def compiled_here() -> bool:
    import nutbox.games.nuts_sorting.turn as turn

    return bool(turn.__file__ and turn.__file__.endswith(tuple(EXTENSION_SUFFIXES)))


SPAWNING = """
import multiprocessing, sys
from concurrent.futures import ProcessPoolExecutor
import nutbox.games.nuts_sorting.turn as turn
from nutbox.registry import GAMES, make

def games():
    return [make(game_id).id for game_id in sorted(GAMES)]

if __name__ == "__main__":
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        print(turn.__file__, pool.submit(games).result(timeout=120) == games())
"""


def test_processes_started_from_one_using_a_build_find_every_game(tmp_path: Path) -> None:
    """A spawned process (a server's bot workers, a study's) is given its parent's sys.path: a build must add
    nothing there that hides the nutbox package (here the parent runs away from the project's folder, as a
    server does)."""
    if not compiled_here():
        pytest.skip("Nuts Sorting's modules are not compiled here (./run test compiles them)")
    script = tmp_path / "spawning.py"
    script.write_text(SPAWNING)
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300, env={key: value for key, value in os.environ.items() if key != "PYTHONPATH"})
    assert done.returncode == 0, done.stderr[-2000:]
    compiled, same = done.stdout.split()
    assert compiled.endswith(tuple(EXTENSION_SUFFIXES)) and same == "True"


def play(games: int) -> list[list[str]]:
    """Seeded random games of Nuts Sorting, each as its actions' texts and the scores."""
    game = make("nuts-sorting")
    played = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_state()
        texts = []
        while not state.is_terminal():
            action = draw_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions())
            texts.append(str(action))
            state.apply(action)
        played.append([*texts, json.dumps(state.scores())])
    return played


def test_the_compiled_modules_play_the_games_the_sources_play() -> None:
    if not compiled_here():
        pytest.skip("Nuts Sorting's modules are not compiled here (./run test compiles them)")
    script = ("import json, runpy, sys; import nutbox.games.nuts_sorting.turn as turn; "
              "print(json.dumps({'turn': turn.__file__, 'games': runpy.run_path(sys.argv[1])['play'](40)}))")
    pure = subprocess.run([sys.executable, "-c", script, __file__], env={**os.environ, PURE: "1"},
                          capture_output=True, text=True, check=True, timeout=300)
    answer = json.loads(pure.stdout)
    assert answer["turn"].endswith("turn.py")  # the sources, there
    assert answer["games"] == play(40)
    assert sum(len(game) for game in answer["games"]) > 40 * 90  # whole games: the deal, the setup and the play
