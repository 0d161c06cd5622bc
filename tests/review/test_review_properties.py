"""What a review promises whatever the game (nutbox/review/game_review.py): it judges each decision from the deciding
seat's view only, it is the same every time and in any process, it skips what is no decision, and its summary
and its JSON say what its judgements say."""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
import random
import statistics
from concurrent.futures import ProcessPoolExecutor
from functools import partial

import pytest

from nutbox.agents import make_agent
from nutbox.cli.review_cmd import in_pool
from nutbox.core import Game, Record, State, draw_chance, replay
from nutbox.registry import make
from nutbox.review import Budget, Decision, Review, review
from nutbox.review.estimate import Outcome, outcomes
from nutbox.review.game_review import decisions, held_out, judge, mark_of

from .planted import nut_cards, nut_hunt, nuts_factory, state_at

CHEAP = Budget(playouts=4, candidates=2)


def states_by_step(record: Record, game: Game) -> list[State]:
    """A copy of the state before each action of the record (and the last one)."""
    return [state.clone() for state, _ in replay(record, game)]


# --- the seat's view, and nothing else -------------------------------------------------------------------------
def factory_with_a_hidden_card() -> tuple[Record, Game, int]:
    """A game of Nuts! between easy bots (chance seeded), up to the first decision with a choice taken while the
    other player holds a bonus card the deciding seat cannot see; the record and that decision's step."""
    game = make("nuts-factory")
    bots = [make_agent("easy", game, seat, seed=seat) for seat in range(game.num_players)]
    rng = random.Random(3)
    state = game.new_state()
    record = Record.start(game, 3)
    while True:
        who = state.to_move()
        if isinstance(who, int) and state.hands[1 - who] and len(state.legal_actions()) > 1:
            action = bots[who].act(state.view(who), state.legal_actions())
            record.actions.append(str(action))
            return record, game, len(record.actions) - 1
        action = draw_chance(state, rng) if state.is_chance() else bots[who].act(state.view(who), state.legal_actions())
        state.apply(action)
        record.actions.append(str(action))
        assert not state.is_terminal(), "no bonus card was drawn in the whole game"


def hidden_case(case: str) -> tuple[Record, Game, int]:
    """A record (finished or not) and the step of a decision whose seat cannot see everything."""
    if case == "nuts-factory, the other holding a bonus card":
        return factory_with_a_hidden_card()
    hunt = nut_hunt()  # Player 2's objectives and the deck's order are hidden from Player 1
    step = hunt.step if case == "nut-hunt, the last decision" else hunt.record.actions.index("recruit CF")
    return hunt.record, hunt.game, step


@pytest.mark.parametrize("case", ["nut-hunt, the last decision", "nut-hunt, a recruit mid-game",
                                  "nuts-factory, the other holding a bonus card"])
def test_a_judgement_reads_the_seats_view_and_nothing_it_cannot_see(case: str) -> None:
    record, game, step = hidden_case(case)
    truth = state_at(record, game, step)
    seat = truth.to_move()
    assert isinstance(seat, int)
    (decision,) = decisions(record, game, [seat], steps={step})
    # the decision is the seat's view then, its legal moves and the move made: nothing else
    assert [field.name for field in dataclasses.fields(Decision)] == [
        "game_id", "options", "step", "seat", "turn", "view", "legal", "made", "seed"]
    assert decision.view == truth.view(seat)
    assert decision.legal == [str(action) for action in truth.legal_actions()]
    assert decision.made == record.actions[step]
    json.dumps(dataclasses.asdict(decision))  # plain data: no state, no game object rides along

    # another whole state the view allows, its hidden parts drawn otherwise
    other = next((drawn for k in range(50) if (drawn := game.determinize(decision.view, random.Random(k))).key()
                  != truth.key()), None)
    assert other is not None, "the view hides nothing here: no drawn state differs from the truth"
    assert other.view(seat) == decision.view
    legal = [str(action) for action in other.legal_actions()]
    assert legal == decision.legal
    elsewhere = Decision(decision.game_id, decision.options, step, seat, decision.turn, other.view(seat), legal,
                         decision.made, decision.seed)
    assert elsewhere == decision  # a decision made from the other state is the same decision ...
    assert judge(elsewhere, game, CHEAP) == judge(decision, game, CHEAP)  # ... and judged the same


