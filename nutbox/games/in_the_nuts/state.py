"""The In the Nuts! state (rulebooks/in-the-nuts.txt; see the package docstring): its fields and how clones share
them, who is to move, the scores and the winners, and the view; each phase's decisions are its module's
(setup.py the face-up nuts, the first nuts and the pre-placed squirrels, turn.py the dice and the squirrels,
collecting.py the tasks of the collecting, scoring.py the end), found through PHASES, and what follows without a
decision through SETTLE.

Nothing is secret: the deck is face down for everyone, so its order is chance, not hidden information. The deck
is kept as counts per kind of card; the eight cards set aside for the end are simply the last eight of those
counts (unseen like the rest), so a draw is always a draw from every unseen card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Self

from nutbox.core import CHANCE, TERMINAL, Action, Event, Game, ToMove, seat_name
from nutbox.core.phases import Phase, PhasedState
from nutbox.core.state import among
from nutbox.games.in_the_nuts import collecting, scoring, setup, turn
from nutbox.games.in_the_nuts.actions import Dice, Draw, StoreKept
from nutbox.games.in_the_nuts.components import (
    CAPACITY,
    CARDS,
    COMPONENTS,
    FIRST,
    KINDS,
    SECTIONS2,
    SECTIONS3,
    TRACK,
    kind_name,
)
from nutbox.games.in_the_nuts.options import NutsOptions
from nutbox.games.in_the_nuts.rulebook import (
    COLLECT_RULE,
    ENDING_RULE,
    PLAY_RULE,
    RACCOON_RULE,
    SETUP,
    STORAGE_RULE,
    WHEN,
    action_kind,
)
from nutbox.games.in_the_nuts.view import Job, NutsFields, NutsView, PhaseName, build

Task = tuple[Job, int, int]  # (job, player, detail): take (slot mask), store (kind), steal, refill (slot)

# Clones share what is never changed in place (numbers, texts, tuples, the game and its options) and copy the
# lists. Every field is in exactly one of the two (they make up __slots__, so a new field must be placed), and
# tests/games/in_the_nuts/test_clone.py checks that the shared ones hold no mutable value.
SHARED = ("game", "options", "n", "pile", "david", "phase", "current", "step", "dice", "cursor", "tasks", "ending",
          "winner_seats")
COPIED = ("unseen", "faceup", "track", "area2", "area3", "area4", "supply", "card_type", "card_plain", "card_jokers",
          "kept")


class NutsState(PhasedState[NutsView]):
    __slots__ = SHARED + COPIED
    # the fields a view shows as they are (view.py writes out the rest; determinize.py reads them back)
    SHOWN: ClassVar[tuple[str, ...]] = ("pile", "area4", "supply", "david", "phase", "current", "step", "ending")
    # a task (collecting.py) is answered in the phase it comes in: storing a first nut (deal), the collecting, the
    # last picks (final)
    PHASES: ClassVar[Mapping[str, Phase[Any]]] = {
        "faceup": setup.FACEUP, "deal": setup.DEAL, "preplace": setup.PREPLACE,
        "dice": turn.ROLLING, "place": turn.PLACING, "decide": turn.DECIDING,
        "collect": collecting.COLLECTING, "final": collecting.COLLECTING, "over": scoring.OVER,
    }
    # what happens next without a decision, once no task waits (whether anything did: else the state waits)
    SETTLE: ClassVar[Mapping[str, Callable[[NutsState, list[Event]], bool]]] = {
        "deal": setup.set_aside, "place": turn.place_alone, "decide": turn.stop_when_out,
        "collect": collecting.walk, "final": scoring.finish,
    }
    phase: PhaseName

    def __init__(self, game: Game[NutsOptions, NutsState, NutsView]) -> None:
        self.game = game
        self.options = game.options
        n = self.n = self.options.players
        self.unseen = setup.deck_counts(n)  # every card not yet drawn, the eight set aside included
        self.pile: int | None = None  # cards left before the set-aside eight come into play (None: not yet set aside)
        self.faceup: list[int | None] = [None] * COMPONENTS.slots  # the kind of card in each face-up place
        self.track: list[int | None] = [None] * TRACK  # who stands on each starting space
        self.area2 = [0] * (SECTIONS2 * n)  # squirrels per section and player
        self.area3 = [0] * (SECTIONS3 * n)
        self.area4 = [0] * n
        self.supply = [COMPONENTS.squirrels] * n
        self.card_type: list[int | None] = [None] * (CARDS * n)  # per player and storage card: the nut stored there
        self.card_plain = [0] * (CARDS * n)  # nuts on it that are not jokers
        self.card_jokers = [0] * (CARDS * n)
        self.kept = [0] * (len(KINDS) * n)  # jokers kept for later, per player and kind
        self.david: int | None = None  # whose nuts David guards (the player robbed last)
        self.phase = "faceup"
        self.current = 0
        self.step = 0  # setup progress: face-up nuts dealt, players dealt, squirrels pre-placed
        self.dice: tuple[int, int, int] | None = None
        self.cursor = (2, 0)  # collecting: the area and section being checked
        self.tasks: tuple[Task, ...] = ()
        self.ending = False
        self.winner_seats: tuple[int, ...] = ()

    def clone(self) -> Self:
        other = object.__new__(type(self))
        for name in SHARED:
            setattr(other, name, getattr(self, name))
        for name in COPIED:
            setattr(other, name, getattr(self, name)[:])
        return other

    # --- facts ---------------------------------------------------------------------------------------
    def order(self) -> list[int]:
        """Who goes first when several players qualify, and in the final push (option first_pick)."""
        start = self.current + (1 if self.options.first_pick == "next" else 0)
        return [(start + i) % self.n for i in range(self.n)]

    def filled(self, player: int, card: int) -> bool:
        i = player * CARDS + card
        return self.card_plain[i] + self.card_jokers[i] >= CAPACITY[card]

    def score(self, player: int) -> int:
        return scoring.score(self, player)

    def best_card(self, player: int) -> int:
        return scoring.best_card(self, player)

    def open_spaces(self) -> list[int]:
        """The empty starting spaces the dice offer, smallest first (asked several times a roll: kept plain)."""
        if self.dice is None:
            return []
        green, low, high = self.dice
        if low > high:
            low, high = high, low
        track = self.track
        spaces = [green + low] if track[green + low - FIRST] is None else []
        if high != low and track[green + high - FIRST] is None:
            spaces.append(green + high)
        return spaces

    # --- the protocol: the phases answer (PHASES), a task before its phase ------------------------------
    def to_move(self) -> ToMove:
        if self.tasks:
            what, player, _ = self.tasks[0]
            return CHANCE if what == "refill" else player
        phase = self.phase
        if phase in ("faceup", "deal", "dice"):
            return CHANCE
        if phase == "over":
            return TERMINAL
        return self.current

    def why_illegal(self, action: Action) -> str | None:
        # The core's dispatch (State.why_illegal), asking who is to move once rather than twice: every action
        # applied is checked here. A player's kind of decision tried at a chance node names the rule for its
        # time, not "not a possible outcome of the chance event".
        who = self.to_move()
        if who is CHANCE:
            if not isinstance(action, (Dice, Draw)):
                return self._reason(action)
            return None if self._is_outcome(action) else self._not_an_outcome(action)
        if who is TERMINAL:
            return self._after_end(action)
        return self._why_illegal(action)

    # --- chance: the dice are every roll, always the same, so they are neither listed nor searched -------------
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.phase == "dice" and not self.tasks:
            return turn.ROLLS[:]
        return super().chance_outcomes()

    def _is_outcome(self, action: Action) -> bool:
        if self.phase == "dice" and not self.tasks:
            # the roll applied is mostly one of the very objects listed: found by identity at once, else compared
            return id(action) in turn.ROLL_IDS or among(action, turn.ROLLS)
        return super()._is_outcome(action)

    def _reason(self, action: Action) -> str:
        kind = action_kind(action)
        if kind != self.due():
            return f"{WHEN[kind]}; {self.now()}"
        return super()._reason(action)

    def _apply(self, action: Action) -> list[Event]:
        events = self.PHASES[self.phase].apply(self, action)  # (PhasedState._apply, one call less)
        self._settle(events)
        return events

    def _settle(self, events: list[Event]) -> None:
        """Everything that follows without a decision: tasks with nothing to choose, a single open space, a
        player out of squirrels, the collecting walk, the end."""
        while True:
            if self.tasks:
                if not collecting.settle_task(self, events):
                    return
                continue
            step = self.SETTLE.get(self.phase)
            if step is None or not step(self, events):
                return

    def listed_already(self, legal: list[Action]) -> None:
        """The decisions open now, listed while settling (a task's choices, which are what the phase lists): kept
        as the core keeps a list it made (ListedState's `_legal`, which `apply` drops), so they are not listed
        twice."""
        self._legal = legal

    # --- a decision tried out of its time --------------------------------------------------------------
    def due(self) -> str | None:
        """The kind of decision due now (as rulebook.action_kind names them); None at chance and terminal nodes."""
        if not isinstance(self.to_move(), int):
            return None
        return self.tasks[0][0] if self.tasks else self.phase

    def now(self) -> str:
        """What is due instead, with its rule: how a refusal of something not due now ends."""
        if isinstance(self.to_move(), int):
            return f"now you are to {self.asked()}"
        if self.tasks:  # a refill
            return f"now face-up nut {self.tasks[0][2] + 1} is replaced from the draw pile ({COLLECT_RULE})"
        return {
            "faceup": f"now the four face-up nuts are turned over ({SETUP})",
            "deal": f"now each player takes a first nut ({SETUP})",
            "dice": f"now {seat_name(self.current)} rolls the dice ({PLAY_RULE})",
        }[self.phase]

    def asked(self) -> str:
        """The decision due, with its rule, as a refusal says it ("now you are to ..."); the face words it for
        the table (words.py)."""
        if self.tasks:
            what, player, detail = self.tasks[0]
            if what == "take":
                return f"choose a face-up nut ({collecting.take_rule(self)})"
            if what == "steal":
                return f"choose a nut to steal from another player's storage card ({RACCOON_RULE})"
            options = collecting.store_task_options(self, player, detail)
            first = ", or a kept joker first" if any(isinstance(action, StoreKept) for action in options) else ""
            return f"store the {kind_name(detail)} on a storage card{first} ({STORAGE_RULE})"
        return {
            "place": f"put a squirrel on the starting space of the green die plus one white die ({PLAY_RULE})",
            "decide": f"stop (push your squirrels up) or roll again ({ENDING_RULE})",
            "preplace": f"put a squirrel in a section of the 2-squirrel area ({SETUP})",
        }[self.phase]

    # --- results and views ---------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(self.score(p)) for p in range(self.n)]

    def running_scores(self) -> list[float]:
        return self.scores()  # the points a player holds are counted the same during the game

    def score_parts(self) -> list[dict[str, float]] | None:
        return [scoring.score_parts(self, p) for p in range(self.n)] if self.is_terminal() else None

    def winners(self) -> list[int]:
        return list(self.winner_seats)

    def _view(self, seat: int | None) -> NutsFields:
        return build(self)
