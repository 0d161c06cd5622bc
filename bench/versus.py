"""Engine speed now against an earlier commit, measured in one sitting with the rounds interleaved.

    python bench/versus.py BASE [--seconds S] [--rounds N] [--game ID]

BASE is a git revision; it is checked out in a temporary worktree (removed at the end). For each game and player
count, each round plays random games (bench/engine.py's `measure`) for S seconds in this tree and then in BASE,
each in a fresh interpreter, so the machine's noise falls on both alike. Prints the median ratio of games per
second (now / base) with its range over the rounds: above 1 is faster now.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from nutbox.registry import BUILT_IN, GAMES

HERE = Path(__file__).resolve().parent.parent
PROBE = ("import json, sys; sys.path.insert(0, {bench!r}); from engine import measure; "
         "print(json.dumps(measure({game!r}, {players}, {seconds}, {seed})))")


def games_per_s(tree: Path, game: str, players: int, seconds: float, seed: int) -> float:
    code = PROBE.format(bench=str(HERE / "bench"), game=game, players=players, seconds=seconds, seed=seed)
    out = subprocess.run([sys.executable, "-c", code], cwd=tree, env={"PYTHONPATH": str(tree)},
                         capture_output=True, text=True, check=True).stdout
    figure: float = json.loads(out)["games_per_s"]
    return figure


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("base", help="the git revision to compare with")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per round and tree")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--game", choices=BUILT_IN, help="only this game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch) / "base"
        subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", "--quiet", str(base), args.base],
                       check=True)
        try:
            print(f"{'game':<14} {'players':>7} {'now/base':>9} {'range':>13}")
            for game_id in BUILT_IN:
                if args.game and game_id != args.game:
                    continue
                cls = GAMES[game_id]
                for players in range(cls.min_players, cls.max_players + 1):
                    ratios = []
                    for seed in range(args.rounds):
                        now = games_per_s(HERE, game_id, players, args.seconds, seed)
                        then = games_per_s(base, game_id, players, args.seconds, seed)
                        ratios.append(now / then)
                    print(f"{game_id:<14} {players:>7} {statistics.median(ratios):>9.2f} "
                          f"{min(ratios):>6.2f}-{max(ratios):<6.2f}", flush=True)
        finally:
            subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(base)], check=True)


if __name__ == "__main__":
    main()
