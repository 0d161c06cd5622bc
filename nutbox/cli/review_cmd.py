"""`nutbox review`: a finished game's decisions judged from each seat's view, the better moves, and the marks."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from nutbox.core import Game, NutboxError, Record
from nutbox.registry import entry, record_game
from nutbox.review import MARKS, Budget, Decision, Judged, Mapper, Review, judge_anywhere, review
from nutbox.review.words import percent, tell

console = Console(highlight=False)


def review_command(
    record_file: Annotated[Path, typer.Argument(metavar="RECORD", help="a finished game saved by nutbox (.json)")],
    seat: Annotated[list[int] | None, typer.Option(
        help="a seat to review, from 0 (may be given more than once; default: every seat)")] = None,
    playouts: Annotated[int, typer.Option(min=4, max=400, help="playouts per move compared")] = Budget.playouts,
    candidates: Annotated[int, typer.Option(min=1, max=10, help="moves compared besides the one made")
                          ] = Budget.candidates,
    workers: Annotated[int, typer.Option(min=0, max=64, help="processes to judge in (0: one per core)")] = 0,
    every: Annotated[bool, typer.Option("--every", help="list every decision, not only the marked ones")] = False,
) -> None:
    """Review a finished game: at each decision, the chance of winning after the move made and after the best
    move found, judged from that seat's view at that moment only; inaccuracies, mistakes and blunders marked."""
    try:
        record, game = record_game(Record.load(record_file), use_changes=True)
        budget = Budget(playouts, candidates)
        processes = workers or os.cpu_count() or 1
        with Progress(TextColumn("reviewing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                      console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("review", total=None)

            def progress(done: int, total: int) -> None:
                bar.update(task, completed=done, total=total)

            if processes > 1:
                with ProcessPoolExecutor(processes) as pool:
                    result = review(record, game, seat, budget, progress, mapper=in_pool(pool, budget))
            else:
                result = review(record, game, seat, budget, progress)
        show(result, record, game, every)
    except (NutboxError, ValueError) as error:
        Console(stderr=True, highlight=False, soft_wrap=True).print(f"[red]error:[/] {error}")
        raise typer.Exit(2) from None


def in_pool(pool: ProcessPoolExecutor, budget: Budget) -> Mapper:
    def mapper(_: Callable[[Decision], Judged], todo: list[Decision]) -> Iterator[Judged]:
        return pool.map(partial(judge_anywhere, budget=budget), todo, chunksize=4)

    return mapper


def show(result: Review, record: Record, game: Game, every: bool) -> None:
    names = record.seats or None
    summary = Table(title="Review", show_lines=False)
    for column in ("seat", "decisions", "accuracy", *(name for name, _ in reversed(MARKS))):
        summary.add_column(column, justify="left" if column == "seat" else "right")
    for seat in result.summary():
        summary.add_row(names[seat.seat] if names and seat.seat < len(names) and names[seat.seat]
                        else f"Player {seat.seat + 1}", str(seat.decisions), f"{seat.accuracy:.1f}",
                        *(str(seat.marks[name]) for name, _ in reversed(MARKS)))
    console.print(summary)
    told = tell(result, record, game, entry(game.id).face, names)
    listed = Table(title="Decisions" if every else "Marked decisions", show_lines=False)
    for column in ("step", "mark", "decision"):
        listed.add_column(column)
    for one in told:
        if every or one.judged.mark:
            listed.add_row(str(one.judged.step), one.judged.mark or "", one.sentence)
    if listed.row_count:
        console.print(listed)
    else:
        console.print("No decision lost enough of a chance of winning to be marked.")
    console.print(f"Chances from {result.budget.playouts} playouts per move, from each seat's view at the time "
                  f"(best move found among the {result.budget.candidates} the heuristic liked best and the move "
                  f"made). Marks: {', '.join(f'{name} ≥ {percent(limit)}' for name, limit in MARKS)} lost.")
    stakes = entry(game.id).face.stakes
    if stakes:
        console.print(stakes)
