"""The terminal table: people and bots play a game, each person typing moves in the game's notation.

The board is drawn when a person is to decide (and at the start and the end); meanwhile the others' moves are
told in words. At the prompt a person has line editing, history and TAB completion of the legal moves
(cli/line_reader.py), and the commands below; `hint` asks a bot for a move from the person's own view, where
the table has hints (the game after `nutbox learn`, or `nutbox play --hints`).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from pathlib import Path

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from nutbox.agents import Agent, make_agent
from nutbox.cli.line_reader import LineReader
from nutbox.cli.words import notation, runs
from nutbox.core import Action, Event, IllegalAction, NotationError, default_name, events_for, listing
from nutbox.play import Match, agent_seed
from nutbox.registry import entry

HUMAN = "human"
HINT_BOT = "medium"  # the browser's choice for hints too (web/bot_turns.py)
HINT_SECONDS = 3.0  # the longest a hint may think
QUIT, HELP, BOARD, MOVES, HINT = ("q", "quit", "exit"), ("?", "h", "help"), ("b", "board"), ("m", "moves"), ("hint",)
COMMANDS = """  moves (m)   your legal moves, in notation and in words     board (b)   draw the board again
  help (?)    this text                                      quit (q)    leave (the game so far is saved with --save)"""
HINT_LINE = "  hint        a suggested move, worked out by a bot from what you can see"


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
        hints: bool = False,
        reader: LineReader | None = None,
        resumed: Path | None = None,
    ) -> None:
        self.match = match
        self.console = console
        self.save = save
        self.delay = delay
        self.hints = hints
        self.reader = reader or LineReader(console)
        self.resumed = resumed
        self.face = entry(match.game.id).face  # what the table shows of the game
        self.humans = [seat for seat, kind in enumerate(seats) if kind == HUMAN]
        self.agents: dict[int, Agent] = {
            seat: make_agent(kind, match.game, seat, agent_seed(match.seed, seat))
            for seat, kind in enumerate(seats)
            if kind != HUMAN
        }
        self.drawn: tuple[int, int | None] | None = None  # (actions played, viewer) when the board was last drawn
        self.suggested: tuple[int, Action] | None = None  # the last hint, by the number of actions played

    def viewer(self) -> int | None:
        """Whose eyes the table shows: the one person playing, the person to move, or a spectator's."""
        if len(self.humans) == 1:
            return self.humans[0]
        to_move = self.match.state.to_move()
        return to_move if isinstance(to_move, int) and to_move in self.humans else None

    def show_board(self, again: bool = True) -> None:
        """Draw the board as the viewer sees it; unless `again`, only if it changed since it was last drawn."""
        drawn = (len(self.match.record.actions), self.viewer())
        if again or drawn != self.drawn:
            self.console.print(self.face.text(self.match.state.view(drawn[1])))
            self.drawn = drawn

    def show_events(self, events: list[Event]) -> None:
        """What happened, in words, as the viewer may see it (a long run of small steps in one line)."""
        for text in runs(events_for(events, self.viewer())):
            self.console.print(f"• {escape(text)}")

    def record(self) -> None:
        if self.save is not None:
            self.match.record.save(self.save)

    def run(self) -> None:
        self.console.print(f"[bold]{escape(self.match.game.title)}[/] — seed {self.match.seed}. "
                           "Type 'help' for the goal, how to write moves and the commands.")
        if self.resumed is not None:
            self.show_resumed(self.resumed)
        self.show_events(self.match.run_chance())
        self.record()
        self.show_board()
        try:
            while not self.match.state.is_terminal():
                seat = self.match.state.to_move()
                assert isinstance(seat, int)
                if seat in self.agents:
                    events = self.match.play(self.match.ask(self.agents[seat]))
                else:
                    self.show_board(again=False)
                    events = self.human_turn(seat)
                events += self.match.run_chance()
                self.record()
                self.show_events(events)
                if seat in self.agents and self.delay:
                    if not self.humans:  # watching bots play: the board after each move
                        self.show_board()
                    time.sleep(self.delay)
        except Quit:
            self.record()
            self.console.print("Left the game." + self.saved_words())
            return
        except KeyboardInterrupt:  # Ctrl-C: on a line of its own, not after the "^C", and no traceback
            self.record()
            self.console.print("\nLeft the game (Ctrl-C)." + self.saved_words())
            raise SystemExit(130) from None
        self.show_board(again=False)
        self.show_end()
        if self.save:
            self.console.print(f"Saved to {self.save}; replay it with: nutbox replay {self.save}")

    def saved_words(self) -> str:
        return f" Saved to {self.save}. Carry on with: nutbox play --resume {self.save}" if self.save else ""

    def show_resumed(self, path: Path) -> None:
        """Where a resumed game stands: how far it went, and what happened last."""
        played = len(self.match.record.actions)
        self.console.print(f"Carrying on the game saved in {escape(str(path))}: {played} actions so far.")
        told = list(runs(events_for(self.match.log, self.viewer())))[-3:]
        if told:
            self.console.print("What happened last:")
            for text in told:
                self.console.print(f"• {escape(text)}")

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

    def help(self) -> None:
        """The goal, how to write moves, and the commands."""
        guide = self.face.guide
        if guide is not None:
            self.console.print(f"[bold]The goal.[/] {escape(guide.summary)}")
        written = notation(self.match.game.__class__)
        self.console.print("[bold]How to write moves.[/] " + ("Type 'moves' for the legal moves in notation."
                           if written is None else "What you type, with what it means:"))
        if written is not None:
            self.console.print(escape(written))
        self.console.print("\n[bold]Commands.[/]")
        self.console.print(COMMANDS + ("\n" + HINT_LINE if self.hints else ""))
        if self.reader.editing:
            self.console.print("TAB completes a move or a command (twice: the choices); Up and Down recall "
                               "what you typed before.")

    def choices(self) -> list[str]:
        """What TAB completes at the prompt: the legal moves' notation, then the commands."""
        moves = [str(action) for action in self.match.state.legal_actions()]
        return [*moves, "moves", "board", "help", *(("hint",) if self.hints else ()), "quit"]

    def human_turn(self, seat: int) -> list[Event]:
        view = self.match.state.view(seat)
        self.console.print(f"[bold]Player {seat + 1}, your turn:[/] {escape(self.face.decision(view))}.")
        choices = self.choices()
        while True:
            try:
                text = self.reader.read(f"[bold]Player {seat + 1}>[/] ", choices).strip()
            except EOFError:
                raise Quit from None
            command = text.lower()
            if command in QUIT:
                raise Quit
            if command in HELP:
                self.help()
            elif command == "":
                tab = " (TAB completes it)" if self.reader.editing else ""
                self.console.print(f"Type a move{tab}, 'moves' to list them, or 'help'.")
            elif command in BOARD:
                self.show_board()
            elif command in MOVES:
                # the notation to type, with what it does in words
                legal = [f"[bold]{escape(str(action))}[/]  {escape(self.face.label(action, view))}"
                         for action in self.match.state.legal_actions()]
                self.console.print(Columns(legal, padding=(0, 3)))
            elif command in HINT:
                self.hint(seat)
            else:
                try:
                    return self.match.play(self.match.game.parse(text))
                except NotationError as error:
                    self.console.print(f"[red]{escape(str(error))}[/]")
                except IllegalAction as error:
                    self.console.print(f"[red]Not allowed: {escape(error.told(None))}[/]  (nothing changed)")

    def hint(self, seat: int) -> None:
        """A bot's suggestion for `seat`, worked out from that seat's own view only, in words and notation."""
        if not self.hints:
            self.console.print("No hints at this table: the game after `nutbox learn` has them, "
                               "and so does `nutbox play --hints`.")
            return
        played = len(self.match.record.actions)
        if self.suggested is None or self.suggested[0] != played:
            state = self.match.state
            bot = make_agent(HINT_BOT, self.match.game, seat, f"{self.match.seed}/hint{played}", HINT_SECONDS)
            self.suggested = (played, bot.act(state.view(seat), state.legal_actions()))
        action = self.suggested[1]
        label = self.face.label(action, self.match.state.view(seat))
        self.console.print(f"[green]Hint:[/] {escape(label)} — type [bold]{escape(str(action))}[/]")


def winners_words(winners: Sequence[int]) -> str:
    """Who won, in words: "Player 2 wins", "Players 1 and 3 share the win", "A draw: nobody wins"."""
    if not winners:
        return "A draw: nobody wins."
    if len(winners) == 1:
        return f"{default_name(winners[0])} wins."
    return f"Players {listing([str(seat + 1) for seat in winners])} share the win."
