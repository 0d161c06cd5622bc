"""The studies workbench on a real server (`nutbox serve --studies`): what it refuses, and a study cancelled,
resumed and cut off by server restarts that ends with every game played exactly once."""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from launch import running_server, server_process

FORM = {"players": "2", "seat0": "easy", "seat1": "random", "games": "8", "seed": "3"}


def post(url: str, fields: dict[str, str]) -> tuple[int, str, str]:
    """A form sent as the site's own page sends it: (status, where it leads, the page)."""
    request = urllib.request.Request(url, urllib.parse.urlencode(fields).encode(),
                                     headers={"Sec-Fetch-Site": "same-origin"})

    class Stay(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any) -> None:
            return None

    try:
        with urllib.request.build_opener(Stay).open(request, timeout=30) as response:
            return response.status, response.headers.get("location", ""), response.read().decode()
    except urllib.error.HTTPError as answer:
        return answer.code, answer.headers.get("location", ""), answer.read().decode()


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as answer:
        return answer.code, answer.read().decode()


def progress(url: str, study: str) -> dict[str, Any]:
    status, text = get(f"{url}/api/studies/{study}")
    assert status == 200, text
    answer: dict[str, Any] = json.loads(text)
    return answer


def wait_for(url: str, study: str, done: Any, seconds: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        now = progress(url, study)
        if done(now):
            return now
        assert time.monotonic() < deadline, f"the study never got there: {now}"
        time.sleep(0.2)


def studies_options(folder: Path, nice: int = 3) -> tuple[str, ...]:
    return ("--studies", "--studies-dir", str(folder / "studies"), "--study-workers", "1", "--study-nice", str(nice))


def niceness_of_study(folder: Path) -> set[int]:
    """The niceness of each process playing a study of `folder` (`nutbox simulate` and its workers), from /proc."""
    found = set()
    for process in Path("/proc").iterdir():
        try:
            command = (process / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            if str(folder / "studies") in command and "simulate" in command:
                found.add(int((process / "stat").read_text().rsplit(")", 1)[1].split()[16]))
        except (OSError, ValueError, IndexError):
            continue
    return found


@pytest.fixture(scope="module")
def workbench(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    folder = tmp_path_factory.mktemp("workbench")
    with running_server(f"sqlite:///{folder / 'tables.sqlite3'}", options=studies_options(folder)) as url:
        yield url, folder / "studies"


def test_off_unless_the_operator_turns_it_on(tmp_path: Path) -> None:
    with running_server(f"sqlite:///{tmp_path / 'tables.sqlite3'}") as url:
        status, page = get(f"{url}/studies")
        assert status == 404 and "nutbox serve --studies" in page
        status, _, page = post(f"{url}/studies/new/nuts-sorting", FORM)
        assert status == 404 and "nutbox serve --studies" in page


@pytest.mark.parametrize(("change", "reason"), [
    ({"games": "0"}, "games is a whole number from 1 to 100,000"),
    ({"games": "1e9"}, "games is a whole number from 1 to 100,000"),
    ({"seat1": "mcts:sims=100000000"}, "each seat is played by one of random, easy, medium, hard"),
    ({"players": "3"}, "players is a whole number from 2 to 2"),
    ({"both_sorted": "nobody"}, "both_sorted"),
    ({"vary": "players"}, "&#39;players&#39; is not an option of Nuts Sorting that a study can vary"),
    ({"vary": "both_sorted", "values": "draw"}, "compare 2 to 8 values of both_sorted, not 1"),
    ({"vary": "both_sorted", "values": "draw,draw"}, "a value of both_sorted is listed twice"),
    ({"vary": "both_sorted", "values": "draw,nobody"}, "both_sorted"),
    ({"mirror": "clever"}, "mirror matches are played by one of random, easy, medium, hard"),
    ({"changes": "[colours]\nred = 3\n"}, "Nuts Sorting has no component data to change"),
    ({"vary": "both_sorted", "values": "draw,first", "mirror": "easy"},
     "mirror matches beside a comparison of values: not yet"),
])
def test_a_study_outside_its_bounds_is_refused_with_the_reason_and_nothing_starts(
        workbench: tuple[str, Path], change: dict[str, str], reason: str) -> None:
    url, studies = workbench
    before = set(studies.iterdir())
    status, _, page = post(f"{url}/studies/new/nuts-sorting", {**FORM, **change})
    assert status == 400
    assert reason in page
    assert set(studies.iterdir()) == before


def test_a_study_from_another_site_is_refused(workbench: tuple[str, Path]) -> None:
    url, studies = workbench
    before = set(studies.iterdir())
    request = urllib.request.Request(f"{url}/studies/new/nuts-sorting", urllib.parse.urlencode(FORM).encode(),
                                     headers={"Sec-Fetch-Site": "cross-site"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 403
    assert set(studies.iterdir()) == before


def test_mirror_matches_asked_on_the_page_show_their_progress_and_the_first_seats_edge(
        workbench: tuple[str, Path]) -> None:
    url, _ = workbench
    status, where, _ = post(f"{url}/studies/new/nuts-sorting", {**FORM, "mirror": "easy"})
    assert status == 303
    study = where.rsplit("/", 1)[1]
    finished = wait_for(url, study, lambda now: now["status"] == "finished")
    assert finished["arms"] == [{"label": "the study", "games": 8, "played": 8},
                                {"label": "mirror matches of easy", "games": 8, "played": 8}]
    status, page = get(f"{url}/studies/{study}")
    assert status == 200
    assert "with mirror matches of easy" in page and "From 8 mirror matches of easy (in every seat): " in page
    status, report = get(f"{url}/studies/{study}/files/mirror/report.html")
    assert status == 200 and "Balance study: Nuts Sorting" in report


def journal(folder: Path, study: str) -> list[str]:
    path = folder / "studies" / study / "out" / "journal.jsonl"
    return path.read_text().splitlines() if path.exists() else []


def test_cancelled_resumed_and_restarted_a_study_loses_no_game_and_plays_none_twice(tmp_path: Path) -> None:
    folder, games = tmp_path, 300
    database = f"sqlite:///{folder / 'tables.sqlite3'}"
    with server_process(database, options=studies_options(folder)) as (url, _):
        status, where, _ = post(f"{url}/studies/new/nut-hunt", {**FORM, "seat0": "random", "games": str(games)})
        assert status == 303
        study = where.rsplit("/", 1)[1]
        wait_for(url, study, lambda now: now["arms"][0]["played"] >= 20)
        assert niceness_of_study(folder) == {os.getpriority(os.PRIO_PROCESS, 0) + 3}  # (below the server's)
        status, _, _ = post(f"{url}/studies/{study}/cancel", {})
        assert status == 303
        cancelled = wait_for(url, study, lambda now: now["status"] == "cancelled", seconds=30)
        kept = journal(folder, study)
        assert 20 <= len(kept) == cancelled["arms"][0]["played"] < games - 100
        time.sleep(1)
        assert journal(folder, study) == kept  # (nothing plays on once it is cancelled)
        status, _, page = post(f"{url}/studies/{study}/cancel", {})
        assert status == 409 and "only a waiting or running study can be cancelled" in page
    with server_process(database, options=studies_options(folder)) as (url, _):
        assert progress(url, study)["status"] == "cancelled"  # (a restart leaves a cancelled study alone)
        status, _, _ = post(f"{url}/studies/{study}/resume", {})
        assert status == 303
        under_way = wait_for(url, study, lambda now: now["arms"][0]["played"] >= len(kept) + 50)
        assert under_way["status"] == "running"
    # the server stopped with the study under way: the next start takes it up by itself
    with server_process(database, options=studies_options(folder)) as (url, _):
        finished = wait_for(url, study, lambda now: now["status"] == "finished")
        assert finished["arms"][0]["played"] == games
        lines = journal(folder, study)
        assert lines[:len(kept)] == kept  # what was finished before stays as it was
        indices = sorted(json.loads(line)["row"]["index"] for line in lines)
        assert indices == list(range(games))  # every game once
        status, results = get(f"{url}/studies/{study}/files/results.csv")
        assert status == 200 and len(results.strip().splitlines()) == games + 1
        status, page = get(f"{url}/studies/{study}")
        assert status == 200 and "First player's edge over a fair share" in page
        status, _ = get(f"{url}/studies/{study}/files/..%2F..%2Ftables.sqlite3")
        assert status == 404


def test_a_study_with_changed_components_is_checked_by_the_games_schema_and_plays_with_them(
        workbench: tuple[str, Path]) -> None:
    url, studies = workbench
    form = {**FORM, "seat0": "random", "games": "2"}
    before = set(studies.iterdir())
    for changes, reason in [("[trucks.0\n", "the changes to the components are not TOML"),
                            ("[trucks.0]\npoints = &quot;many&quot;\n".replace("&quot;", '"'),
                             "nuts-factory components, trucks[0].points: Input should be a valid integer"),
                            ("[trucks.30]\npoints = 3\n", "there is no item &#39;30&#39;")]:
        status, _, page = post(f"{url}/studies/new/nuts-factory", {**form, "changes": changes})
        assert status == 400 and reason in page, (changes, page[-600:])
    assert set(studies.iterdir()) == before
    status, data = get(f"{url}/studies/data/nuts-factory")
    assert status == 200 and json.loads(data)["trucks"][0]["points"] == 4  # (as printed, whatever studies change)

    status, where, _ = post(f"{url}/studies/new/nuts-factory", {**form, "changes": "[trucks.0]\npoints = 14\n"})
    assert status == 303
    study = where.rsplit("/", 1)[1]
    wait_for(url, study, lambda now: now["status"] == "finished")
    status, page = get(f"{url}/studies/{study}")
    assert "components changed: trucks[0].points = 14" in page
    status, results = get(f"{url}/studies/{study}/files/results.csv")
    assert status == 200 and '""data"": {""trucks"": {""0"": {""points"": 14}}}' in results


def test_named_variants_are_checked_then_played_and_shown_side_by_side_with_what_each_changes(
        workbench: tuple[str, Path]) -> None:
    url, studies = workbench
    form = {**FORM, "seat0": "random", "games": "2"}
    before = set(studies.iterdir())
    for variants, reason in [("[rich\n", "the variants are not TOML"),
                             ("[Rich]\ndata.trucks.0.points = 14\n", "variant &#39;Rich&#39;: name it with a-z"),
                             ("[rich]\ndata.trucks.0.points = -1\n", "variant rich: nuts-factory components, "
                                                                     "trucks[0].points"),
                             ("[short]\noptions.end_score = 0\n", "variant short:")]:
        status, _, page = post(f"{url}/studies/new/nuts-factory", {**form, "variants": variants})
        assert status == 400 and reason in page, (variants, page[-600:])
    status, _, page = post(f"{url}/studies/new/nuts-factory", {**form, "variants": "[short]\noptions.end_score = 30\n",
                                                              "vary": "end_score", "values": "30,40"})
    assert status == 400 and "compare one thing at a time" in page
    assert set(studies.iterdir()) == before

    variants = "[rich]\ndata.trucks.0.points = 14\n[short]\noptions.end_score = 30\n"
    status, where, _ = post(f"{url}/studies/new/nuts-factory", {**form, "variants": variants})
    assert status == 303
    study = where.rsplit("/", 1)[1]
    now = wait_for(url, study, lambda now: now["status"] == "finished")
    assert [(arm["label"], arm["played"]) for arm in now["arms"]] == [("base", 2), ("rich", 2), ("short", 2)]
    status, page = get(f"{url}/studies/{study}")
    assert status == 200 and "The variants side by side" in page and "comparing variants: base, rich, short" in page
    assert "rich: components changed: trucks[0].points = 14" in page
    assert "short: Score that ends the game: 30" in page
    assert "random&#39;s points a game" in page  # (a change of points shows in the points)
    status, results = get(f"{url}/studies/{study}/files/rich/results.csv")
    assert status == 200 and '""data"": {""trucks"": {""0"": {""points"": 14}}}' in results
    status, results = get(f"{url}/studies/{study}/files/short/results.csv")
    assert status == 200 and '""end_score"": 30' in results and "data" not in results


def test_a_sweep_of_an_options_values_plays_each_value_and_shows_them_side_by_side(workbench: tuple[str, Path]) -> None:
    url, _ = workbench
    status, where, _ = post(f"{url}/studies/new/nuts-sorting", {**FORM, "seat0": "random", "games": "2",
                                                                 "vary": "both_sorted", "values": ""})
    assert status == 303
    study = where.rsplit("/", 1)[1]
    now = wait_for(url, study, lambda now: now["status"] == "finished")
    labels = [arm["label"] for arm in now["arms"]]
    assert len(labels) >= 2 and all(arm["played"] == 2 for arm in now["arms"])  # (every choice of the option)
    status, page = get(f"{url}/studies/{study}")
    assert status == 200 and "The values side by side" in page and "comparing Both sorted" in page
    assert page.count("against") >= len(labels) - 1  # each value against the first


def test_a_server_given_a_ray_cluster_plays_its_studies_there_as_the_command_line_does(tmp_path: Path) -> None:
    """serve --study-ray HOST:PORT: each study is `nutbox simulate ... --backend ray --address HOST:PORT` (which
    tests/sim/test_ray_cluster.py plays on a real cluster of two nodes), with no --workers of this machine."""
    from nutbox.web.workbench import StudyRequest

    request = StudyRequest("nut-hunt", ("easy", "random"), 6, 1, {"players": "2"})
    here = request.arguments(tmp_path, 2)
    there = request.arguments(tmp_path, 2, "127.0.0.1:6379")
    at = there.index("--backend")
    assert there[at:at + 4] == ["--backend", "ray", "--address", "127.0.0.1:6379"] and "--workers" not in there
    at_here = here.index("--workers")
    assert here[at_here:at_here + 2] == ["--workers", "2"] and "--backend" not in here
    assert here[:at_here] + here[at_here + 2:] == there[:at] + there[at + 4:]  # (the same study otherwise)
