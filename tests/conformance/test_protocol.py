"""The protocol every game promises (docs/architecture.md, "Conformance"), checked through the protocol only.

Nothing here imports a game or branches on one: each test runs on the `game` fixture (conftest.py), which is
every registered game at every player count it supports. Games are played at random: chance is drawn from a
seeded `random.Random` through `chance_outcomes`, decisions uniformly among the legal actions, so every
failure message names the seed and step that reproduce it.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import statistics
from collections.abc import Iterator
from typing import Any

import pytest

from nutbox.core import (
    CHANCE,
    TERMINAL,
    Action,
    Event,
    Game,
    IllegalAction,
    Record,
    State,
    events_for,
    final_state,
    options_to_dict,
    replay,
)
from nutbox.registry import make

MAX_STEPS = 20_000  # a random game that has not ended by then is taken not to end
PLAYOUT_SEEDS = range(30)  # cheap checks: every node of these games
FEW_SEEDS = range(10)  # heavier checks: every node of these games, or a sample of long ones
SAMPLE_SEEDS = range(3)  # the heaviest checks: a sample of nodes of these games
CAP = 150  # about how many nodes of one game a heavy check looks at (see `stride`)
DRAWS = 12  # determinizations per seat and node


# --- playing at random ----------------------------------------------------------------------------------
def sample_chance(state: State, rng: random.Random) -> Action:
    outcomes = state.chance_outcomes()
    assert outcomes, f"a chance node with no outcomes ({state.view(None)})"
    return rng.choices([action for action, _ in outcomes], [p for _, p in outcomes])[0]


def choose(state: State, rng: random.Random) -> Action:
    """A chance outcome drawn by its probability, or a legal decision drawn uniformly."""
    if state.is_chance():
        return sample_chance(state, rng)
    legal = state.legal_actions()
    assert legal, f"seat {state.to_move()} is to move but has no legal action ({state.view(None)})"
    return rng.choice(legal)


def walk(game: Game, seed: int) -> Iterator[tuple[int, State, Action | None]]:
    """A random game: (step, state, the action about to be applied), ending with (step, terminal state, None).

    The state is the live one: look at it and clone it, but apply nothing to it.
    """
    rng = random.Random(seed)
    state = game.new_state()
    for step in range(MAX_STEPS):
        if state.is_terminal():
            yield step, state, None
            return
        action = choose(state, rng)
        yield step, state, action
        state.apply(action)
    pytest.fail(f"seed {seed}: the game has not ended after {MAX_STEPS} random steps")


def game_length(game: Game, seed: int) -> int:
    """How many actions the random game of `seed` takes (it is the same game every time, so it is played
    once per game and seed: every capped check asks)."""
    at = (game.id, json.dumps(options_to_dict(game.options), sort_keys=True), seed)
    if at not in _LENGTHS:
        _LENGTHS[at] = max(step for step, _, _ in walk(game, seed))
    return _LENGTHS[at]


_LENGTHS: dict[tuple[str, str, int], int] = {}


def stride(game: Game, seed: int, every: int, cap: int) -> int:
    """Every `every`-th node, or sparser so that a long game yields about `cap` of them.

    Heavy checks budget nodes rather than games, so that a game whose random playouts run to hundreds of
    steps costs the suite about as much as a short one, and still gets checked from its start to its end.
    """
    return max(every, -(-game_length(game, seed) // cap))


def sample_nodes(game: Game, seed: int, every: int, cap: int = 10**9) -> Iterator[tuple[int, State, Action | None]]:
    """Every `every`-th decision node and every `every`-th chance node of a random game (sparser when the
    game is long: see `stride`), and its end."""
    if cap < 10**9:
        every = stride(game, seed, every, cap)
    seen = {"decision": 0, "chance": 0}
    for step, state, action in walk(game, seed):
        if action is None:
            yield step, state, action
            continue
        kind = "chance" if state.is_chance() else "decision"
        if seen[kind] % every == 0:
            yield step, state, action
        seen[kind] += 1


# --- looking at a state ---------------------------------------------------------------------------------
def all_views(state: State) -> list[dict[str, Any]]:
    """The spectator's view, then each seat's."""
    return [state.view(None), *(state.view(seat) for seat in range(state.game.num_players))]


def shown(state: State) -> dict[str, Any]:
    """Everything the protocol shows of a state, copied so that later changes to the state cannot reach it.

    Actions are frozen, so copying the lists is enough; views are JSON (a test below holds them to it), so
    a trip through JSON copies them several times faster than deepcopy.
    """
    return {
        "to_move": state.to_move(),
        "legal": list(state.legal_actions()),
        "chance": list(state.chance_outcomes()),
        "views": json.loads(json.dumps(all_views(state))),
    }


def snapshot(state: State) -> dict[str, Any]:
    """The whole state, for comparing positions where the state, not what a seat sees, is the subject: its
    key (test_the_key_is_the_whole_state holds it to everything shown) and what the protocol lists."""
    return {
        "to_move": state.to_move(),
        "legal": list(state.legal_actions()),
        "chance": list(state.chance_outcomes()),
        "key": state.key(),
    }


def full_information(state: State) -> str:
    """Every seat's view together: all that anyone knows, hidden parts included."""
    return json.dumps([state.view(seat) for seat in range(state.game.num_players)], sort_keys=True)


