"""What a seat sees of In the Nuts!, as fixed-shape float32 arrays in [0, 1] for learners.

Nothing in In the Nuts! is secret, but the encoding still reads a view (never a state), like every game's.
Seats are relative: index 0 is the observing seat, then the others in turn order (seat 0 first for the
spectator's view). Card kinds are the four nuts (walnut, hazelnut, beechnut, acorn) and the six jokers (WH,
WB, WA, HB, HA, BA), in the components' order. The RL adapters (nutbox.interop) concatenate the parts, in
this order, into one vector of 108 + 88 n numbers for n players: 284, 372 and 460 for two to four.

| part        | shape     | what                                                                          |
|-------------|-----------|-------------------------------------------------------------------------------|
| unseen      | 10        | cards of each kind not yet drawn / their number in the deck                   |
| pile        | 1         | cards left before the set-aside eight come into play / 60 (0 until set aside) |
| pile_set    | 1         | the eight cards for the end have been set aside                               |
| faceup      | 4 x 10    | the nut in each face-up place, one-hot by kind; zeros when empty              |
| track       | 11 x n    | the seat standing on each starting space 2 to 12, one-hot                     |
| area2       | 5 x n     | each seat's squirrels in each section of the 2-squirrel area / 4 (capped)     |
| area3       | 3 x n     | each seat's squirrels in each section of the 3-squirrel area / 6 (capped)     |
| area4       | n         | each seat's squirrels in the 4-squirrel area / 15                             |
| supply      | n         | each seat's squirrels not yet on the board / 15                               |
| storage     | n x 8 x 7 | each seat's storage cards: the nut stored (one-hot, 4), plain nuts /          |
|             |           | capacity, jokers / capacity, filled                                           |
| kept        | n x 6     | each seat's jokers kept for later, per joker kind / 4 (capped)                |
| david       | n         | the seat David guards, one-hot                                                |
| phase       | 9         | faceup, deal, preplace, dice, place, decide, collect, final, over (one-hot)   |
| current     | n         | the active seat, one-hot                                                      |
| step        | 1         | setup progress / 4 (capped)                                                   |
| dice        | 3 x 6     | the green die and the two white dice (smaller first), one-hot by face         |
| cursor_area | 3         | collecting: the area being checked (2-, 3-, 4-squirrel), one-hot              |
| cursor_part | 5         | collecting: the section being checked, one-hot                                |
| task        | 4         | the task waiting now: take, store, steal, refill (one-hot)                    |
| task_seat   | n         | whose task it is, one-hot                                                     |
| task_slots  | 4         | a take: the face-up places to choose from; a refill: the place refilled       |
| task_kind   | 10        | a store: the kind of nut to store, one-hot                                    |
| tasks_left  | 1         | tasks queued, the one waiting included / 8 (capped)                           |
| ending      | 1         | the draw pile is used up: the game ends after this collecting                 |
| points      | n         | each seat's points / 120 (capped)                                             |
| winners     | n         | the winning seats once the game is over                                       |

Left out: the options (fixed for a given encoding).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nutbox.core import Options
from nutbox.games.in_the_nuts.components import COMPONENTS
from nutbox.games.in_the_nuts.options import NutsOptions
from nutbox.games.in_the_nuts.view import NutsView, TaskEntry, read_task

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

PHASES = ("faceup", "deal", "preplace", "dice", "place", "decide", "collect", "final", "over")
TASKS = ("take", "store", "steal", "refill")
CODES = tuple("".join(COMPONENTS.nut_codes[nut] for nut in kind) for kind in COMPONENTS.kinds)
JOKERS = tuple(code for code in CODES if len(code) == 2)
NUT_CODES = COMPONENTS.nut_codes
FIRST, LAST = COMPONENTS.first_space, COMPONENTS.last_space
CARDS = len(COMPONENTS.storage)
DECK = sum(COMPONENTS.counts)
# caps: what a count is divided by (counts above it read as 1)
AREA2_CAP, AREA3_CAP, KEPT_CAP, STEP_CAP, TASKS_CAP, POINTS_CAP = 4, 6, 4, 4, 8, 120


class Observation:
    """The learners' encoding of an In the Nuts! view (the module docstring gives the layout)."""

    def __init__(self, options: Options) -> None:
        if not isinstance(options, NutsOptions):
            raise TypeError(f"In the Nuts! observations take NutsOptions, not {type(options).__name__}")
        self.players = seats = options.players
        slots = COMPONENTS.slots
        self.shapes: dict[str, tuple[int, ...]] = {
            "unseen": (len(CODES),),
            "pile": (1,),
            "pile_set": (1,),
            "faceup": (slots, len(CODES)),
            "track": (LAST - FIRST + 1, seats),
            "area2": (len(COMPONENTS.area2), seats),
            "area3": (len(COMPONENTS.area3), seats),
            "area4": (seats,),
            "supply": (seats,),
            "storage": (seats, CARDS, len(NUT_CODES) + 3),
            "kept": (seats, len(JOKERS)),
            "david": (seats,),
            "phase": (len(PHASES),),
            "current": (seats,),
            "step": (1,),
            "dice": (3, 6),
            "cursor_area": (3,),
            "cursor_part": (max(len(COMPONENTS.area2), len(COMPONENTS.area3)),),
            "task": (len(TASKS),),
            "task_seat": (seats,),
            "task_slots": (slots,),
            "task_kind": (len(CODES),),
            "tasks_left": (1,),
            "ending": (1,),
            "points": (seats,),
            "winners": (seats,),
        }

    def fill(self, view: NutsView, parts: dict[str, NDArray[np.float32]]) -> None:
        me = view["seat"] or 0
        seats = self.players

        def rel(seat: int) -> int:
            return (seat - me) % seats

        for kind, code in enumerate(CODES):
            parts["unseen"][kind] = view["unseen"][code] / COMPONENTS.counts[kind]
        if view["pile"] is not None:
            parts["pile"][0] = view["pile"] / DECK
            parts["pile_set"][0] = 1.0
        self._board(view, parts, rel)
        for seat in range(seats):
            self._holdings(view, seat, rel(seat), parts)
        if view["david"] is not None:
            parts["david"][rel(view["david"])] = 1.0
        parts["phase"][PHASES.index(view["phase"])] = 1.0
        parts["current"][rel(view["current"])] = 1.0
        parts["step"][0] = min(view["step"] / STEP_CAP, 1.0)
        if view["dice"]:
            for die, face in enumerate(view["dice"]):
                parts["dice"][die, face - 1] = 1.0
        if view["phase"] == "collect":
            area, section = view["cursor"]
            parts["cursor_area"][min(area - 2, 2)] = 1.0
            if section < len(parts["cursor_part"]):
                parts["cursor_part"][section] = 1.0
        self._tasks(view["tasks"], parts, rel)
        parts["ending"][0] = float(view["ending"])
        for seat in view.get("winners", []):
            parts["winners"][rel(seat)] = 1.0

    @staticmethod
    def _board(view: NutsView, parts: dict[str, NDArray[np.float32]], rel: Callable[[int], int]) -> None:
        """The face-up nuts, the starting track and the 2- and 3-squirrel areas."""
        for slot, shown in enumerate(view["faceup"]):
            if shown is not None:
                parts["faceup"][slot, CODES.index(shown)] = 1.0
        for space, seat in view["track"].items():
            if seat is not None:
                parts["track"][int(space) - FIRST, rel(seat)] = 1.0
        for section, counts in enumerate(view["area2"]):
            for seat, count in enumerate(counts):
                parts["area2"][section, rel(seat)] = min(count / AREA2_CAP, 1.0)
        for section, counts in enumerate(view["area3"]):
            for seat, count in enumerate(counts):
                parts["area3"][section, rel(seat)] = min(count / AREA3_CAP, 1.0)

    @staticmethod
    def _holdings(view: NutsView, seat: int, at: int, parts: dict[str, NDArray[np.float32]]) -> None:
        """One seat's squirrels off the board and in the 4-squirrel area, points, storage cards and kept jokers,
        at its relative index `at`."""
        parts["area4"][at] = min(view["area4"][seat] / COMPONENTS.squirrels, 1.0)
        parts["supply"][at] = view["supply"][seat] / COMPONENTS.squirrels
        parts["points"][at] = min(view["points"][seat] / POINTS_CAP, 1.0)
        storage = parts["storage"][at]
        for card, entry in enumerate(view["storage"][seat]):
            if entry["nut"] is not None:
                storage[card, NUT_CODES.index(entry["nut"])] = 1.0
            storage[card, 4] = entry["nuts"] / entry["capacity"]
            storage[card, 5] = entry["jokers"] / entry["capacity"]
            storage[card, 6] = float(entry["filled"])
        for code, count in view["kept"][seat].items():
            parts["kept"][at, JOKERS.index(code)] = min(count / KEPT_CAP, 1.0)

    @staticmethod
    def _tasks(tasks: list[TaskEntry], parts: dict[str, NDArray[np.float32]], rel: Callable[[int], int]) -> None:
        if not tasks:
            return
        what, seat, detail = read_task(tasks[0])
        parts["task"][TASKS.index(what)] = 1.0
        parts["task_seat"][rel(seat)] = 1.0
        if what == "take":  # detail: a bit mask of the face-up places to choose from
            for slot in range(len(parts["task_slots"])):
                parts["task_slots"][slot] = float(detail >> slot & 1)
        elif what == "refill":  # detail: the place refilled
            parts["task_slots"][detail] = 1.0
        elif what == "store":  # detail: the kind of nut to store
            parts["task_kind"][detail] = 1.0
        parts["tasks_left"][0] = min(len(tasks) / TASKS_CAP, 1.0)
