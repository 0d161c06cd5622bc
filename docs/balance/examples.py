"""The worked examples of docs/balance.md ("A designer's questions, one per game"): each a change to a game (an
option, or its components through --data) studied against the game as printed, with the same seed.

    .venv/bin/python docs/balance/examples.py --work DIR

Each study runs as `nutbox simulate` in a process of its own (changed components hold for a whole process), its
directory kept in DIR (a run that was interrupted resumes). Printed per example: each side's figures and how the
changed side's win rates differ from the printed side's (95% intervals, beyond chance or not), as the page quotes
them. About 20 minutes of CPU in all.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from nutbox.sim.figures import Summary
from nutbox.sim.stats import compare
from nutbox.sim.text import difference_words, edge, number, rate_with_interval, spread

HERE = Path(__file__).parent / "examples"
SEED = 2026
# name: (game, seats, games, what is changed: ("--sweep", OPTION=A,B) or ("--data", FILE))
EXAMPLES: dict[str, tuple[str, str, int, tuple[str, str]]] = {
    "nuts-sorting-order": ("nuts-sorting", "easy", 1000, ("--sweep", "placer_chooses_order=off,on")),
    "nut-hunt-distance": ("nut-hunt", "easy", 300, ("--data", "nut-hunt-distance.toml")),
    "nuts-factory-die": ("nuts-factory", "random", 1000, ("--data", "nuts-factory-die.toml")),
    "nut-cards-squirrels": ("nut-cards", "easy", 300, ("--sweep", "squirrels=double-each,double-once")),
    "in-the-nuts-big-cards": ("in-the-nuts", "easy", 600, ("--data", "in-the-nuts-big-cards.toml")),
}


def simulate(game: str, seats: str, games: int, out: Path, *more: str) -> None:
    command = [sys.executable, "-m", "nutbox.cli.main", "simulate", game, "--seats", seats, "--games", str(games),
               "--seed", str(SEED), "--format", "csv", "--out", str(out), *more]
    print("$", " ".join(command[3:]), flush=True)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL)


def sides(name: str, work: Path) -> list[tuple[str, Summary]]:
    """Play an example's studies; its two sides' summaries, the game as printed first."""
    game, seats, games, (how, what) = EXAMPLES[name]
    out = work / name
    if how == "--sweep":
        simulate(game, seats, games, out, how, what)
        option, values = what.split("=")
        return [(f"{option}={value}", json.loads((out / f"{option}={value}" / "summary.json").read_text()))
                for value in values.split(",")]
    simulate(game, seats, games, out / "printed")
    simulate(game, seats, games, out / "changed", how, str(HERE / what))
    return [(side, json.loads((out / side / "summary.json").read_text())) for side in ("printed", "changed")]


def figures(label: str, summary: Summary) -> str:
    parts = "; ".join(f"{part['part']} {number(sum(part['seats']) / len(part['seats']))}"
                      for part in summary.get("score_parts", []))
    return (f"- {label}: {summary['played']} games; player 1 wins {rate_with_interval(summary['first_player'])}; "
            f"first player's edge {edge(summary['first_player'])}; length {spread(summary['length']['decisions'])} "
            f"decisions; draws {rate_with_interval(summary['outcomes']['draws'])}"
            + (f"; points per seat and game: {parts}" if parts else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--work", type=Path, required=True, help="where the studies' directories are kept")
    parser.add_argument("--only", choices=sorted(EXAMPLES), action="append", help="only these examples")
    args = parser.parse_args()
    for name in args.only or EXAMPLES:
        both = sides(name, args.work)
        print(f"\n## {name}")
        for label, summary in both:
            print(figures(label, summary))
        for line in compare(both)[1].get("differences", []):
            print(f"- {difference_words(line)}")
        print(flush=True)


if __name__ == "__main__":
    main()
