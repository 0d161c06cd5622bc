"""The Ray backend plays the same rows as this machine for the same seeds (a local Ray with 2 CPUs), variants
with changed components included (each played by Ray workers whose environment names its changes).

Ray is an optional extra; the project's test setup installs it, so a missing Ray fails here, loudly.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import ray
from typer.testing import CliRunner

from nutbox.cli.main import app
from nutbox.sim.backends import make_backend
from nutbox.sim.results import read_rows
from nutbox.sim.study import StudyError


@pytest.mark.usefixtures("loopback_only")
def test_ray_gives_the_rows_this_machine_gives(tmp_path: Path) -> None:
    (tmp_path / "variants.toml").write_text("[big-cards]\ndata.storage.4.points = 40\ndata.storage.5.points = 40\n")
    study = ["simulate", "in-the-nuts", "--seats", "easy,random", "--games", "16", "--seed", "21", "--format", "csv",
             "--variants", str(tmp_path / "variants.toml")]
    here = CliRunner().invoke(app, [*study, "--workers", "1", "--out", str(tmp_path / "here")])
    assert here.exit_code == 0, here.output
    try:
        there = CliRunner().invoke(app, [*study, "--backend", "ray", "--workers", "2", "--out", str(tmp_path / "ray")])
        assert there.exit_code == 0, there.output
        assert not ray.is_initialized()  # the backend stops the instance it started
    finally:
        if ray.is_initialized():
            ray.shutdown()
    for arm in ("base", "big-cards"):
        rows = read_rows(tmp_path / "ray" / arm / "results.csv")
        assert rows == read_rows(tmp_path / "here" / arm / "results.csv") and len(rows) == 16
    base, big = (read_rows(tmp_path / "here" / arm / "results.csv") for arm in ("base", "big-cards"))
    assert [row["scores"] for row in base] != [row["scores"] for row in big]  # (the changes were played)


def test_without_ray_the_backend_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # what an installation without the extra sees
    with pytest.raises(StudyError, match=r"pip install 'nutbox\[ray\]'"):
        make_backend("ray")
