"""`nutbox simulate` (balance studies) and `nutbox rate` (leaderboards from their results)."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Annotated, Any, Literal

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from nutbox.cli.extras import extra
from nutbox.cli.option_text import name_values
from nutbox.core import NutboxError
from nutbox.registry import use_data_changes
from nutbox.sim.backends import make_backend
from nutbox.sim.results import JOURNAL_FILE
from nutbox.sim.study import Plan, StudyError, make_plan, mirror_plan, parse_sweep, sweep_plans
from nutbox.sim.text import VARIANTS
from nutbox.sim.variants import plan_apart, read_variants, uses_own_processes, variant_plans

# The choices of --backend and --format, as typer takes them (listed in --help, anything else refused before a
# command runs): nutbox.sim.backends.BACKENDS and nutbox.sim.results.FORMATS (tests/cli/test_choices.py checks
# that they agree).
Backend = Literal["local", "ray"]
Format = Literal["parquet", "csv"]

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False, soft_wrap=True)


def _fail(message: str) -> typer.Exit:
    errors.print(f"[red]error:[/] {message}")
    return typer.Exit(2)


class _Speed(ProgressColumn):
    def render(self, task: Task) -> Text:
        return Text(f"{task.speed:,.1f} games/s" if task.speed else "", style="cyan")


class ProgressBar:
    """A rich progress bar per study, with its failed games counted beside it."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.task: TaskID | None = None
        self.failed = 0

    def start(self, label: str, total: int, done: int) -> None:
        self.failed = 0
        self.task = self.progress.add_task(label, total=total, completed=done, failed=0)
        if done:
            self.progress.console.print(f"{label}: resuming, {done} of {total} games already played")

    def advance(self, games: int, failed: int) -> None:
        assert self.task is not None
        self.failed += failed
        self.progress.update(self.task, advance=games, failed=self.failed)


