"""Reading a line at the terminal's prompts, as a good REPL does: line editing, history (Up and Down) and TAB
completion of what may be typed there (the legal moves' notation, the table's commands).

It is the standard library's readline (GNU readline on Linux, libedit on macOS), used only when both ends are a
terminal, as `input()` itself does; from a pipe, a test or a system without readline (Windows), lines are read
plainly. Completion matches the whole line typed so far, so a move of several words ("recruit WW") completes as
one: "rec" TAB gives "recruit ", and TAB twice lists the moves that begin so.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Sequence
from types import ModuleType

from rich.console import Console

_ESCAPE = re.compile(r"(\x1b\[[0-9;]*m)")


def _readline() -> ModuleType | None:
    """readline, set up for the table's completion, when a person types at a terminal; None otherwise."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return None
    try:
        readline = importlib.import_module("readline")
    except ImportError:  # (Windows: no readline; lines are read plainly)
        return None
    if "libedit" in (readline.__doc__ or ""):
        readline.parse_and_bind("bind ^I rl_complete")
    else:
        readline.parse_and_bind("tab: complete")
    readline.set_completer_delims("")  # the whole line is the word to complete: notation has spaces
    readline.set_auto_history(False)  # only what was typed at a move prompt (not "Play it now? y")
    return readline


class LineReader:
    """One per command run, so the history of the tutorial carries into the game after it."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.readline = _readline()
        self._choices: Sequence[str] = ()
        self._matches: list[str] = []

    @property
    def editing(self) -> bool:
        """Whether lines are edited with readline (history, completion) or read plainly."""
        return self.readline is not None

    def read(self, prompt: str, choices: Sequence[str] = (), remember: bool = True) -> str:
        """A line typed after `prompt` (rich markup). TAB completes it to one of `choices`; with `remember`, a
        line that is not empty goes into the history. EOFError at the end of input (Ctrl-D)."""
        readline = self.readline
        if readline is None:
            return self.console.input(prompt)
        self._choices = choices
        readline.set_completer(self._complete)
        try:
            line: str = input(self._prompt(prompt))
        except EOFError:
            print()  # (readline leaves the cursor after the prompt)
            raise
        finally:
            readline.set_completer(None)
        typed = line.strip()
        length = readline.get_current_history_length()
        if remember and typed and (length == 0 or readline.get_history_item(length) != typed):
            readline.add_history(typed)
        return line

    def _prompt(self, markup: str) -> str:
        """The prompt as readline must be given it: styled, each escape sequence marked as taking no room
        (between \\001 and \\002), so that readline knows where the line starts when it redraws it."""
        with self.console.capture() as captured:
            self.console.print(markup, end="")
        return _ESCAPE.sub("\x01\\1\x02", captured.get())

    def _complete(self, text: str, state: int) -> str | None:
        if state == 0:  # as typed; else ignoring case ("recruit ww": "recruit WW")
            typed = text.lstrip()
            self._matches = [choice for choice in self._choices if choice.startswith(typed)] or [
                choice for choice in self._choices if choice.lower().startswith(typed.lower())]
        return self._matches[state] if state < len(self._matches) else None