def with_another_deal_for_player_2(record: Record) -> Record:
    """The planted Nut Hunt game with Player 2 dealt objectives 40, 41, 42 (keeping 40 and 41) instead of 44, 45,
    43 (keeping 44 and 45): all else alike, and nothing of it in Player 1's view."""
    actions = list(record.actions)
    first = actions.index("draw 44")
    assert actions[first:first + 3] == ["draw 44", "draw 45", "draw 43"]
    actions[first:first + 3] = ["draw 40", "draw 41", "draw 42"]
    actions[actions.index("discard 43")] = "discard 42"
    return dataclasses.replace(record, actions=actions)


def test_two_games_that_differ_only_where_the_seat_cannot_see_get_the_same_review() -> None:
    planted = nut_hunt()
    game, record = planted.game, planted.record
    other = with_another_deal_for_player_2(record)
    ours, theirs = states_by_step(record, game), states_by_step(other, game)
    assert ours[-1].is_terminal() and theirs[-1].is_terminal()
    # (the objectives are shown to all once the game is over: up to then)
    assert all(a.view(0) == b.view(0) for a, b in zip(ours[:-1], theirs[:-1], strict=True))
    assert ours[planted.step].key() != theirs[planted.step].key()
    assert ours[planted.step].view(1) != theirs[planted.step].view(1)
    late = {decision.step for decision in list(decisions(record, game, [0]))[-4:]}
    assert planted.step in late
    first, second = (review(r, game, seats=[0], budget=CHEAP, steps=late) for r in (record, other))
    assert len(first.decisions) == 4
    assert first.to_json() == second.to_json()


# --- the same review every time ---------------------------------------------------------------------------------
def progress_into(told: list[tuple[int, int]], done: int, total: int) -> None:
    told.append((done, total))


def test_the_same_record_gives_the_same_review_twice_and_in_other_processes() -> None:
    planted = nuts_factory()
    hunt = nut_hunt()
    late = {decision.step for decision in list(decisions(hunt.record, hunt.game, [0, 1]))[-6:]}
    cases = [(planted.record, planted.game, None), (hunt.record, hunt.game, late)]
    # "spawn": fresh interpreters, nothing inherited from this process (and, unless PYTHONHASHSEED is set, each
    # with its own string hashing, so no set or dict order of this process can carry over)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        for record, game, steps in cases:
            once = review(record, game, budget=CHEAP, steps=steps).to_json()
            told: list[tuple[int, int]] = []
            pooled = review(record, game, budget=CHEAP, steps=steps, mapper=in_pool(pool, CHEAP),
                            progress=partial(progress_into, told))
            assert review(record, game, budget=CHEAP, steps=steps).to_json() == once
            assert pooled.to_json() == once
            total = len(once["decisions"])
            assert told == [(done, total) for done in range(1, total + 1)]


# --- what is reviewed -------------------------------------------------------------------------------------------
def kinds_of_step(record: Record, game: Game) -> tuple[list[int], list[int], list[int]]:
    """The record's steps by what was decided there: (chance, a seat's only legal move, a seat's choice)."""
    states = states_by_step(record, game)[:-1]
    chance = [step for step, state in enumerate(states) if state.is_chance()]
    forced = [step for step, state in enumerate(states) if not state.is_chance() and len(state.legal_actions()) == 1]
    choices = [step for step, state in enumerate(states) if not state.is_chance() and len(state.legal_actions()) > 1]
    return chance, forced, choices


def test_chance_and_forced_moves_are_skipped_and_each_seats_choices_numbered_from_1() -> None:
    planted = nut_cards()  # the second taker of a round takes the one card left in the column: forced
    chance, forced, choices = kinds_of_step(planted.record, planted.game)
    assert chance and forced and choices
    listed = list(decisions(planted.record, planted.game, [0, 1]))
    assert [decision.step for decision in listed] == choices
    for seat in (0, 1):
        assert [decision.turn for decision in listed if decision.seat == seat] == list(
            range(1, sum(decision.seat == seat for decision in listed) + 1))
    asked = {chance[-1], forced[-1], choices[-2]}
    assert [judged.step for judged in review(planted.record, planted.game, budget=CHEAP, steps=asked).decisions] == [
        choices[-2]]


