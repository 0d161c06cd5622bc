"""`nutbox play --resume game.json`: carry on a game saved with --save, with the record's options and seed, and its
seats unless others are given; a file that is not a nutbox record, or a game already over, is refused saying so.
"""

from __future__ import annotations

from pathlib import Path

from nutbox.agents import make_agent
from nutbox.cli.table import HUMAN, winners_words
from nutbox.core import NutboxError, OptionsError, Record, RecordError
from nutbox.play import Match
from nutbox.registry import ENTRIES, record_game


def resumed(path: Path, seats: list[str]) -> tuple[Match, list[str]]:
    """The match saved in `path`, played on to where it was, and who sits where (`seats`, or the record's)."""
    if not path.is_file():
        raise RecordError(f"{path}: no such file")
    try:
        record = Record.load(path)
    except RecordError as error:
        reason = str(error).removeprefix(f"{path}: ")
        raise RecordError(f"{path} is not a nutbox game record ({reason})") from None
    if record.game not in ENTRIES:
        raise RecordError(f"{path} is a record of {record.game[:40]!r}, a game this nutbox does not know "
                          f"(games: {', '.join(ENTRIES)})")
    try:
        record, game = record_game(record)
        match = Match.resume(game, record)
    except NutboxError as error:
        raise RecordError(f"{path} does not replay under this nutbox's rules: {error}") from None
    if match.state.is_terminal():
        raise RecordError(f"{path}: this game is over ({winners_words(match.state.winners())}); "
                          f"replay it with: nutbox replay {path}")
    seats = seats or list(record.seats)
    if len(seats) != game.num_players:
        told = "" if not record.seats else f" (it names {len(record.seats)})"
        raise OptionsError(f"{path}: give one --seat per player: this game of {game.title} has "
                           f"{game.num_players}{told}")
    for index, kind in enumerate(seats):
        if kind != HUMAN:
            try:
                make_agent(kind, game, index)
            except OptionsError as error:
                raise OptionsError(f"seat {index + 1}: {error}; give one --seat per player") from None
    match.record.seats = list(seats)
    return match, seats
