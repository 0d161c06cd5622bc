"""`nutbox simulate` and `nutbox rate` as a user meets them."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from nutbox.cli.main import app
from nutbox.sim.results import read_rows

runner = CliRunner()


def test_simulate_writes_rows_summary_and_report_and_rate_ranks_the_agents(tmp_path: Path) -> None:
    out = tmp_path / "study"
    args = ["simulate", "nuts-sorting", "--seats", "easy,random", "--games", "21", "--seed", "3", "--workers", "1",
            "--out", str(out)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "rounded up to 22" in result.output
    assert "player 1" in result.output and "first player's edge" in result.output
    rows = read_rows(out / "results.parquet")
    assert [row["index"] for row in rows] == list(range(22))
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 22 and summary["study"]["seats"] == ["easy", "random"]
    assert summary["lead"] is None  # Nuts Sorting keeps no running score
    page = (out / "report.html").read_text()
    assert "Balance study: Nuts Sorting" in page
    # the report links the files beside it (and no file that was not written: no CSV, no records)
    linked = re.findall(r'<a href="([^"]+)">', page)
    assert linked == ["results.parquet", "summary.json", "study.json", "journal.jsonl"]
    assert all((out / name).is_file() for name in linked)

    again = runner.invoke(app, args)  # a finished study is read back, not played again
    assert again.exit_code == 0 and "22 of 22 games already played" in again.output

    rated = runner.invoke(app, ["rate", str(out)])
    assert rated.exit_code == 0, rated.output
    table = rated.output[rated.output.index("#"):]
    assert table.index("easy") < table.index("random")  # greedy beats random at Nuts Sorting


def test_a_sweep_compares_the_values(tmp_path: Path) -> None:
    result = runner.invoke(app, ["simulate", "nut-hunt", "--players", "3", "--games", "6", "--workers", "1",
                                 "--sweep", "competitive=off,on", "--out", str(tmp_path), "--format", "csv"])
    assert result.exit_code == 0, result.output
    assert "Sweep over competitive" in result.output
    for value in ("off", "on"):
        assert len(read_rows(tmp_path / f"competitive={value}" / "results.csv")) == 6
    comparison = json.loads((tmp_path / "summary.json").read_text())
    assert [arm["arm"] for arm in comparison["arms"]] == ["competitive=off", "competitive=on"]
    assert 'href="competitive=on/report.html"' in (tmp_path / "report.html").read_text()
    assert (tmp_path / "sweep.png").exists()


def test_mirror_matches_give_the_first_seats_edge_a_lopsided_pairing_hides(tmp_path: Path) -> None:
    result = runner.invoke(app, ["simulate", "nuts-sorting", "--seats", "easy,random", "--games", "24", "--workers",
                                 "1", "--mirror", "easy", "--out", str(tmp_path), "--format", "csv"])
    assert result.exit_code == 0, result.output
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert not summary["first_player"]["readable"]  # easy wins nearly every game against random
    mirrored = json.loads((tmp_path / "mirror" / "summary.json").read_text())
    assert mirrored["study"]["seats"] == ["easy", "easy"] and mirrored["study"]["seed"] == summary["study"]["seed"]
    assert mirrored["first_player"]["readable"]
    assert summary["mirror"] == {"agent": "easy", "games": 24, "fair_share": mirrored["fair_share"],
                                 "first_player": mirrored["first_player"]}
    edge = 100 * mirrored["first_player"]["edge"]
    assert f"From 24 mirror matches of easy (in every seat): {edge:+.1f} percentage points" in " ".join(
        (tmp_path / "report.html").read_text().split())
    assert "first player's edge, mirror matches" in result.output


def test_bad_requests_are_told_what_is_wrong_and_play_nothing(tmp_path: Path) -> None:
    cases = [
        (["--seats", "easy,random,random"], "Nuts Sorting is for exactly 2 players, not 3"),
        (["--players", "2", "--seats", "easy,random,random"], "names 3 agents; this game of Nuts Sorting has 2"),
        (["--option", "speed=3"], "unknown option speed"),
        (["--option", "speed"], "write it as NAME=VALUE"),
        (["--format", "xlsx"], "'xlsx' is not one of 'parquet'"),  # refused by the CLI
        (["--backend", "spark"], "'spark' is not one of 'local'"),
        (["--address", "10.0.0.1:6379"], "use it with --backend ray"),
        (["--players", "2", "--option", "players=2"], "use one"),
        (["--mirror", "easy", "--sweep", "both_sorted=draw,first"],
         "--mirror with a comparison (--sweep, --variants): not yet"),
        (["--mirror", "clever"], "clever"),
    ]
    for extra, message in cases:
        out = tmp_path / "never"
        result = runner.invoke(app, ["simulate", "nuts-sorting", "--games", "2", "--out", str(out), *extra])
        assert result.exit_code == 2, (extra, result.output)
        assert message in " ".join(result.output.split()), (extra, result.output)
        assert not out.exists()
    other = runner.invoke(app, ["simulate", "nuts-sorting", "--games", "2", "--workers", "1", "--out",
                                str(tmp_path / "s")])
    assert other.exit_code == 0
    clash = runner.invoke(app, ["simulate", "nuts-sorting", "--games", "2", "--seed", "2", "--workers", "1",
                                "--out", str(tmp_path / "s")])
    assert clash.exit_code == 2 and "holds another study" in clash.output
