"""Each game's tutorial completed in chromium by following its own highlighted steps: a legal move the step
does not want gets the step's hint, an illegal one the rule that forbids it, and the end seats the learner at
a table against the easy bot."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from table_steps import new_page, rings_on_their_places, wait_for_turn

from nutbox.core.tutorial import Lesson
from nutbox.registry import BUILT_IN, entry


def lesson_of(game_id: str) -> Lesson:
    lesson = entry(game_id).lesson
    assert lesson is not None
    return lesson


def follow_the_highlight(page: Page) -> None:
    """Make the step's decision the way the page points to it: its outlined place on the board, else its
    outlined move in the list."""
    marked = page.locator("#board .expected")
    if marked.count():
        assert rings_on_their_places(page, "#board .expected", "#board .expected-ring") == marked.count()
        # a shape of the place, not its box's centre (a line to where a piece goes may stretch the box)
        shapes = marked.first.locator(", ".join(
            f":scope {shape}:not([pointer-events=none])" for shape in ("circle", "rect", "polygon", "path", "ellipse")
        ))
        (shapes.first if shapes.count() else marked.first).click(force=True)
    else:
        page.locator("#choices .action.expected").first.click()


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_the_tutorial_is_completed_by_following_its_highlights(server: str, browser: Browser, game_id: str) -> None:
    lesson = lesson_of(game_id)
    page = new_page(browser)
    page.goto(f"{server}/rules/{game_id}")
    page.click(f"a[href='/learn/{game_id}']")
    hinted = cited = 0
    for number, (step, state) in enumerate(zip(lesson.tutorial.steps, lesson.starts, strict=True)):
        expect(page.locator("#progress")).to_have_text(f"step {number + 1} of {len(lesson)}")
        expect(page.locator("#say")).to_have_text(step.say)
        if not step.expect:
            if number < len(lesson) - 1:
                page.click("#next")
            continue
        wanted = {lesson.game.parse(text) for text in step.expect}
        legal = state.legal_actions()
        other = next((action for action in legal if action not in wanted), None)
        if other is not None and not hinted:
            page.locator(f"#choices .action[data-action='{other}']").click()
            expect(page.locator("#answer.hint")).to_contain_text(step.hint)
            hinted += 1
        illegal = next((a for a in map(lesson.game.action_from_index, range(lesson.game.num_actions))
                        if a not in legal), None)
        if illegal is not None and not cited:
            page.fill("#typed-input", str(illegal))
            page.click("#typed button")
            rule = state.why_illegal(illegal)
            assert rule is not None
            expect(page.locator("#answer.illegal")).to_contain_text(rule[:60])
            cited += 1
        follow_the_highlight(page)
        if number == len(lesson) - 1:
            expect(page.locator("#answer.advance")).to_be_visible()
    assert hinted and cited
    expect(page.locator("#finale")).to_be_visible()
    page.click("#play")
    page.wait_for_url(lambda url: "/seat/" in url)
    assert wait_for_turn(page) == "Your move"
    page.context.close()