def simulate(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="a game from `nutbox list`")],
    out: Annotated[Path, typer.Option(help="the study's directory; a study interrupted there is resumed")],
    seats: Annotated[str, typer.Option(help="the agents by seat, comma-separated (easy,random), or one")] = "random",
    players: Annotated[int | None, typer.Option(help="number of players (default: one per agent in --seats)")] = None,
    games: Annotated[int, typer.Option(help="games to play (rounded up to whole rotations of the seats)")] = 1000,
    seed: Annotated[int, typer.Option(help="the study's seed: the same seed gives the same games")] = 1,
    option: Annotated[list[str], typer.Option(help="a game option NAME=VALUE (see `nutbox list`)")] = [],  # noqa: B006
    sweep: Annotated[str | None, typer.Option(help="one study per value of an option: OPTION=V1,V2,...")] = None,
    workers: Annotated[int | None, typer.Option(help="games played at once (default: every core)")] = None,
    backend: Annotated[Backend, typer.Option(help="where to play: here, or on a Ray cluster")] = "local",
    address: Annotated[str | None, typer.Option(help="a Ray cluster's address (default: start Ray here)")] = None,
    fmt: Annotated[Format, typer.Option("--format", help="the results file's format")] = "parquet",
    records: Annotated[bool, typer.Option("--records", help="keep every game's record (records.jsonl)")] = False,
    mirror: Annotated[str | None, typer.Option(help="also play AGENT against itself (in OUT/mirror) to read the first "
                                                    "seat's edge, which a lopsided pairing hides", metavar="AGENT")
                      ] = None,
    data: Annotated[Path | None, typer.Option(help="changes to the game's component data, a TOML file (see "
                                                   "docs/balance.md): the study plays the game with them",
                                              metavar="FILE")] = None,
    variants: Annotated[Path | None, typer.Option(help="named variants to compare with the study as set, a TOML "
                                                       "file with a table per variant (see docs/balance.md)",
                                                  metavar="FILE")] = None,
) -> None:
    """Play many games between bots and summarise who wins, from which seat, how long games last."""
    with extra("simulate", "sim"):  # (its results, report and plots)
        from nutbox.sim.results import SUMMARY_FILE
        from nutbox.sim.runner import run_study, run_sweep
        from nutbox.sim.tables import comparison_table, summary_tables
    try:
        options = name_values(option)
        if players is not None:
            if "players" in options:
                raise StudyError("--players and --option players=... both give the number of players: use one")
            options["players"] = str(players)
        agents = [name.strip() for name in seats.split(",")]
        changes = read_changes(data) if data is not None else {}
        use_data_changes(game_id, changes)  # (before anything reads the game's data: every game is played with them)
        mirrored = None
        if mirror is not None:
            if sweep is not None or variants is not None:
                raise StudyError("--mirror with a comparison (--sweep, --variants): not yet; play the mirror matches "
                                 "as a study of their own")
            mirrored = mirror_plan(mirror.strip(), game_id, options, agents, games, seed, records, changes)
        if sweep is not None and variants is not None:
            raise StudyError("--sweep and --variants: compare one thing at a time (a variant may set the option)")
        if variants is not None:
            compared_as = VARIANTS
            plans = variant_plans(read_variants(variants), game_id, options, agents, games, seed, records, changes,
                                  plan_apart)
        elif sweep is not None:
            compared_as, values = parse_sweep(sweep)
            plans = sweep_plans(compared_as, values, game_id, options, agents, games, seed, records, changes)
        else:
            plans = [("", make_plan(game_id, options, agents, games, seed, records, changes))]
        _note_rounding(games, plans[0][1])
        if backend == "ray":
            errors.print(f"Ray: connecting to {address}" if address else "Ray: starting a local instance")
        with (make_backend(backend, workers, address, uses_own_processes(plans)) as runner,
              _progress() as progress):
            if len(plans) == 1:
                study = run_study(plans[0][1], out, runner, fmt, ProgressBar(progress), mirror=mirrored)
            else:
                compared = run_sweep(compared_as, plans, out, runner, fmt, ProgressBar(progress))
        if len(plans) == 1:
            console.print(summary_tables(study.summary))
            console.print(f"results {study.results}\nsummary {out / SUMMARY_FILE}\nreport {study.report}")
        else:
            for arm in compared.arms:
                console.print(summary_tables(arm.summary))
            console.print(comparison_table(compared.option, compared.comparison))
            where = f"{out}/NAME/" if variants is not None else f"{out}/{compared_as}=VALUE/"
            console.print(f"each arm's results, summary and report in {where}\n"
                          f"comparison: summary {out / SUMMARY_FILE}, report {compared.report}")
    except KeyboardInterrupt:
        errors.print(f"[yellow]interrupted:[/] the finished games are kept in {out} ({JOURNAL_FILE}); run the same "
                     "command again to play the rest")
        raise typer.Exit(130) from None
    except NutboxError as error:
        raise _fail(str(error)) from None
    except OSError as error:  # an --out that cannot be written, a full disk
        raise _fail(f"{error.filename or out}: {error.strerror or error}") from None


def read_changes(path: Path) -> dict[str, Any]:
    """A TOML file of changes to a game's component data (core/data.py), as a patch."""
    try:
        with path.open("rb") as file:
            return tomllib.load(file)
    except tomllib.TOMLDecodeError as error:
        raise StudyError(f"--data {path}: not TOML ({error})") from None
    except OSError as error:
        raise StudyError(f"--data {path}: {error.strerror or error}") from None


def _progress() -> Progress:
    return Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), _Speed(),
                    TextColumn("{task.fields[failed]} failed"), TimeElapsedColumn(), TimeRemainingColumn(),
                    console=errors)


def _note_rounding(asked: int, plan: Plan) -> None:
    if plan.games != asked:
        errors.print(f"--games {asked} rounded up to {plan.games}: whole rotations of the {plan.players} seats, so "
                     "that each agent plays each seat equally often")


def rate(
    results: Annotated[list[Path], typer.Argument(metavar="DIR...", help="study directories or results files")],
) -> None:
    """Rate the agents of finished studies (openskill) and print a leaderboard per game setup."""
    with extra("rate", "sim"):
        from nutbox.sim.ratings import leaderboards, results_paths
        from nutbox.sim.tables import leaderboard_table
    try:
        boards, solo = leaderboards(results_paths(results))
    except NutboxError as error:
        raise _fail(str(error)) from None
    for board in boards:
        console.print(leaderboard_table(board))
    if solo:
        console.print(f"{solo} solo games left out: a single seat has nobody to be rated against")
    if not any(board.games for board in boards):
        raise _fail("no game to rate: every game there failed or was played solo")
