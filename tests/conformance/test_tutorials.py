"""Every game's tutorial plays through its rules, and answers each decision as the learner needs."""

from __future__ import annotations

import random

import pytest

from nutbox.core import random_action
from nutbox.core.tutorial import Lesson, TutorialError, read
from nutbox.registry import BUILT_IN, entry, make


def lesson_of(game_id: str) -> Lesson:
    lesson = entry(game_id).lesson
    assert lesson is not None, f"{game_id} has no tutorial"
    return lesson


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_the_tutorial_replays_through_the_rules_and_teaches_by_decisions(game_id: str) -> None:
    lesson = lesson_of(game_id)  # building it replays every step (a broken step raises TutorialError)
    steps = lesson.tutorial.steps
    assert len(steps) >= 5
    assert sum(1 for step in steps if step.expect) >= 3, "a tutorial is learned by doing"
    for step in steps:
        assert len(step.say) <= 400, "a step says a sentence or two"


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_each_step_advances_on_its_decision_hints_on_another_and_cites_the_rule_on_an_illegal_one(
        game_id: str) -> None:
    lesson = lesson_of(game_id)
    game = lesson.game
    hinted = cited = 0
    for number, (step, state) in enumerate(zip(lesson.tutorial.steps, lesson.starts, strict=True)):
        if not step.expect:
            continue
        for text in step.expect:
            assert lesson.answer(number, text).kind == "advance"
        expected = {game.parse(text) for text in step.expect}
        others = [action for action in state.legal_actions() if action not in expected]
        if others:
            answer = lesson.answer(number, str(others[0]))
            assert (answer.kind, answer.text) == ("hint", step.hint)
            hinted += 1
        legal = set(state.legal_actions())
        illegal = next((action for action in map(game.action_from_index, range(game.num_actions))
                        if action not in legal), None)
        if illegal is not None:
            answer = lesson.answer(number, str(illegal))
            assert answer.kind == "illegal" and answer.text == state.why_illegal(illegal)
            cited += 1
        assert lesson.answer(number, "no such move at all").kind == "unreadable"
    assert hinted and cited


def test_a_tutorial_that_the_rules_refuse_fails_naming_its_step() -> None:
    text = """
        title = "Broken"
        [[steps]]
        say = "Take one nut."
        expect = ["take 1"]
        hint = "Take exactly one."
        [[steps]]
        play = ["take 2"]
        say = "Now take five."
        expect = ["take 5"]
        hint = "Five."
    """
    tutorial = read("take-away", text)
    with pytest.raises(TutorialError, match=r"step 2, expect: 'take 5'.*Taking nuts"):
        Lesson(tutorial, make("take-away"))


def test_a_step_that_expects_a_decision_must_say_what_other_choices_get() -> None:
    with pytest.raises(TutorialError, match="step 1: a step that expects a decision needs a 'hint'"):
        read("take-away", '[[steps]]\nsay = "Take one."\nexpect = ["take 1"]\n')


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_every_decision_has_a_rules_section_to_show(game_id: str) -> None:
    """"Show me the rules for this decision": at every decision of random games, at every player count, the
    game's guide names the section that explains it."""
    cls, words = entry(game_id).game, entry(game_id).face
    for players in range(cls.min_players, cls.max_players + 1):
        game = make(game_id, {"players": players})
        rng = random.Random(players)
        for _ in range(2):
            state = game.new_state()
            while not state.is_terminal():
                seat = state.to_move()
                if isinstance(seat, int):
                    view = state.view(seat)
                    assert words.rules_section(view) is not None, (players, words.decision(view))
                state.apply(random_action(state, rng))
