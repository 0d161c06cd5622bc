"""A seat's chance of winning after each of a few moves, estimated from that seat's view alone.

The estimate plays the game out from states drawn by `game.determinize(view, ...)`: the hidden parts are redrawn
for every playout, so nothing the seat could not see reaches the figure. Every move compared is played out from
the same drawn states with the same random numbers (common random numbers), so the difference between two moves
is measured far more precisely than either chance alone.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from nutbox.core import CHANCE, TERMINAL, Action, Game, State, View, draw_chance

RANKING_DRAWS = 4  # drawn states each legal move is judged on by the heuristic, to pick the candidates


@dataclass(frozen=True)
class Outcome:
    """What one move led to over the playouts: the seat's chance of winning (a shared win counts its share; in a
    solo game, beating the rules' opponent), its mean place (1 is first), and per playout the win share and
    the place."""

    chance: float
    place: float
    wins: tuple[float, ...]
    places: tuple[float, ...]


def play_out(game: Game, state: State, rng: random.Random) -> State:
    """The game played to its end by the playout policy: chance by its odds; each decision, half the time the
    heuristic's favourite among a few legal moves for the seat to move (`game.playout_breadth` of them, sampled;
    every legal move if None), else a random legal move. Cheaper than a bot and far better than random play, so a
    chance means "against sensible play"."""
    breadth = game.playout_breadth
    while True:
        who = state.to_move()
        if who is TERMINAL:
            return state
        if who is CHANCE:
            state.apply(draw_chance(state, rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1 and rng.random() < 0.5:
            assert isinstance(who, int)
            sample = legal if breadth is None else rng.sample(legal, min(breadth, len(legal)))
            state.apply(max(sample, key=lambda action: game.heuristic(state.child(action), who)))
        else:
            state.apply(rng.choice(legal))


def result_for(state: State, seat: int) -> tuple[float, float]:
    """(win share, place) of `seat` in a finished game: a shared win splits the one win; a winner's place is 1,
    anyone else's 1 plus the winners and the other seats that scored more (so a tie the rules break by other means
    places the loser behind the winner). Alone against the rules (a solo game), a win is a positive return."""
    if state.game.num_players == 1:
        return (1.0 if state.returns()[seat] > 0 else 0.0), 1.0
    winners = state.winners()
    if seat in winners:
        return 1.0 / len(winners), 1.0
    scores = state.scores()
    ahead = sum(1 for other, score in enumerate(scores) if other not in winners and score > scores[seat])
    return 0.0, 1.0 + len(winners) + ahead


def candidates(game: Game, view: View, legal: Sequence[Action], seat: int, count: int,
               rng: random.Random) -> list[Action]:
    """The `count` legal moves the heuristic likes best for `seat`, judged on a few states drawn from the view
    (ties kept in the order the rules list the moves)."""
    if len(legal) <= count:
        return list(legal)
    drawn = [game.determinize(view, rng) for _ in range(RANKING_DRAWS)]
    value: dict[Action, float] = {}
    for action in legal:
        total = 0.0
        for state in drawn:
            child = state.child(action)
            total += child.returns()[seat] if child.is_terminal() else game.heuristic(child, seat)
        value[action] = total
    order = {action: index for index, action in enumerate(legal)}
    return sorted(legal, key=lambda action: (-value[action], order[action]))[:count]


def outcomes(game: Game, view: View, seat: int, moves: Sequence[Action], playouts: int,
             seed: str) -> dict[Action, Outcome]:
    """Each move's outcome over `playouts` playouts, the i-th of every move from the same drawn state and with
    the same random numbers (seeded by `seed`, so the same review comes out every time)."""
    found: dict[Action, list[tuple[float, float]]] = {move: [] for move in moves}
    for i in range(playouts):
        start = game.determinize(view, random.Random(f"{seed}:draw:{i}"))
        for move in moves:
            state = start.child(move)
            found[move].append(result_for(play_out(game, state, random.Random(f"{seed}:play:{i}")), seat))
    return {move: Outcome(sum(w for w, _ in results) / playouts, sum(p for _, p in results) / playouts,
                          tuple(w for w, _ in results), tuple(p for _, p in results))
            for move, results in found.items()}


def paired_error(a: Outcome, b: Outcome) -> float:
    """The standard error of (a's chance - b's chance), from the playouts they share."""
    differences = [x - y for x, y in zip(a.wins, b.wins, strict=True)]
    n = len(differences)
    if n < 2:
        return math.inf
    mean = sum(differences) / n
    variance = sum((d - mean) ** 2 for d in differences) / (n - 1)
    return math.sqrt(variance / n)
