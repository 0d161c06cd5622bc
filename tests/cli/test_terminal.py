"""The terminal table as a person meets it: the real `nutbox` command in a pseudo-terminal (pexpect), so that
readline's history and completion are the ones a person gets; resume, the end in words, and hints after
`nutbox learn`."""

from __future__ import annotations

import io
import json
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from nutbox.agents import make_agent
from nutbox.cli.table import winners_words
from nutbox.core import Record, final_state
from nutbox.play import run_match
from nutbox.registry import entry, make

UP = "\x1b[A"
ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]|[\x01\x02\r]")


def command() -> list[str]:
    """The installed `nutbox` script beside this Python, or the module where it is not installed."""
    script = Path(sys.executable).with_name("nutbox")
    return [str(script)] if script.exists() else [sys.executable, "-m", "nutbox.cli.main"]


@pytest.fixture
def terminal(tmp_path: Path) -> Iterator[list[pexpect.spawn]]:
    """Spawns `nutbox ARGS` in a pseudo-terminal of 50 by 200 (one at a time), and stops what is left."""
    children: list[pexpect.spawn] = []
    yield children
    for child in children:
        child.close(force=True)


def spawn(children: list[pexpect.spawn], cwd: Path, *args: str) -> pexpect.spawn:
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    env.update(TERM="xterm", INPUTRC="/dev/null", HOME=str(cwd))  # readline's defaults, not this machine's
    program, *first = command()
    child = pexpect.spawn(program, [*first, *args], cwd=str(cwd), env=env, dimensions=(50, 200),
                          encoding="utf-8", timeout=30)
    child.logfile_read = io.StringIO()
    children.append(child)
    return child


def said(child: pexpect.spawn) -> str:
    """What the child printed so far, less the terminal's escape sequences."""
    log = child.logfile_read
    assert isinstance(log, io.StringIO)
    return ANSI.sub("", log.getvalue())