def test_a_whole_review_judges_every_choice_once_from_the_seat_that_made_it() -> None:
    planted = nuts_factory()
    states = states_by_step(planted.record, planted.game)
    _, _, choices = kinds_of_step(planted.record, planted.game)
    result = review(planted.record, planted.game, budget=CHEAP)
    assert result.seats == [0, 1] and [judged.step for judged in result.decisions] == choices
    for judged in result.decisions:
        state = states[judged.step]
        assert judged.seat == state.to_move() and judged.made == planted.record.actions[judged.step]
        assert judged.best in [str(action) for action in state.legal_actions()]
        assert 0 <= judged.made_chance <= judged.best_chance <= 1
        assert judged.mark is None or judged.best != judged.made


def test_seats_and_steps_choose_what_is_reviewed_and_keep_each_decisions_number() -> None:
    planted = nuts_factory()
    whole = review(planted.record, planted.game, budget=CHEAP)
    second = review(planted.record, planted.game, seats=[1], budget=CHEAP)
    assert second.seats == [1] and [summary.seat for summary in second.summary()] == [1]
    assert second.decisions == [judged for judged in whole.decisions if judged.seat == 1]
    assert {judged.seat for judged in whole.decisions} == {0, 1}
    one = whole.decisions[5]
    assert review(planted.record, planted.game, budget=CHEAP, steps={one.step}).decisions == [one]
    with pytest.raises(ValueError, match="seats"):
        review(planted.record, planted.game, seats=[2], budget=CHEAP)


def test_an_unfinished_game_is_refused() -> None:
    planted = nuts_factory()
    unfinished = dataclasses.replace(planted.record, actions=planted.record.actions[:-1])
    with pytest.raises(ValueError, match="finished"):
        review(unfinished, planted.game, budget=CHEAP)


# --- what a review says -----------------------------------------------------------------------------------------
def test_a_recheck_judges_again_only_what_the_first_playouts_mark_on_fresh_playouts_alone() -> None:
    """A decision the first playouts mark keeps the best move they found, but its mark and both chances come from
    the fresh playouts alone: the first ones chose the best move and the mark, so they overstate the drop."""
    planted = nuts_factory(2)  # (a planted game whose first playouts mark a decision that fresh ones overturn)
    raw = dataclasses.replace(CHEAP, calibrated=False)
    first = review(planted.record, planted.game, budget=dataclasses.replace(raw, recheck=0)).decisions
    again = review(planted.record, planted.game, budget=raw).decisions
    assert any(judged.mark for judged in first)
    by_step = {decision.step: decision for decision in decisions(planted.record, planted.game, [0, 1])}
    overturned = []
    for before, after in zip(first, again, strict=True):
        if before.mark is None:
            assert after == before
            continue
        decision = by_step[after.step]
        best, made = planted.game.parse(before.best), planted.game.parse(before.made)
        fresh = outcomes(planted.game, decision.view, decision.seat, [best, made], raw.recheck * raw.playouts,
                         f"{decision.seed}:recheck")
        assert after.made_chance == fresh[made].chance
        if fresh[made].chance < fresh[best].chance:
            assert (after.best, after.best_chance) == (before.best, fresh[best].chance)
        else:  # the fresh playouts find the move made as good: it is the best found, and nothing is marked
            assert (after.best, after.best_chance, after.mark) == (before.made, fresh[made].chance, None)
            overturned.append(after.step)
    assert overturned, "the planted game should hold a first mark that fresh playouts overturn"


def test_the_best_moves_chance_is_held_out_judged_on_the_playouts_that_did_not_choose_it() -> None:
    """"b" did best on the even-numbered playouts and "c" on the odd ones: each is judged on the other half."""
    def outcome(wins: list[float], places: list[float]) -> Outcome:
        return Outcome(statistics.fmean(wins), statistics.fmean(places), tuple(wins), tuple(places))

    found = {"a": outcome([0, 0, 0, 1], [2, 2, 2, 1]),  # the move made: 25%
             "b": outcome([1, 0, 1, 1], [1, 2, 1, 1]),  # 75%: evens 100%, odds 50%
             "c": outcome([0, 1, 1, 1], [2, 1, 1, 1])}  # 75%: evens 50%, odds 100%
    best, shown = held_out(found, "b", "a")  # (moves as strings: held_out only compares and keys them)
    assert best == "b"
    assert (shown["b"].chance, shown["b"].place) == (0.5 * (0.5 + 0.5), 0.5 * (1.5 + 1.5))
    assert shown["a"] == found["a"]
    # held out, no better than the move made: the move made is the best found
    assert held_out({**found, "a": outcome([0, 1, 1, 1], [2, 1, 1, 1])}, "b", "a")[0] == "a"
    # one move best on both halves keeps its own chance on each
    sure = {**found, "b": outcome([1, 1, 1, 1], [1, 1, 1, 1])}
    assert held_out(sure, "b", "a")[1]["b"].chance == 1.0


