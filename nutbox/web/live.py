"""One game at the browser table, in memory: who sits where, what each seat may do, and what each sees.

This is the referee. It decides whether a request is allowed (the seat's key, its turn, the version it
was made against, the rules) and says what to store; the hub stores it before anyone is told. Nothing here
does I/O, so the rules of the table are tested without a server. What a seat is shown is built in
web/messages.py, a new table in web/new_tables.py.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from nutbox.agents import make_agent
from nutbox.core import Event, IllegalAction, NotationError, Record, replay, seat_name, under_current_rules
from nutbox.core.face import Face
from nutbox.play import Match
from nutbox.registry import entry, game_class, make
from nutbox.web import messages
from nutbox.web.chance import chance_after
from nutbox.web.names import clean_name, looks_like_a_seat_number, shown_names, skeleton
from nutbox.web.people import Profile
from nutbox.web.refusal import Refusal, clip
from nutbox.web.seats import HUMAN, SECRET_LENGTH, digest, matches, new_secret
from nutbox.web.settings import Note, Timeout, TurnClock
from nutbox.web.store import StoredTable

SPECTATOR = None
NOTES_KEPT = 50  # the table's own notes (joins, invitations re-issued) kept with it
ACTION_LENGTH = 200  # characters; every action of every game is far shorter
FORCED = " (the only possible move, so the table made it)"

__all__ = ["FORCED", "HUMAN", "Change", "LiveTable", "Refusal", "clip", "in_current_rules"]


def with_suffix(event: Event, suffix: str) -> Event:
    """The event with words added to its narration (and to what others see of it)."""
    redacted = with_suffix(event.redacted, suffix) if event.redacted is not None else None
    return replace(event, said=event.said.rstrip(".") + suffix, redacted=redacted)


@dataclass(frozen=True)
class Change:
    """What to store for an accepted request: actions appended, or actions dropped by an undo."""

    first: int
    texts: list[str]
    actors: list[int | None]  # the seat deciding each action; None: chance
    keep: int | None = None  # an undo keeps this many actions
    settings: bool = False  # the table's settings changed too (moves made for a seat)


def in_current_rules(stored: StoredTable) -> StoredTable:
    """A table stored under an earlier rules version that an option of the game still plays (a rule read anew
    since) goes on under that option: the stored row keeps what it was made with, and this is read the same
    at every load."""
    current = under_current_rules(Record(stored.game, stored.rules_version, stored.options, None, []),
                                  game_class(stored.game))
    stored.rules_version, stored.options = current.rules_version, current.options
    return stored


class LiveTable:
    def __init__(self, stored: StoredTable) -> None:
        self.stored = in_current_rules(stored)
        self.id = stored.id
        self.game = make(stored.game, stored.options)
        self.entry = entry(stored.game)
        self.match = Match.resume(self.game, self.record(), self.narrate)
        self.actors = list(stored.actors)
        self.sealed = self.last_reveal()
        self.shown = messages.Shown()  # what its updates share and keep between them (web/messages.py)

    @property
    def face(self) -> Face[Any]:
        """What people see of the game: its words and pictures (core/face.py)."""
        return self.entry.face

    # --- who is asking ----------------------------------------------------------------------------------
    def seat_of(self, secret: str | None) -> int | None:
        """The seat whose key this is; None for no key (a spectator). A wrong key is refused."""
        if not secret:
            return SPECTATOR
        if len(secret) <= SECRET_LENGTH:
            for number, seat in enumerate(self.stored.seats):
                if matches(seat.key, secret):
                    return number
        raise Refusal("that link is not a seat of this table (check the key in the link)", status=403)

    def invitation(self, token: str) -> int:
        """The seat an open invitation (or a link moving a seat) is for; a used or unknown one is refused."""
        if len(token) <= SECRET_LENGTH:
            for number, seat in enumerate(self.stored.seats):
                if matches(digest(seat.invite) if seat.invite else None, token) or matches(seat.transfer, token):
                    return number
        raise Refusal("this invitation has been used or withdrawn; ask the table's creator for a new one",
                      status=410)

    def claim(self, token: str, key: str | None = None, profile: Profile | None = None) -> tuple[int, str]:
        """The first browser to open an invitation takes the seat: a new key (or the profile's key for the seat)
        replaces any earlier one (the caller stores the seats). The seat and its key, which only the claimer is
        shown. A profile taking a seat gives it its name, unless the creator named the seat."""
        number = self.invitation(token)
        key = key or new_secret()
        seat = replace(self.stored.seats[number], key=digest(key), invite=None, transfer=None,
                       profile=profile.id if profile else None)
        if profile is not None and not seat.name:
            seat = replace(seat, name=profile.name)
        self.stored.seats[number] = seat
        self.note(f"{seat_name(number)} took their seat")
        return number, key

    def seat_of_profile(self, profile_id: str) -> int | None:
        return next((number for number, seat in enumerate(self.stored.seats) if seat.profile == profile_id), None)

    def invite(self, seat: int, note: str) -> str:
        """A new one-time invitation for a person's seat, which the creator's page shows until it is taken
        (the previous one no longer works)."""
        token = new_secret()
        self.stored.seats[seat] = replace(self.stored.seats[seat], invite=token)
        self.note(note)
        return token

    def transfer(self, seat: int) -> str:
        """A one-time link moving a seat to its holder's other device: only the holder is shown it, and only its
        hash is kept, so the creator's page never holds it."""
        token = new_secret()
        self.stored.seats[seat] = replace(self.stored.seats[seat], transfer=digest(token))
        self.note(f"{seat_name(seat)} asked for a link to move their seat")
        return token

    def set_name(self, seat: int, name: str) -> None:
        name = clean_name(name)
        if looks_like_a_seat_number(name):
            raise Refusal("a name that reads as \"Player N\" would pass for a seat without one: choose another",
                          status=400)
        others = [shown for other, shown in enumerate(self.names()) if other != seat]
        if any(skeleton(name) == skeleton(other) for other in others):
            raise Refusal(f"{clip(name, 24)!r} looks like the name of another seat at this table: choose another",
                          status=409)
        self.stored.seats[seat] = replace(self.stored.seats[seat], name=name)
        self.note(f"Seat {seat + 1} is {name}")

    def names(self) -> list[str]:
        """Each seat's name as shown everywhere (web/names.py): what the face fills each seat's placeholder with."""
        return shown_names(self.stored.seats)

    def joined(self, seat: int) -> bool:
        return self.stored.seats[seat].joined

    # --- the turn's clock -------------------------------------------------------------------------------------
    def clock_start(self) -> float | None:
        """When the clock of the decision under way started: when the seat's turn began or it made its latest
        decision still standing (an undo gives no time back), or when the last person took their seat, whichever
        was later. (A table stored before the turn clock was kept reads its last move's time.)"""
        clock = self.stored.settings.clock
        started = (clock.marks[-1] if clock.marks else clock.since) if clock else self.stored.moved
        moments = [t for t in (started, self.stored.settings.seated) if t is not None]
        return max(moments) if moments else None

    def mark_clock(self, at: float) -> None:
        """After a change made at `at`: a new turn starts the clock; within a turn, each of the seat's decisions
        still standing keeps the moment it was made, so an undo takes the clock back to the one before."""
        seat, count = self.to_move(), len(self.actors)  # (the live game: the change is applied, maybe not stored)
        clock = self.stored.settings.clock
        if clock is None or clock.seat != seat or clock.first > count:
            self.stored.settings.clock = TurnClock(seat, at, count)
            return
        decided = sum(actor == seat for actor in self.actors[clock.first:])
        marks = clock.marks[:decided]
        self.stored.settings.clock = replace(clock, marks=marks + (at,) * (decided - len(marks)))

    def full(self) -> bool:
        """Whether every person's seat has been taken."""
        return all(seat.joined for seat in self.stored.seats if seat.human)

    def note(self, text: str) -> None:
        """A line of the table's story (seats named by core.names.seat_name: filled with their names when shown)."""
        self.stored.settings.notes = [*self.stored.settings.notes, Note(time.time(), text)][-NOTES_KEPT:]

    @property
    def version(self) -> int:
        return self.stored.version

    @property
    def finished(self) -> bool:
        settings = self.stored.settings
        return self.match.state.is_terminal() or settings.imported or settings.ended

    # --- the end ----------------------------------------------------------------------------------------------
    def forfeited(self) -> list[int]:
        return list(self.stored.settings.forfeited)

    def time_out(self, seat: int, rule: Timeout, kind: str) -> None:
        """A person ran out of time (see web/clocks.py): a bot takes the seat over, or they forfeit."""
        if rule != "forfeit":
            self.note(f"{seat_name(seat)} ran out of time for a decision")
            self.set_seat(seat, kind)
            return
        forfeited = [*self.forfeited(), seat]
        self.stored.settings.forfeited = forfeited
        self.note(f"{seat_name(seat)} ran out of time and forfeits the game")
        if len(self.stored.seats) - len(forfeited) <= 1:
            self.stored.settings.ended = True
        else:
            self.set_seat(seat, kind)

    def shows_secrets(self, seat: int) -> bool:
        """Whether the seat's own page shows it secret cards now."""
        view = self.match.state.view(seat)
        return any(panel.cards for panel in self.face.panels(view) if panel.seat == seat)

    def unrate(self, why: str) -> None:
        """The game stops being rated, for everyone, and the table says why."""
        if self.stored.settings.rated:
            self.stored.settings.rated = False
            self.stored.settings.unrated = why
            self.note(f"This game is no longer rated: {why}")

    # --- whose turn ---------------------------------------------------------------------------------------
    def to_move(self) -> int | None:
        who = self.match.state.to_move()
        return who if isinstance(who, int) else None

    def bot_to_move(self) -> str | None:
        seat = self.to_move()
        if seat is None or self.finished:
            return None
        kind = self.stored.seats[seat].kind
        return None if kind == HUMAN else kind

    def handed(self) -> bool:
        """Whether a bot plays a person's seat now (handed over, or its time ran out)."""
        return any(seat.handed for seat in self.stored.seats)

    def human_to_move(self) -> int | None:
        seat = self.to_move()
        if seat is None or self.finished or self.stored.seats[seat].played_by_bot:
            return None
        return seat

    # --- requests -----------------------------------------------------------------------------------------
    def check(self, seat: int | None, version: int | None) -> int:
        if seat is SPECTATOR:
            raise Refusal("spectators watch; only a seat's own link can play", status=403)
        if version is None:
            raise Refusal("every request carries the version of the position it was made against", status=400)
        if version != self.version:
            raise Refusal(
                f"that was sent against an old position (version {version}; the table is at {self.version}): "
                "nothing was applied, look again"
            )
        if self.finished:
            raise Refusal("the game is over")
        return seat

    def act(self, seat: int | None, text: str, version: int | None, *, bot: bool = False) -> Change:
        """Apply `text` for `seat` (it stays applied: the hub stores the change or rebuilds the table)."""
        seat = self.check(seat, version)
        if not bot and self.stored.seats[seat].played_by_bot:
            raise Refusal(f"seat {seat + 1} is played by a bot now ({self.stored.seats[seat].kind})")
        to_move = self.to_move()
        if to_move != seat:
            whose = f"player {to_move + 1}'s" if to_move is not None else "nobody's"
            raise Refusal(f"it is {whose} turn, not yours")
        if len(text) > ACTION_LENGTH:
            raise Refusal(f"not understood: an action is at most {ACTION_LENGTH} characters", status=400)
        try:
            action = self.game.parse(text)
        except NotationError as error:
            raise Refusal(f"not understood: {clip(str(error), 160)}") from None
        first = len(self.match.record.actions)
        reveals = self.match.state.reveals(action)  # asked of the position it is decided in; unused if refused
        try:
            self.play(action, seat)
        except IllegalAction as error:
            raise Refusal(f"not allowed: {clip(error.told(self.names()), 300)}") from None
        if reveals:
            self.sealed = first + 1
        chance = self.resolve_chance()
        forced = self.play_forced()
        return Change(first, [str(action), *chance.texts, *forced.texts], [seat, *chance.actors, *forced.actors],
                      settings=bool(forced.texts))

    def set_seat(self, seat: int, kind: str) -> None:
        if kind != HUMAN:
            make_agent(kind, self.game, seat)
        self.stored.seats[seat] = replace(self.stored.seats[seat], kind=kind)
        by = "its player again" if kind == HUMAN else f"a bot ({kind})"
        self.note(f"{seat_name(seat)}'s seat is played by {by}")

    # --- decisions with one way to make them ------------------------------------------------------------------
    def forced(self) -> list[int]:
        """The numbers of the actions the table made for a person because there was no other (the option
        "autoplay", on unless the table turned it off)."""
        return list(self.stored.settings.forced)

    def play_forced(self) -> Change:
        """While a person's seat is to move and has exactly one legal action, make it for them (and draw the
        chance that follows). A decision with two or more legal actions is never made for a person."""
        first = len(self.match.record.actions)
        texts: list[str] = []
        actors: list[int | None] = []
        while self.stored.settings.autoplay and (seat := self.human_to_move()) is not None:
            actions = self.match.state.legal_actions()
            if len(actions) != 1:
                break
            number = len(self.match.record.actions)
            if self.match.state.reveals(actions[0]):
                self.sealed = number + 1
            self.stored.settings.forced = [*self.forced(), number]
            self.play(actions[0], seat)
            chance = self.resolve_chance()
            texts += [str(actions[0]), *chance.texts]
            actors += [seat, *chance.actors]
        return Change(first, texts, actors)

    def narrate(self, number: int, events: list[Event]) -> list[Event]:
        """An action's events for the log: a move the table made for a person says so."""
        if number not in self.stored.settings.forced:
            return events
        told = [*events]
        spoken = next((index for index, event in enumerate(told) if not event.detail), None)
        if spoken is None:
            actor = self.stored.actors[number] if number < len(self.stored.actors) else None
            said = f"{seat_name(actor if actor is not None else 0)} had one possible move, so the table made it"
            return [Event(said), *told]
        told[spoken] = with_suffix(told[spoken], FORCED)
        return told

    def trim_forced(self, keep: int) -> None:
        """Forget the moves made for a person among actions no longer kept."""
        if any(number >= keep for number in self.forced()):
            self.stored.settings.forced = [number for number in self.forced() if number < keep]

    # --- undo ---------------------------------------------------------------------------------------------
    def can_undo(self, seat: int | None) -> bool:
        """A seat may take back its own last decision while its turn goes on, never past chance or a reveal:
        once a die is rolled or a card drawn (a chance action), another seat has moved, or a decision has
        shown anyone something they could not see before (a card played face up), it stands."""
        return (
            seat is not None
            and not self.finished
            and not self.stored.seats[seat].played_by_bot
            and self.to_move() == seat
            and self.undo_point(seat) is not None
        )

    def undo_point(self, seat: int) -> int | None:
        """How many actions an undo keeps: all but the seat's last own decision and the moves the table made
        for it after that one (a move with no alternative is not a decision to take back on its own)."""
        forced = set(self.forced())
        number = len(self.actors) - 1
        while number >= self.sealed and self.actors[number] == seat:
            if number not in forced:
                return number
            number -= 1
        return None

    def last_reveal(self) -> int:
        """How many actions can never be undone because of a reveal: the decisions of the seat's current run
        are asked again (after a restart or an undo, the live flags are gone)."""
        actors = self.stored.actors
        start = len(actors)
        while start > 0 and actors[start - 1] == self.to_move():
            start -= 1
        if start == len(actors):
            return start
        sealed = start
        # the n-th state replay yields is the position before action n
        for number, (position, _) in enumerate(replay(self.record(len(actors) - 1), self.game)):
            if number >= start and position.reveals(self.game.parse(self.stored.actions[number])):
                sealed = number + 1
        return sealed

    def undo(self, seat: int | None, version: int | None) -> Change:
        seat = self.check(seat, version)
        if not self.can_undo(seat):
            raise Refusal("nothing to undo: only your own decisions this turn, back to the last die, draw or move "
                          "by another seat")
        keep = self.undo_point(seat)
        assert keep is not None
        settings = any(number >= keep for number in self.forced())
        self.trim_forced(keep)
        self.rebuild(keep)
        return Change(keep, [], [], keep=keep, settings=settings)

    # --- the game -----------------------------------------------------------------------------------------
    def play(self, action: Any, actor: int | None) -> list[Event]:
        number = len(self.match.record.actions)
        events = self.match.play(action)
        told = self.narrate(number, events)
        if told != events:  # the log tells it the table's way
            del self.match.log[len(self.match.log) - len(events):]
            self.match.log.extend(told)
        self.actors.append(actor)
        return events

    def resolve_chance(self) -> Change:
        """Draw chance until a seat decides, from the table's secret key and the number of actions, so the
        draws are the same whether or not the server restarted in between (web/chance.py)."""
        first = len(self.match.record.actions)
        self.match.chance = chance_after(self.stored.chance_key, first)
        texts = []
        while self.match.state.is_chance():
            action = self.match.sample_chance()
            self.play(action, None)
            texts.append(str(action))
        return Change(first, texts, [None] * len(texts))

    def record(self, upto: int | None = None) -> Record:
        return Record(
            self.stored.game, self.stored.rules_version, self.stored.options, None,
            list(self.stored.actions[:upto]), [seat.kind for seat in self.stored.seats],
        )

    def reload(self, stored: StoredTable) -> None:
        """The table as another process stored it."""
        self.stored = in_current_rules(stored)
        self.rebuild()

    def rebuild(self, keep: int | None = None) -> None:
        """Back to the stored game (after a failed write), or to its first `keep` actions (an undo)."""
        if keep is not None:
            self.stored.actions = self.stored.actions[:keep]
            self.stored.actors = self.stored.actors[:keep]
        self.trim_forced(len(self.stored.actions))
        self.match = Match.resume(self.game, self.record(), self.narrate)
        self.actors = list(self.stored.actors)
        self.sealed = self.last_reveal()

    def commit(self, change: Change) -> None:
        """The change is stored: the stored copy follows the live game."""
        self.stored.version += 1
        if change.keep is None:
            self.stored.actions.extend(change.texts)
            self.stored.actors.extend(change.actors)
        self.stored.finished = self.finished

    # --- what a seat sees (web/messages.py) ------------------------------------------------------------------
    def message(self, seat: int | None, phone: bool = False) -> dict[str, Any]:
        """What a seat (None: a spectator) sees now; `phone`: with the board drawn for a phone."""
        return messages.message(self, seat, phone)

    def replay_points(self) -> list[int]:
        return messages.replay_points(self)

    def replay_message(self, seat: int | None, step: int, as_seat: int | None, phone: bool = False,
                       marks: Sequence[str] = ()) -> dict[str, Any]:
        return messages.replay_message(self, seat, step, as_seat, phone, marks)
