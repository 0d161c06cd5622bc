"""Studies of a game with changed component data (`nutbox simulate --data`): a change the game's schema refuses is
refused with the field's message, the results and records name the changes, and a record replays exactly in a
process of its own. Changes hold for a whole process, so the studies here run as the command a designer types."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nutbox.core import NutboxError
from nutbox.core.data import CHANGES_VARIABLE, ComponentError, patched
from nutbox.registry import check_data_changes, data_changes, game_class, use_data_changes
from nutbox.sim.results import read_rows

TRUCKS = "[trucks.0]\npoints = 14\n[trucks.1]\npoints = 14\n"


def nutbox(*args: str) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if key != CHANGES_VARIABLE}
    return subprocess.run([sys.executable, "-m", "nutbox.cli.main", *args], capture_output=True, text=True,
                          timeout=300, env=environment)


def test_a_patch_merges_objects_replaces_values_and_reaches_list_items_by_number() -> None:
    data = {"trucks": [{"id": 1, "points": 4}, {"id": 2, "points": 5}], "die": ["a", "b"], "columns": 8}
    changed = patched(data, {"trucks": {"1": {"points": 9}}, "die": ["c"], "columns": 7})
    assert changed == {"trucks": [{"id": 1, "points": 4}, {"id": 2, "points": 9}], "die": ["c"], "columns": 7}
    assert data["trucks"][1]["points"] == 5  # (the data read stays as it was)
    with pytest.raises(ComponentError, match=r"changes, trucks: a list of 2 items, numbered from 0; there is no "
                                             r"item '2'"):
        patched(data, {"trucks": {"2": {"points": 1}}})


@pytest.mark.parametrize(("patch", "message"), [
    ({"trucks": {"0": {"points": "many"}}}, "nuts-factory components, trucks[0].points: Input should be a valid "
                                            "integer, got 'many'"),
    ({"trucks": {"0": {"colour": "red"}}}, "nuts-factory components, trucks[0].colour: Extra inputs are not "
                                           "permitted"),
    ({"squirrel_die": ["leap"]}, "nuts-factory components, squirrel_die: faces must be among stop, scamper, hunt, "
                                 "hunt-and-roll, not ['leap']"),
])
def test_a_change_the_schema_refuses_is_refused_with_the_fields_message_and_changes_nothing(
        patch: dict[str, object], message: str) -> None:
    with pytest.raises(ComponentError) as refused:
        check_data_changes("nuts-factory", patch)
    assert message in str(refused.value)
    assert data_changes("nuts-factory") == {}
    assert CHANGES_VARIABLE not in os.environ


def test_a_game_without_data_and_a_process_that_already_plays_the_game_refuse_changes() -> None:
    with pytest.raises(ComponentError, match="Nuts Sorting has no component data to change"):
        check_data_changes("nuts-sorting", {"colours": 3})
    game_class("nuts-factory")  # (this process now plays it as printed)
    with pytest.raises(NutboxError, match="already plays nuts-factory with its components as printed"):
        use_data_changes("nuts-factory", {"trucks": {"0": {"points": 14}}})
    assert data_changes("nuts-factory") == {} and CHANGES_VARIABLE not in os.environ


def test_a_study_with_changes_names_them_and_its_records_replay_exactly(tmp_path: Path) -> None:
    changes = tmp_path / "changes.toml"
    changes.write_text(TRUCKS)
    out = tmp_path / "study"
    done = nutbox("simulate", "nuts-factory", "--seats", "easy,random", "--games", "4", "--workers", "2", "--data",
                  str(changes), "--records", "--format", "csv", "--out", str(out))
    assert done.returncode == 0, done.stderr
    patch = {"trucks": {"0": {"points": 14}, "1": {"points": 14}}}
    assert json.loads((out / "study.json").read_text())["data"] == patch
    rows = read_rows(out / "results.csv")
    assert all(json.loads(row["options"])["data"] == patch for row in rows)  # (so ratings never mix variants)
    assert "components changed: trucks[0].points = 14, trucks[1].points = 14" in (out / "report.html").read_text()

    records = [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines()]
    assert all(record["data"] == patch for record in records)
    for record, row in zip(records, rows, strict=True):
        saved = tmp_path / f"game{row['index']}.json"
        saved.write_text(json.dumps(record))
        replayed = nutbox("replay", str(saved), "--json")
        assert replayed.returncode == 0, replayed.stderr
        final = json.loads(replayed.stdout)
        assert (final["scores"], final["winners"]) == (row["scores"], row["winners"])
    # the same actions under the printed trucks are another game: it does not end where this one did
    printed = {key: value for key, value in records[0].items() if key != "data"}
    saved.write_text(json.dumps(printed))
    other = nutbox("replay", str(saved), "--json")
    assert other.returncode != 0 or json.loads(other.stdout).get("scores") != rows[0]["scores"]

    again = nutbox("simulate", "nuts-factory", "--seats", "easy,random", "--games", "4", "--workers", "1",
                   "--records", "--format", "csv", "--out", str(out))
    assert again.returncode == 2 and "holds another study" in again.stderr  # (changes are part of the study)


def test_a_bad_changes_file_is_refused_before_anything_is_played(tmp_path: Path) -> None:
    changes = tmp_path / "changes.toml"
    for text, message in [("[trucks.0\n", "not TOML"), ("[trucks.0]\npoints = -3\n", "trucks[0].points"),
                          ("[trucks.40]\npoints = 3\n", "there is no item '40'")]:
        changes.write_text(text)
        done = nutbox("simulate", "nuts-factory", "--games", "2", "--data", str(changes), "--out",
                      str(tmp_path / "never"))
        assert done.returncode == 2, done.stderr
        assert message in " ".join(done.stderr.split())
        assert not (tmp_path / "never").exists()