def test_up_recalls_what_was_typed_and_it_can_be_edited(terminal: list[pexpect.spawn], tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = spawn(terminal, tmp_path, "play", "nuts-sorting", "--seat", "greedy", "--seat", "human", "--seed", "9",
                  "--save", str(save))
    child.expect_exact("Player 2>")
    child.send("choose firs\r")  # not a move: refused, and kept in the history
    child.expect("choose takes one of")
    child.expect_exact("Player 2>")
    child.send(UP)  # the line comes back ...
    child.expect_exact("choose firs")
    child.send("t\r")  # ... and is finished: no "cannot read 'choose\x1b[A'"
    child.expect_exact("Player 2 takes the first move")
    child.expect_exact("Player 2>")
    assert said(child).count("cannot read") == 1  # "choose firs" alone
    assert Record.load(save).actions[61] == "choose first"
    child.send("quit\r")
    child.expect(pexpect.EOF)


def test_tab_completes_a_legal_move_and_lists_the_choices(terminal: list[pexpect.spawn], tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = spawn(terminal, tmp_path, "play", "nuts-sorting", "--seat", "greedy", "--seat", "human", "--seed", "9",
                  "--save", str(save))
    child.expect_exact("Player 2>")
    child.send("cho\t")  # the common start of the three legal moves (readline rings: more than one)
    child.expect("cho\x07?ose ")
    child.send("\t\t")  # twice: the choices
    child.expect(r"choose bwg\s+choose first\s+choose rby")
    child.send("f\t")  # one move begins so: completed
    child.expect("choose f\x07?irst")
    child.send("\r")
    child.expect_exact("Player 2 takes the first move")
    child.expect_exact("Player 2>")
    child.send("qu\t\r")  # the table's commands complete too
    child.expect_exact("Left the game.")
    child.expect(pexpect.EOF)
    assert Record.load(save).actions[61] == "choose first"


def test_a_saved_game_is_resumed_with_its_seats_seed_and_options(terminal: list[pexpect.spawn],
                                                                tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = spawn(terminal, tmp_path, "play", "nuts-sorting", "--seat", "greedy", "--seat", "human", "--seed", "9",
                  "--option", "repetition_draw=yes", "--save", str(save))
    child.expect_exact("Player 2>")
    child.send("choose first\r")
    child.expect_exact("Player 2>")
    child.send("quit\r")
    child.expect_exact("Carry on with: nutbox play --resume")
    child.expect(pexpect.EOF)
    before = Record.load(save)
    state = final_state(before, make("nuts-sorting", before.options))
    move = str(state.legal_actions()[0])

    child = spawn(terminal, tmp_path, "play", "--resume", str(save))
    child.expect_exact(f"Carrying on the game saved in {save}: {len(before.actions)} actions so far.")
    child.expect_exact("Player 2>")  # the same seats: the person is still Player 2
    child.send(f"{move}\r")
    child.expect_exact("Player 2>")  # the bot answered
    child.send("quit\r")
    child.expect(pexpect.EOF)
    after = Record.load(save)  # saved to the same file
    assert after.actions[: len(before.actions) + 1] == [*before.actions, move]
    assert len(after.actions) > len(before.actions) + 1
    assert (after.seed, after.seats, after.options) == (9, ["greedy", "human"], before.options)
    assert before.options["repetition_draw"] is True


def test_the_end_is_told_in_words(terminal: list[pexpect.spawn], tmp_path: Path) -> None:
    """A bots' game saved one decision before its end, the last decision made by a person at the terminal."""
    game = make("nuts-sorting")
    match = run_match(game, [make_agent("greedy", game, seat, seat) for seat in range(2)], seed=3)
    *before, last = match.record.actions
    state = final_state(Record(game.id, game.rules_version, match.record.options, 3, before), game)
    seat = state.to_move()
    assert isinstance(seat, int)
    seats = ["greedy", "greedy"]
    seats[seat] = "human"
    save = tmp_path / "almost.json"
    save.write_text(json.dumps({**match.record.to_json(), "actions": before, "seats": seats}))

    child = spawn(terminal, tmp_path, "play", "--resume", str(save))
    child.expect_exact(f"Player {seat + 1}>")
    child.send(f"{last}\r")
    child.expect_exact("replay it with")
    child.expect(pexpect.EOF)
    words = " ".join(said(child).split())
    assert "The end" in words and "Player 1" in words and "Player 2" in words
    assert winners_words(match.state.winners()) in words and "Winners: [" not in words
    assert Record.load(save).actions == match.record.actions


def test_the_game_after_learn_answers_hint_in_words(terminal: list[pexpect.spawn], tmp_path: Path) -> None:
    lesson = entry("nuts-sorting").lesson
    assert lesson is not None
    child = spawn(terminal, tmp_path, "learn", "nuts-sorting")
    for step in lesson.tutorial.steps:
        if step.expect:
            child.expect_exact("Your move>")
            child.send(f"{step.expect[0]}\r")
            child.expect_exact("Well done.")
        else:
            child.expect_exact("Press Enter for the next step>")
            child.send("\r")
    child.expect_exact("type 'hint' at the prompt")
    child.expect_exact("Play it now?")
    tutorial = said(child)
    assert "Press Enter." in tutorial and "Press Next" not in tutorial  # the terminal's key, not the page's button
    child.send("y\r")
    child.expect_exact("Player 1>")
    child.send("hint\r")
    child.expect(r"Hint:(?:\x1b\[[0-9;]*m)* (.+?) — type (.+?)\r\n")
    label, notation = (ANSI.sub("", part).strip() for part in child.match.groups())
    assert label and notation and label != notation  # in words, and what to type
    child.expect_exact("Player 1>")
    child.send(f"{notation}\r")  # the suggestion is a legal move
    child.expect_exact("Player 1>")
    assert "Not allowed" not in said(child) and "cannot read" not in said(child)
    child.send("quit\r")
    child.expect_exact("Left the game.")
    child.expect(pexpect.EOF)
