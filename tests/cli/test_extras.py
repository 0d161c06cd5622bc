"""Commands and their extras: `nutbox --help` and a command's own help load no extra, and a command run without
its extra keeps its options and says which extra to install."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

EXTRAS = ("matplotlib", "pyarrow", "openskill", "sqlalchemy", "starlette", "uvicorn", "alembic", "numpy", "ray")


def nutbox(*args: str, hide: tuple[str, ...] = ()) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """`nutbox ARGS` in a fresh interpreter, with the modules `hide` made impossible to import (as in an
    install without their extra); what it printed, and which extras' modules it loaded."""
    script = (
        "import sys\n"
        f"for name in {hide!r}: sys.modules[name] = None\n"
        f"sys.argv = ['nutbox', *{args!r}]\n"
        "from nutbox.cli.main import app\n"
        "try:\n"
        "    app()\n"
        "finally:\n"
        f"    print('LOADED', sorted(m for m in {EXTRAS!r} if sys.modules.get(m)), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    loaded = done.stderr.rsplit("LOADED ", 1)[1].strip()
    return done, ast.literal_eval(loaded)


@pytest.mark.parametrize("args", [("--help",), ("simulate", "--help"), ("rate", "--help"), ("serve", "--help"),
                                  ("invite-code", "--help"), ("list",)])
def test_help_and_the_list_load_no_extra(args: tuple[str, ...]) -> None:
    done, loaded = nutbox(*args)
    assert done.returncode == 0 and loaded == [], (done.stderr, loaded)


@pytest.mark.parametrize(("args", "hidden", "extra"), [
    (("simulate", "nut-hunt", "--out", "study", "--games", "2"), ("matplotlib",), "sim"),
    (("rate", "study"), ("openskill",), "sim"),
    (("invite-code", "--db", "sqlite:///nowhere.sqlite3"), ("sqlalchemy",), "web"),
    (("serve", "--port", "1"), ("uvicorn",), "web"),
])
def test_a_command_without_its_extra_keeps_its_options_and_names_the_extra(
        args: tuple[str, ...], hidden: tuple[str, ...], extra: str, tmp_path: Path) -> None:
    done, _ = nutbox(*args, hide=hidden)
    said = " ".join(done.stderr.split())
    assert done.returncode == 2 and f"needs the {extra} extra ({hidden[0]} is missing)" in said, done.stderr
    assert f"pip install 'nutbox[{extra}]'" in said and "Traceback" not in done.stderr
    assert "No such option" not in said
    assert not (tmp_path / "study").exists()


def test_the_version_is_printed_from_the_one_place_it_is_kept() -> None:
    from importlib.metadata import version

    done, loaded = nutbox("--version")
    assert done.returncode == 0 and done.stdout.strip() == f"nutbox {version('nutbox')}" and loaded == []


SIM = ("matplotlib", "pyarrow", "openskill")  # the sim extra's libraries, all missing


def test_a_command_without_its_extra_keeps_its_choices(tmp_path: Path) -> None:
    shown, _ = nutbox("simulate", "--help", hide=SIM)
    said = " ".join(shown.stdout.replace("│", " ").split())
    assert shown.returncode == 0 and "--backend <local|ray>" in said and "--format <parquet|csv>" in said, said

    # a value not among them is refused by the CLI, naming them, before the extra is looked for
    wrong, _ = nutbox("simulate", "nut-hunt", "--out", str(tmp_path / "study"), "--format", "xlsx", hide=SIM)
    said = " ".join(wrong.stderr.replace("│", " ").split())
    assert wrong.returncode == 2 and "'xlsx' is not one of 'parquet', 'csv'" in said and "extra" not in said, said

    # one among them is taken, and the command says which extra it needs
    right, _ = nutbox("simulate", "nut-hunt", "--out", str(tmp_path / "study"), "--format", "csv", "--backend",
                      "ray", hide=SIM)
    said = " ".join(right.stderr.split())
    assert right.returncode == 2 and "pip install 'nutbox[sim]'" in said, said
    assert not (tmp_path / "study").exists()
