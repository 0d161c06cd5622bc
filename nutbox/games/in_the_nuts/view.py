"""An In the Nuts! view: its shape, so that mypy checks every key its readers use, and how a state builds it
(`build`; determinize.py reads it back).

A view is JSON-ready: lists, never tuples (a view must not change through JSON), seats numbered from 0,
nuts written by their codes (W, H, B, A; a joker by its two letters, WH). `None` marks what is empty or
not yet there: an empty face-up place or starting space, an empty storage card, David not yet placed,
the dice not yet rolled, the eight cards for the end not yet set aside.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict, cast, get_args

from nutbox.core import View
from nutbox.games.in_the_nuts.actions import kind_code
from nutbox.games.in_the_nuts.components import CARDS, COMPONENTS, FIRST, KINDS, SECTIONS2, SECTIONS3

if TYPE_CHECKING:
    from nutbox.games.in_the_nuts.state import NutsState

PhaseName = Literal["faceup", "deal", "preplace", "dice", "place", "decide", "collect", "final", "over"]
Job = Literal["take", "store", "steal", "refill"]
JOBS: tuple[Job, ...] = get_args(Job)
# A queued task as the view writes it: [job, player, detail] (a list: JSON has no tuples); `read_task` reads it
TaskEntry = list[str | int]


class StorageCard(TypedDict):
    """One storage card of one player."""

    nut: str | None  # the code of the nut stored there; None while the card is empty
    nuts: int  # plain nuts on it
    jokers: int  # jokers on it
    capacity: int
    points: int  # what it scores once filled
    filled: bool


class NutsFields(TypedDict):
    """What `NutsState._view` returns (`build`): the whole state (nothing in In the Nuts! is secret)."""

    players: int
    first_pick: Literal["next", "active"]
    first_joker: Literal["store", "keep"]  # the option: whether a joker drawn as a first nut may be kept
    unseen: dict[str, int]  # cards not yet drawn, by kind code (the eight set aside included)
    pile: int | None  # cards left before the set-aside eight come into play; None until they are set aside
    faceup: list[str | None]  # the kind code in each face-up place
    track: dict[str, int | None]  # starting space (as text: a JSON key) -> the seat standing on it
    area2: list[list[int]]  # per section of the 2-squirrel area, each seat's squirrels
    area3: list[list[int]]
    area4: list[int]  # each seat's squirrels in the 4-squirrel area
    supply: list[int]
    storage: list[list[StorageCard]]  # per seat, per storage card
    kept: list[dict[str, int]]  # per seat: jokers kept for later, by kind code (only kinds kept); each may be
    # stored whenever its owner stores a nut, and those still kept are stored after the last picks
    david: int | None  # the seat David guards
    phase: PhaseName
    current: int  # whose turn it is (during setup, who is dealt or pre-places)
    step: int  # setup progress: face-up nuts dealt, players dealt, squirrels pre-placed
    dice: list[int] | None  # [green, low white, high white]
    cursor: list[int]  # collecting: [area, section] being checked
    tasks: list[TaskEntry]
    ending: bool  # the draw pile is used up: the game ends after this turn's collecting
    points: list[int]  # each seat's points now


class NutsView(View, NutsFields):
    """An In the Nuts! view: the core's fields (game, seat, to_move, scores and winners at the end) and ours."""


def read_task(entry: TaskEntry) -> tuple[Job, int, int]:
    """A task of the view as (job, player, detail); detail: a take's slot mask, a store's kind, a refill's slot."""
    job, player, detail = entry
    assert job in JOBS and isinstance(player, int) and isinstance(detail, int), f"not a task: {entry!r}"
    return job, player, detail


def build(state: NutsState) -> NutsFields:
    """The view's own fields: those the state holds as they are (`SHOWN`), and the rest written out from its
    tables (kinds as codes, per-seat tables as lists per section or seat, the track by space)."""
    n, options, kept = state.n, state.options, state.kept
    return cast(NutsFields, {
        **state.shown(),  # pile, area4, supply, david, phase, current, step, ending
        "players": n,
        "first_pick": options.first_pick,
        "first_joker": options.first_joker,
        "unseen": {kind_code(k): c for k, c in enumerate(state.unseen)},
        "faceup": [kind_code(k) if k is not None else None for k in state.faceup],
        "track": {str(i + FIRST): owner for i, owner in enumerate(state.track)},
        "area2": [state.area2[s * n : s * n + n] for s in range(SECTIONS2)],
        "area3": [state.area3[s * n : s * n + n] for s in range(SECTIONS3)],
        "storage": [[card_view(state, p, c) for c in range(CARDS)] for p in range(n)],
        "kept": [{kind_code(k): kept[p * len(KINDS) + k] for k in range(len(KINDS)) if kept[p * len(KINDS) + k]}
                 for p in range(n)],
        "dice": list(state.dice) if state.dice else None,
        "cursor": list(state.cursor),
        "tasks": [[what, player, detail] for what, player, detail in state.tasks],
        "points": [state.score(p) for p in range(n)],
    })


def card_view(state: NutsState, player: int, card: int) -> StorageCard:
    i, storage = player * CARDS + card, COMPONENTS.storage[card]
    nut = state.card_type[i]
    return {"nut": COMPONENTS.nut_codes[nut] if nut is not None else None, "nuts": state.card_plain[i],
            "jokers": state.card_jokers[i], "capacity": storage.capacity, "points": storage.points,
            "filled": state.filled(player, card)}
