"""The terminal table's words without a terminal: when the board is drawn, the deal in words, `help`, hints, and
what `--resume` refuses."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from nutbox.cli.line_reader import LineReader
from nutbox.cli.main import app
from nutbox.cli.table import HUMAN, TerminalTable
from nutbox.cli.words import for_terminal, notation, runs
from nutbox.core import Event, Record
from nutbox.play import Match
from nutbox.registry import BUILT_IN, entry, game_class, make

runner = CliRunner()


class Scripted(LineReader):
    """A person who types the given lines, then the first legal move (the first choice) each time, then quits."""

    def __init__(self, console: Console, lines: Sequence[str] = (), moves: int = 0) -> None:
        super().__init__(console)
        self.lines = list(lines)
        self.moves = moves
        self.prompts = 0

    def read(self, prompt: str, choices: Sequence[str] = (), remember: bool = True) -> str:
        self.prompts += 1
        if self.lines:
            return self.lines.pop(0)
        if self.moves:
            self.moves -= 1
            return choices[0]
        return "quit"


def table(game_id: str, seats: list[str], reader_lines: Sequence[str] = (), moves: int = 0,
          hints: bool = False) -> tuple[TerminalTable, Console]:
    console = Console(record=True, width=160, force_terminal=False)
    game = make(game_id, {"players": str(len(seats))})
    reader = Scripted(console, reader_lines, moves)
    return TerminalTable(Match(game, 5, seats), seats, console, hints=hints, reader=reader), console


def test_the_board_is_drawn_for_the_persons_decisions_not_after_every_bot_move(
        monkeypatch: pytest.MonkeyPatch) -> None:
    face = entry("nut-hunt").face
    drawn: list[Any] = []
    text = type(face).text

    def counted(self: Any, view: Any, names: Any = None) -> Any:
        drawn.append(view)
        return text(self, view, names)

    monkeypatch.setattr(type(face), "text", counted)
    terminal, console = table("nut-hunt", [HUMAN, "greedy", "greedy"], moves=6)
    terminal.run()
    out = console.export_text()
    decisions = out.count("Player 1, your turn:")
    assert decisions == 7  # six moves, then the quit
    assert len(drawn) <= decisions + 1  # the start, then at most once a decision (never after a bot's)
    assert "• Player 2 " in out and "• Player 3 " in out  # the bots' moves in words


def test_the_opening_tells_the_deal_in_words() -> None:
    terminal, console = table("nuts-sorting", [HUMAN, "greedy"])
    terminal.run()
    out = console.export_text()
    assert "chance steps" not in out
    assert "• The deal: a1 gets a" in out and "(61 in all)" in out


def test_runs_of_small_steps_are_told_in_one_line_and_short_ones_in_full() -> None:
    deal = [Event(f"card {number} is dealt", kind="deal", detail=True) for number in range(1, 9)]
    refill = [Event("a nut is laid out", kind="refill", detail=True)]
    told = list(runs([Event("the game starts"), *deal, *refill, *deal[:2]]))
    assert told == ["the game starts", "The deal: card 1 is dealt; card 2 is dealt; … card 8 is dealt (8 in all)",
                    "a nut is laid out", "card 1 is dealt", "card 2 is dealt"]


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_the_notation_to_type_comes_from_the_game_package_and_leaves_out_chance(game_id: str) -> None:
    written = notation(game_class(game_id))
    assert written is not None and written.startswith("Notation")
    assert "chance:" not in written


def test_help_gives_the_goal_the_notation_and_the_commands() -> None:
    terminal, console = table("nut-hunt", [HUMAN, "greedy"], reader_lines=["help", "hint"])
    terminal.run()
    out = " ".join(console.export_text().split())
    guide = entry("nut-hunt").face.guide
    assert guide is not None and " ".join(guide.summary.split()) in out
    assert "recruit WW recruit a squirrel onto Willow Wallow" in out and "roll 4" not in out
    assert "moves (m)" in out and "quit (q)" in out
    assert "No hints at this table" in out  # hints are for the game after learn, or --hints


def test_hints_from_the_persons_view() -> None:
    terminal, console = table("in-the-nuts", [HUMAN, "greedy"], reader_lines=["hint", "hint"], hints=True)
    terminal.run()
    out = console.export_text()
    hints = [line for line in out.splitlines() if line.startswith("Hint: ")]
    assert len(hints) == 2 and hints[0] == hints[1]  # one suggestion per position
    notation = hints[0].rpartition(" — type ")[2]
    assert notation in {str(action) for action in terminal.match.state.legal_actions()}


def test_the_tutorial_says_enter_where_the_page_says_next() -> None:
    assert for_terminal("Bramble Hollow is the gap. Press Next.") == "Bramble Hollow is the gap. Press Enter."
    assert for_terminal("read on, then press Next.") == "read on, then press Enter."
    assert for_terminal("the next player") == "the next player"


def saved(tmp_path: Path, seats: list[str], *args: str) -> Path:
    save = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "nuts-sorting", *(part for kind in seats for part in ("--seat", kind)),
                                 "--seed", "2", "--save", str(save), *args], input="quit\n")
    assert result.exit_code == 0, result.output
    return save


def test_resume_takes_other_seats_when_given(tmp_path: Path) -> None:
    save = saved(tmp_path, [HUMAN, "greedy"])
    result = runner.invoke(app, ["play", "--resume", str(save), "--seat", "greedy", "--seat", "random"])
    assert result.exit_code == 0, result.output
    assert "Carrying on the game saved in" in result.output and "wins" in result.output
    record = Record.load(save)
    assert record.seats == ["greedy", "random"] and record.seed == 2


def test_resume_refuses_what_it_cannot_carry_on(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("my shopping list\n")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"hello": "world"}))
    unknown = tmp_path / "chess.json"
    unknown.write_text(json.dumps({"game": "chess", "rules_version": "1", "options": {}, "actions": []}))
    over = tmp_path / "over.json"
    finished = runner.invoke(app, ["play", "nuts-sorting", "--seat", "greedy", "--seat", "greedy", "--seed", "3",
                                   "--save", str(over)])
    assert finished.exit_code == 0, finished.output
    save = saved(tmp_path, [HUMAN, "greedy"])
    cases = [
        ([str(text)], f"{text} is not a nutbox game record (not JSON"),
        ([str(other)], f"{other} is not a nutbox game record (record has no 'game')"),
        ([str(unknown)], "a game this nutbox does not know"),
        ([str(over)], "this game is over (Player"),
        ([str(tmp_path / "missing.json")], "no such file"),
        ([str(save), "--seed", "4"], "--resume plays on with the record's options and seed"),
        ([str(save), "--seat", HUMAN], "give one --seat per player"),
        ([str(save), "--seat", HUMAN, "--seat", "alphazero"], "no bot called 'alphazero'"),
    ]
    for args, message in cases:
        result = runner.invoke(app, ["play", "--resume", *args])
        assert result.exit_code == 2, (args, result.output)
        # (rich wraps a long path anywhere, even inside a word: compared with every space and line break out)
        assert "".join(message.split()) in "".join(result.output.split()), (args, result.output)
    wrong_game = runner.invoke(app, ["play", "nut-hunt", "--resume", str(save)])
    assert wrong_game.exit_code == 2
    assert "is a game of nuts-sorting, not nut-hunt" in " ".join(wrong_game.output.split())
    nothing = runner.invoke(app, ["play"])
    assert nothing.exit_code == 2 and "name a game" in nothing.output
