"""The package as a packager and a new user meet it: the wheel `pip` builds holds the licence, `py.typed`, every
data file and the metadata; constraints.txt is what `./run lock` makes of pyproject.toml's ranges; `./run` sets up
once and counts a larger install for a smaller one."""

from __future__ import annotations

import email
import email.message
import os
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
# what a copy of the project for building or setting up needs (neither .venv, nor caches, nor the tests)
SKIP = shutil.ignore_patterns(".venv", ".git", "__pycache__", "*.egg-info", "build", "node_modules", ".*_cache",
                              "*.sqlite3", "studies")


def copy_of_the_project(to: Path, *parts: str) -> Path:
    to.mkdir()
    for part in parts:
        if (ROOT / part).is_dir():
            shutil.copytree(ROOT / part, to / part, ignore=SKIP)
        else:
            (to / part).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / part, to / part)
    return to


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    """The wheel `pip wheel` builds from a copy of the project (so no build/ or egg-info lands in the work tree)."""
    where = tmp_path_factory.mktemp("wheel")
    source = copy_of_the_project(where / "source", "pyproject.toml", "README.md", "LICENSE", "NOTICE", "nutbox")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--disable-pip-version-check",
                           "--wheel-dir", str(where / "dist"), str(source)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    [built] = (where / "dist").glob("nutbox-*.whl")
    return zipfile.ZipFile(built)


def metadata(wheel: zipfile.ZipFile) -> email.message.Message:
    [name] = [name for name in wheel.namelist() if name.endswith(".dist-info/METADATA")]
    return email.message_from_string(wheel.read(name).decode())


def test_the_wheel_holds_the_licence_and_the_notice(wheel: zipfile.ZipFile) -> None:
    info = f"nutbox-{PROJECT['version']}.dist-info"
    for name in ("LICENSE", "NOTICE"):
        assert wheel.read(f"{info}/licenses/{name}") == (ROOT / name).read_bytes()
    assert "Apache License" in (ROOT / "LICENSE").read_text() and "Version 2.0" in (ROOT / "LICENSE").read_text()
    said = metadata(wheel)
    assert said["License-Expression"] == "Apache-2.0" == PROJECT["license"]
    assert sorted(said.get_all("License-File") or []) == ["LICENSE", "NOTICE"]


def test_the_wheel_is_typed_and_holds_every_file_of_the_package(wheel: zipfile.ZipFile) -> None:
    assert "nutbox/py.typed" in wheel.namelist()
    listed = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "nutbox"], cwd=ROOT,
                            capture_output=True, text=True)
    source = set(listed.stdout.split()) if listed.returncode == 0 else {  # (what git does not ignore, or every file)
        path.relative_to(ROOT).as_posix() for path in (ROOT / "nutbox").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts}
    assert "nutbox/py.typed" in source
    assert source - set(wheel.namelist()) == set()  # the templates, static files, migrations, game data, tutorials


def test_the_metadata_is_complete(wheel: zipfile.ZipFile) -> None:
    said = metadata(wheel)
    assert said["Name"] == "nutbox" and said["Version"] == PROJECT["version"]
    assert said["Requires-Python"] == ">=3.11" and said["Author"] == "The nutbox authors"
    assert said["Summary"] and said["Keywords"]
    classifiers = said.get_all("Classifier") or []
    assert "Typing :: Typed" in classifiers and "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert said["Description-Content-Type"] == "text/markdown"
    assert said.get_payload().strip() == (ROOT / "README.md").read_text().strip()
    assert set(said.get_all("Provides-Extra") or []) == {"web", "sim", "ray", "postgres", "rl", "dev"}
    requires = said.get_all("Requires-Dist") or []
    assert [line for line in requires if line.startswith("numpy")] == ['numpy<3,>=2.4; extra == "rl"']
    points = wheel.read(f"nutbox-{PROJECT['version']}.dist-info/entry_points.txt").decode()
    assert "nutbox = nutbox.cli.main:app" in points and "[nutbox.games]" in points


def test_the_build_backend_and_the_version_are_said_once() -> None:
    whole = tomllib.loads((ROOT / "pyproject.toml").read_text())
    setup = whole["dependency-groups"]["setup"]
    assert [line for line in setup if line.startswith("setuptools")] == whole["build-system"]["requires"]
    # Changes not yet released gather under "## Unreleased" above the newest release.
    released = re.search(r"^## (?!Unreleased\b)(\S+)", (ROOT / "CHANGELOG.md").read_text(), re.MULTILINE)
    assert released and released[1] == PROJECT["version"], "CHANGELOG.md: newest release is not the version"


def test_the_lock_is_what_run_lock_makes_of_pyproject() -> None:
    done = subprocess.run([str(ROOT / "run"), "lock", "--check"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr


def run_setup(project: Path, command: str) -> str:
    """`./run setup COMMAND` in `project`: what it said."""
    environment = {name: value for name, value in os.environ.items() if name != "VIRTUAL_ENV"}
    done = subprocess.run([str(project / "run"), "setup", command], cwd=project, capture_output=True, text=True,
                          timeout=300, env=environment)
    assert done.returncode == 0, done.stderr
    return done.stdout + done.stderr


@pytest.mark.slow
def test_run_sets_up_once_and_a_larger_install_serves_a_smaller_one(tmp_path: Path) -> None:
    project = copy_of_the_project(tmp_path / "project", "run", "pyproject.toml", "constraints.txt", "README.md",
                                  "LICENSE", "NOTICE", "nutbox", "examples/take_away/pyproject.toml")
    python = project / ".venv" / "bin" / "python"
    assert run_setup(project, "play").strip() == "Setting up .venv for the base install (once) ..."
    assert run_setup(project, "serve").strip() == "Setting up .venv for web (once) ..."
    stamp = project / ".venv" / ".nutbox-setup"  # (rewritten by every install)
    stamped = stamp.stat().st_mtime_ns
    assert run_setup(project, "play") == run_setup(project, "serve") == ""  # nothing said ...
    assert stamp.stat().st_mtime_ns == stamped  # ... and nothing installed
    assert subprocess.run([str(python), "-c", "import nutbox, starlette, uvicorn"]).returncode == 0
    # an edit to pyproject.toml: the next command sets up again, the larger install it had, not a smaller one
    (project / "pyproject.toml").write_text((project / "pyproject.toml").read_text() + "\n# an edit\n")
    assert run_setup(project, "play").strip() == "Setting up .venv for web (once) ..."
    assert run_setup(project, "serve") == ""
    listed = subprocess.run([str(python), "-m", "pip", "list", "--format=freeze", "--disable-pip-version-check"],
                            capture_output=True, text=True, check=True).stdout
    pins = dict(line.split("==", 1) for line in (project / "constraints.txt").read_text().splitlines()
                if re.match(r"[A-Za-z0-9]", line))
    pins = {re.sub(r"[-_.]+", "-", name).lower(): version.split()[0] for name, version in pins.items()}
    for line in listed.splitlines():
        name, version = line.split("==", 1)
        if name != "nutbox":
            assert pins[re.sub(r"[-_.]+", "-", name).lower()] == version, line  # every one as the lock pins it
