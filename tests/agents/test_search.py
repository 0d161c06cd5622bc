"""The search bots (nutbox.agents.search): they play every game through the protocol, find a win, are
deterministic given a seed, and cannot see what their view hides."""

from __future__ import annotations

import random

import pytest

from nutbox.agents import GreedyAgent, IsmctsAgent, MctsAgent, make_agent
from nutbox.agents.search import SearchSettings
from nutbox.core import CHANCE, Action, Game, OptionsError, State, draw_chance
from nutbox.games.nuts_factory import FactoryState
from nutbox.play import agent_seed, run_match
from nutbox.registry import GAMES, make

QUICK = "depth=4,sims=6"  # enough to exercise every part of the search, cheap enough for every game


def walk_to_decision(game: Game, seed: int, decisions: int) -> State:
    """A random game's position after `decisions` decisions, at a seat's decision with a real choice."""
    rng = random.Random(seed)
    state = game.new_state()
    made = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(draw_chance(state, rng))
            continue
        if made >= decisions and len(state.legal_actions()) > 1:
            return state
        state.apply(rng.choice(state.legal_actions()))
        made += 1
    pytest.fail(f"seed {seed}: the game ended before {decisions} decisions")


@pytest.mark.parametrize("game_id", sorted(GAMES))
@pytest.mark.parametrize("kind", ["mcts", "ismcts"])
def test_search_plays_every_game_to_the_end(game_id: str, kind: str) -> None:
    game = make(game_id, {"players": GAMES[game_id].min_players})
    agents = [make_agent(f"{kind}:{QUICK}", game, seat, agent_seed(5, seat)) for seat in range(game.num_players)]
    match = run_match(game, agents, seed=5)
    assert match.state.is_terminal() and len(match.record.actions) > 0


def one_winning_move(game: Game) -> tuple[State, Action]:
    """The first position of a random Nuts Sorting game where exactly one of six or more moves wins."""
    for seed in range(200):
        rng = random.Random(seed)
        state = game.new_state()
        while not state.is_terminal():
            if state.is_chance():
                state.apply(draw_chance(state, rng))
                continue
            legal = state.legal_actions()
            seat = state.to_move()
            wins = [a for a in legal if state.child(a).winners() == [seat]]
            if len(wins) == 1 and len(legal) >= 6:
                return state, wins[0]
            state.apply(rng.choice(legal))
    pytest.fail("no position with exactly one winning move among six or more in 200 random games")


def test_a_search_bot_finds_the_one_winning_move_in_nuts_sorting() -> None:
    game = make("nuts-sorting")
    state, win = one_winning_move(game)
    seat = state.to_move()
    assert isinstance(seat, int)
    for kind in ("mcts:sims=300", "ismcts:sims=300"):
        assert make_agent(kind, game, seat, 1).act(state.view(seat), state.legal_actions()) == win, kind


def secret_position(game_id: str, players: int) -> tuple[Game, State, int]:
    """A position where another seat holds a secret: Nut Hunt's objectives come with the deal; in Nuts! a
    bonus card from the deck is put in the other player's hand (random play seldom earns one)."""
    game = make(game_id, {"players": players})
    truth = walk_to_decision(game, 3, 30)
    seat = truth.to_move()
    assert isinstance(seat, int)
    if isinstance(truth, FactoryState):
        card = truth.pool[0]
        truth.pool = truth.pool[1:]
        truth.hands[1 - seat] = (card,)
    return game, truth, seat


@pytest.mark.parametrize(("game_id", "players"), [("nut-hunt", 3), ("nuts-factory", 2)])
def test_two_truths_with_one_view_get_the_same_decision(game_id: str, players: int) -> None:
    game, truth, seat = secret_position(game_id, players)
    view = truth.view(seat)
    other = game.determinize(view, random.Random(99))  # another truth the seat cannot tell apart
    assert other.view(seat) == view and other.view(None) == truth.view(None)
    assert any(other.view(s) != truth.view(s) for s in range(players) if s != seat), "the truths should differ"
    for kind in ("ismcts:sims=40,depth=6", "mcts:sims=40,depth=6"):
        first = make_agent(kind, game, seat, 7).act(view, truth.legal_actions())
        second = make_agent(kind, game, seat, 7).act(other.view(seat), other.legal_actions())
        assert first == second, kind


@pytest.mark.parametrize("game_id", ["in-the-nuts", "nut-hunt"])
def test_the_same_seed_and_position_give_the_same_decision(game_id: str) -> None:
    game = make(game_id, {"players": 2})
    state = walk_to_decision(game, 4, 10)
    seat = state.to_move()
    assert isinstance(seat, int)
    view, legal = state.view(seat), state.legal_actions()
    decisions = {make_agent("ismcts:sims=60,depth=8", game, seat, seed).act(view, legal) for seed in (11, 11, 11)}
    assert len(decisions) == 1
    assert state.to_move() is not CHANCE


def test_levels_and_settings_are_read_and_bad_ones_refused() -> None:
    game = make("nuts-factory", {"players": 2})
    assert isinstance(make_agent("easy", game, 0), GreedyAgent)
    hard = make_agent("hard", game, 0)
    assert isinstance(hard, IsmctsAgent) and hard.settings.sims == game.bot_sims[1]
    assert make_agent("medium", game, 0).settings.sims == game.bot_sims[0]  # type: ignore[attr-defined]
    custom = make_agent("mcts:sims=2000,time=0.5,rollout=greedy", game, 1)
    assert isinstance(custom, MctsAgent) and not isinstance(custom, IsmctsAgent)
    assert (custom.settings.sims, custom.settings.time, custom.settings.rollout) == (2000, 0.5, "greedy")
    for bad, message in (("mcts:sims=0", "out of range"), ("mcts:speed=3", "take sims"), ("mcts:sims=lots", "int"),
                         ("greedy:sims=3", "takes no settings"), ("alphazero", "no bot called")):
        with pytest.raises(OptionsError, match=message):
            make_agent(bad, game, 0)


