"""Tutorials: a game taught by playing it, step by step over real positions (the browser's /learn pages and
`nutbox learn`).

A tutorial is a TOML file in the game's package (its plugin names it). Its positions are reached by actions
from the game's start, never built by hand, so a rules change that breaks a tutorial fails its test:

    title = "Learn Nuts Sorting"
    options = { players = 2 }        # the game's options (defaults otherwise)
    seat = 0                         # the learner's seat
    setup = '''deal a1 red; deal a2 blue; ...'''   # actions from the start, ";" or new lines between them

    [[steps]]
    play = ["b6-b3"]                 # played first and shown as what just happened (other seats, chance)
    say = "Move a yellow nut so that its group grows: try c3 to e5."
    expect = ["c3-e5"]               # the decisions this step accepts; none: a "Next" step
    hint = "That move is legal, but here the point is ..."   # the answer to any other legal decision

After the last step the learner plays a short game against the easy bot (`finale` says so in words).
A step's accepted decision, when it has several, is the first one for the positions that follow.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from nutbox.core.action import Action
from nutbox.core.errors import IllegalAction, NotationError, NutboxError
from nutbox.core.events import Event
from nutbox.core.game import Game
from nutbox.core.state import State


class TutorialError(NutboxError):
    """A tutorial file that is malformed or does not play through the rules; the message says which step."""


@dataclass(frozen=True)
class Step:
    say: str
    expect: tuple[str, ...] = ()
    hint: str = ""
    play: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tutorial:
    game: str
    title: str
    steps: tuple[Step, ...]
    setup: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    seat: int = 0
    finale: str = "Now play a short game against the easy bot. Ask for a hint whenever you like."


@dataclass(frozen=True)
class Answer:
    """What the tutorial says to a decision tried at a step."""

    kind: str  # "advance" (the step's decision), "hint" (legal but not this step's), "illegal", "unreadable"
    text: str


def _actions(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [part for line in value.splitlines() for part in line.split(";")]
    if not isinstance(value, list) or not all(isinstance(text, str) for text in value):
        raise TutorialError(f"{where}: expected action texts (a list, or one text split by ';' and lines)")
    return tuple(text.strip() for text in value if text.strip())


def read(game_id: str, text: str) -> Tutorial:
    """A tutorial from its TOML text; TutorialError naming the step and field at fault."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TutorialError(f"{game_id} tutorial: not TOML ({error})") from None
    known = {"title", "options", "seat", "setup", "steps", "finale"}
    if unknown := sorted(set(data) - known):
        raise TutorialError(f"{game_id} tutorial: unknown fields {', '.join(unknown)}")
    raw_steps = data.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise TutorialError(f"{game_id} tutorial: no [[steps]]")
    steps = []
    for number, raw in enumerate(raw_steps, 1):
        where = f"{game_id} tutorial, step {number}"
        if unknown := sorted(set(raw) - {"say", "expect", "hint", "play"}):
            raise TutorialError(f"{where}: unknown fields {', '.join(unknown)}")
        if not isinstance(raw.get("say"), str) or not raw["say"].strip():
            raise TutorialError(f"{where}: 'say' must tell the learner what to notice or do")
        expect = _actions(raw.get("expect", []), f"{where}, expect")
        if expect and not isinstance(raw.get("hint"), str):
            raise TutorialError(f"{where}: a step that expects a decision needs a 'hint' for other choices")
        steps.append(Step(raw["say"].strip(), expect, str(raw.get("hint", "")).strip(),
                          _actions(raw.get("play", []), f"{where}, play")))
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise TutorialError(f"{game_id} tutorial: 'options' must be a table")
    return Tutorial(game_id, str(data.get("title", f"Learn {game_id}")), tuple(steps),
                    _actions(data.get("setup", []), f"{game_id} tutorial, setup"), options,
                    int(data.get("seat", 0)), str(data.get("finale", Tutorial.finale)))


def load(game_id: str, path: str) -> Tutorial:
    """The tutorial a plugin names as "package:file.toml"."""
    package, _, name = path.partition(":")
    return read(game_id, resources.files(package).joinpath(name).read_text(encoding="utf-8"))


class Lesson:
    """A tutorial played through a game's rules: the position at each step, and the answer to a decision."""

    def __init__(self, tutorial: Tutorial, game: Game) -> None:
        self.tutorial = tutorial
        self.game = game
        state = game.new_state()
        self._play(state, tutorial.setup, "setup")
        self.starts: list[State] = []  # the position each step shows, its `play` done
        self.happened: list[list[Event]] = []  # what its `play` did, to show as what just happened
        for number, step in enumerate(tutorial.steps, 1):
            where = f"step {number}"
            self.happened.append(self._play(state, step.play, f"{where}, play"))
            self.starts.append(state.clone())
            if step.expect:
                if state.to_move() != tutorial.seat:
                    raise TutorialError(f"{self._name()}, {where}: it is not the learner's turn")
                for text in step.expect:
                    self._play(state.clone(), (text,), f"{where}, expect")
                self._play(state, step.expect[:1], f"{where}, expect")

    def _name(self) -> str:
        return f"{self.game.id} tutorial"

    def _play(self, state: State, texts: tuple[str, ...], where: str) -> list[Event]:
        events: list[Event] = []
        for text in texts:
            try:
                events += state.apply(self.game.parse(text))
            except (NotationError, IllegalAction) as error:
                raise TutorialError(f"{self._name()}, {where}: {text!r}: {error}") from None
        return events

    def __len__(self) -> int:
        return len(self.tutorial.steps)

    def answer(self, number: int, text: str) -> Answer:
        """The tutorial's answer to deciding `text` at step `number` (from 0)."""
        step, state = self.tutorial.steps[number], self.starts[number]
        try:
            action: Action = self.game.parse(text)
        except NotationError as error:
            return Answer("unreadable", error.problem)
        rule = state.why_illegal(action)
        if rule is not None:
            return Answer("illegal", rule)
        if not step.expect:
            return Answer("hint", "Nothing to decide here: read on, then press Next.")
        if any(action == self.game.parse(expected) for expected in step.expect):
            return Answer("advance", "Well done.")
        return Answer("hint", step.hint)
