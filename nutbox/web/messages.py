"""What a seat sees of a table, now or at a step of its replay: the position in words and pictures from the
game's face (core/face.py), with every seat called by its name at the table.

Everything is built from the asking seat's view alone (None: a spectator's). The face fills the seats' names
into the game's texts and pictures (escaped in pictures); the table's own texts name a seat by its placeholder
(core.names.seat_name) and are filled here the same way, so nothing shown ever holds a placeholder.

A move sends an update to every seat watching, each drawn from its own view. What they share, and what stays the
same from one update to the next, is kept with the table (`Shown`): the log told so far (each new event is told
once per seat), the replay's steps, and each seat's picture of the current position (drawn once per position
however many connections, joins and snapshots ask for it), and the picture each seat's pages show, so that an
update carries only what changed in it (web/patches.py), and the log only the lines added since the log they
show. The game's pictures keep their unchanged parts themselves (core.svg.drawn).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from nutbox.core import TERMINAL, Event, State, View, events_for, replay, seat_name, with_names
from nutbox.web.names import bot_name
from nutbox.web.patches import as_update, svg_id
from nutbox.web.refusal import Refusal, clip
from nutbox.web.results import places

if TYPE_CHECKING:
    from nutbox.web.live import LiveTable

LOG_LENGTH = 80  # events sent with each update; the replay shows the rest


def winners_words(winners: Sequence[int]) -> str:
    """How a game ended, in words: "a draw", "Player 2 wins", "Player 1 and Player 3 share the win" (seats by
    their placeholders)."""
    if not winners:
        return "a draw"
    return " and ".join(seat_name(w) for w in winners) + (" wins" if len(winners) == 1 else " share the win")


def log_lines(events: list[Event], seat: int | None, names: list[str]) -> list[str]:
    """The narration of the events `seat` may see, small steps left out, with the seats' names."""
    return [event.told(names) for event in events_for(events, seat) if not event.detail]


PictureKey = tuple[int | None, bool, tuple[str, ...]]  # seat, phone, legal


