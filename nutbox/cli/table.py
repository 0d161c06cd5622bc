"""The terminal table: people and bots play a game, each person typing moves in the game's notation."""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from nutbox.agents import Agent, make_agent
from nutbox.core import Event, IllegalAction, NotationError, default_name, events_for, listing
from nutbox.play import Match, agent_seed
from nutbox.registry import entry

HUMAN = "human"
HELP = """Type a move in the game's notation, or one of:
  moves (m)   list your legal moves        board (b)   draw the board again
  help (?)    this text                     quit (q)    leave (the game so far is saved with --save)"""


class Quit(Exception):
    """The person at the table asked to leave."""


class TerminalTable:
    def __init__(
        self,
        match: Match,
        seats: Sequence[str],
        console: Console,
        save: Path | None = None,
        delay: float = 0.0,
    ) -> None:
        self.match = match
        self.console = console
        self.save = save
        self.delay = delay
        self.face = entry(match.game.id).face  # what the table shows of the game
        self.humans = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
        self.agents: dict[int, Agent] = {
            seat: make_agent(kind, match.game, seat, agent_seed(match.seed, seat))
            for seat, kind in enumerate(seats)
            if kind != HUMAN
        }

    def viewer(self) -> int | None:
        """Whose eyes the table shows: the one person playing, the person to move, or a spectator's."""
        if len(self.humans) == 1:
            return self.humans[0]
        to_move = self.match.state.to_move()
        return to_move if isinstance(to_move, int) and to_move in self.humans else None

    def show_board(self) -> None:
        self.console.print(self.face.text(self.match.state.view(self.viewer())))

    def show_events(self, events: list[Event]) -> None:
        seen = events_for(events, self.viewer())
        details = sum(1 for event in seen if event.detail)
        if details:
            self.console.print(f"[grey50]({details} chance steps)[/]")
        for event in seen:
            if not event.detail:
                self.console.print(f"• {event.text}")

    def record(self) -> None:
        if self.save is not None:
            self.match.record.save(self.save)

    def run(self) -> None:
        self.console.print(f"[bold]{self.match.game.title}[/] — seed {self.match.seed}. Type 'help' for commands.")
        self.show_events(self.match.run_chance())
        self.record()
        self.show_board()
        try:
            while not self.match.state.is_terminal():
                state = self.match.state
                seat = state.to_move()
                assert isinstance(seat, int)
                if seat in self.agents:
                    events = self.match.play(self.match.ask(self.agents[seat]))
                    if self.delay:
                        time.sleep(self.delay)
                else:
                    events = self.human_turn(seat)
                events += self.match.run_chance()
                self.record()
                self.show_events(events)
                self.show_board()
        except Quit:
            self.record()
            self.console.print("Left the game." + (f" Saved to {self.save}." if self.save else ""))
            return
        except KeyboardInterrupt:  # Ctrl-C: on a line of its own, not after the "^C", and no traceback
            self.record()
            self.console.print("\nLeft the game (Ctrl-C)." + (f" Saved to {self.save}." if self.save else ""))
            raise SystemExit(130) from None
        self.show_end()
        if self.save:
            self.console.print(f"Saved to {self.save}; replay it with: nutbox replay {self.save}")

    def show_end(self) -> None:
        """The end in words: the game's score table, how a tie was settled, and who won."""
        state = self.match.state
        scores = self.face.score_table(state.view(None))
        if scores is not None:
            grid = Table(title="The end", title_justify="left")
            for column in ("Player", *scores.columns):
                grid.add_column(escape(column))
            for seat, row in enumerate(scores.rows):
                grid.add_row(default_name(seat), *(escape(cell) for cell in row))
            self.console.print(grid)
            if scores.note:
                self.console.print(escape(scores.note))
        else:
            self.console.print("Scores: " + ", ".join(f"{default_name(seat)} {score:g}"
                                                        for seat, score in enumerate(state.scores())))
        self.console.print(f"[bold]{winners_words(state.winners())}[/]")

    def human_turn(self, seat: int) -> list[Event]:
        view = self.match.state.view(seat)
        self.console.print(f"[bold]Player {seat + 1}, your turn:[/] {self.face.decision(view)}.")
        while True:
            try:
                text = self.console.input(f"[bold]Player {seat + 1}>[/] ").strip()
            except EOFError:
                raise Quit from None
            command = text.lower()
            if command in ("q", "quit", "exit"):
                raise Quit
            if command in ("?", "h", "help", ""):
                self.console.print(HELP)
                continue
            if command in ("b", "board"):
                self.show_board()
                continue
            if command in ("m", "moves"):
                # the notation to type, with what it does in words
                legal = [f"[bold]{escape(str(action))}[/]  {escape(self.face.label(action, view))}"
                         for action in self.match.state.legal_actions()]
                self.console.print(Columns(legal, padding=(0, 3)))
                continue
            try:
                return self.match.play(self.match.game.parse(text))
            except NotationError as error:
                self.console.print(f"[red]{error}[/]")
            except IllegalAction as error:
                self.console.print(f"[red]Not allowed: {escape(error.told(None))}[/]  (nothing changed)")


def winners_words(winners: Sequence[int]) -> str:
    """Who won, in words: "Player 2 wins", "Players 1 and 3 share the win", "A draw: nobody wins"."""
    if not winners:
        return "A draw: nobody wins."
    if len(winners) == 1:
        return f"{default_name(winners[0])} wins."
    return f"Players {listing([str(seat + 1) for seat in winners])} share the win."
