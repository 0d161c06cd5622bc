"""One game at the browser table, in memory: who sits where, what each seat may do, and what each sees.

This is the referee. It decides whether a request is allowed (the seat's key, its turn, the version it
was made against, the rules) and says what to store; the hub stores it before anyone is told. Nothing here
does I/O, so the rules of the table are tested without a server.
"""

from __future__ import annotations

import contextlib
import re
import secrets
import time
from dataclasses import dataclass, replace
from html import unescape
from typing import Any
from xml.sax.saxutils import escape

from nutbox.agents import AGENTS, LEVELS, make_agent
from nutbox.core import (
    TERMINAL,
    Event,
    Game,
    IllegalAction,
    NotationError,
    Record,
    RecordError,
    View,
    events_for,
    replay,
    under_current_rules,
)
from nutbox.play import Match
from nutbox.registry import entry, game_class, make
from nutbox.web.chance import chance_after, new_key
from nutbox.web.names import looks_like_a_seat_number, skeleton
from nutbox.web.people import Profile
from nutbox.web.seats import SECRET_LENGTH, bot_seat, digest, human_seat, matches, new_secret
from nutbox.web.store import StoredTable

HUMAN = "human"
SPECTATOR = None
LOG_LENGTH = 80  # events sent with each update; the replay shows the rest
NOTES_KEPT = 50  # the table's own notes (joins, invitations re-issued) kept with it
ACTION_LENGTH = 200  # characters; every action of every game is far shorter
SEAT_NAME = re.compile(r"[A-Za-z0-9 _.:=,+-]{1,40}")  # a seat's name in an uploaded record: short plain text
NAME_LENGTH = 24  # characters of a person's display name
MARKUP = re.compile(r"(<[^>]*>)")  # a picture's tags, between which its text lies
PLAYER = re.compile(r"\b[Pp]layer (\d+)\b")  # how every game names a seat in its texts (core.seat_name)


def clean_name(text: str) -> str:
    """A person's display name: 1 to 24 printable characters, spaces tidied (pages escape it)."""
    name = " ".join(text.split())
    if not name or len(name) > NAME_LENGTH or not name.isprintable():
        raise Refusal(f"a name is 1 to {NAME_LENGTH} printable characters", status=400)
    return name


FORCED = " (the only possible move, so the table made it)"


def with_suffix(event: Event, suffix: str) -> Event:
    """The event with words added to its text (and to what others see of it)."""
    redacted = with_suffix(event.redacted, suffix) if event.redacted is not None else None
    return replace(event, text=event.text.rstrip(".") + suffix, redacted=redacted)


def winners_words(winners: list[int]) -> str:
    """How a game ended, in words: "a draw", "Player 2 wins", "Player 1 and Player 3 share the win"."""
    if not winners:
        return "a draw"
    return " and ".join(f"Player {w + 1}" for w in winners) + (" wins" if len(winners) == 1 else " share the win")


def bot_name(kind: str) -> str:
    """A bot seat's name from its level or kind: "Easy bot", "Greedy bot"; a seat of an uploaded record that
    names neither a person nor a bot is named by what the record says."""
    base = kind.split(":")[0]
    return f"{base.capitalize()} bot" if base in LEVELS or base in AGENTS else kind


def ordinal(number: int) -> str:
    """1st, 2nd, 3rd, 4th, ..."""
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number if number < 20 else number % 10, 'th')}"


def clip(text: str, length: int = 60) -> str:
    """A piece of what someone sent, short enough to quote back in a refusal."""
    return text if len(text) <= length else text[:length] + "…"