@dataclass(eq=False)
class Shown:
    """What a table's updates share, kept between them: each seat's log lines, told once per event, for the log
    `told` tells (the match's, up to its `count` events, the last being `last`, with `names`); the replay's steps
    for the actors `acted` (up to `acts`); each picture of the position `drawn` (the match and its number of
    actions, with `names`); and the picture each seat's pages of each layout show (`sent`), which the next update
    changes."""

    told: list[Event] | None = None
    count: int = 0
    last: Event | None = None
    names: tuple[str, ...] = ()
    lines: dict[int | None, list[str]] = field(default_factory=dict)
    acted: list[int | None] | None = None
    acts: int = -1
    points: list[int] = field(default_factory=list)
    drawn: tuple[object, int, tuple[str, ...]] | None = None
    pictures: dict[PictureKey, str | None] = field(default_factory=dict)
    sent: dict[tuple[int | None, bool], str | None] = field(default_factory=dict)
    logged: dict[tuple[int | None, bool], tuple[list[str], int]] = field(default_factory=dict)

    def log(self, events: list[Event], seat: int | None, names: list[str]) -> list[str]:
        """log_lines(events, seat, names), telling only the events added since the last call."""
        told = tuple(names)
        if (events is not self.told or told != self.names or len(events) < self.count
                or (self.count and events[self.count - 1] is not self.last)):
            self.told, self.names, self.count, self.last, self.lines = events, told, 0, None, {}
        if len(events) > self.count:
            added = events[self.count:]
            for viewer, lines in self.lines.items():
                lines.extend(log_lines(added, viewer, names))
            self.count, self.last = len(events), events[-1]
        if seat not in self.lines:
            self.lines[seat] = log_lines(events, seat, names)
        return self.lines[seat]

    def update(self, seat: int | None, phone: bool, message: dict[str, Any]) -> dict[str, Any]:
        """A seat's message as the update its pages (of this layout) are sent: its picture as the changes since
        the one they show (web/patches.py), and its log as the lines added since the log they show; which they
        now are."""
        before, self.sent[seat, phone] = self.sent.get((seat, phone)), message.get("svg")
        logged = self.logged.get((seat, phone))
        self.showing_log(seat, phone, message)
        return log_update(as_update(message, before), self.lines.get(seat), logged)

    def showing(self, seat: int | None, phone: bool, message: dict[str, Any]) -> dict[str, Any]:
        """A seat's whole message, sent to a page that joins: the picture and log the next update changes."""
        self.sent[seat, phone] = message.get("svg")
        self.showing_log(seat, phone, message)
        return message

    def showing_log(self, seat: int | None, phone: bool, message: dict[str, Any]) -> None:
        """The log a seat's pages now show: the first log_total of the lines `log` told it (kept while the log
        only grows; a new list when it was told again, after an undo or a change of names)."""
        lines = self.lines.get(seat)
        if lines is None:
            self.logged.pop((seat, phone), None)
        else:
            self.logged[seat, phone] = (lines, message["log_total"])

    def replay_points(self, actors: list[int | None]) -> list[int]:
        """replay_points of these actors, worked out once while they stay the same."""
        if actors is not self.acted or len(actors) != self.acts:
            self.acted, self.acts, self.points = actors, len(actors), points_of(actors)
        return self.points

    def picture(self, live: LiveTable, view: View, legal: list[str], phone: bool, names: list[str]) -> str | None:
        """picture(live, view, legal, phone, names), drawn once per seat and position; in a game whose pictures
        are public (Face.public_pictures), once for the spectator and every seat with nothing to click."""
        position = (live.match, len(live.match.record.actions), tuple(names))
        if self.drawn is None or position[0] is not self.drawn[0] or position[1:] != self.drawn[1:]:
            self.drawn, self.pictures = position, {}
        public = not legal and live.face.public_pictures
        key = (None if public else view["seat"], phone, tuple(legal))
        if key not in self.pictures:
            # drawn from the spectator's view, so that a seat's secrets could not reach a picture others are sent
            shown = live.match.state.view(None) if public and view["seat"] is not None else view
            self.pictures[key] = picture(live, shown, legal, phone, names)
        return self.pictures[key]


def log_update(update: dict[str, Any], lines: list[str] | None, logged: tuple[list[str], int] | None
               ) -> dict[str, Any]:
    """An update to pages whose log is the first `logged[1]` lines of the list `logged[0]`: where that list is
    still the seat's log (`lines`, only added to since), the lines added since (`log_patch`: the page adds them and
    keeps the last LOG_LENGTH) in place of the whole log, when they are fewer."""
    if logged is None or lines is None or logged[0] is not lines:
        return update
    added = lines[logged[1]:]
    if len(added) >= len(update["log"]):
        return update
    update = {key: value for key, value in update.items() if key != "log"}
    update["log_patch"] = {"from": logged[1], "added": added, "keep": LOG_LENGTH}
    return update


def message(live: LiveTable, seat: int | None, phone: bool = False) -> dict[str, Any]:
    """What a seat (None: a spectator) sees now; `phone`: with the board drawn for a phone."""
    state = live.match.state
    view = state.view(seat)
    names = live.names()
    mine = seat is not None and live.to_move() == seat and not live.finished
    human = mine and not live.stored.seats[seat].played_by_bot  # type: ignore[index]
    actions = state.legal_actions() if human else []
    legal = [str(action) for action in actions]
    log = live.shown.log(live.match.log, seat, names)
    settings = live.stored.settings
    svg = live.shown.picture(live, view, legal, phone, names)
    return {
        "type": "state",
        "table": live.id,
        "game": live.game.id,
        "title": live.game.title,
        "version": live.version,
        "seat": seat,
        "status": status(live, seat, names),
        "prompt": prompt(live, seat, view, names),
        "mine": human,
        "labels": live.face.labels(actions, view, names),
        **position_words(live, view, state.is_terminal(), names),
        "named": bool(seat is not None and live.stored.seats[seat].name),
        "again": again_link(live, seat),
        "log_total": len(log),
        "to_move": live.to_move(),
        "finished": live.finished,
        "svg": svg,
        "svg_id": svg_id(svg),
        "legal": legal,
        "can_undo": live.can_undo(seat),
        "hints": settings.hints and human,
        "rules_link": rules_link(live, view) if human and settings.hints else None,
        "seats": seats_public(live, names),
        "log": log[-LOG_LENGTH:],
        "notes": [with_names(note.text, names) for note in settings.notes][-10:],
        "steps": len(live.shown.replay_points(live.stored.actors)) - 1,
    }


