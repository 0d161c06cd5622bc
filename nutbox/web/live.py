"""One game at the browser table, in memory: who sits where, what each seat may do, and what each sees.

This is the referee. It decides whether a request is allowed (the seat's secret, its turn, the version it
was made against, the rules) and says what to store; the hub stores it before anyone is told. Nothing here
does I/O, so the rules of the table are tested without a server.
"""

from __future__ import annotations

import hmac
import random
import secrets
from dataclasses import dataclass
from typing import Any

from nutbox.agents import make_agent
from nutbox.core import TERMINAL, Event, Game, IllegalAction, NotationError, Record, events_for, replay
from nutbox.play import Match
from nutbox.registry import entry, make
from nutbox.web.store import StoredTable

HUMAN = "human"
SPECTATOR = None
LOG_LENGTH = 80  # events sent with each update; the replay shows the rest


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


def new_table(game: Game, seats: list[str], settings: dict[str, Any], seed: int | None = None) -> StoredTable:
    """A fresh table: setup chance resolved, a secret for every seat."""
    for seat, kind in enumerate(seats):
        if kind != HUMAN:
            make_agent(kind, game, seat)  # refuses an unknown bot or bad settings now, not mid-game
    seed = secrets.randbelow(2**31) if seed is None else seed
    stored = StoredTable(
        id=secrets.token_urlsafe(9),
        game=game.id,
        rules_version=game.rules_version,
        options=Record.start(game).options,
        seed=seed,
        seats=[{"kind": kind, "secret": secrets.token_urlsafe(18), "human": kind == HUMAN} for kind in seats],
        settings=settings,
    )
    live = LiveTable(stored)
    change = live.resolve_chance()
    stored.actions, stored.actors = list(change.texts), list(change.actors)
    stored.finished = live.finished
    return stored


def imported_table(game: Game, record: Record) -> StoredTable:
    """A record uploaded to watch, as a finished table. A record that does not replay is refused (RecordError,
    naming the action and the rule)."""
    actors = []
    for number, (state, _) in enumerate(replay(record, game)):
        if number < len(record.actions):
            who = state.to_move()
            actors.append(who if isinstance(who, int) else -1)
    kinds = record.seats or ["?"] * game.num_players
    return StoredTable(
        id=secrets.token_urlsafe(9),
        game=game.id,
        rules_version=game.rules_version,
        options=Record.start(game).options,
        seed=record.seed or 0,
        seats=[{"kind": kind, "secret": "", "human": False} for kind in kinds],
        settings={"imported": True},
        finished=True,
        actions=list(record.actions),
        actors=actors,
    )


