"""A game's compiled modules (nutbox/compiled.py): used only when built from exactly the sources in place, and
playing the very games the sources play."""

from __future__ import annotations

import importlib
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
from nutbox.registry import GAMES, make, package_of

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


def compiled_modules(game_id: str) -> tuple[str, ...]:
    """The modules the game names to be compiled (none for most games)."""
    names: tuple[str, ...] = getattr(importlib.import_module(package_of(game_id)), "COMPILED", ())
    return names


def in_use(game_id: str) -> list[str]:
    """The files of the game's modules to be compiled, as imported here (compiled or not)."""
    package = package_of(game_id)
    return [str(importlib.import_module(f"{package}.{module}").__file__) for module in compiled_modules(game_id)]


NAMING = [game_id for game_id in sorted(GAMES) if compiled_modules(game_id)]


def compiled_here(game_id: str) -> bool:
    return all(name.endswith(tuple(EXTENSION_SUFFIXES)) for name in in_use(game_id))


def test_nut_and_nuts_sorting_name_their_move_generation_to_be_compiled() -> None:
    assert {game_id: compiled_modules(game_id) for game_id in NAMING} == {
        "nut-cards": ("layout", "turn"), "nuts-sorting": ("board", "colour_index", "turn")}


SPAWNING = """
import json, multiprocessing, sys
from concurrent.futures import ProcessPoolExecutor
import nutbox.games.nuts_sorting.turn as turn
from nutbox.registry import GAMES, make

def games():
    return [make(game_id).id for game_id in sorted(GAMES)]

if __name__ == "__main__":
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        print(json.dumps([turn.__file__, pool.submit(games).result(timeout=120) == games()]))
"""


def test_processes_started_from_one_using_a_build_find_every_game(tmp_path: Path) -> None:
    """A spawned process (a server's bot workers, a study's) is given its parent's sys.path: a build must add
    nothing there that hides the nutbox package (here the parent runs away from the project's folder, as a
    server does)."""
    if not compiled_here("nuts-sorting"):
        pytest.skip("Nuts Sorting's modules are not compiled here (./run test compiles them)")
    script = tmp_path / "spawning.py"
    script.write_text(SPAWNING)
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True,
                          timeout=300, env={key: value for key, value in os.environ.items() if key != "PYTHONPATH"})
    assert done.returncode == 0, done.stderr[-2000:]
    turn, same = json.loads(done.stdout)
    assert turn.endswith(tuple(EXTENSION_SUFFIXES)) and same


def play(game_id: str, games: int) -> tuple[list[str], list[list[str]]]:
    """Seeded random games of the game at every player count, each as its actions' texts and the scores; and the
    files of its modules to be compiled, as imported."""
    cls = GAMES[game_id]
    played = []
    for players in range(cls.min_players, cls.max_players + 1):
        game = make(game_id, {"players": players})
        for seed in range(games):
            rng = random.Random(seed)
            state = game.new_state()
            texts = []
            while not state.is_terminal():
                action = draw_chance(state, rng) if state.is_chance() else rng.choice(state.legal_actions())
                texts.append(str(action))
                state.apply(action)
            played.append([*texts, json.dumps(state.scores())])
    return in_use(game_id), played


@pytest.mark.parametrize("game_id", NAMING)
def test_the_compiled_modules_play_the_games_the_sources_play(game_id: str) -> None:
    if not compiled_here(game_id):
        pytest.skip("not compiled here (./run test compiles them where it can)")
    script = ("import json, runpy, sys; "
              "print(json.dumps(runpy.run_path(sys.argv[1])['play'](sys.argv[2], 20)))")
    pure = subprocess.run([sys.executable, "-c", script, __file__, game_id], env={**os.environ, PURE: "1"},
                          capture_output=True, text=True, check=True, timeout=300)
    modules, games = json.loads(pure.stdout)
    assert modules and all(name.endswith(".py") for name in modules)  # the sources, there
    assert games == play(game_id, 20)[1]
    assert sum(map(len, games)) > 20 * 40  # whole games
