"""Ratings (web/ratings.py): a win against an anchor raises a profile, a loss lowers it, a tie moves it less,
the anchors never move, and only tables of anchored bots are rated; and the leaderboard page that lists them."""

from __future__ import annotations

import math

from sqlalchemy import insert
from table_client import Client

from nutbox.web.db import profiles
from nutbox.web.people import People
from nutbox.web.ratings import ANCHORS, MODEL, PROVISIONAL, bot_subject, ordinal, rated_allowed, shown, update
from nutbox.web.seats import digest, new_secret

EASY = bot_subject("easy")


def test_a_profile_that_beats_an_anchor_rises_and_one_that_loses_falls() -> None:
    start = (25.0, 5.0, 3)
    won = update(["ann", EASY], [1, 2], {"ann": start})["ann"]
    lost = update([EASY, "ann"], [1, 2], {"ann": start})["ann"]
    assert won[0] > start[0] > lost[0]
    assert won[1] < start[1] and lost[1] < start[1]  # either way, the site is surer of them
    assert won[2] == lost[2] == 4


def test_a_tie_moves_less_than_a_win_or_a_loss() -> None:
    start = {"ann": (27.0, 4.0, 10)}
    tied = update(["ann", EASY], [1, 1], start)["ann"][0]
    won = update(["ann", EASY], [1, 2], start)["ann"][0]
    lost = update(["ann", EASY], [2, 1], start)["ann"][0]
    assert abs(tied - 27.0) < min(won - 27.0, 27.0 - lost)


def test_anchors_never_change_and_are_not_returned() -> None:
    before = dict(ANCHORS)
    current = {bot_subject("medium"): (0.0, 8.0, 99)}  # a stored row for a bot is ignored: the anchor is used
    new = update([bot_subject("medium"), "ann", bot_subject("hard")], [1, 2, 3], current)
    assert set(new) == {"ann"}
    assert before == ANCHORS
    assert ANCHORS["easy"][0] < ANCHORS["medium"][0] < ANCHORS["hard"][0]
    # losing to medium costs less than losing to easy: the model knows medium is the stronger
    to_medium = update([bot_subject("medium"), "ann"], [1, 2], {})["ann"][0]
    to_easy = update([EASY, "ann"], [1, 2], {})["ann"][0]
    assert to_easy < to_medium


def test_a_profile_with_no_rating_starts_at_the_default() -> None:
    first = update(["new", "old"], [1, 1], {"old": (MODEL.mu, MODEL.sigma, 5)})
    assert first["new"][0] == first["old"][0] == MODEL.mu  # two equal ratings that tie stay where they are
    assert first["new"][2] == 1 and first["old"][2] == 6
    assert shown(MODEL.mu, MODEL.sigma) == 1000 and ordinal(MODEL.mu, MODEL.sigma) == 0


def test_a_profile_in_two_seats_takes_the_mean_of_its_updates() -> None:
    new = update(["ann", EASY, "ann"], [1, 2, 3], {})["ann"]
    settled = {"other": (MODEL.mu, MODEL.sigma, PROVISIONAL)}  # (past its first games: it counts in full)
    first = update(["ann", EASY, "other"], [1, 2, 3], settled)["ann"]
    last = update(["other", EASY, "ann"], [1, 2, 3], settled)["ann"]
    assert abs(new[0] - (first[0] + last[0]) / 2) < 1e-9 and new[2] == 1


def test_only_tables_of_anchored_bots_and_two_seats_or_more_are_rated() -> None:
    assert rated_allowed(["human", "easy"]) is None
    assert rated_allowed(["human", "human", "medium", "hard"]) is None
    assert "random" in (rated_allowed(["human", "random"]) or "")
    assert "mcts:sims=50" in (rated_allowed(["human", "mcts:sims=50"]) or "")
    assert rated_allowed(["human", "greedy"]) is not None  # the easy bot's kind, but not named as the level
    assert "one player" in (rated_allowed(["human"]) or "")


