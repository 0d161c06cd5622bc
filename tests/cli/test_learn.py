"""`nutbox learn GAME` walks each game's tutorial from typed input, answering as the browser's tutorial does."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from nutbox.cli.main import app
from nutbox.registry import BUILT_IN, entry

runner = CliRunner()


def script(game_id: str) -> tuple[list[str], int]:
    """The inputs that complete a tutorial, trying first a legal move the step does not want (where there is
    one) and an unreadable one; and how many wrong-but-legal tries it makes."""
    lesson = entry(game_id).lesson
    assert lesson is not None
    inputs, wrong = [], 0
    for step, state in zip(lesson.tutorial.steps, lesson.starts, strict=True):
        if not step.expect:
            inputs.append("")
            continue
        wanted = {lesson.game.parse(text) for text in step.expect}
        legal = state.legal_actions()
        other = next((index for index, action in enumerate(legal, 1) if action not in wanted), None)
        if other is not None:
            inputs.append(str(other))  # by its number in the list
            wrong += 1
        inputs += ["fly to the moon", step.expect[0]]
    return [*inputs, "n"], wrong


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_learn_completes_the_tutorial_from_typed_input(game_id: str) -> None:
    lesson = entry(game_id).lesson
    assert lesson is not None
    inputs, wrong = script(game_id)
    result = runner.invoke(app, ["learn", game_id], input="\n".join(inputs) + "\n")
    assert result.exit_code == 0, result.output
    steps = len(lesson)
    assert f"Step {steps} of {steps}:" in result.output
    assert result.output.count("Not quite:") == wrong and wrong > 0
    assert result.output.count("I could not read that:") == sum(1 for step in lesson.tutorial.steps if step.expect)
    assert lesson.tutorial.finale.split()[0] in result.output
    assert "Left the tutorial" not in result.output
    assert "ress Next" not in result.output  # the page's button; here it is Enter
    assert "type 'hint' at the prompt" in " ".join(result.output.split())


def test_a_number_outside_the_list_asks_again() -> None:
    lesson = entry("nuts-sorting").lesson
    assert lesson is not None and lesson.tutorial.steps[0].expect  # the first step asks for a decision
    moves = len(lesson.starts[0].legal_actions())
    result = runner.invoke(app, ["learn", "nuts-sorting"], input=f"{moves + 1}\nquit\n")
    assert f"There are {moves} moves: type a number from 1 to {moves}." in result.output
    assert "Left the tutorial." in result.output


def test_learn_refuses_a_game_without_a_tutorial_and_an_unknown_game() -> None:
    assert "has no tutorial" in runner.invoke(app, ["learn", "take-away"]).output
    unknown = runner.invoke(app, ["learn", "chess"])
    assert unknown.exit_code != 0 and "no game called 'chess'" in unknown.output
