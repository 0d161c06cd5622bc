"""How likely a Nut Hunt objective is to be complete at the end (the chance heuristic.py credits it by).

    python bench/objectives.py [--players 1,2,3,4,5] [--games 100] [--bot easy]

Plays games of `--bot` (every seat; solo against the Standard Automa) and, every few decisions, notes for each
owner and each open objective it holds: the recruits its cheapest route still needs (heuristic.plan), the
recruits left before anyone's last nest can end the game (heuristic.horizon), and at the end whether the
objective was complete. Fits the log-odds of completion as a + b*needed + c*left by maximum likelihood
(Newton's method) and prints the coefficients beside the ones heuristic.py uses, the log-likelihood of each
(and of the former guess, 0.55 per recruit needed whatever the time), and the measured against the fitted
chance by recruits needed and left. Needs numpy (the `sim` extra).
"""

from __future__ import annotations

import argparse

import bot_games
import numpy as np

from nutbox.games.nut_hunt import heuristic
from nutbox.games.nut_hunt.components import T
from nutbox.games.nut_hunt.state import HuntState
from nutbox.registry import make

EVERY = 4  # decisions between samples
MOST_NEEDED = 8  # routes needing more are counted as needing this many (their chance is near nothing anyway)
FORMER_STEP = 0.55  # the former credit: this factor per recruit needed
LEFT_BANDS = ((0, 1), (2, 3), (4, 5), (6, 8), (9, 12))


def samples(players: int, games: int, bot: str) -> list[tuple[int, int, int, bool]]:
    """(recruits needed, recruits left, the owner's other open objectives, complete at the end) for open
    objectives in play."""
    game = make("nut-hunt", {"players": players})
    found = []
    for number in range(games):
        seen = []
        for state, _, decisions in bot_games.decisions(game, bot, number):
            assert isinstance(state, HuntState)
            if state.layout is not None and decisions % EVERY == 0:
                left = heuristic.horizon(state)
                for owner in range(state.owners):
                    counts = state.squirrels[owner * T : owner * T + T]
                    held, nested = heuristic.held_tiles(state, owner)
                    plans = heuristic.route_plans(state, held, nested, counts, state.objectives_of(owner))
                    others = sum(1 for route in plans.values() if route.needed > 0) - 1
                    for card, route in plans.items():
                        if 0 < route.needed < heuristic.NEVER:
                            seen.append((owner, card, min(route.needed, MOST_NEEDED), left, others))
        complete = {
            (owner, result.card): result.complete
            for owner in range(state.owners)
            for result in state.breakdown(owner).objectives
        }
        # a card seen in the opening hand and passed on is not among the final objectives: not counted
        found += [
            (need, left, others, complete[owner, card])
            for owner, card, need, left, others in seen
            if (owner, card) in complete
        ]
    return found


def chance(x: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The logistic chance of each row of `x` under log-odds weights."""
    return 1 / (1 + np.exp(-x @ weights))


def fit(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Logistic regression by Newton's method."""
    weights = np.zeros(x.shape[1])
    for _ in range(50):
        p = chance(x, weights)
        gradient = x.T @ (p - y) / len(y)
        hessian = (x * (p * (1 - p))[:, None]).T @ x / len(y)
        weights -= np.linalg.solve(hessian, gradient)
        if np.abs(gradient).max() < 1e-10:
            break
    return weights


def log_likelihood(p: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", default="1,2,3,4,5")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bot", default="easy")
    args = parser.parse_args()
    rows = []
    for players in (int(p) for p in args.players.split(",")):
        found = samples(players, args.games, args.bot)
        print(f"{players} seats: {len(found)} objectives in play noted over {args.games} games")
        rows += found
    data = np.array(rows, dtype=float)
    need, left, others, y = data[:, 0], data[:, 1], data[:, 2], data[:, 3]
    x4 = np.stack([np.ones_like(need), need, left, others], axis=1)
    w4 = fit(x4, y)
    print(
        f"with the owner's other open objectives: a={w4[0]:+.2f} b={w4[1]:+.2f} c={w4[2]:+.2f} d={w4[3]:+.2f}"
        f" loglik {log_likelihood(chance(x4, w4), y):.4f}"
    )
    x = np.stack([np.ones_like(need), need, left], axis=1)
    weights = fit(x, y)
    used = np.array([heuristic.CHANCE_AT, heuristic.CHANCE_PER_NEEDED, heuristic.CHANCE_PER_HORIZON])
    print(f"\nlog-odds of completion = a + b*needed + c*left over {len(y)} notes")
    print(f"  fitted now:      a={weights[0]:+.2f} b={weights[1]:+.2f} c={weights[2]:+.2f}")
    print(f"  heuristic.py:    a={used[0]:+.2f} b={used[1]:+.2f} c={used[2]:+.2f}")
    print("mean log-likelihood (higher is better):")
    print(f"  fitted now {log_likelihood(chance(x, weights), y):.4f}")
    print(f"  heuristic.py {log_likelihood(chance(x, used), y):.4f}")
    print(f"  former {FORMER_STEP} per recruit {log_likelihood(FORMER_STEP**need, y):.4f}")
    print("\nmeasured (heuristic.py's) chance of completion, by recruits needed (rows) and left (columns):")
    print("needed " + "".join(f"{f'{lo}-{hi} left':>20}" for lo, hi in LEFT_BANDS))
    for count in range(1, 7):
        cells = []
        for lo, hi in LEFT_BANDS:
            chosen = (need == count) & (left >= lo) & (left <= hi)
            if chosen.sum() < 20:
                cells.append(f"{'-':>20}")
                continue
            model = np.mean([heuristic.completion_chance(count, int(v)) for v in left[chosen]])
            cells.append(f"{f'{y[chosen].mean():.2f} ({model:.2f}) n={int(chosen.sum())}':>20}")
        print(f"{count:>6} " + "".join(cells))


if __name__ == "__main__":
    main()