def scramble(value: Any) -> None:
    """Overwrite every list and dict inside a JSON-like value, in place."""
    if isinstance(value, dict):
        for inner in value.values():
            if type(inner) not in _ATOMS:  # (views are mostly atoms: those are passed over without a call)
                scramble(inner)
        value.clear()
        value["scrambled"] = True
    elif isinstance(value, list):
        for inner in value:
            if type(inner) not in _ATOMS:
                scramble(inner)
        value[:] = ["scrambled"]


_ATOMS = frozenset({str, int, float, bool, type(None)})


def illegal_actions(game: Game, state: State, rng: random.Random, count: int) -> list[Action]:
    """Up to `count` distinct actions from the action space that the rules forbid in `state`."""
    found: list[Action] = []
    for _ in range(50 * count):
        action = game.action_from_index(rng.randrange(game.num_actions))
        if action not in found and state.why_illegal(action) is not None:
            found.append(action)
            if len(found) == count:
                return found
    for index in range(game.num_actions):  # most of the space is legal here: look through all of it
        action = game.action_from_index(index)
        if action not in found and state.why_illegal(action) is not None:
            found.append(action)
            if len(found) == count:
                break
    return found


# --- the checks -----------------------------------------------------------------------------------------
def test_random_playouts_end_with_decisions_open_until_the_end(game: Game) -> None:
    for seed in PLAYOUT_SEEDS:
        for step, state, _ in walk(game, seed):
            where = f"seed {seed}, step {step}"
            who = state.to_move()
            legal = state.legal_actions()
            if who is TERMINAL:
                assert state.is_terminal() and not state.is_chance(), where
                assert legal == [], f"{where}: the game is over, yet legal_actions() lists {legal[:5]}"
                assert state.chance_outcomes() == [], f"{where}: the game is over, yet chance has outcomes"
            elif who is CHANCE:
                assert state.is_chance() and not state.is_terminal(), where
                assert legal == [], f"{where}: a chance node, yet legal_actions() lists {legal[:5]}"
                assert state.chance_outcomes(), f"{where}: a chance node without outcomes"
            else:
                assert isinstance(who, int) and not isinstance(who, bool), f"{where}: to_move() is {who!r}"
                assert 0 <= who < game.num_players, f"{where}: seat {who} to move of {game.num_players}"
                assert not state.is_chance() and not state.is_terminal(), where
                assert legal, f"{where}: seat {who} is to move but has no legal action"
                assert state.chance_outcomes() == [], f"{where}: a seat's decision, yet chance has outcomes"


def test_legal_actions_come_in_a_stable_order(game: Game) -> None:
    for seed in FEW_SEEDS:
        for step, state, _ in walk(game, seed):
            where = f"seed {seed}, step {step}"
            legal, outcomes = state.legal_actions(), state.chance_outcomes()
            assert state.legal_actions() == legal, f"{where}: legal_actions() changed when asked again"
            assert state.chance_outcomes() == outcomes, f"{where}: chance_outcomes() changed when asked again"
            twin = state.clone()
            assert twin.legal_actions() == legal, f"{where}: a clone lists the legal actions differently"
            assert twin.chance_outcomes() == outcomes, f"{where}: a clone lists the chance outcomes differently"


def test_chance_outcomes_are_probability_distributions(game: Game) -> None:
    for seed in PLAYOUT_SEEDS:
        for step, state, _ in walk(game, seed):
            if not state.is_chance():
                continue
            where = f"seed {seed}, step {step}"
            outcomes = state.chance_outcomes()
            actions = [action for action, _ in outcomes]
            assert len(set(actions)) == len(actions), f"{where}: an outcome is listed twice: {actions}"
            for action, p in outcomes:
                assert isinstance(p, float | int) and not isinstance(p, bool), f"{where}: {action}: p = {p!r}"
                assert math.isfinite(p) and p > 0, f"{where}: outcome {action} has probability {p}"
            total = math.fsum(p for _, p in outcomes)
            assert abs(total - 1) <= 1e-9, f"{where}: the outcomes' probabilities sum to {total!r}"


