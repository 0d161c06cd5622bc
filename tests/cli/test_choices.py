"""Options with a fixed set of values take them as choices: `--help` lists them, and the CLI refuses anything else,
naming them, before the command runs."""

from __future__ import annotations

from pathlib import Path
from typing import get_args

import pytest
from typer.testing import CliRunner

from nutbox.cli.main import app
from nutbox.cli.simulate_cmd import Backend, Format
from nutbox.sim.backends import BACKENDS
from nutbox.sim.results import FORMATS

runner = CliRunner()


def words(output: str) -> str:
    """What the CLI printed, without rich's boxes or its line breaks."""
    return " ".join(output.replace("│", " ").split())


def test_the_choices_are_the_backends_and_formats_the_simulator_has() -> None:
    assert get_args(Backend) == BACKENDS
    assert get_args(Format) == FORMATS


def test_help_lists_the_choices() -> None:
    result = runner.invoke(app, ["simulate", "--help"])
    assert result.exit_code == 0, result.output
    shown = words(result.output)
    assert "--backend <local|ray>" in shown and "--format <parquet|csv>" in shown, result.output


@pytest.mark.parametrize(("option", "value", "choices"), [
    ("--backend", "spark", "'local', 'ray'"),
    ("--format", "xlsx", "'parquet', 'csv'"),
    ("--format", "Parquet", "'parquet', 'csv'"),
])
def test_a_value_not_among_the_choices_is_refused_naming_them(
        option: str, value: str, choices: str, tmp_path: Path) -> None:
    out = tmp_path / "study"
    result = runner.invoke(app, ["simulate", "nuts-sorting", "--games", "2", "--out", str(out), option, value])
    assert result.exit_code == 2, result.output
    assert f"Invalid value for '{option}'" in words(result.output), result.output
    assert f"{value!r} is not one of {choices}" in words(result.output), result.output
    assert not out.exists()


def test_a_choice_is_taken(tmp_path: Path) -> None:
    out = tmp_path / "study"
    result = runner.invoke(app, ["simulate", "nuts-sorting", "--games", "2", "--workers", "1", "--backend", "local",
                                 "--format", "csv", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "results.csv").exists()
