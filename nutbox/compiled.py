"""A game's hottest modules compiled with mypyc, used in place of their sources when built from exactly them.

Random playouts, searching bots and studies spend most of their time in a few modules of a game's rules (Nuts
Sorting's move generation on bitboards: docs/architecture.md, "Engine speed"), where the interpreter's own steps
cost more than the work. A game names those modules in its package (`COMPILED`, beside `__path__`):

    COMPILED = ("board", "colour_index", "turn")
    __path__ = use_compiled(__name__, __path__, COMPILED)

`./run test` compiles them before its tests (`python -m nutbox.compiled`: mypyc, from the same sources mypy checks;
it needs a C compiler and Python's headers) into `.venv/nutbox-compiled/<package>/<fingerprint>/`, where the
fingerprint is taken over the Python version and every source of the game's package and of the core. The package
then finds the compiled modules first (and the machine keeps a copy of each build, in ~/.cache/nutbox/compiled, for
the next clone or .venv of the same sources); with no build of its current sources, or with NUTBOX_PURE=1 in the
environment, it imports the sources as always. Compiled or not, the rules are the same code: the tests and golden
traces run on whichever is in use, and tests/test_compiled.py plays the same games both ways.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import tempfile
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from importlib.util import find_spec, module_from_spec, spec_from_file_location
from pathlib import Path

PURE = "NUTBOX_PURE"  # set (to anything but ""): the sources, compiled or not
ROOT = Path(__file__).parent  # the nutbox package
BUILDS = "nutbox-compiled"  # under sys.prefix (the .venv)
# every build made on this machine, by package and fingerprint: a fresh clone's .venv takes a copy rather than
# compiling again (as uv's cache keeps what it downloaded)
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "nutbox" / "compiled"
KEPT = 8  # builds kept there per package, besides the newest


def fingerprint(package_dir: Path) -> str:
    """What a build is valid for: this Python, and the sources of the game's package and of the core (compiled
    code is checked against the types of everything it calls)."""
    digest = hashlib.sha256(sys.version.encode())
    for source in sorted([*package_dir.glob("*.py"), *(ROOT / "core").glob("*.py")]):
        digest.update(source.name.encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()[:24]


def build_dir(package: str, package_dir: Path, prefix: str = sys.prefix) -> Path:
    return Path(prefix) / BUILDS / package / fingerprint(package_dir)


def use_compiled(package: str, path: Sequence[str], modules: Sequence[str], prefix: str = sys.prefix) -> list[str]:
    """The package's `__path__` with its compiled modules' directory first, where a build of these very sources
    holds them all; else `path` as it is."""
    where = usable_build(package, path, modules, prefix)
    if where is None:
        return list(path)
    # The build's shared library, which its modules import by a top-level name: loaded here from its file rather
    # than found through sys.path, which would also offer the build's own nutbox folder to the processes started
    # from this one (and so hide the real one from them)
    name = shared_library(package)
    if name not in sys.modules:
        spec = spec_from_file_location(name, built(where, name) or "")
        assert spec is not None and spec.loader is not None
        sys.modules[name] = library = module_from_spec(spec)
        spec.loader.exec_module(library)
    return [str(where / package.replace(".", "/")), *path]


def usable_build(package: str, path: Sequence[str], modules: Sequence[str], prefix: str = sys.prefix) -> Path | None:
    """The build of the package's current sources, if there is one holding `modules` and its shared library (and
    NUTBOX_PURE is not set)."""
    if os.environ.get(PURE) or not modules:
        return None
    where = build_dir(package, Path(path[0]), prefix)
    found = where / package.replace(".", "/")
    if built(where, shared_library(package)) is None or not all(built(found, module) for module in modules):
        return None
    return where


def group(package: str) -> str:
    """The name of a build of the package's modules (mypyc's group)."""
    return package.replace(".", "_")


def shared_library(package: str) -> str:
    """The module mypyc makes of what a build's modules share, named after the group."""
    return f"{group(package)}__mypyc"


def built(directory: Path, module: str) -> Path | None:
    """The compiled module's file in `directory`, if there is one."""
    return next((found for suffix in EXTENSION_SUFFIXES if (found := directory / f"{module}{suffix}").is_file()), None)


def build(package: str, modules: Sequence[str], prefix: str = sys.prefix) -> Path:
    """Compile `modules` of the game's `package` for use_compiled, or copy the build this machine made of the same
    sources before (a build already in place is kept)."""
    spec = find_spec(package)
    assert spec is not None and spec.submodule_search_locations, f"{package} is not a package"
    package_dir = Path(list(spec.submodule_search_locations)[-1])  # its sources, whatever __path__ holds first
    into = build_dir(package, package_dir, prefix)
    if into.is_dir():
        return into
    kept = CACHE / into.relative_to(Path(prefix) / BUILDS)  # the same build made for another clone or .venv
    if kept.is_dir():
        return placed(kept, into)
    from mypyc.build import mypycify  # (the dev extra: what compiles is only ever needed where the tests run)
    from setuptools import setup  # type: ignore[import-untyped]

    root = ROOT.parent
    with tempfile.TemporaryDirectory() as scratch:
        here = os.getcwd()
        os.chdir(root)  # mypyc names the modules by their paths from here, and reads mypy's settings here
        try:
            paths = [str((package_dir / f"{module}.py").relative_to(root)) for module in modules]
            extensions = mypycify(paths, opt_level="3", group_name=group(package), target_dir=f"{scratch}/c")
            setup(name=group(package), ext_modules=extensions, script_args=[
                "--quiet", "build_ext", "--build-lib", f"{scratch}/lib", "--build-temp", f"{scratch}/o"])
        finally:
            os.chdir(here)
        placed(Path(scratch, "lib"), kept, others=KEPT)
    return placed(kept, into)


def placed(build: Path, into: Path, others: int = 0) -> Path:
    """A copy of `build` at `into`, made whole or not at all (another process may look meanwhile); of the builds
    of other sources beside it, the newest `others` kept (a process still using a removed one keeps its files)."""
    into.parent.mkdir(parents=True, exist_ok=True)
    staged = Path(tempfile.mkdtemp(dir=into.parent)) / "build"
    try:
        shutil.copytree(build, staged)
        staged.rename(into)
    except OSError:
        if not into.is_dir():
            raise
    finally:
        shutil.rmtree(staged.parent, ignore_errors=True)
    older = sorted((old for old in into.parent.iterdir() if old != into), key=lambda old: -old.stat().st_mtime)
    for old in older[others:]:
        shutil.rmtree(old, ignore_errors=True)
    return into


def main() -> None:
    """Build every compiled module of the built-in games that name some (./run test)."""
    import importlib

    os.environ[PURE] = "1"  # (what is imported here to find the modules stays the sources)
    for game in sorted(path.name for path in (ROOT / "games").iterdir() if (path / "__init__.py").is_file()):
        package = f"nutbox.games.{game}"
        modules = getattr(importlib.import_module(package), "COMPILED", ())
        if modules:
            print(f"compiled {package}: {', '.join(modules)} -> {build(package, modules)}", file=sys.stderr)


if __name__ == "__main__":
    main()
