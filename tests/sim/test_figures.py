"""The shapes of a study's data (nutbox.sim.figures) and the JSON and HTML written from them, byte for byte.

The golden files in tests/sim/golden/ were written from hand-made rows, before the figures were typed; a
change to them is a change to what every study writes (run this file's `write_golden` to renew them, and
review the diff).
"""

from __future__ import annotations

import dataclasses
import json
import typing
from pathlib import Path
from types import UnionType

from nutbox.sim.figures import Row
from nutbox.sim.report import study_html, sweep_html
from nutbox.sim.results import COLUMNS
from nutbox.sim.stats import compare, summarize
from nutbox.sim.study import Plan

GOLDEN = Path(__file__).parent / "golden"


def plan(game: str = "nut-hunt", seats: tuple[str, ...] = ("easy", "random"), games: int = 8) -> Plan:
    """A plan made by hand, so that no game's rules version or default options reach the golden files."""
    return Plan(game=game, options={"players": len(seats), "competitive": False, "variant": "basic"}, seats=seats,
                seed=11, games=games, rules_version="3", nutbox_version="0.1.0",
                agent_settings={"easy": "greedy", "random": "random", "hard": "ismcts:sims=1000"})


def row(index: int, agents: list[str], scores: list[float], winners: list[int], halfway: int | None = None,
        changes: int | None = 0, error: str | None = None) -> Row:
    failed = error is not None
    return {
        "index": index, "block": index // len(agents), "rotation": index % len(agents), "seed": 100 + index,
        "game": "nut-hunt", "options": "{}", "agents": agents, "agent_settings": agents,
        "scores": None if failed else scores, "winners": None if failed else winners,
        "decisions": None if failed else 10 + 3 * index, "actions": None if failed else 20 + 5 * index,
        "lead_changes": None if failed else changes, "halfway_leader": None if failed else halfway,
        # (the nut-hunt rows keep parts: a nest's worth and the rest of each score)
        "score_parts": None if failed or changes is None else json.dumps(
            [{"nests": float(score // 2), "objectives": score - score // 2} for score in scores]),
        "error": error, "rules_version": "3", "nutbox_version": "0.1.0",
    }


def studies() -> dict[str, tuple[Plan, list[Row]]]:
    """Three studies: leads followed, with a shared win, a draw and failures; no running score; nothing played."""
    two = ["easy", "random"]
    return {
        "mixed": (plan(), [
            row(0, two, [5, 3], [0], halfway=0, changes=1),
            row(1, two[::-1], [2, 7.5], [1], halfway=0, changes=2),
            row(2, two, [4, 4], [0, 1], halfway=None),
            row(3, two[::-1], [1, 6], [1], error="RuntimeError: boom (at nutbox/x.py:3 in f)"),
            row(4, two, [3, 3], [], halfway=1, changes=0),
            row(5, two[::-1], [0, 9], [1], halfway=1, changes=4),
            row(6, two, [8, 2], [0], halfway=0, changes=1),
            row(7, two[::-1], [6, 6], [0], halfway=None, changes=3),
        ]),
        "unscored": (plan("nuts-sorting", ("hard", "hard"), 4), [
            row(i, ["hard", "hard"], [1, 0] if i % 3 else [0, 1], [0] if i % 3 else [1], changes=None)
            for i in range(4)
        ]),
        "failed": (plan(games=2), [row(i, ["easy", "random"], [], [], error="ValueError: <bad> & worse")
                                   for i in range(2)]),
    }


def written() -> dict[str, str]:
    """Every file these studies and their sweep would write from their figures (the pictures aside)."""
    files = {}
    summaries = {name: summarize(*study) for name, study in studies().items()}
    for name, summary in summaries.items():
        files[f"{name}.summary.json"] = json.dumps(summary, indent=1) + "\n"
        files[f"{name}.report.html"] = study_html(summary, "overview.png")
    comparison = compare([(f"variant={name}", summary) for name, summary in summaries.items()])
    files["sweep.summary.json"] = json.dumps({"option": "variant", "arms": comparison}, indent=1) + "\n"
    files["sweep.report.html"] = sweep_html("variant", comparison, "sweep.png")
    return files


def write_golden() -> None:
    GOLDEN.mkdir(exist_ok=True)
    for name, text in written().items():
        (GOLDEN / name).write_text(text)


def test_summaries_comparison_and_reports_are_written_as_before() -> None:
    files = written()
    assert sorted(files) == sorted(path.name for path in GOLDEN.iterdir())
    for name, text in files.items():
        assert text == (GOLDEN / name).read_text(), name


def test_a_row_has_the_results_columns_in_order() -> None:
    kinds = {int: "int", float: "float", str: "str", list[int]: "int list", list[float]: "float list",
             list[str]: "str list"}
    hints = typing.get_type_hints(Row)
    assert list(hints) == list(COLUMNS)
    for name, hint in hints.items():
        value = hint
        if isinstance(hint, UnionType):  # X | None: a figure a failed game lacks
            (value,) = (arg for arg in typing.get_args(hint) if arg is not type(None))
        assert kinds[value] == COLUMNS[name], name


def test_a_plan_is_stored_with_every_field_in_order() -> None:
    study = plan()
    stored = study.to_json()
    assert list(stored) == [field.name for field in dataclasses.fields(Plan)]
    assert stored == {**dataclasses.asdict(study), "seats": list(study.seats)}
    assert Plan.from_json(json.loads(json.dumps(stored))) == study
    assert study.identity() == {key: value for key, value in stored.items() if key != "games"}
    assert list(study.identity()) == [key for key in stored if key != "games"]