class LiveTable:
    def __init__(self, stored: StoredTable) -> None:
        self.stored = stored
        self.id = stored.id
        self.game = make(stored.game, stored.options)
        self.entry = entry(stored.game)
        self.match = Match.resume(self.game, self.record())
        self.actors = list(stored.actors)

    # --- who is asking ----------------------------------------------------------------------------------
    def seat_of(self, secret: str | None) -> int | None:
        """The seat whose secret this is; None for no secret (a spectator). A wrong secret is refused."""
        if not secret:
            return SPECTATOR
        for seat, info in enumerate(self.stored.seats):
            if hmac.compare_digest(str(info["secret"]), secret):
                return seat
        raise Refusal("that link is not a seat of this table (check the secret in the link)", status=403)

    @property
    def version(self) -> int:
        return self.stored.version

    @property
    def finished(self) -> bool:
        return self.match.state.is_terminal() or bool(self.stored.settings.get("imported"))

    def to_move(self) -> int | None:
        who = self.match.state.to_move()
        return who if isinstance(who, int) else None

    def bot_to_move(self) -> str | None:
        seat = self.to_move()
        if seat is None or self.finished:
            return None
        kind = self.stored.seats[seat]["kind"]
        return None if kind == HUMAN else str(kind)

    def human_to_move(self) -> int | None:
        seat = self.to_move()
        if seat is None or self.finished or self.stored.seats[seat]["kind"] != HUMAN:
            return None
        return seat

    # --- requests -----------------------------------------------------------------------------------------
    def check(self, seat: int | None, version: int | None) -> int:
        if seat is SPECTATOR:
            raise Refusal("spectators watch; only a seat's own link can play", status=403)
        if version is not None and version != self.version:
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
        try:
            action = self.game.parse(text)
        except NotationError as error:
            raise Refusal(f"not understood: {error}") from None
        first = len(self.match.record.actions)
        try:
            self.play(action, seat)
        except IllegalAction as error:
            raise Refusal(f"not allowed: {error.rule}") from None
        chance = self.resolve_chance()
        return Change(first, [str(action), *chance.texts], [seat, *chance.actors])

    def can_undo(self, seat: int | None) -> bool:
        """A seat may take back its own last decision while its turn goes on, never past chance or a reveal:
        once a die is rolled or a card drawn (a chance action) or another seat has moved, it stands."""
        return (
            seat is not None
            and not self.finished
            and self.stored.seats[seat]["kind"] == HUMAN
            and self.to_move() == seat
            and bool(self.actors)
            and self.actors[-1] == seat
        )

    def undo(self, seat: int | None, version: int | None) -> Change:
        seat = self.check(seat, version)
        if not self.can_undo(seat):
            raise Refusal("nothing to undo: only your own decisions this turn, back to the last die, draw or move "
                          "by another seat")
        keep = len(self.actors) - 1
        self.rebuild(keep)
        return Change(keep, [], [], keep=keep)

    def set_seat(self, seat: int, kind: str) -> None:
        if kind != HUMAN:
            make_agent(kind, self.game, seat)
        self.stored.seats[seat] = {**self.stored.seats[seat], "kind": kind}

    # --- the game -----------------------------------------------------------------------------------------
    def play(self, action: Any, actor: int) -> list[Event]:
        events = self.match.play(action)
        self.actors.append(actor)
        return events

    def resolve_chance(self) -> Change:
        """Draw chance until a seat decides. The generator is reseeded from the seed and the number of actions,
        so the draws are the same whether or not the server restarted in between."""
        first = len(self.match.record.actions)
        self.match.chance = random.Random(f"{self.stored.seed}/{first}")
        texts = []
        while self.match.state.is_chance():
            action = self.match.sample_chance()
            self.play(action, -1)
            texts.append(str(action))
        return Change(first, texts, [-1] * len(texts))

    def record(self, upto: int | None = None) -> Record:
        return Record(
            self.stored.game, self.stored.rules_version, self.stored.options, self.stored.seed,
            list(self.stored.actions[:upto]), [str(s["kind"]) for s in self.stored.seats],
        )

    def rebuild(self, keep: int | None = None) -> None:
        """Back to the stored game (after a failed write), or to its first `keep` actions (an undo)."""
        if keep is not None:
            self.stored.actions = self.stored.actions[:keep]
            self.stored.actors = self.stored.actors[:keep]
        self.match = Match.resume(self.game, self.record())
        self.actors = list(self.stored.actors)

    def commit(self, change: Change) -> None:
        """The change is stored: the stored copy follows the live game."""
        self.stored.version += 1
        if change.keep is None:
            self.stored.actions.extend(change.texts)
            self.stored.actors.extend(change.actors)
        self.stored.finished = self.finished

    # --- what a seat sees ---------------------------------------------------------------------------------
    def message(self, seat: int | None) -> dict[str, Any]:
        state = self.match.state
        view = state.view(seat)
        mine = seat is not None and self.to_move() == seat and not self.finished
        human = mine and self.stored.seats[seat]["kind"] == HUMAN  # type: ignore[index]
        legal = [str(action) for action in state.legal_actions()] if human else []
        render = self.entry.render_svg
        log = [event.text for event in events_for(self.match.log, seat) if not event.detail]
        return {
            "type": "state",
            "table": self.id,
            "game": self.game.id,
            "title": self.game.title,
            "version": self.version,
            "seat": seat,
            "status": self.status(seat),
            "finished": self.finished,
            "svg": render(view, legal) if render is not None else None,
            "legal": legal,
            "can_undo": self.can_undo(seat),
            "seats": self.seats_public(),
            "scores": view.get("scores"),
            "winners": view.get("winners"),
            "log": log[-LOG_LENGTH:],
            "steps": len(self.replay_points()) - 1,
        }

    def seats_public(self) -> list[dict[str, Any]]:
        """What anyone may know of the seats: kinds, never secrets."""
        return [
            {"seat": seat, "name": f"Player {seat + 1}", "kind": info["kind"], "human": bool(info.get("human"))}
            for seat, info in enumerate(self.stored.seats)
        ]

    def status(self, seat: int | None) -> str:
        state = self.match.state
        if state.to_move() is TERMINAL:
            winners = state.winners()
            if not winners:
                return "Game over: a draw"
            names = " and ".join(f"Player {w + 1}" for w in winners)
            return f"Game over: {names} {'wins' if len(winners) == 1 else 'share the win'}"
        if self.stored.settings.get("imported"):
            return "A record to watch"
        to_move = self.to_move()
        if to_move is None:
            return "Dealing…"
        if to_move == seat:
            return "Your move" if self.stored.seats[seat]["kind"] == HUMAN else "Your seat is played by a bot"
        kind = self.stored.seats[to_move]["kind"]
        return f"Player {to_move + 1} to move" + ("" if kind == HUMAN else f" (bot: {kind})")

    # --- replays ------------------------------------------------------------------------------------------
    def replay_points(self) -> list[int]:
        """The action counts a replay steps through: the start, then after each decision and its chance
        (of the stored game only: a request being stored is not part of the history yet)."""
        actors = self.stored.actors
        first = next((n for n, actor in enumerate(actors) if actor != -1), len(actors))
        later = (n for n in range(first + 1, len(actors) + 1) if n == len(actors) or actors[n] != -1)
        return [first, *later]

    def replay_message(self, seat: int | None, step: int, as_seat: int | None) -> dict[str, Any]:
        """The position after `step` replay steps, from the asker's point of view; once the game is over,
        from any seat's (`as_seat`), so that everything can be seen."""
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
        render = self.entry.render_svg
        return {
            "type": "replay",
            "step": step,
            "steps": len(points) - 1,
            "viewer": viewer,
            "svg": render(view, []) if render is not None else None,
            "log": [e.text for e in events_for(events, viewer) if not e.detail][-LOG_LENGTH:],
        }
