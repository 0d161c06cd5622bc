"""The game page speaks to the player, in every game: the decision in a sentence above the board, moves in
words, a panel per seat with its score and (only on its own page) its secret cards, what a bot just did
marked on the board, the turn in the tab title, and at the end a score table and a new game."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect
from table_steps import click_a_decision, create_table, new_page, rings_on_their_places, take_seat, wait_for_turn

GAMES = {"nuts-sorting": 2, "nut-hunt": 3, "nuts-factory": 2, "in-the-nuts": 2, "nut-cards": 2}
# games where a seat holds cards no one else may see from the start (in Nuts! bonus cards come later: the
# unit tests in tests/games/nuts_factory/test_words.py show them in their holder's panel only)
SECRETS = {"nut-hunt"}


@pytest.mark.parametrize("game", GAMES)
def test_a_seat_reads_its_decision_panels_and_moves_in_words(server: str, browser: Browser, game: str) -> None:
    page = new_page(browser)
    players = GAMES[game]
    links, spectator = create_table(page, server, game, ["human", *["easy"] * (players - 1)])
    take_seat(page, links[0])
    assert wait_for_turn(page) == "Your move"
    prompt = page.locator("#prompt")
    expect(prompt).to_contain_text("Your turn: ")
    assert len(prompt.inner_text()) > len("Your turn: ") + 8
    assert page.title().startswith("▶ Your turn")
    assert page.locator("#board #prompt").count() == 0  # the sentence is the page's, not the picture's
    panels = page.locator("#panels .panel")
    expect(panels).to_have_count(players)
    expect(page.locator("#panels .panel.to-move")).to_have_count(1)
    assert any(text.startswith("Score:") for text in page.locator("#panels .panel .score").all_inner_texts())
    for button in page.locator("#legal button.action").all()[:10]:
        label, notation = button.locator(".label").inner_text(), button.locator(".notation").inner_text()
        assert label and label != notation
    if game in SECRETS:
        # (their full text folds under one line naming them: read even while folded)
        own = page.locator("#panels .panel[data-seat='0'] .card strong").all_text_contents()
        assert own, "the seat's own secret cards are in its panel"
        watcher = new_page(browser)
        watcher.goto(spectator)
        expect(watcher.locator("#panels .panel")).to_have_count(players)
        expect(watcher.locator("#prompt")).to_contain_text("Waiting for Player 1 to ")
        assert not watcher.title().startswith("▶")
        assert watcher.locator("#panels .card").count() == 0 and watcher.locator("#legal").count() == 0
        assert not any(card in watcher.content() for card in own)
        watcher.context.close()
    # a decision, then the bots answer: what they changed is marked, and the turn comes back
    for _ in range(8):
        click_a_decision(page)
        if wait_for_turn(page) != "Your move":
            break
        if page.locator("#table").get_attribute("data-recent") not in (None, "0"):
            break
    assert int(page.locator("#table").get_attribute("data-recent") or 0) > 0, "a bot's move is marked on the board"
    expect(page.locator("#board .recent").first).to_be_attached()
    assert rings_on_their_places(page, "#board .recent", "#board .recent-ring")
    page.context.close()


def test_the_end_shows_the_score_table_and_play_again_moves_everyone_to_a_new_table(server: str,
                                                                                  browser: Browser) -> None:
    page = new_page(browser)
    links, _ = create_table(page, server, "nuts-sorting", ["human", "random"])
    first = take_seat(page, links[0])
    while wait_for_turn(page) == "Your move":
        click_a_decision(page)
    expect(page.locator("#result .score-table")).to_be_visible()
    expect(page.locator("#result .score-table tr")).to_have_count(3)
    expect(page.locator("#result .winner")).not_to_be_empty()
    page.click("#again")
    page.wait_for_url(lambda url: "/seat/" in url and url != first)
    # seats moved one place on: the person who sat first now sits second
    expect(page.locator("#who")).to_have_text("Player 2")
    expect(page.locator("#prompt")).not_to_be_empty()
    page.context.close()