def position_words(live: LiveTable, view: View, terminal: bool, names: list[str]) -> dict[str, Any]:
    """A position's panels, scores and (at the end) score table, with the seats' names."""
    table = live.face.score_table(view, names) if terminal else None
    return {
        "panels": [{**panel.to_json(), "name": names[panel.seat]} for panel in live.face.panels(view, names)],
        "score_table": None if table is None else table.to_json(),
        "scores": view.get("scores"),
        "winners": view.get("winners"),
    }


def picture(live: LiveTable, view: View, legal: list[str], phone: bool, names: list[str]) -> str | None:
    """The board as the game draws it (for a phone, where it draws one), with the seats' names."""
    return live.face.phone(view, legal, names) if phone else live.face.svg(view, legal, names)


def rules_link(live: LiveTable, view: View) -> str | None:
    """The rules page's section that explains the decision at hand, where the game's guide names one."""
    section = live.face.rules_section(view)
    return f"/rules/{live.game.id}#part-{section + 1}" if section is not None else None


def seats_public(live: LiveTable, names: list[str]) -> list[dict[str, Any]]:
    """What anyone may know of the seats: kinds and whether a person has taken theirs, never keys."""
    return [
        {"seat": number, "name": names[number], "kind": seat.kind, "human": seat.human, "joined": seat.joined}
        for number, seat in enumerate(live.stored.seats)
    ]


def again_link(live: LiveTable, seat: int | None) -> str | None:
    """Where this seat goes for the next game: its invitation there (its own), or the spectators' page."""
    again = live.stored.settings.again
    if again is None:
        return None
    if seat is None:
        return f"/t/{again.table}"
    token = again.invites.get(str(seat))
    return f"/t/{again.table}/invite/{token}" if token else None


def prompt(live: LiveTable, seat: int | None, view: View, names: list[str]) -> str:
    """The decision in a sentence, for the asking seat: its own ("Your turn: ...") or whom everyone waits
    for, and for what ("Waiting for Bea to choose where to scatter")."""
    to_move = live.to_move()
    if live.match.state.is_terminal() or live.stored.settings.imported or to_move is None:
        return status(live, seat, names) + "."
    decision = live.face.decision(view, names)
    kind = live.stored.seats[to_move].kind
    if to_move == seat:
        if not live.stored.seats[seat].played_by_bot:
            return f"Your turn: {decision}."
        return f"A bot ({kind}) plays your seat: it is to {decision}."
    return with_names(f"Waiting for {who(live, to_move)} to {decision}.", names)


def status(live: LiveTable, seat: int | None, names: list[str]) -> str:
    """The table's state in a few words, for the asking seat."""
    return with_names(status_said(live, seat), names)


def status_said(live: LiveTable, seat: int | None) -> str:
    """The table's state in a few words, each seat by its placeholder."""
    state = live.match.state
    if live.stored.settings.ended:
        gone = " and ".join(seat_name(s) for s in live.forfeited())
        first = " and ".join(seat_name(s) for s, place in enumerate(places(live)) if place == 1)
        return f"Game over: {gone} forfeited (out of time); {first} wins"
    if state.to_move() is TERMINAL:
        return f"Game over: {winners_words(state.winners())}"
    if live.stored.settings.imported:
        return "A record to watch"
    to_move = live.to_move()
    if to_move is None:
        return "Dealing…"
    if to_move == seat:
        return "Your seat is played by a bot" if live.stored.seats[seat].played_by_bot else "Your move"
    return f"{who(live, to_move)} to move"


