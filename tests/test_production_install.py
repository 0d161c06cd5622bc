"""Installing for production (docs/deploy.md, "Installing from the lock") uses the lock: every command installs
what constraints.txt pins, with its hashes, and the documented commands install exactly that. The example plugin
asks for its build backend by range, as nutbox does: the lock pins the build."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = (ROOT / "docs" / "deploy.md").read_text()
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def commands() -> list[str]:
    """The commands of the first block under "Installing from the lock", without their comments."""
    section = DEPLOY.split("## Installing from the lock", 1)[1].split("\n## ", 1)[0]
    block = section.split("```\n", 2)[1]
    return [line.split("  #", 1)[0].strip() for line in block.splitlines() if line.strip()]


def normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins() -> dict[str, str]:
    text = (ROOT / "constraints.txt").read_text()
    return {normal(name): version for name, version in re.findall(r"^([A-Za-z0-9][^=\s]*)==(\S+)", text, re.M)}


def test_every_install_in_deploy_md_uses_the_lock() -> None:
    installs = [line for line in DEPLOY.splitlines() if re.search(r"\bpip install\b", line)
                and not line.startswith("Never")]
    assert len(installs) >= 4, installs
    for line in installs:
        words = shlex.split(line.split("  #", 1)[0].strip("`"))
        assert "-e" not in words and "--editable" not in words, line  # a release, not a checkout being edited
        locked = (["-c", "constraints.txt"] in pairs(words) or ["--require-hashes", "--no-deps"] in pairs(words)
                  or ["--build-constraint", "constraints.txt"] in pairs(words))
        assert locked, f"installs without the lock: {line}"
        if "." in words or any(word.startswith(".[") for word in words):  # nutbox itself, built from the checkout
            assert any(word.startswith("--build-constraint") for word in words), line


def pairs(words: list[str]) -> list[list[str]]:
    return [words[i:i + 2] for i in range(len(words) - 1)]


def test_the_setup_file_is_pip_and_setuptools_with_their_hashes(tmp_path: Path) -> None:
    [cut] = [line for line in commands() if line.startswith("awk ")]
    (tmp_path / "constraints.txt").write_text((ROOT / "constraints.txt").read_text())
    subprocess.run(["bash", "-c", cut], cwd=tmp_path, check=True)
    text = (tmp_path / "setup.txt").read_text()
    entries = re.findall(r"^(\S+)==(\S+) \\$", text, re.M)
    assert {normal(name): version for name, version in entries} == {
        name: pins()[name] for name in ("pip", "setuptools")}
    assert len(re.findall(r"--hash=sha256:[0-9a-f]{64}", text)) >= 2 and "#" not in text, text


def test_the_example_plugin_asks_for_its_build_backend_by_range_as_nutbox_does() -> None:
    plugin = tomllib.loads((ROOT / "examples" / "take_away" / "pyproject.toml").read_text())["build-system"]
    nutbox = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]
    assert plugin["requires"] == nutbox["requires"] == ["setuptools>=77"]
    assert plugin["build-backend"] == nutbox["build-backend"]


@pytest.mark.slow
def test_the_documented_commands_install_what_the_lock_pins(tmp_path: Path) -> None:
    """The block run as written (the clone replaced by a copy of the project, /srv/nutbox by a directory here):
    nutbox and every other distribution in the virtualenv as the lock pins them."""
    project = tmp_path / "nutbox"
    shutil.copytree(ROOT / "nutbox", project / "nutbox", ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "constraints.txt", "README.md", "LICENSE", "NOTICE"):
        shutil.copy2(ROOT / name, project / name)
    venv = tmp_path / "srv"
    script = "set -euo pipefail\n" + "\n".join(
        line.replace("/srv/nutbox", str(venv)) for line in commands() if not line.startswith("git clone"))
    environment = {name: value for name, value in os.environ.items() if name != "VIRTUAL_ENV"}
    environment["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    done = subprocess.run(["bash", "-c", script], cwd=project, capture_output=True, text=True, timeout=600,
                          env=environment)
    assert done.returncode == 0, done.stderr[-3000:]
    version = subprocess.run([str(venv / "bin" / "nutbox"), "--version"], capture_output=True, text=True)
    assert version.stdout.strip() == f"nutbox {PROJECT['version']}"
    listed = subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "list", "--format=freeze"],
                            capture_output=True, text=True, check=True, env=environment).stdout
    pinned = pins()
    installed = dict(line.split("==", 1) for line in listed.splitlines())
    assert "psycopg" in installed and "starlette" in installed
    for name, version in installed.items():
        if name != "nutbox":
            assert pinned[normal(name)] == version, f"{name}=={version}: the lock pins {pinned.get(normal(name))}"