class Refusal(Exception):
    """A request the table turns down; the message says why, and nothing has changed."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status  # the HTTP status that says what kind of refusal it is


@dataclass(frozen=True)
class Change:
    """What to store for an accepted request: actions appended, or actions dropped by an undo."""

    first: int
    texts: list[str]
    actors: list[int]
    keep: int | None = None  # an undo keeps this many actions
    settings: bool = False  # the table's settings changed too (moves made for a seat)


def new_table(game: Game, seats: list[str], settings: dict[str, Any], key: bytes | None = None,
              names: list[str] | None = None) -> StoredTable:
    """A fresh table: setup chance resolved, an invitation for every person's seat (with its name, if given).
    Its chance comes from `key` (a new secret key unless a test gives one)."""
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
        settings={"notes": [], **settings},
    )
    for seat, name in enumerate(names or []):
        if name and seats[seat] == HUMAN:
            stored.seats[seat]["name"] = clean_name(name)
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
    actors = []
    for number, (state, _) in enumerate(replay(record, game)):
        if number < len(record.actions):
            who = state.to_move()
            actors.append(who if isinstance(who, int) else -1)
    seats = [bot_seat(kind) for kind in kinds]
    if names is not None and len(names) == len(seats):
        for seat, name in zip(seats, names, strict=True):
            if isinstance(name, str) and not PLAYER.fullmatch(name):
                with contextlib.suppress(Refusal):  # not a name: the seat keeps what the record says
                    seat["name"] = clean_name(name)
    return StoredTable(
        id=secrets.token_urlsafe(9),
        game=game.id,
        rules_version=game.rules_version,
        options=Record.start(game).options,
        chance_key=new_key(),  # never used: the game is over
        seats=seats,
        settings={"imported": True},
        finished=True,
        actions=list(record.actions),
        actors=actors,
    )


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

    # --- who is asking ----------------------------------------------------------------------------------
    def seat_of(self, secret: str | None) -> int | None:
        """The seat whose key this is; None for no key (a spectator). A wrong key is refused."""
        if not secret:
            return SPECTATOR
        if len(secret) <= SECRET_LENGTH:
            for seat, info in enumerate(self.stored.seats):
                if matches(info.get("key"), secret):
                    return seat
        raise Refusal("that link is not a seat of this table (check the key in the link)", status=403)

    def invitation(self, token: str) -> int:
        """The seat an open invitation (or a link moving a seat) is for; a used or unknown one is refused."""
        if len(token) <= SECRET_LENGTH:
            for seat, info in enumerate(self.stored.seats):
                invite = info.get("invite")
                if matches(digest(invite) if invite else None, token) or matches(info.get("transfer"), token):
                    return seat
        raise Refusal("this invitation has been used or withdrawn; ask the table's creator for a new one",
                      status=410)

    def claim(self, token: str, key: str | None = None, profile: Profile | None = None) -> tuple[int, str]:
        """The first browser to open an invitation takes the seat: a new key (or the profile's key for the seat)
        replaces any earlier one (the caller stores the seats). The seat and its key, which only the claimer is
        shown. A profile taking a seat gives it its name, unless the creator named the seat."""
        seat = self.invitation(token)
        key = key or new_secret()
        info = {**self.stored.seats[seat], "key": digest(key), "invite": None, "transfer": None,
                "profile": profile.id if profile else None}
        if profile is not None and not info.get("name"):
            info["name"] = profile.name
        self.stored.seats[seat] = info
        self.note(f"Player {seat + 1} took their seat")
        return seat, key

    def seat_of_profile(self, profile_id: str) -> int | None:
        return next((seat for seat, info in enumerate(self.stored.seats) if info.get("profile") == profile_id), None)

    def invite(self, seat: int, note: str) -> str:
        """A new one-time invitation for a person's seat, which the creator's page shows until it is taken
        (the previous one no longer works)."""
        token = new_secret()
        self.stored.seats[seat] = {**self.stored.seats[seat], "invite": token}
        self.note(note)
        return token

    def transfer(self, seat: int) -> str:
        """A one-time link moving a seat to its holder's other device: only the holder is shown it, and only its
        hash is kept, so the creator's page never holds it."""
        token = new_secret()
        self.stored.seats[seat] = {**self.stored.seats[seat], "transfer": digest(token)}
        self.note(f"Player {seat + 1} asked for a link to move their seat")
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
        self.stored.seats[seat] = {**self.stored.seats[seat], "name": name}
        self.note(f"Seat {seat + 1} is {name}")  # not "Player N": every "Player N" is shown as the name

    def names(self) -> list[str]:
        """Each seat's name as shown everywhere: the person's own name, a bot's level ("Easy bot"), else "Player
        N"; two alike are told apart (a person's by the seat number, a bot's by a count)."""
        given = [self.given_name(seat) for seat in range(len(self.stored.seats))]
        looks = [skeleton(name) for name in given]  # two names alike to the eye are alike (Bea and Веа)
        shown = []
        for seat, name in enumerate(given):
            if not name:
                shown.append(f"Player {seat + 1}")
            elif looks.count(looks[seat]) == 1:
                shown.append(name)
            elif self.stored.seats[seat].get("name"):
                shown.append(f"{name} (seat {seat + 1})")
            else:
                alike = [other for other, info in enumerate(self.stored.seats)
                         if looks[other] == looks[seat] and not info.get("name")]
                shown.append(name if len(alike) == 1 else f"{name} {alike.index(seat) + 1}")
        return shown

    def given_name(self, seat: int) -> str:
        """The name a seat has of its own: a person's, or for a bot's seat its level's; "" for none."""
        info = self.stored.seats[seat]
        if info.get("name"):
            return str(info["name"])
        if info.get("human") or info["kind"] == HUMAN:
            return ""
        return bot_name(str(info["kind"]))

    def named(self, text: str) -> str:
        """A game's or the table's text with each "Player N" replaced by that seat's name."""
        names = self.names()

        def name(match: re.Match[str]) -> str:
            number = int(match.group(1))
            named = 1 <= number <= len(names) and names[number - 1] != f"Player {number}"
            return names[number - 1] if named else match.group(0)  # (a seat with no name keeps its words)

        return PLAYER.sub(name, text)

    def named_markup(self, svg: str | None) -> str | None:
        """A picture's captions, legends and tooltips with each "Player N" replaced by that seat's name, escaped
        for XML (its markup and attributes are left as drawn)."""
        if svg is None:
            return None
        return "".join(part if part.startswith("<") else escape(self.named(unescape(part)))
                       for part in MARKUP.split(svg))

    def joined(self, seat: int) -> bool:
        return self.stored.seats[seat].get("key") is not None

    def clock_start(self) -> float | None:
        """When the clock of the decision under way started: when the seat's turn began or it made its latest
        decision still standing (an undo gives no time back), or when the last person took their seat, whichever
        was later. (A table stored before the turn clock was kept reads its last move's time.)"""
        clock = self.stored.settings.get("clock")
        started = (clock["marks"][-1] if clock["marks"] else clock["since"]) if clock else self.stored.moved
        moments = [t for t in (started, self.stored.settings.get("seated")) if t is not None]
        return max(moments) if moments else None

    def mark_clock(self, at: float) -> None:
        """After a change made at `at`: a new turn starts the clock; within a turn, each of the seat's decisions
        still standing keeps the moment it was made, so an undo takes the clock back to the one before."""
        seat, count = self.to_move(), len(self.actors)  # (the live game: the change is applied, maybe not stored)
        clock = self.stored.settings.get("clock")
        if clock is None or clock["seat"] != seat or clock["from"] > count:
            self.stored.settings["clock"] = {"seat": seat, "since": at, "from": count, "marks": []}
            return
        decided = sum(actor == seat for actor in self.actors[clock["from"]:])
        marks = clock["marks"][:decided]
        self.stored.settings["clock"] = {**clock, "marks": marks + [at] * (decided - len(marks))}

    def full(self) -> bool:
        """Whether every person's seat has been taken."""
        return all(self.joined(seat) for seat, info in enumerate(self.stored.seats) if info.get("human"))

    def note(self, text: str) -> None:
        notes = [*self.stored.settings.get("notes", []), {"time": time.time(), "text": text}]
        self.stored.settings["notes"] = notes[-NOTES_KEPT:]

    @property
    def version(self) -> int:
        return self.stored.version

    @property
    def finished(self) -> bool:
        settings = self.stored.settings
        return self.match.state.is_terminal() or bool(settings.get("imported") or settings.get("ended"))

    def forfeited(self) -> list[int]:
        return [int(seat) for seat in self.stored.settings.get("forfeited", [])]

    def time_out(self, seat: int, rule: str, kind: str) -> None:
        """A person ran out of time (see Hub.time_out): a bot takes the seat over, or they forfeit."""
        if rule != "forfeit":
            self.note(f"Player {seat + 1} ran out of time for a decision")
            self.set_seat(seat, kind)
            return
        forfeited = [*self.forfeited(), seat]
        self.stored.settings["forfeited"] = forfeited
        self.note(f"Player {seat + 1} ran out of time and forfeits the game")
        if len(self.stored.seats) - len(forfeited) <= 1:
            self.stored.settings["ended"] = True
        else:
            self.set_seat(seat, kind)

    def places(self) -> list[int]:
        """Each seat's place once the game is over, 1 the best: those who forfeited last, then the winners,
        then by score; equal results share a place."""
        state, forfeited = self.match.state, set(self.forfeited())
        count = len(self.stored.seats)
        if state.is_terminal():
            winners, scores = set(state.winners()), state.scores()
            keys = [(seat not in forfeited, seat in winners, scores[seat]) for seat in range(count)]
        else:  # ended by a forfeit: nobody's score is final
            keys = [(seat not in forfeited, False, 0.0) for seat in range(count)]
        return [1 + sum(other > key for other in keys) for key in keys]

    def result_words(self, seat: int) -> str:
        """How the game ended for a seat, in words: "Won", "Shared the win", "2nd of 3", "Forfeited"."""
        places = self.places()
        if seat in self.forfeited():
            return "Forfeited (ran out of time)"
        if places[seat] == 1:
            return "Won" if places.count(1) == 1 else "Shared the win"
        return f"{ordinal(places[seat])} of {len(places)}"

    def subjects(self) -> list[str | None]:
        """Who is rated for each seat: its profile, a bot's level ("bot:easy"), or None (a person with no
        profile, or a bot with settings)."""
        subjects: list[str | None] = []
        for info in self.stored.seats:
            if info.get("human"):
                subjects.append(str(info["profile"]) if info.get("profile") else None)
            else:
                subjects.append(f"bot:{info['kind']}" if info["kind"] in LEVELS else None)
        return subjects

    def to_move(self) -> int | None:
        who = self.match.state.to_move()
        return who if isinstance(who, int) else None

    def bot_to_move(self) -> str | None:
        seat = self.to_move()
        if seat is None or self.finished:
            return None
        kind = self.stored.seats[seat]["kind"]
        return None if kind == HUMAN else str(kind)

    def decided(self, seat: int) -> bool:
        """Whether the seat has made a decision of its own (not one the table made for it)."""
        forced = set(self.forced())
        return any(actor == seat and number not in forced for number, actor in enumerate(self.stored.actors))

    def engaged(self, seat: int) -> bool:
        """Whether a person has played at this table: made a decision of their own, or opened their seat while
        it showed them a secret (their own cards): past that, leaving is no free way out of a rating."""
        return self.decided(seat) or seat in self.stored.settings.get("seen", [])

    def shows_secrets(self, seat: int) -> bool:
        """Whether the seat's own page shows it secret cards now."""
        view = self.match.state.view(seat)
        return any(panel.cards for panel in self.game.panels(view) if panel.seat == seat)

    def unrate(self, why: str) -> None:
        """The game stops being rated, for everyone, and the table says why."""
        if self.stored.settings.get("rated"):
            self.stored.settings["rated"] = False
            self.stored.settings["unrated"] = why
            self.note(f"This game is no longer rated: {why}")

    def handed(self) -> bool:
        """Whether a bot plays a person's seat now (handed over, or its time ran out)."""
        return any(info.get("human") and info["kind"] != HUMAN for info in self.stored.seats)

    def human_to_move(self) -> int | None:
        seat = self.to_move()
        if seat is None or self.finished or self.stored.seats[seat]["kind"] != HUMAN:
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
        if not bot and self.stored.seats[seat]["kind"] != HUMAN:
            raise Refusal(f"seat {seat + 1} is played by a bot now ({self.stored.seats[seat]['kind']})")
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
            raise Refusal(f"not allowed: {clip(error.rule, 300)}") from None
        if reveals:
            self.sealed = first + 1
        chance = self.resolve_chance()
        forced = self.play_forced()
        return Change(first, [str(action), *chance.texts, *forced.texts], [seat, *chance.actors, *forced.actors],
                      settings=bool(forced.texts))

    # --- decisions with one way to make them ------------------------------------------------------------------
    def forced(self) -> list[int]:
        """The numbers of the actions the table made for a person because there was no other (the option
        "autoplay", on unless the table turned it off)."""
        return [int(number) for number in self.stored.settings.get("forced", [])]

    def play_forced(self) -> Change:
        """While a person's seat is to move and has exactly one legal action, make it for them (and draw the
        chance that follows). A decision with two or more legal actions is never made for a person."""
        first = len(self.match.record.actions)
        texts: list[str] = []
        actors: list[int] = []
        while self.stored.settings.get("autoplay", True) and (seat := self.human_to_move()) is not None:
            actions = self.match.state.legal_actions()
            if len(actions) != 1:
                break
            number = len(self.match.record.actions)
            if self.match.state.reveals(actions[0]):
                self.sealed = number + 1
            self.stored.settings["forced"] = [*self.forced(), number]
            self.play(actions[0], seat)
            chance = self.resolve_chance()
            texts += [str(actions[0]), *chance.texts]
            actors += [seat, *chance.actors]
        return Change(first, texts, actors)

    def narrate(self, number: int, events: list[Event]) -> list[Event]:
        """An action's events for the log: a move the table made for a person says so."""
        if number not in self.stored.settings.get("forced", ()):
            return events
        told = [*events]
        spoken = next((index for index, event in enumerate(told) if not event.detail), None)
        if spoken is None:
            actor = self.stored.actors[number] if number < len(self.stored.actors) else 0
            return [Event(f"Player {actor + 1} had one possible move, so the table made it"), *told]
        told[spoken] = with_suffix(told[spoken], FORCED)
        return told

    def trim_forced(self, keep: int) -> None:
        """Forget the moves made for a person among actions no longer kept."""
        if any(number >= keep for number in self.forced()):
            self.stored.settings["forced"] = [number for number in self.forced() if number < keep]

    def can_undo(self, seat: int | None) -> bool:
        """A seat may take back its own last decision while its turn goes on, never past chance or a reveal:
        once a die is rolled or a card drawn (a chance action), another seat has moved, or a decision has
        shown anyone something they could not see before (a card played face up), it stands."""
        return (
            seat is not None
            and not self.finished
            and self.stored.seats[seat]["kind"] == HUMAN
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

    def set_seat(self, seat: int, kind: str) -> None:
        if kind != HUMAN:
            make_agent(kind, self.game, seat)
        self.stored.seats[seat] = {**self.stored.seats[seat], "kind": kind}
        by = "its player again" if kind == HUMAN else f"a bot ({kind})"
        self.note(f"Player {seat + 1}'s seat is played by {by}")

    # --- the game -----------------------------------------------------------------------------------------
    def play(self, action: Any, actor: int) -> list[Event]:
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
            self.play(action, -1)
            texts.append(str(action))
        return Change(first, texts, [-1] * len(texts))

    def record(self, upto: int | None = None) -> Record:
        return Record(
            self.stored.game, self.stored.rules_version, self.stored.options, None,
            list(self.stored.actions[:upto]), [str(s["kind"]) for s in self.stored.seats],
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

    # --- what a seat sees ---------------------------------------------------------------------------------
    def message(self, seat: int | None, phone: bool = False) -> dict[str, Any]:
        """What a seat (None: a spectator) sees now; `phone`: with the board drawn for a phone."""
        state = self.match.state
        view = state.view(seat)
        mine = seat is not None and self.to_move() == seat and not self.finished
        human = mine and self.stored.seats[seat]["kind"] == HUMAN  # type: ignore[index]
        actions = state.legal_actions() if human else []
        legal = [str(action) for action in actions]
        log = [event.text for event in events_for(self.match.log, seat) if not event.detail]
        named = self.named
        return {
            "type": "state",
            "table": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "version": self.version,
            "seat": seat,
            "status": named(self.status(seat)),
            "prompt": named(self.prompt(seat, view)),
            "mine": human,
            "labels": [named(self.game.label(action, view)) for action in actions],
            **self.position_words(view, state.is_terminal()),
            "named": bool(seat is not None and self.stored.seats[seat].get("name")),
            "again": self.again_link(seat),
            "log_total": len(log),
            "to_move": self.to_move(),
            "finished": self.finished,
            "svg": self.picture(view, legal, phone),
            "legal": legal,
            "can_undo": self.can_undo(seat),
            "hints": bool(self.stored.settings.get("hints")) and human,
            "rules_link": self.rules_link(view) if human and self.stored.settings.get("hints") else None,
            "seats": self.seats_public(),
            "log": [named(line) for line in log[-LOG_LENGTH:]],
            "notes": [named(note["text"]) for note in self.stored.settings.get("notes", [])][-10:],
            "steps": len(self.replay_points()) - 1,
        }

    def position_words(self, view: View, terminal: bool) -> dict[str, Any]:
        """A position's panels, scores and (at the end) score table, with the seats' names."""
        named, names = self.named, self.names()
        table = self.game.score_table(view) if terminal else None
        return {
            "panels": [{**panel.to_json(), "name": names[panel.seat]} for panel in self.game.panels(view)],
            "score_table": None if table is None else {  # (its cells may name seats too: "Player 2")
                **table.to_json(), "note": named(table.note), "columns": [named(str(c)) for c in table.columns],
                "rows": [[named(str(cell)) for cell in row] for row in table.rows]},
            "scores": view.get("scores"),
            "winners": view.get("winners"),
        }

    def picture(self, view: View, legal: list[str], phone: bool) -> str | None:
        """The board as the game draws it (for a phone, where it draws one), with the seats' names."""
        render = self.entry.render_svg_phone if phone else self.entry.render_svg
        return self.named_markup(render(view, legal)) if render is not None else None

    def rules_link(self, view: View) -> str | None:
        """The rules page's section that explains the decision at hand, where the game's guide names one."""
        section = self.game.rules_section(view)
        return f"/rules/{self.game.id}#part-{section + 1}" if section is not None else None

    def seats_public(self) -> list[dict[str, Any]]:
        """What anyone may know of the seats: kinds and whether a person has taken theirs, never keys."""
        names = self.names()
        return [
            {"seat": seat, "name": names[seat], "kind": info["kind"], "human": bool(info.get("human")),
             "joined": self.joined(seat)}
            for seat, info in enumerate(self.stored.seats)
        ]

    def again_link(self, seat: int | None) -> str | None:
        """Where this seat goes for the next game: its invitation there (its own), or the spectators' page."""
        again = self.stored.settings.get("again")
        if again is None:
            return None
        if seat is None:
            return f"/t/{again['table']}"
        token = again["invites"].get(str(seat))
        return f"/t/{again['table']}/invite/{token}" if token else None

    def prompt(self, seat: int | None, view: View) -> str:
        """The decision in a sentence, for the asking seat: its own ("Your turn: ...") or whom everyone waits
        for, and for what ("Waiting for Player 2 (bot: hard) to choose where to scatter")."""
        state = self.match.state
        to_move = self.to_move()
        if state.is_terminal() or self.stored.settings.get("imported") or to_move is None:
            return self.status(seat) + "."
        decision = self.game.decision(view)
        kind = self.stored.seats[to_move]["kind"]
        if to_move == seat:
            if kind == HUMAN:
                return f"Your turn: {decision}."
            return f"A bot ({kind}) plays your seat: it is to {decision}."
        return f"Waiting for {self.who(to_move)} to {decision}."

    def status(self, seat: int | None) -> str:
        state = self.match.state
        if self.stored.settings.get("ended"):
            gone = " and ".join(f"Player {s + 1}" for s in self.forfeited())
            first = " and ".join(f"Player {s + 1}" for s, place in enumerate(self.places()) if place == 1)
            return f"Game over: {gone} forfeited (out of time); {first} wins"
        if state.to_move() is TERMINAL:
            return f"Game over: {winners_words(state.winners())}"
        if self.stored.settings.get("imported"):
            return "A record to watch"
        to_move = self.to_move()
        if to_move is None:
            return "Dealing…"
        if to_move == seat:
            return "Your move" if self.stored.seats[seat]["kind"] == HUMAN else "Your seat is played by a bot"
        return f"{self.who(to_move)} to move"

    def who(self, seat: int) -> str:
        """A seat as a sentence names it: "Player 2" (a bot's seat is named by its level), or "Player 1 (a bot
        plays for them)" while a person's seat is handed to a bot."""
        info = self.stored.seats[seat]
        handed = info.get("human") and info["kind"] != HUMAN
        return f"Player {seat + 1}" + (f" ({bot_name(str(info['kind'])).lower()} plays for them)" if handed else "")

    # --- replays ------------------------------------------------------------------------------------------
    def replay_points(self) -> list[int]:
        """The action counts a replay steps through: the start, then after each decision and its chance
        (of the stored game only: a request being stored is not part of the history yet)."""
        actors = self.stored.actors
        first = next((n for n, actor in enumerate(actors) if actor != -1), len(actors))
        later = (n for n in range(first + 1, len(actors) + 1) if n == len(actors) or actors[n] != -1)
        return [first, *later]

    def replay_message(self, seat: int | None, step: int, as_seat: int | None, phone: bool = False
                       ) -> dict[str, Any]:
        """The position after `step` replay steps, from the asker's point of view; once the game is over,
        from any seat's (`as_seat`), so that everything can be seen: its board, panels, scores and what was to
        be decided then."""
        points = self.replay_points()
        if not 0 <= step < len(points):
            raise Refusal(f"step must be from 0 to {len(points) - 1}, not {step}")
        viewer = seat
        if as_seat is not None and as_seat != seat:
            if not self.finished:
                raise Refusal("other seats' points of view open when the game is over")
            if not 0 <= as_seat < len(self.stored.seats):
                raise Refusal(f"there is no seat {as_seat + 1}")
            viewer = as_seat
        upto = points[step]
        events: list[Event] = []
        position = self.game.new_state()
        for step_state, step_events in replay(self.record(upto), self.game):
            position = step_state
            events.extend(step_events)
        view = position.view(viewer)
        return {
            "type": "replay",
            "step": step,
            "steps": len(points) - 1,
            "viewer": viewer,
            "prompt": self.named(self.replay_prompt(position, view, viewer, step, len(points) - 1)),
            "to_move": position.to_move() if isinstance(position.to_move(), int) else None,
            "finished": position.is_terminal(),
            **self.position_words(view, position.is_terminal()),
            "svg": self.picture(view, [], phone),
            "log": [self.named(e.text) for e in events_for(events, viewer) if not e.detail][-LOG_LENGTH:],
        }

    def replay_prompt(self, position: Any, view: View, viewer: int | None, step: int, steps: int) -> str:
        """What was to be decided at a step of a replay, in words."""
        at = f"Replay, step {step} of {steps}: "
        if position.is_terminal():
            return at + f"the game is over: {winners_words(position.winners())}."
        to_move = position.to_move()
        if not isinstance(to_move, int):
            return at + "chance is being drawn."
        whose = "your" if to_move == viewer else f"Player {to_move + 1}'s"
        return at + f"{whose} turn to {self.game.decision(view)}."
