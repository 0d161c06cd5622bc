"""A table made: a new game's (setup chance drawn, an invitation for every person's seat), or an uploaded record's,
finished, to watch and replay."""

from __future__ import annotations

import contextlib
import re
import secrets
import time
from dataclasses import replace
from typing import Any

from nutbox.agents import make_agent
from nutbox.core import Game, Record, RecordError, replay
from nutbox.web.chance import new_key
from nutbox.web.live import LiveTable
from nutbox.web.names import clean_name, looks_like_a_seat_number
from nutbox.web.refusal import Refusal, clip
from nutbox.web.seats import HUMAN, bot_seat, human_seat, new_secret
from nutbox.web.settings import TableSettings
from nutbox.web.store import StoredTable

SEAT_NAME = re.compile(r"[A-Za-z0-9 _.:=,+-]{1,40}")  # a seat's name in an uploaded record: short plain text


def new_table(game: Game, seats: list[str], settings: TableSettings | None = None, key: bytes | None = None,
              names: list[str] | None = None) -> StoredTable:
    """A fresh table: setup chance resolved, an invitation for every person's seat (with its name, if given).
    `seats`: HUMAN or a bot for each. Its chance comes from `key` (a new secret key unless a test gives one)."""
    for seat, kind in enumerate(seats):
        if kind != HUMAN:
            make_agent(kind, game, seat)  # refuses an unknown bot or bad settings now, not mid-game
    stored = StoredTable(
        id=secrets.token_urlsafe(9),
        game=game.id,
        rules_version=game.rules_version,
        options=Record.start(game).options,
        chance_key=new_key() if key is None else key,
        seats=[human_seat(invite=new_secret()) if kind == HUMAN else bot_seat(kind) for kind in seats],
        settings=settings if settings is not None else TableSettings(),
    )
    for seat, name in enumerate(names or []):
        if name and seats[seat] == HUMAN:
            stored.seats[seat] = replace(stored.seats[seat], name=clean_name(name))
    live = LiveTable(stored)
    chance = live.resolve_chance()
    forced = live.play_forced()
    stored.actions, stored.actors = [*chance.texts, *forced.texts], [*chance.actors, *forced.actors]
    live.mark_clock(time.time())  # the first turn's clock (it runs once every person is seated)
    stored.finished = live.finished
    return stored


def imported_table(game: Game, record: Record, names: list[Any] | None = None) -> StoredTable:
    """A record uploaded to watch, as a finished table. A record that does not replay is refused (RecordError,
    naming the action and the rule), as is one whose seats are not one short plain name per player. `names`: the
    players' names as a table's download gives them (one that is not a name is left out)."""
    kinds = record.seats or ["?"] * game.num_players
    if len(kinds) != game.num_players:
        raise RecordError(f"the record names {len(kinds)} seats for {game.num_players} players")
    for name in kinds:
        if not SEAT_NAME.fullmatch(name):
            raise RecordError(f"seat name {clip(name, 20)!r}: at most 40 letters, digits, spaces or _.:=,+-")
    actors: list[int | None] = []
    for number, (state, _) in enumerate(replay(record, game)):
        if number < len(record.actions):
            who = state.to_move()
            actors.append(who if isinstance(who, int) else None)
    seats = [bot_seat(kind) for kind in kinds]
    if names is not None and len(names) == len(seats):
        for number, name in enumerate(names):
            if isinstance(name, str) and not looks_like_a_seat_number(name):
                with contextlib.suppress(Refusal):  # not a name: the seat keeps what the record says
                    seats[number] = replace(seats[number], name=clean_name(name))
    return StoredTable(
        id=secrets.token_urlsafe(9),
        game=game.id,
        rules_version=game.rules_version,
        options=Record.start(game).options,
        chance_key=new_key(),  # never used: the game is over
        seats=seats,
        settings=TableSettings(imported=True),
        finished=True,
        actions=list(record.actions),
        actors=actors,
    )
