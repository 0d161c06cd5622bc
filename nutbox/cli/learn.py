"""`nutbox learn GAME`: the game's tutorial in the terminal (the same file as the browser's /learn page), then a
game against the easy bot, with hints.

At each step the board is drawn, the step says what to notice and do, and the person types a decision: its
number from the list of moves in words, or its notation (TAB completes it). The tutorial answers as the
browser's does: the step's decision goes on, another legal one gets the step's hint, an illegal one the rule
that forbids it. The tutorial's words are the browser's; where they name its Next button, the terminal says
Enter (cli/words.py).
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape

from nutbox.cli.line_reader import LineReader
from nutbox.cli.words import for_terminal, runs
from nutbox.core import events_for
from nutbox.core.tutorial import Lesson
from nutbox.registry import entry

HELP = "Type the number of a move or the move itself; 'board' draws the board again, 'quit' leaves."
HINTS = "In the game, type 'hint' at the prompt for a suggested move."


class Left(Exception):
    """The person asked to leave the tutorial."""


def run(lesson: Lesson, console: Console, reader: LineReader | None = None) -> bool:
    """Walk the tutorial; True if the person reached its end (and wants the game against the bot)."""
    reader = reader or LineReader(console)
    face = entry(lesson.game.id).face
    tutorial = lesson.tutorial
    console.print(f"[bold]{escape(tutorial.title)}[/] — {len(lesson)} steps. {HELP}")
    try:
        for number, step in enumerate(tutorial.steps):
            state = lesson.starts[number]
            view = state.view(tutorial.seat)
            for text in runs(events_for(lesson.happened[number], tutorial.seat)):
                console.print(f"• {escape(text)}")
            console.print(face.text(view))
            console.print(f"[bold]Step {number + 1} of {len(lesson)}:[/] {escape(for_terminal(step.say))}")
            if step.expect:
                decide(lesson, number, console, reader)
            else:
                ask(reader, "Press Enter for the next step> ")
    except Left:
        console.print("Left the tutorial.")
        return False
    console.print(f"{escape(for_terminal(tutorial.finale))} {HINTS}")
    return ask(reader, "Play it now? [Y/n]> ").strip().lower() in ("", "y", "yes")


def ask(reader: LineReader, prompt: str, choices: list[str] | None = None) -> str:
    try:
        text = reader.read(escape(prompt), choices or (), remember=choices is not None)
    except EOFError:
        raise Left from None
    if text.strip().lower() in ("q", "quit", "exit"):
        raise Left
    return text


def decide(lesson: Lesson, number: int, console: Console, reader: LineReader) -> None:
    """List the decisions in words and read one until it is the step's."""
    game, seat = lesson.game, lesson.tutorial.seat
    state = lesson.starts[number]
    view = state.view(seat)
    legal = state.legal_actions()
    face = entry(game.id).face
    console.print(f"Your turn: {escape(face.decision(view))}.")
    for index, action in enumerate(legal, 1):
        console.print(f"  {index:>2}. {escape(face.label(action, view))}  [grey50]{escape(str(action))}[/]")
    choices = [*(str(action) for action in legal), "board", "quit"]
    while True:
        text = ask(reader, "Your move> ", choices).strip()
        if text.lower() in ("b", "board"):
            console.print(face.text(view))
            continue
        if text.isdigit():
            if not 1 <= int(text) <= len(legal):
                console.print(f"[yellow]There are {len(legal)} moves:[/] type a number from 1 to {len(legal)}.")
                continue
            text = str(legal[int(text) - 1])
        answer = lesson.answer(number, text)
        if answer.kind == "advance":
            console.print(f"[green]{escape(answer.text)}[/]")
            return
        lead = {"hint": "Not quite", "illegal": "Not allowed", "unreadable": "I could not read that"}[answer.kind]
        console.print(f"[yellow]{lead}:[/] {escape(for_terminal(answer.text))}")
