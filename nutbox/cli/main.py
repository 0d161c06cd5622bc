"""The `nutbox` command: list the games, play one in the terminal, replay a saved game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

import nutbox
from nutbox.agents import AGENTS, LEVELS, known_bots, make_agent
from nutbox.cli.invite_cmd import invite_code
from nutbox.cli.line_reader import LineReader
from nutbox.cli.option_text import name_values
from nutbox.cli.replay_view import ReplayViewer, steps
from nutbox.cli.resume import resumed
from nutbox.cli.review_cmd import review_command
from nutbox.cli.serve_cmd import serve
from nutbox.cli.simulate_cmd import rate, simulate
from nutbox.cli.table import HUMAN, TerminalTable
from nutbox.core import NutboxError, Record, describe
from nutbox.play import Match
from nutbox.registry import ENTRIES, entry, game_class, make, record_game

app = typer.Typer(help="nutbox: five nut games, their bots, and the tools around them.", no_args_is_help=True)
console = Console(highlight=False)


def show_version(asked: bool) -> None:
    if asked:
        typer.echo(f"nutbox {nutbox.__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool, typer.Option("--version", callback=show_version, is_eager=True,
                                           help="print nutbox's version and exit")] = False,
) -> None:
    """nutbox: five nut games, their bots, and the tools around them."""


def fail(message: str) -> typer.Exit:
    Console(stderr=True, highlight=False).print(f"[red]error:[/] {message}")
    return typer.Exit(2)


@app.command("list")
def list_games() -> None:
    """The registered games, their player counts and options."""
    table = Table(title="nutbox games", show_lines=True)
    table.add_column("game", style="bold")
    table.add_column("title")
    table.add_column("players")
    table.add_column("options (default; choices)")
    for game_id, registered in ENTRIES.items():
        game = registered.game
        players = game.player_range().replace("exactly ", "").replace(" to ", "-")
        lines = []
        for info in describe(game.options_type):
            if info.name == "players":
                continue
            choices = f"; {' | '.join(str(c) for c in info.choices)}" if info.choices else ""
            default = (
                {True: "on", False: "off"}.get(info.default, info.default) if info.kind == "bool" else info.default
            )
            lines.append(f"{info.name} ({default}{choices}): {info.help}")
        table.add_row(game_id, game.title, players, "\n".join(lines) or "-")
    console.print(table)
    console.print(f"bots: {', '.join(f'{name} ({agent.description})' for name, agent in AGENTS.items())}")
    console.print(f"levels: {', '.join(f'{name} ({text})' for name, text in LEVELS.items())}")


@app.command()
def play(
    game_id: Annotated[str | None, typer.Argument(
        metavar="GAME", help="a game from `nutbox list` (with --resume: the record's)", show_default=False)] = None,
    seat: Annotated[list[str], typer.Option(
        help=f"who sits in each seat, in order: {HUMAN} or a bot ({known_bots()})")] = [],  # noqa: B006
    seed: Annotated[int | None, typer.Option(help="the seed for chance (random if not given)")] = None,
    save: Annotated[Path | None, typer.Option(help="save the game record here after every move")] = None,
    option: Annotated[list[str], typer.Option(help="a game option NAME=VALUE (see `nutbox list`)")] = [],  # noqa: B006
    delay: Annotated[float, typer.Option(help="seconds to pause after each bot move")] = 0.0,
    resume: Annotated[Path | None, typer.Option(
        help="carry on a game saved with --save: its options, seed and seats (unless --seat is given), "
             "saving to the same file (unless --save is given)", show_default=False)] = None,
    hints: Annotated[bool, typer.Option("--hints", help="answer `hint` at the prompt with a bot's suggestion")] = False,
) -> None:
    """Play a game in the terminal: people type moves (TAB completes them), bots answer."""
    try:
        if resume is not None:
            if option or seed is not None:
                raise fail("--resume plays on with the record's options and seed: leave out --option and --seed")
            match, seats = resumed(resume, seat)
            if game_id is not None and game_id != match.game.id:
                raise fail(f"{resume} is a game of {match.game.id}, not {game_id}")
            TerminalTable(match, seats, console, save or resume, delay, hints, resumed=resume).run()
            return
        if game_id is None:
            raise fail("name a game (see `nutbox list`), or --resume a saved one")
        seats = seat or [HUMAN, "greedy"]
        options = name_values(option)
        cls = game_class(game_id)
        if "players" not in options and not cls.min_players <= len(seats) <= cls.max_players:
            raise fail(f"give one --seat per player: {cls.title} is for {cls.player_range()} players")
        options.setdefault("players", str(len(seats)))
        game = make(game_id, options)
        if len(seats) != game.num_players:
            raise fail(f"give one --seat per player: this game of {game.title} has {game.num_players}")
        for index, kind in enumerate(seats):
            if kind != HUMAN:
                make_agent(kind, game, index)  # refuses an unknown bot or bad settings, saying which
        TerminalTable(Match(game, seed, seats), seats, console, save, delay, hints).run()
    except NutboxError as error:
        raise fail(str(error)) from None


@app.command()
def learn(game_id: Annotated[str, typer.Argument(metavar="GAME", help="a game from `nutbox list`")]) -> None:
    """Learn a game by playing its tutorial, then play it against the easy bot (with hints)."""
    from nutbox.cli.learn import run

    try:
        lesson = entry(game_id).lesson
        if lesson is None:
            raise fail(f"{game_class(game_id).title} has no tutorial yet")
        reader = LineReader(console)
        if run(lesson, console, reader):
            seats = ["easy"] * lesson.game.num_players
            seats[lesson.tutorial.seat] = HUMAN
            TerminalTable(Match(lesson.game, None, seats), seats, console, hints=True, reader=reader).run()
    except NutboxError as error:
        raise fail(str(error)) from None


@app.command()
def replay(
    path: Annotated[Path, typer.Argument(help="a saved game record (JSON)")],
    to: Annotated[int | None, typer.Option(help="the step to show: 0 is the start (default: the last)")] = None,
    json_out: Annotated[bool, typer.Option("--json", help="print the spectator's view at that step as JSON")] = False,
) -> None:
    """Step through a saved game, or print one step's view for scripts."""
    try:
        record, game = record_game(Record.load(path), use_changes=True)
        if json_out:
            views = steps(record, game)
            step = _step(to, len(views) - 1)
            print(json.dumps(views[step][0], indent=1))
            return
        viewer = ReplayViewer(record, game, console)
        viewer.run(_step(to, viewer.last))
    except NutboxError as error:
        raise fail(str(error)) from None


def _step(to: int | None, last: int) -> int:
    if to is None:
        return last
    if not 0 <= to <= last:
        raise fail(f"--to {to}: this game has steps 0 to {last}")
    return to


app.command()(serve)


app.command("invite-code")(invite_code)
app.command()(simulate)
app.command()(rate)
app.command("review")(review_command)

if __name__ == "__main__":
    app()
