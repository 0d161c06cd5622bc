"""A table's settings as it keeps them (its row's `settings`, written back as it was read: web/rows.py): what its
creator chose (the clock, hints, who may join, rated or not) and what happened to it since (its notes, the turn's
clock, moves made for a person, forfeits, the next game).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from nutbox.web import rows

Timeout = Literal["bot", "move", "forfeit"]  # what happens when a person's time for a decision runs out
TIMEOUTS: tuple[Timeout, ...] = ("bot", "move", "forfeit")
# what a rematch takes over from the table before it (it is private: not listed, whatever this one was)
REMATCH = ("timer", "timeout", "handover", "creator", "rated", "hints", "autoplay")


@dataclass(frozen=True)
class Note:
    """A line of the table's own story (a seat taken, an invitation re-issued), with when it was written."""

    time: float
    text: str  # seats named by placeholders (core.names.seat_name), filled with their names where shown

    def to_json(self) -> dict[str, Any]:
        return {"time": self.time, "text": self.text}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Note:
        return cls(float(data["time"]), str(data["text"]))


@dataclass(frozen=True)
class TurnClock:
    """The clock of the decision under way: whose turn, since when, from which action, and the moment of each of
    the seat's decisions this turn still standing (an undo takes the clock back to the one before)."""

    seat: int | None
    since: float
    first: int  # the number of actions when the turn began ("from")
    marks: tuple[float, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "since": self.since, "from": self.first, "marks": list(self.marks)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TurnClock:
        return cls(data["seat"], data["since"], data["from"], tuple(data["marks"]))


@dataclass(frozen=True)
class Rematch:
    """The next game at a finished table's seats: its table, and each person's invitation to it by their seat
    here (as text, the stored key)."""

    table: str
    invites: Mapping[str, str]

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "invites": dict(self.invites)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rematch:
        return cls(str(data["table"]), dict(data["invites"]))


@dataclass
class TableSettings:
    # chosen when the table was made
    timer: float = 0.0  # seconds per decision (0: no limit)
    timeout: Timeout = "bot"  # what happens when a person's time runs out (Hub.time_out)
    handover: str = "easy"  # the bot that takes a seat handed over or timed out
    hints: bool = False  # the seat to move may ask what the medium bot would play
    listed: bool = False  # open: shown in the lobby
    rated: bool = False
    autoplay: bool = True  # a person's only possible move is made for them
    creator: str | None = None  # the hash of the creator's key (its invitations page)
    imported: bool = False  # an uploaded record, to watch
    # what happened since
    notes: list[Note] = field(default_factory=list)
    clock: TurnClock | None = None
    seated: float | None = None  # when the last person took their seat: no clock runs before
    forced: list[int] = field(default_factory=list)  # the actions made for a person, who had no other
    seen: list[int] = field(default_factory=list)  # rated: seats opened while they showed their secret cards
    forfeited: list[int] = field(default_factory=list)  # seats out of time under the rule "forfeit"
    ended: bool = False  # ended by a forfeit, the game itself unfinished
    unrated: str | None = None  # why a rated game stopped being rated
    again: Rematch | None = None
    held: frozenset[str] = field(default=frozenset(), repr=False, compare=False)  # the keys it was read with
    unknown: dict[str, Any] = field(default_factory=dict, repr=False)  # keys this code does not read, kept

    def to_json(self) -> dict[str, Any]:
        return rows.to_json(self, self.held, self.unknown)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TableSettings:
        clock, again = data.get("clock"), data.get("again")
        timeout = data.get("timeout", "bot")
        return cls(
            timer=float(data.get("timer") or 0), timeout=timeout if timeout in TIMEOUTS else "bot",
            handover=str(data.get("handover", "easy")), hints=bool(data.get("hints")), listed=bool(data.get("listed")),
            rated=bool(data.get("rated")), autoplay=bool(data.get("autoplay", True)), creator=data.get("creator"),
            imported=bool(data.get("imported")), notes=[Note.from_json(note) for note in data.get("notes", [])],
            clock=TurnClock.from_json(clock) if clock else None, seated=data.get("seated"),
            forced=[int(number) for number in data.get("forced", [])],
            seen=[int(seat) for seat in data.get("seen", [])],
            forfeited=[int(seat) for seat in data.get("forfeited", [])], ended=bool(data.get("ended")),
            unrated=data.get("unrated"), again=Rematch.from_json(again) if again else None,
            held=frozenset(data), unknown=rows.unknown_keys(cls, data),
        )

    def rematch(self) -> TableSettings:
        """The settings of the next game at these seats: the creator's choices (a game that stopped being rated
        starts the next one rated, as the table was made), nothing of what happened."""
        return TableSettings(
            timer=self.timer, timeout=self.timeout, handover=self.handover, creator=self.creator,
            rated=self.rated or bool(self.unrated), hints=self.hints, autoplay=self.autoplay,
            held=self.held & frozenset(REMATCH),
        )