def test_an_unmarked_decision_shows_the_best_chance_held_out_and_nothing_else_changes() -> None:
    """Held out, the best move's chance can only fall (the best judged on the playouts that chose it is the
    highest of them); marks, the moves made and their chances stay."""
    planted = nuts_factory(2)
    raw = dataclasses.replace(CHEAP, calibrated=False)
    chosen = review(planted.record, planted.game, budget=dataclasses.replace(raw, held_out=False))
    out = review(planted.record, planted.game, budget=raw)
    lower = 0
    for before, after in zip(chosen.decisions, out.decisions, strict=True):
        assert (after.mark, after.made, after.made_chance, after.made_place) == (
            before.mark, before.made, before.made_chance, before.made_place)
        if before.mark:
            assert after == before
            continue
        assert after.best_chance <= before.best_chance
        if after.best_chance > after.made_chance:
            assert after.best == before.best
        else:
            assert (after.best, after.best_chance) == (after.made, after.made_chance)
        lower += after.best_chance < before.best_chance
    assert lower, "the planted game should hold a best move its own playouts overstated"
    assert all(a.accuracy >= b.accuracy for a, b in zip(out.summary(), chosen.summary(), strict=True))


def test_a_review_stored_before_marks_were_rechecked_says_it_rechecked_none() -> None:
    planted = nuts_factory()
    stored = review(planted.record, planted.game, budget=CHEAP, steps=set()).to_json()
    del stored["budget"]["recheck"], stored["budget"]["held_out"]
    assert (Review.from_json(stored).budget.recheck, Review.from_json(stored).budget.held_out) == (0, False)


def test_a_review_survives_a_trip_through_json() -> None:
    planted = nuts_factory()
    result = review(planted.record, planted.game, budget=CHEAP)
    assert any(judged.mark for judged in result.decisions)
    again = Review.from_json(json.loads(json.dumps(result.to_json())))
    assert again == result
    assert again.summary() == result.summary()


def test_the_summary_counts_each_seats_decisions_marks_and_accuracy_100_minus_the_mean_drop() -> None:
    planted = nuts_factory()
    result = review(planted.record, planted.game, budget=CHEAP)
    summaries = result.summary()
    assert [summary.seat for summary in summaries] == [0, 1]
    for summary in summaries:
        mine = [judged for judged in result.decisions if judged.seat == summary.seat]
        drops = [max(0.0, judged.best_chance - judged.made_chance) for judged in mine]
        assert summary.decisions == len(mine)
        assert summary.accuracy == round(100 - 100 * statistics.fmean(drops), 1)
        assert summary.marks == {mark: sum(judged.mark == mark for judged in mine)
                                 for mark in ("blunder", "mistake", "inaccuracy")}
    assert any(summary.accuracy < 100 for summary in summaries)
    nobody = Review(result.game, [0, 1], result.budget, [])
    assert [(summary.decisions, summary.accuracy) for summary in nobody.summary()] == [(0, 100.0), (0, 100.0)]


@pytest.mark.parametrize(("drop", "error", "mark"), [
    (0.30, 0.0, "blunder"), (0.2999, 0.0, "mistake"), (0.15, 0.0, "mistake"), (0.1499, 0.0, "inaccuracy"),
    (0.07, 0.0, "inaccuracy"), (0.0699, 0.0, None), (1.0, 0.5, "blunder"), (1.0, 0.5001, None),
    (0.2, 0.1, "mistake"), (0.2, 0.1001, None), (0.0, 0.0, None),
])
def test_a_drop_is_marked_by_its_size_only_when_it_is_at_least_two_standard_errors(
        drop: float, error: float, mark: str | None) -> None:
    assert mark_of(drop, error) == mark


@pytest.mark.parametrize(("drop", "error", "shown", "mark"), [
    (0.40, 0.1, 0.29, "mistake"), (0.10, 0.0, 0.31, "blunder"), (0.40, 0.2001, 0.9, None), (0.2, 0.0, 0.0, None),
])
def test_a_sure_drop_is_marked_by_the_size_of_the_drop_shown(drop: float, error: float, shown: float,
                                                             mark: str | None) -> None:
    """Whether a drop is sure is the raw playouts' to say; how bad it is, the calibrated chances' shown."""
    assert mark_of(drop, error, shown) == mark