def test_a_greedy_rollout_and_a_time_cap_still_decide() -> None:
    game = make("nut-cards", {"players": 2})
    state = walk_to_decision(game, 2, 6)
    seat = state.to_move()
    assert isinstance(seat, int)
    action = make_agent("ismcts:sims=100000,time=0.2,rollout=greedy,depth=6", game, seat, 3).act(
        state.view(seat), state.legal_actions()
    )
    assert action in state.legal_actions()


@pytest.mark.parametrize("game_id", ["nuts-sorting", "in-the-nuts", "nut-cards"])
def test_with_priors_the_smallest_search_makes_the_one_ply_choice(game_id: str) -> None:
    """Seeded with the heuristic's opinion of each root move, a one-simulation search plays a move the
    heuristic likes best, as the easy bot does; the rest of the budget is spent checking such moves."""
    game = make(game_id, {"players": 2})
    for seed in range(4):
        state = walk_to_decision(game, seed, 5 + seed)
        seat = state.to_move()
        assert isinstance(seat, int)

        def value(action: Action, state: State = state, seat: int = seat) -> float:
            child = state.child(action)
            return child.returns()[seat] if child.is_terminal() else game.heuristic(child, seat)

        best = max(value(action) for action in state.legal_actions())
        chosen = make_agent("mcts:sims=1,prior=5,depth=0", game, seat, seed).act(
            state.view(seat), state.legal_actions()
        )
        assert value(chosen) == best


def test_the_levels_use_the_games_search_settings() -> None:
    game = make("nut-hunt", {"players": 2})
    hard = make_agent("hard", game, 0)
    assert isinstance(hard, IsmctsAgent)
    assert (hard.settings.depth, hard.settings.prior, hard.settings.c) == (0, 5, 0.5)


@pytest.mark.parametrize("seeded", [1, 2])
def test_seeded_levels_give_every_move_of_a_new_node_the_heuristics_opinion(seeded: int) -> None:
    """With `seeded=2` a node one level below the root gets all its moves seeded when first reached (a random
    expansion tries one), and that simulation stops one step further down, judging a single new position."""
    from nutbox.agents.search import _Node

    game = make("nuts-sorting", {"players": 2})
    state = walk_to_decision(game, 3, 4)
    seat = state.to_move()
    assert isinstance(seat, int)
    agent = MctsAgent(game, seat, 1, SearchSettings.parse(f"prior=2,depth=0,seeded={seeded}"))
    root = _Node(game.num_players)
    agent._simulate(root, state.clone())
    (child,) = [node for node in root.children.values() if node.visits > agent.settings.prior]
    below = state.child(next(a for a, node in root.children.items() if node is child))
    moves = len(below.legal_actions()) if seeded == 2 else 1
    assert len(child.children) == moves
    virtual = agent.settings.prior * moves if seeded == 2 else 0
    assert sum(node.visits for node in child.children.values()) == virtual + 1  # one position judged


@pytest.mark.parametrize("baseline", [0, 1])
def test_a_baseline_judges_each_move_by_the_change_from_its_own_determinizations_start(baseline: int) -> None:
    """With `baseline=1`, ISMCTS scores a simulation by how much better its end looks than the position it
    drew looked, so what the drawn secrets do to every move alike cancels out. A root seeded in the first
    simulation holds, per move, the heuristic's value of the move less that of the drawn position."""
    from nutbox.agents.search import _Node

    game, truth, seat = secret_position("nut-hunt", 3)
    view = truth.view(seat)
    agent = IsmctsAgent(game, seat, 4, SearchSettings.parse(f"sims=1,prior=3,depth=0,baseline={baseline}"))
    copy = random.Random()
    copy.setstate(agent.rng.getstate())
    drawn = game.determinize(view, copy)  # the draw the search's first simulation makes
    roots: list[_Node] = []
    simulate = agent._simulate

    def watched(root: _Node, state: State, base: list[float] | None = None) -> None:
        roots.append(root)
        simulate(root, state, base)

    agent._simulate = watched  # type: ignore[method-assign]
    agent.act(view, truth.legal_actions())
    start = game.heuristic(drawn, seat) if baseline else 0.0
    seeded = [(action, node) for action, node in roots[0].children.items() if node.visits == agent.settings.prior]
    assert len(seeded) >= 2  # seeded and not visited since
    for action, node in seeded:
        assert node.totals[seat] / node.visits == pytest.approx(game.heuristic(drawn.child(action), seat) - start)


def test_a_baseline_changes_nothing_without_secrets() -> None:
    game = make("nuts-sorting")
    for seed in range(3):
        state = walk_to_decision(game, seed, 6)
        seat = state.to_move()
        assert isinstance(seat, int)
        view, legal = state.view(seat), state.legal_actions()
        plain, based = (make_agent(f"ismcts:sims=80,depth=0,prior=5,baseline={b}", game, seat, seed).act(view, legal)
                        for b in (0, 1))
        assert plain == based
    with pytest.raises(OptionsError, match="out of range"):
        make_agent("ismcts:baseline=2", game, 0)