def who(live: LiveTable, seat: int) -> str:
    """A seat as a sentence names it: its placeholder, with "(an easy bot plays for them)" while a person's seat is
    handed to a bot."""
    info = live.stored.seats[seat]
    return seat_name(seat) + (f" ({bot_name(info.kind).lower()} plays for them)" if info.handed else "")


# --- replays ------------------------------------------------------------------------------------------------
def replay_points(live: LiveTable) -> list[int]:
    """The action counts a replay steps through: the start, then after each decision and its chance
    (of the stored game only: a request being stored is not part of the history yet)."""
    return points_of(live.stored.actors)


def points_of(actors: list[int | None]) -> list[int]:
    """The replay's steps of a game whose actions were decided by these seats (None: chance)."""
    first = next((n for n, actor in enumerate(actors) if actor is not None), len(actors))
    later = (n for n in range(first + 1, len(actors) + 1) if n == len(actors) or actors[n] is not None)
    return [first, *later]


def replay_message(live: LiveTable, seat: int | None, step: int, as_seat: int | None, phone: bool = False,
                   marks: Sequence[str] = ()) -> dict[str, Any]:
    """The position after `step` replay steps, from the asker's point of view; once the game is over, from any
    seat's (`as_seat`), so that everything can be seen: its board, panels, scores and what was to be decided
    then. `marks`: moves open at that step to mark on the board as its targets (a review's move made and better
    move), once the game is over."""
    points = replay_points(live)
    if not 0 <= step < len(points):
        raise Refusal(f"step must be from 0 to {len(points) - 1}, not {step}")
    viewer = seat
    if as_seat is not None and as_seat != seat:
        if not live.finished:
            raise Refusal("other seats' points of view open when the game is over")
        if not 0 <= as_seat < len(live.stored.seats):
            raise Refusal(f"there is no seat {as_seat + 1}")
        viewer = as_seat
    events: list[Event] = []
    position: State = live.game.new_state()
    for step_state, step_events in replay(live.record(points[step]), live.game):
        position = step_state
        events.extend(step_events)
    view = position.view(viewer)
    names = live.names()
    if marks:
        check_marks(live, position, step, marks)
    return {
        "type": "replay",
        "step": step,
        "steps": len(points) - 1,
        "viewer": viewer,
        "prompt": replay_prompt(live, position, view, viewer, (step, len(points) - 1), names),
        "to_move": position.to_move() if isinstance(position.to_move(), int) else None,
        "finished": position.is_terminal(),
        **position_words(live, view, position.is_terminal(), names),
        "svg": picture(live, view, list(marks), phone, names),
        "marks": list(marks),
        "log": log_lines(events, viewer, names)[-LOG_LENGTH:],
    }


def check_marks(live: LiveTable, position: State, step: int, marks: Sequence[str]) -> None:
    """Moves marked on a replay's board: once the game is over (they name what a seat could do then), and each a
    move that was open at that step."""
    if not live.finished:
        raise Refusal("moves are marked on a replay once the game is over", status=403)
    if not isinstance(position.to_move(), int):
        raise Refusal(f"nobody decides at step {step}: no move to mark")
    legal = {str(action) for action in position.legal_actions()}
    for text in marks:
        if text not in legal:
            raise Refusal(f"{clip(text, 40)!r} is not a move open at step {step}")


def replay_prompt(live: LiveTable, position: State, view: View, viewer: int | None, step: tuple[int, int],
                  names: list[str]) -> str:
    """What was to be decided at a step (of how many) of a replay, in words."""
    at = f"Replay, step {step[0]} of {step[1]}: "
    if position.is_terminal():
        return at + with_names(f"the game is over: {winners_words(position.winners())}.", names)
    to_move = position.to_move()
    if not isinstance(to_move, int):
        return at + "chance is being drawn."
    whose = "your" if to_move == viewer else f"{names[to_move]}'s"
    return at + f"{whose} turn to {live.face.decision(view, names)}."
