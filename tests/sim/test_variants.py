"""Named variants compared side by side (`nutbox simulate --variants FILE`): a variants file is checked before
anything is played, each variant is played as the study it stands for (the same rows as that study played on its
own), and the comparison names what each variant changes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nutbox.core.data import CHANGES_VARIABLE
from nutbox.sim.results import read_rows
from nutbox.sim.study import StudyError
from nutbox.sim.variants import BASE, Variant, parse_variants, variant_plans

DIE = ["stop", "stop", "stop", "hunt", "hunt", "hunt-and-roll"]
VARIANTS = f"""
[rich-trucks]
data.trucks.0.points = 14

[stop-die]  # the die is also an option, whose default the components give
data.squirrel_die = {json.dumps(DIE)}

[short]
options.end_score = 30
"""


def nutbox(*args: str) -> subprocess.CompletedProcess[str]:
    environment = {key: value for key, value in os.environ.items() if key != CHANGES_VARIABLE}
    return subprocess.run([sys.executable, "-m", "nutbox.cli.main", *args], capture_output=True, text=True,
                          timeout=300, env=environment)


def test_a_variants_file_reads_as_names_with_options_and_changes() -> None:
    variants = parse_variants(VARIANTS)
    assert variants == [Variant("rich-trucks", {}, {"trucks": {"0": {"points": 14}}}),
                        Variant("stop-die", {}, {"squirrel_die": DIE}), Variant("short", {"end_score": "30"}, {})]
    assert parse_variants("[on]\noptions.competitive = true\n")[0].options == {"competitive": "on"}


@pytest.mark.parametrize(("text", "message"), [
    ("[a\n", "not TOML"),
    ("", "no variant"),
    ("[Big]\noptions.end_score = 3\n", "variant 'Big': name it with a-z"),
    ("[base]\noptions.end_score = 3\n", "and not 'base'"),
    ("[x]\nrules.end_score = 3\n", "'rules' is neither options nor data"),
    ("[x]\n", "give its options"),
    ("[x]\noptions.end_score = [1, 2]\n", "option end_score takes one value"),
    ("".join(f"[v{i}]\noptions.end_score = {i}\n" for i in range(8)), "at most 7"),
])
def test_a_bad_variants_file_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(StudyError, match=message):
        parse_variants(text)


def test_each_variant_is_checked_as_its_study_would_be() -> None:
    def plans(text: str) -> None:
        variant_plans(parse_variants(text), "nuts-factory", {}, ["random"], 2, 1)

    with pytest.raises(StudyError, match=r"variant bad: .*trucks\[0\]\.points"):
        plans("[bad]\ndata.trucks.0.points = 'many'\n")
    with pytest.raises(StudyError, match=r"variant slow: .*end_score"):
        plans("[slow]\noptions.end_score = -4\n")
    made = variant_plans(parse_variants(VARIANTS), "nuts-factory", {"end_score": "40"}, ["random"], 2, 1,
                         data={"trucks": {"1": {"points": 2}}})
    assert [label for label, _ in made] == [BASE, "rich-trucks", "stop-die", "short"]
    assert made[1][1].data == {"trucks": {"0": {"points": 14}, "1": {"points": 2}}}  # laid over the study's own
    assert made[3][1].options["end_score"] == 30 and made[3][1].data == {"trucks": {"1": {"points": 2}}}


def test_variants_play_as_their_own_studies_and_are_compared_with_the_base(tmp_path: Path) -> None:
    (tmp_path / "variants.toml").write_text(VARIANTS)
    study = ["simulate", "nuts-factory", "--seats", "random", "--games", "4", "--seed", "5", "--format", "csv"]
    out = tmp_path / "compared"
    done = nutbox(*study, "--workers", "1", "--variants", str(tmp_path / "variants.toml"), "--out", str(out))
    assert done.returncode == 0, done.stderr

    (tmp_path / "die.toml").write_text(f"squirrel_die = {json.dumps(DIE)}\n")
    alone = nutbox(*study, "--workers", "2", "--data", str(tmp_path / "die.toml"), "--out", str(tmp_path / "alone"))
    assert alone.returncode == 0, alone.stderr
    assert read_rows(out / "stop-die" / "results.csv") == read_rows(tmp_path / "alone" / "results.csv")
    assert json.loads(read_rows(out / "stop-die" / "results.csv")[0]["options"])["die"] == ",".join(DIE)

    base = read_rows(out / BASE / "results.csv")
    for name in ("rich-trucks", "stop-die", "short"):
        rows = read_rows(out / name / "results.csv")
        assert [row["seed"] for row in rows] == [row["seed"] for row in base]  # the same chance for every arm
        assert [row["decisions"] for row in rows] != [row["decisions"] for row in base]  # and another game

    compared = json.loads((out / "summary.json").read_text())
    assert compared["option"] == "variants"
    assert [arm["arm"] for arm in compared["arms"]] == [BASE, "rich-trucks", "stop-die", "short"]
    assert compared["arms"][1]["setting"] == "components changed: trucks[0].points = 14"
    assert compared["arms"][3]["setting"] == "Score that ends the game: 30"
    report = (out / "report.html").read_text()
    assert "Variants side by side" in report and "Differences from the first variant" in report
    assert all(f'href="{name}/report.html"' in report for name in (BASE, "rich-trucks", "stop-die", "short"))


def test_variants_are_refused_beside_a_sweep_or_mirror_matches(tmp_path: Path) -> None:
    (tmp_path / "variants.toml").write_text(VARIANTS)
    for extra in (["--sweep", "end_score=30,40"], ["--mirror", "random"]):
        done = nutbox("simulate", "nuts-factory", "--games", "2", "--variants", str(tmp_path / "variants.toml"),
                      *extra, "--out", str(tmp_path / "never"))
        assert done.returncode == 2 and not (tmp_path / "never").exists(), done.stderr
