"""Stepping through a saved game in the terminal, or printing one step's view for scripts."""

from __future__ import annotations

import sys

from rich.console import Console

from nutbox.core import Event, Game, Record, View, replay
from nutbox.registry import entry

KEYS = "Enter/n next · p previous · a number jumps to that step · e end · q quit"


def steps(record: Record, game: Game) -> list[tuple[View, list[Event]]]:
    """The spectator's view at every step (0 = before any action) with the events that led there."""
    return [(state.view(None), events) for state, events in replay(record, game)]


class ReplayViewer:
    def __init__(self, record: Record, game: Game, console: Console) -> None:
        self.record = record
        self.steps = steps(record, game)
        self.console = console
        self.face = entry(game.id).face

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def show(self, step: int) -> None:
        view, events = self.steps[step]
        action = self.record.actions[step - 1] if step else "(start)"
        self.console.rule(f"step {step}/{self.last}: {action}")
        for event in events:
            if event.seen_by(None) is not None and not event.detail:
                self.console.print(f"• {event.text}")
        self.console.print(self.face.text(view))

    def run(self, start: int) -> None:
        step = start
        self.show(step)
        if not sys.stdin.isatty():
            return
        self.console.print(f"[grey50]{KEYS}[/]")
        while True:
            try:
                key = self.console.input("replay> ").strip().lower()
            except EOFError:
                return
            if key in ("q", "quit"):
                return
            if key in ("", "n"):
                step = min(step + 1, self.last)
            elif key == "p":
                step = max(step - 1, 0)
            elif key == "e":
                step = self.last
            elif key.isdigit() and int(key) <= self.last:
                step = int(key)
            else:
                self.console.print(f"[red]{key!r}: {KEYS} (steps 0 to {self.last})[/]")
                continue
            self.show(step)
