"""The `nutbox` command as a user meets it: list, play (people and bots), replay."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from typer.testing import CliRunner

from nutbox.cli.main import app
from nutbox.core import Record, final_state
from nutbox.registry import make

runner = CliRunner()


def test_list_shows_each_game_with_players_and_options() -> None:
    result = runner.invoke(app, ["list"])
    assert result.exit_code == 0
    assert "nuts-sorting" in result.output
    assert "repetition_draw" in result.output and "both_sorted" in result.output
    assert "greedy" in result.output


def test_two_bots_play_a_whole_game_and_replay_json_gives_the_result(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = runner.invoke(
        app, ["play", "nuts-sorting", "--seat", "greedy", "--seat", "random", "--seed", "4", "--save", str(save)]
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output
    record = Record.load(save)
    assert record.seed == 4 and record.seats == ["greedy", "random"]
    end = final_state(record, make("nuts-sorting"))
    # the end in words: the score table with a row per player, and who won, counted from 1 as the game does
    words = " ".join(result.output.split())
    assert "The end" in words and "Player 1" in words and "Player 2" in words and "Winners: [" not in words
    assert f"Player {end.winners()[0] + 1} wins." in words

    last = runner.invoke(app, ["replay", str(save), "--json"])
    assert last.exit_code == 0, last.output
    view = json.loads(last.output)
    assert view["winners"] == end.winners() and view["scores"] == end.scores()

    start = json.loads(runner.invoke(app, ["replay", str(save), "--to", "0", "--json"]).output)
    assert start["to_move"] == "chance" and start["cells"] == {}
    step = json.loads(runner.invoke(app, ["replay", str(save), "--to", "61", "--json"]).output)
    assert len(step["cells"]) == 61 and step["phase"] == "choose"


def test_a_person_is_told_the_rule_and_nothing_changes(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    args = ["play", "nuts-sorting", "--seat", "greedy", "--seat", "human", "--seed", "9", "--save", str(save)]
    typed = "choose purple\nchoose second\nchoose first\nmoves\nquit\n"
    result = runner.invoke(app, args, input=typed)
    assert result.exit_code == 0, result.output
    assert "choose takes one of rby, bwg, first" in result.output
    assert "Not allowed: Setup 2" in result.output
    record = Record.load(save)
    assert record.actions[61] == "choose first"  # the refused texts left no trace
    assert record.actions[62] in ("choose rby", "choose bwg")

    # Now an illegal move in play: a piece of the opponent's colours, which the rules refuse.
    state = final_state(record, make("nuts-sorting"))
    assert state.to_move() == 1 and state.view(None)["phase"] == "play"
    theirs = next(
        name
        for name, colour in state.view(None)["cells"].items()
        if colour
        in ({"rby": ("red", "blue", "yellow"), "bwg": ("black", "white", "gray")}[state.view(None)["colour_sets"][0]])
    )
    empty = next(name for name, colour in state.view(None)["cells"].items() if colour is None)
    result = runner.invoke(app, args, input=f"choose first\n{theirs}-{empty}\nquit\n")
    assert "Not allowed: Game play, Move: you move pieces of your own colours" in result.output
    assert Record.load(save).actions == record.actions


def test_bad_requests_get_a_clear_answer() -> None:
    cases = [
        (["play", "chess"], "no game called 'chess'"),
        (["play", "nuts-sorting", "--option", "colours=7"], "unknown option colours"),
        (["play", "nuts-sorting", "--option", "repetition_draw=maybe"], "not a yes/no value"),
        (["play", "nuts-sorting", "--option", "oops"], "NAME=VALUE"),
        (["play", "nuts-sorting", "--seat", "human"], "one --seat per player: Nuts Sorting is for exactly 2"),
        (["play", "nuts-sorting", "--seat", "human", "--seat", "alphazero"], "no bot called 'alphazero'"),
        (["replay", "missing.json"], "no such file"),
    ]
    for args, message in cases:
        result = runner.invoke(app, args)
        assert result.exit_code == 2, args
        assert message in result.output.replace("\n", " "), (args, result.output)


def test_replay_refuses_a_broken_record_saying_where(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "nuts-sorting", "rules_version": "1", "options": {}, "actions": ["deal a1 red",')
    result = runner.invoke(app, ["replay", str(broken)])
    assert result.exit_code == 2 and "not JSON (line 1" in " ".join(result.output.split())  # wrapped at any width

    illegal = tmp_path / "illegal.json"
    data = {"game": "nuts-sorting", "rules_version": "1", "options": {}, "actions": ["deal a1 red", "deal a1 red"]}
    illegal.write_text(json.dumps(data))
    result = runner.invoke(app, ["replay", str(illegal)])
    assert result.exit_code == 2 and "actions[1] 'deal a1 red'" in result.output

    good = tmp_path / "good.json"
    good.write_text(json.dumps({**data, "actions": ["deal a1 red"]}))
    result = runner.invoke(app, ["replay", str(good), "--to", "5", "--json"])
    assert result.exit_code == 2 and "steps 0 to 1" in result.output


def test_who_won_is_said_in_words() -> None:
    from nutbox.cli.table import winners_words

    assert winners_words([]) == "A draw: nobody wins."
    assert winners_words([1]) == "Player 2 wins."
    assert winners_words([0, 2]) == "Players 1 and 3 share the win."


def test_ctrl_c_leaves_the_game_on_a_line_of_its_own_and_keeps_the_save(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    game = subprocess.Popen(
        [sys.executable, "-m", "nutbox.cli.main", "play", "nuts-sorting", "--seat", "human", "--seat", "greedy",
         "--seed", "1", "--save", str(save)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # as from a shell: Ctrl-C not ignored (a test run before this one in the same worker may have left this
        # process ignoring SIGINT, which a child inherits, and Python then installs no KeyboardInterrupt)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    stdout, stderr = game.stdout, game.stderr
    assert stdout is not None and stderr is not None
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.extend(iter(lambda: stdout.read(1), "")), daemon=True)
    reader.start()
    try:
        deadline = time.time() + 60
        while not "".join(said).endswith("> ") and time.time() < deadline:  # at the prompt, waiting for a move
            time.sleep(0.1)
        game.send_signal(signal.SIGINT)
        game.wait(timeout=30)
        reader.join(timeout=30)
        out, err = "".join(said), stderr.read()
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
    assert game.returncode == 130 and "Traceback" not in err, err
    assert "> \nLeft the game (Ctrl-C). Saved to" in out  # after the prompt, on a line of its own
    assert f"{save}." in out.replace("\n", "")  # (the path may wrap)
    assert Record.load(save).actions  # the deal, kept