def test_legal_actions_agree_with_why_illegal_over_the_whole_action_space(game: Game) -> None:
    space = [game.action_from_index(index) for index in range(game.num_actions)]
    in_space = set(space)
    for seed in SAMPLE_SEEDS:
        for step, state, _ in sample_nodes(game, seed, every=7, cap=CAP // 2):
            where = f"seed {seed}, step {step}"
            outcomes = [action for action, _ in state.chance_outcomes()]
            allowed = outcomes if state.is_chance() else state.legal_actions()
            outside = [str(action) for action in allowed if action not in in_space]
            assert not outside, f"{where}: listed but not in the action space: {outside[:5]}"
            allowed_set = set(allowed)
            for action in space:
                rule = state.why_illegal(action)
                if action in allowed_set:
                    assert rule is None, f"{where}: {action} is listed as legal, but why_illegal says {rule!r}"
                else:
                    assert rule is not None, f"{where}: {action} is not listed, but why_illegal allows it"
                    assert isinstance(rule, str) and rule.strip(), f"{where}: {action} is refused with {rule!r}"


def test_an_illegal_action_raises_and_changes_nothing(game: Game) -> None:
    rng = random.Random(1)
    for seed in SAMPLE_SEEDS:
        for step, state, action in sample_nodes(game, seed, every=5, cap=CAP // 2):
            for illegal in illegal_actions(game, state, rng, 3):
                where = f"seed {seed}, step {step}, {illegal}"
                before = snapshot(state)
                untouched = state.clone()
                with pytest.raises(IllegalAction) as caught:
                    state.apply(illegal)
                rule = caught.value.rule
                assert isinstance(rule, str) and rule.strip(), f"{where}: refused without a rule: {rule!r}"
                assert caught.value.action == illegal, where
                assert rule == untouched.why_illegal(illegal), f"{where}: apply and why_illegal disagree"
                assert snapshot(state) == before, f"{where}: the refused action changed the state"
                if action is not None:  # and the state still goes on as one never tried
                    assert snapshot(state.child(action)) == snapshot(untouched.child(action)), (
                        f"{where}: after the refused action, {action} leads somewhere else"
                    )


def test_clones_are_independent(game: Game) -> None:
    for seed in FEW_SEEDS:
        every = stride(game, seed, 1, CAP)
        rng = random.Random(seed)
        state = game.new_state()
        for step in range(MAX_STEPS):
            if state.is_terminal():
                break
            where = f"seed {seed}, step {step}"
            action = choose(state, rng)
            if step % every:
                state.apply(action)
                continue
            kept = state.clone()
            kept_before = snapshot(kept)
            other = state.clone()
            before = snapshot(state)
            other.apply(action)
            assert snapshot(state) == before, f"{where}: applying {action} to a clone changed the original"
            state.apply(action)
            assert snapshot(kept) == kept_before, f"{where}: applying {action} changed an earlier clone"
            assert snapshot(state) == snapshot(other), f"{where}: {action} did different things to twins"


def test_a_record_replays_the_game(game: Game) -> None:
    for seed in FEW_SEEDS:
        record = Record.start(game, seed)
        keys: list[Any] = []  # the whole position at each step (the key stands for it: test_the_key_is_the_whole_state)
        end: dict[str, Any] = {}
        returns: list[float] = []
        for _, state, action in walk(game, seed):
            keys.append(state.key())
            if action is None:
                end, returns = snapshot(state), state.returns()
            else:
                record.actions.append(str(action))
        text = json.dumps(record.to_json())
        loaded = Record.from_json(json.loads(text))
        assert loaded == record, f"seed {seed}: the record changed through JSON"
        again = make(loaded.game, loaded.options)
        assert again.options == game.options, f"seed {seed}: the record's options make another game"
        steps = 0
        for step, (state, events) in enumerate(replay(loaded, again)):
            assert state.key() == keys[step], f"seed {seed}: step {step} replays differently"
            assert all(isinstance(event, Event) for event in events), f"seed {seed}, step {step}"
            steps += 1
        assert steps == len(record.actions) + 1, f"seed {seed}: replay gave {steps} states"
        last = final_state(loaded, again)
        assert snapshot(last) == end, f"seed {seed}: the replayed end differs from the game's"
        assert last.returns() == returns, f"seed {seed}"


def test_action_text_and_index_round_trip_for_everything_played(game: Game) -> None:
    # an action's text and index are the game's, not the state's: each distinct action is read back once (a game
    # lists the same ones at many nodes), and each node's list is checked for shared indices and texts
    read_back: dict[Action, int] = {}
    for seed in FEW_SEEDS:
        for step, state, _ in walk(game, seed):
            where = f"seed {seed}, step {step}"
            for actions in (state.legal_actions(), [action for action, _ in state.chance_outcomes()]):
                indices = []
                for action in actions:
                    if action in read_back:
                        indices.append(read_back[action])
                        continue
                    text = str(action)
                    assert isinstance(text, str) and text.strip(), f"{where}: {action!r} has no text"
                    assert game.parse(text) == action, f"{where}: {text!r} reads back as {game.parse(text)!r}"
                    index = game.action_index(action)
                    assert isinstance(index, int) and 0 <= index < game.num_actions, f"{where}: {text}: {index}"
                    assert game.action_from_index(index) == action, f"{where}: {text}: index {index}"
                    indices.append(read_back.setdefault(action, index))
                assert len(set(indices)) == len(indices), f"{where}: two actions share an index"
                assert len({str(action) for action in actions}) == len(actions), f"{where}: two share a text"


def test_the_whole_action_space_round_trips(game: Game) -> None:
    assert isinstance(game.num_actions, int) and game.num_actions > 0
    for index in range(game.num_actions):
        action = game.action_from_index(index)
        assert isinstance(action, Action), f"index {index}: {action!r} is not an Action"
        assert game.action_index(action) == index, f"index {index}: {action} encodes as {game.action_index(action)}"
        assert game.parse(str(action)) == action, f"index {index}: {str(action)!r} does not read back"


def test_views_are_json_and_carry_the_result(game: Game) -> None:
    seats = [None, *range(game.num_players)]
    for seed in FEW_SEEDS:
        for step, state, _ in sample_nodes(game, seed, 1, CAP):
            where = f"seed {seed}, step {step}"
            views = all_views(state)
            for seat, view in zip(seats, views, strict=True):
                assert isinstance(view, dict), f"{where}: view({seat}) is a {type(view).__name__}"
                text = json.dumps(view, allow_nan=False)
                through = json.loads(text)  # (a copy of the view, as well)
                assert through == view, f"{where}: view({seat}) changes through JSON (tuples? keys?)"
                assert view["game"] == game.id and view["seat"] == seat, where
                scramble(view)  # a bot that scribbles on its view changes nothing
                assert state.view(seat) == through, f"{where}: view({seat}) shares data with the state"
            if state.is_terminal():
                n = game.num_players
                for seat in seats:
                    fresh = state.view(seat)
                    assert "scores" in fresh and "winners" in fresh, f"{where}: view({seat}) lacks the result"
                    assert len(fresh["scores"]) == n, f"{where}: scores {fresh['scores']}"
                    assert set(fresh["winners"]) <= set(range(n)), f"{where}: winners {fresh['winners']}"
                returns = state.returns()
                assert len(returns) == n and all(-1 <= r <= 1 for r in returns), f"{where}: returns {returns}"
                if n > 1:  # a solo game is played against the rules (an Automa), so only seats' games are zero-sum
                    assert abs(math.fsum(returns)) <= 1e-9, f"{where}: returns {returns} do not sum to 0"


def test_events_are_json_for_every_seat(game: Game) -> None:
    seats = [None, *range(game.num_players)]
    for seed in FEW_SEEDS:
        rng = random.Random(seed)
        state = game.new_state()
        for step in range(MAX_STEPS):
            if state.is_terminal():
                break
            action = choose(state, rng)
            events = state.apply(action)
            where = f"seed {seed}, step {step}, {action}"
            assert isinstance(events, list), f"{where}: apply returned {type(events).__name__}"
            for seat in seats:
                for event in events_for(events, seat):
                    assert isinstance(event, Event) and event.text, f"{where}: {event!r}"
                    json.dumps(event.to_json(), allow_nan=False)


def test_the_key_is_the_whole_state(game: Game) -> None:
    """State.key() stands for the whole position: states with equal keys show every seat the same view, list the
    same actions and outcomes, and are hashable; a clone has its original's key until one of them moves."""
    for seed in SAMPLE_SEEDS:
        for step, state, _ in sample_nodes(game, seed, every=3, cap=CAP // 5):
            where = f"seed {seed}, step {step}"
            moves = [action for action, _ in state.chance_outcomes()] or state.legal_actions()
            twins = [state, state.clone(), *(state.child(action) for action in moves[:8])]
            if moves:
                twins += [state.child(moves[0]), state.child(moves[-1])]  # the same move twice: equal keys
            known: dict[Any, dict[str, Any]] = {}
            for twin in twins:
                key, seen = twin.key(), shown(twin)
                hash(key)
                assert known.setdefault(key, seen) == seen, f"{where}: equal keys, other positions"
            assert state.clone().key() == state.key(), where
            if len(moves) > 1:
                first, last = twins[-2], twins[-1]  # the children of the first and the last move
                if shown(first) != shown(last):
                    assert first.key() != last.key(), where


def test_determinize_agrees_with_the_view_it_came_from(game: Game) -> None:
    """Any state a seat's view allows shows that seat the same view: the view holds nothing else.

    And a determinization depends on the view and the generator only: another game object with the same
    options, handed the view after a trip through JSON, draws the same state.
    """
    fresh = make(game.id, options_to_dict(game.options))
    for seed in SAMPLE_SEEDS:
        for step, state, _ in sample_nodes(game, seed, every=3, cap=CAP // 5):
            spectator = state.view(None)
            truth = shown(state)
            for seat in range(game.num_players):
                where = f"seed {seed}, step {step}, seat {seat}"
                view = state.view(seat)
                text = json.dumps(view)
                given = json.loads(text)  # a copy (views are JSON: test_views_are_json_and_carry_the_result)
                sent = json.loads(text)  # the view as a bot across a socket would have it
                for k in range(DRAWS):
                    drawn = game.determinize(view, random.Random(k))
                    assert view == given, f"{where}: determinize changed the view it was given"
                    assert drawn.view(seat) == view, f"{where}, draw {k}: the drawn state shows the seat another view"
                    assert drawn.view(None) == spectator, (
                        f"{where}, draw {k}: the spectator sees what the seat could not (a view leak)"
                    )
                    assert drawn.to_move() == state.to_move(), where
                    if state.to_move() == seat:
                        assert drawn.legal_actions() == truth["legal"], f"{where}: other legal actions"
                    again = fresh.determinize(sent, random.Random(k))
                    assert again.key() == drawn.key(), (
                        f"{where}, draw {k}: another game object drew another state from the same view and seed"
                    )
                    # (equal keys are equal states, test_the_key_is_the_whole_state: what is shown is compared only
                    # where the draw differs in something, perhaps unshown bookkeeping)
                    if game.perfect_information and drawn.key() != state.key():
                        assert shown(drawn) == truth, f"{where}: perfect information, yet the draw differs"
                    if not drawn.is_terminal():  # a drawn state is a whole state: it can be played on
                        drawn.apply(choose(drawn, random.Random(k)))


def test_hidden_parts_vary_and_match_the_truth_no_more_often_than_chance(game: Game) -> None:
    """Determinizations redraw what the seat cannot see, and match the truth only as often as chance would.

    For an honest draw, the truth is one more draw from the same distribution, so a draw matches the truth
    as often as two draws match each other. So, position by position, (share of draws equal to the truth)
    minus (share of pairs of draws equal to each other) averages 0; a determinizer that peeks at the truth
    pushes it up, and one fed by views that give everything away never varies at all.
    """
    excess: list[float] = []  # per informative seat-position: match share minus collision share
    varied = False
    for seed in SAMPLE_SEEDS:
        for step, state, _ in sample_nodes(game, seed, every=3, cap=CAP // 5):
            truth = full_information(state)
            for seat in range(game.num_players):
                drawn = [full_information(game.determinize(state.view(seat), random.Random(k))) for k in range(DRAWS)]
                if game.perfect_information:
                    assert drawn.count(truth) == DRAWS, f"seed {seed}, step {step}, seat {seat}: a draw differs"
                    continue
                if len({*drawn, truth}) == 1:
                    continue  # nothing is hidden from this seat here
                varied = varied or len(set(drawn)) > 1
                collisions = sum(a == b for a, b in itertools.combinations(drawn, 2))
                excess.append(drawn.count(truth) / DRAWS - collisions / (DRAWS * (DRAWS - 1) / 2))
    if game.perfect_information:
        return
    assert excess, (
        "perfect_information is False, yet no determinization ever differed from the truth: either nothing is "
        "hidden (say perfect_information = True) or the views give the hidden parts away"
    )
    assert varied, "determinizations never differ from each other: the hidden parts are not drawn at random"
    mean = statistics.fmean(excess)
    error = statistics.stdev(excess) / math.sqrt(len(excess)) if len(excess) > 1 else 1.0
    assert mean <= 0.05 + 3 * error, (
        f"determinizations match the truth {mean:.0%} more often than they match each other "
        f"(± {error:.0%} over {len(excess)} seat-positions): the hidden parts are not drawn blind to the truth"
    )
