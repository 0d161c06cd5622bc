"""How much the board says about the objectives each Nut Hunt seat holds (nutbox/games/nut_hunt/determinize.py).

    python bench/belief.py [--players 4] [--games 40] [--bot easy]

Plays games of `--bot` and, every few decisions in the turns, asks of each objective and each seat other than
the one to move: how many recruits do that seat's pieces save on the objective's route (what it would need
from an empty board less what it needs now), and is it in that seat's hand? Prints, per stage of the game (by
rounds) and per number of recruits saved, how much likelier a card is in the hand than a blind draw makes it:
the share of hand cards saving that many over the share of the other cards saving that many. A uniform deal
assumes 1.0 everywhere; determinize.LIKELIER is the factor per recruit saved it assumes instead. Also prints how
often the seat whose decision ended the game lost it, and, at the same decisions, how much the heuristic's
judgement of a move swings over DRAWS determinizations of the seat's view (as it stands, and as the change
from the drawn start, which is what the search's `baseline=1` scores) beside how much the moves differ.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import Counter

import bot_games

from nutbox.games.nut_hunt.determinize import LIKELIER, MOST_SAVED, progress
from nutbox.games.nut_hunt.state import HuntState
from nutbox.registry import make

EVERY = 7  # decisions between samples
DRAWS = 12  # determinizations per decision for the swing of a judgement
STAGES = 4  # the last holds every later round


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--bot", default="easy")
    args = parser.parse_args()
    game = make("nut-hunt", {"players": args.players})
    held: Counter[tuple[int, int]] = Counter()
    other: Counter[tuple[int, int]] = Counter()
    ended = Counter[str]()
    swings: list[tuple[float, float, float]] = []
    for seed in range(args.games):
        for state, who, made in bot_games.decisions(game, args.bot, seed):
            assert isinstance(state, HuntState)
            if state.phase in ("forage", "action") and made % EVERY == 0:
                stage = min(state.turn // (2 * args.players), STAGES - 1)
                for owner in range(args.players):
                    if owner == who:
                        continue
                    for card, saved in progress(state, owner).items():
                        (held if card in state.hands[owner] else other)[(stage, saved)] += 1
                if len(state.legal_actions()) > 2:
                    swings.append(swing(state, who, random.Random(made)))
        ended["won" if who in state.winners() else "lost"] += 1
    print(f"{args.games} games of {args.bot} at {args.players} seats; "
          f"determinize.LIKELIER assumes {LIKELIER} per recruit")
    print("how much likelier a card is in the hand, by recruits the seat's pieces save on its route (0 .. 6+):")
    for stage in range(STAGES):
        in_hand = sum(held[(stage, n)] for n in range(MOST_SAVED + 1))
        out = sum(other[(stage, n)] for n in range(MOST_SAVED + 1))
        if not in_hand:
            continue
        ratios = [
            f"{held[(stage, n)] / in_hand / (other[(stage, n)] / out):5.2f}" if other[(stage, n)] else "    -"
            for n in range(MOST_SAVED + 1)
        ]
        rounds = f"rounds {2 * stage + 1}-{2 * stage + 2}" if stage < STAGES - 1 else f"rounds {2 * stage + 1}-"
        print(f"  {rounds:11} {' '.join(ratios)}   ({in_hand} hand cards seen)")
    print(f"the seat whose decision ended the game lost {ended['lost']} of {args.games}")
    alone, change, moves = (statistics.fmean(column) for column in zip(*swings, strict=True))
    print(f"over {len(swings)} decisions, a move's judgement swings by {alone:.3f} over draws (standard deviation),"
          f" its change from the drawn start by {change:.3f}; the moves' mean judgements differ by {moves:.3f}")


def swing(state: HuntState, seat: int, rng: random.Random) -> tuple[float, float, float]:
    """Spread over draws of each move's judgement and of its change from the start, and spread between moves."""
    game, view, legal = state.game, state.view(seat), state.legal_actions()
    judged, changed = [], []
    for _ in range(DRAWS):
        drawn = game.determinize(view, rng)
        start = game.heuristic(drawn, seat)
        values = [game.heuristic(drawn.child(action), seat) for action in legal]
        judged.append(values)
        changed.append([value - start for value in values])
    per_move = list(zip(*judged, strict=True))
    return (
        statistics.fmean(statistics.stdev(move) for move in per_move),
        statistics.fmean(statistics.stdev(move) for move in zip(*changed, strict=True)),
        statistics.stdev(statistics.fmean(move) for move in per_move),
    )


if __name__ == "__main__":
    main()