def test_a_hundred_shown_points_are_what_they_are_in_elo() -> None:
    """For settled players (sigmas near 0), Plackett-Luce's chance that the better wins matches Elo's."""
    gap = 1.0
    points = shown(25.0 + gap, 0.0) - shown(25.0, 0.0)
    plackett_luce = 1 / (1 + math.exp(-gap / (math.sqrt(2) * MODEL.beta)))
    elo = 1 / (1 + 10 ** (-points / 400))
    assert 29 <= points <= 30 and abs(plackett_luce - elo) < 0.002


# --- the page -------------------------------------------------------------------------------------------------
def rated(server: Client, game: str, players: int, ratings: dict[str, tuple[float, float, int]]) -> None:
    """Profiles named by the keys, each with its rating in `game` at `players` players, written straight to disk."""
    hub = server.http.app.state.hub  # type: ignore[attr-defined]
    people: People = hub.people
    ids = {}
    for name in ratings:
        ids[name] = new_secret()[:16]
        row = {"id": ids[name], "name": name, "key_hash": digest(new_secret()), "created": 0.0}
        people.store.write(lambda db, row=row: db.execute(insert(profiles).values(**row))).result()
    people.store.write(people.rate(game, players, {ids[name]: rating for name, rating in ratings.items()},
                                   0.0)).result()


def test_the_leaderboard_lists_the_rated_best_first_with_names_escaped(server: Client) -> None:
    rated(server, "nut-cards", 2, {"Bo": (26.0, 2.0, 12), "<b>x</b>": (30.0, 1.5, 40), "Cy": (24.0, 7.0, 1)})
    rated(server, "nut-cards", 3, {"Di": (40.0, 1.0, 99)})
    page = server.http.get("/leaderboard/nut-cards")
    assert page.status_code == 200
    text = page.text
    assert "&lt;b&gt;x&lt;/b&gt;" in text and "<b>x</b>" not in text
    order = [text.index(name) for name in ("&lt;b&gt;x&lt;/b&gt;", "Bo", "Cy")]
    assert order == sorted(order)
    assert str(shown(30.0, 1.5)) in text and "Di" not in text  # three players is another board
    assert "?players=3" in text and "/leaderboard/nuts-factory" in text
    for level, (mu, sigma) in ANCHORS.items():
        assert level in text and str(shown(mu, sigma)) in text
    three = server.http.get("/leaderboard/nut-cards", params={"players": "3"})
    assert three.status_code == 200 and "Di" in three.text and "Bo" not in three.text


def test_the_leaderboard_refuses_unknown_games_and_player_counts(server: Client) -> None:
    assert server.http.get("/leaderboard/chess").status_code == 404
    for count, words in (("1", "never rated"), ("4", "rated at 2, 3"), ("two", "number of players")):
        response = server.http.get("/leaderboard/nut-cards", params={"players": count})
        assert response.status_code == 400 and words in response.text, response.text
    empty = server.http.get("/leaderboard/nut-hunt")  # 1 to 5 players: the board opens at two
    assert empty.status_code == 200 and "Nobody is rated" in empty.text and "2 players" in empty.text


def test_a_newcomers_first_games_move_others_little_and_their_own_in_full() -> None:
    """A fresh profile cannot hand anyone many points (rating farming with new profiles)."""
    old_hand = {"ann": (30.0, 4.0, 40), "bea": (30.0, 4.0, 40)}
    against_settled = update(["ann", "bea"], [1, 2], old_hand)
    against_newcomer = update(["ann", "cleo"], [1, 2], old_hand)
    gain_settled = against_settled["ann"][0] - 30.0
    gain_newcomer = against_newcomer["ann"][0] - 30.0
    assert 0 < gain_newcomer <= gain_settled / PROVISIONAL + 1e-9
    assert against_newcomer["cleo"][0] < MODEL.mu, "the newcomer's own loss counts in full"
    fifth = update(["ann", "cleo"], [1, 2], {**old_hand, "cleo": (MODEL.mu, MODEL.sigma, PROVISIONAL - 1)})
    assert fifth["ann"][0] - 30.0 > gain_newcomer, "each game a newcomer plays, their results count for more"
