"""The rules of In the Nuts! (rulebooks/in-the-nuts.txt) as a state machine; see the package docstring.

Nothing is secret: the deck is face down for everyone, so its order is chance, not hidden information.
The deck is kept as counts per kind of card; the eight cards set aside for the end are simply the last
eight of those counts (unseen like the rest), so a draw is always a draw from every unseen card.

Collecting at the end of a turn is a walk over the sections (the `cursor`) that queues small `tasks` for
whoever collects: take a face-up nut, store it, steal, refill the face-up row. Tasks run in order; each
waits for its player's decision, or for chance, only when there is a real choice.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal, Self, cast

from nutbox.core import CHANCE, TERMINAL, Action, Event, ListedState, Options, ToMove, with_article
from nutbox.games.in_the_nuts.actions import (
    DICE,
    DRAWS,
    KEEP,
    PLACES,
    PREPLACES,
    ROLL,
    STEALS,
    STOP,
    STORES,
    STORES_KEPT,
    TAKES,
    Dice,
    Draw,
    Place,
    Preplace,
    Steal,
    Store,
    StoreKept,
    Take,
    kind_code,
    section_label,
)
from nutbox.games.in_the_nuts.components import COMPONENTS
from nutbox.games.in_the_nuts.view import Job, NutsFields, NutsView, Phase, StorageCard, read_task

KINDS = COMPONENTS.kinds
NAMES = COMPONENTS.nut_names
CARDS = len(COMPONENTS.storage)
SECTIONS2, SECTIONS3 = len(COMPONENTS.area2), len(COMPONENTS.area3)
FIRST = COMPONENTS.first_space
TRACK = COMPONENTS.last_space - FIRST + 1
NEED2, NEED3, NEED4 = COMPONENTS.need

SETUP = "Preparation"
PLAY_RULE = "Playing the Game"
ENDING_RULE = "Ending Your Turn Successfully"
COLLECT_RULE = "Collecting Nuts"
STORAGE_RULE = "Putting Nuts in Storage"
RACCOON_RULE = "The Raccoon Fields"
END_RULE = "The End of the Game"
AREA_RULE = {2: "Checking the 2-Squirrel-Area", 3: "Checking the 3-Squirrel-Area", 4: "Checking the 4-Squirrel-Area"}

Task = tuple[Job, int, int]  # (job, player, detail): take (slot mask), store (kind), steal, refill (slot)


@dataclass(frozen=True)
class NutsOptions(Options):
    players: int = dataclasses.field(
        default=2, metadata={"label": "Players", "help": "How many people play, from 2 to 4."},
    )
    first_pick: Literal["next", "active"] = dataclasses.field(
        default="next",
        metadata={
            "label": "Who collects first",
            "help": "When several players can collect a nut in the same section, and in the last picks at the end "
                    "of the game, this says who goes first.",
            "choice_labels": {"next": "The player after the one whose turn it is",
                              "active": "The player whose turn it is"},
        },
    )
    first_joker: Literal["store", "keep"] = dataclasses.field(
        default="store",
        metadata={
            "label": "A joker as the first nut",
            "help": "Whether a joker drawn as a player's first nut at the setup goes on a storage card at once, "
                    "as the setup says of the first nut, or may be kept for later like any other joker.",
            "choice_labels": {"store": "Stored at once, like every first nut",
                              "keep": "May be kept for later, like other jokers"},
            # "Take one nut each. This card immediately goes on a storage card of your choice."
            "rulebook": True,
        },
    )


def player_name(seat: int) -> str:
    return f"Player {seat + 1}"


def kind_name(kind: int) -> str:
    nuts = KINDS[kind]
    if len(nuts) == 1:
        return NAMES[nuts[0]]
    return f"joker ({NAMES[nuts[0]]} or {NAMES[nuts[1]]})"


def deck_counts(players: int) -> list[int]:
    removed = COMPONENTS.removed.get(players, 0)
    return [count - (removed if len(KINDS[kind]) == 1 else 0) for kind, count in enumerate(COMPONENTS.counts)]


# Clones share what is never changed in place (numbers, texts, tuples, the game and its options) and copy the
# lists. Every field is in exactly one of the two (they make up __slots__, so a new field must be placed), and
# tests/games/in_the_nuts/test_clone.py checks that the shared ones hold no mutable value.
SHARED = ("game", "options", "n", "pile", "david", "phase", "current", "step", "dice", "cursor", "tasks", "ending",
          "winner_seats")
COPIED = ("unseen", "faceup", "track", "area2", "area3", "area4", "supply", "card_type", "card_plain", "card_jokers",
          "kept")


class NutsState(ListedState):
    __slots__ = SHARED + COPIED

    def __init__(self, game: Any) -> None:
        self.game = game
        self.options: NutsOptions = game.options
        n = self.n = self.options.players
        self.unseen = deck_counts(n)  # every card not yet drawn, the eight set aside included
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
        self.phase: Phase = "faceup"
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
        return self.card_plain[i] + self.card_jokers[i] >= COMPONENTS.storage[card].capacity

    def score(self, player: int) -> int:
        total = 0
        for card, storage in enumerate(COMPONENTS.storage):
            i = player * CARDS + card
            total += storage.points if self.filled(player, card) else self.card_plain[i] + self.card_jokers[i]
        return total

    def best_card(self, player: int) -> int:
        return max((s.points for c, s in enumerate(COMPONENTS.storage) if self.filled(player, c)), default=0)

    def open_spaces(self) -> list[int]:
        if self.dice is None:
            return []
        green, low, high = self.dice
        return sorted({s for s in (green + low, green + high) if self.track[s - FIRST] is None})

    def store_places(self, player: int, kind: int) -> list[tuple[int, int]]:
        """Where a card of this kind can go: (nut, storage card), not full and empty or holding that nut."""
        return [(nut, card) for nut in KINDS[kind] for card in range(CARDS)
                if not self.filled(player, card) and self.card_type[player * CARDS + card] in (None, nut)]

    def store_options(self, player: int, kind: int) -> list[Action]:
        return [STORES[place] for place in self.store_places(player, kind)]

    def steal_options(self, thief: int) -> list[Action]:
        return [
            STEALS[(victim, card)]
            for victim in range(self.n)
            if victim not in (thief, self.david)
            for card in range(CARDS)
            if self.card_plain[victim * CARDS + card] and not self.filled(victim, card)
        ]

    def kept_options(self, player: int) -> list[Action]:
        """Storing one of the player's kept jokers, as either of its nuts, on a card that can take it."""
        legal: list[Action] = []
        for kind, nuts in enumerate(KINDS):
            if len(nuts) == 2 and self.kept[player * len(KINDS) + kind]:
                legal += [STORES_KEPT[(kind, nut, card)] for nut, card in self.store_places(player, kind)]
        return legal

    def keep_allowed(self) -> bool:
        """Whether a joker being stored now may be kept instead: not at the end, and at the setup only with the
        option first_joker=keep (the first nut "immediately goes on a storage card")."""
        if self.phase == "deal":
            return self.options.first_joker == "keep"
        return self.phase != "final"

    def store_task_options(self, player: int, kind: int) -> list[Action]:
        """A store task's choices: a card for the nut; a kept joker stored first, whenever a nut is stored
        (never at the setup or the end); keeping a joker."""
        options = self.store_options(player, kind)
        if options and self.phase not in ("deal", "final"):
            options += self.kept_options(player)
        if len(KINDS[kind]) == 2 and self.keep_allowed():
            options.append(KEEP)
        return options

    def take_options(self, mask: int) -> list[Action]:
        return [TAKES[slot] for slot in range(COMPONENTS.slots) if mask >> slot & 1 and self.faceup[slot] is not None]

    # --- the protocol --------------------------------------------------------------------------------
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

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.to_move() is not CHANCE:
            return []
        if self.phase == "dice" and not self.tasks:
            return [(dice, (1 if dice.low == dice.high else 2) / 216) for dice in DICE.values()]
        total = sum(self.unseen)
        return [(DRAWS[kind], count / total) for kind, count in enumerate(self.unseen) if count]

    def _list_legal(self) -> list[Action]:
        if self.to_move() is CHANCE or self.is_terminal():
            return []
        if self.tasks:
            what, player, detail = self.tasks[0]
            if what == "take":
                return self.take_options(detail)
            if what == "steal":
                return self.steal_options(player)
            return self.store_task_options(player, detail)
        if self.phase == "place":
            return [PLACES[space] for space in self.open_spaces()]
        if self.phase == "decide":
            return [STOP, ROLL]
        assert self.phase == "preplace"
        mine = self.area2[self.current::self.n]
        return [PREPLACES[s] for s in range(SECTIONS2) if not COMPONENTS.area2[s].raccoon and not mine[s]]

    def _decision(self) -> str:
        if self.tasks:
            what, _, detail = self.tasks[0]
            if what == "take":
                return f"choose a face-up nut ({self._take_rule()})"
            if what == "steal":
                return f"choose a nut to steal from another player's storage card ({RACCOON_RULE})"
            _, player, _ = self.tasks[0]
            kept = any(isinstance(action, StoreKept) for action in self.store_task_options(player, detail))
            first = ", or a kept joker first" if kept else ""
            return f"store the {kind_name(detail)} on a storage card{first} ({STORAGE_RULE})"
        return {
            "place": f"put a squirrel on the starting space of the green die plus one white die ({PLAY_RULE})",
            "decide": f"stop (push your squirrels up) or roll again ({ENDING_RULE})",
            "preplace": f"put a squirrel in a section of the 2-squirrel area ({SETUP})",
        }[self.phase]

    def _take_rule(self) -> str:
        """The rule of the face-up nut being taken: the area collected in, or the end of the game."""
        return END_RULE if self.phase == "final" else AREA_RULE[self.cursor[0]]

    def _due(self) -> str | None:
        """The kind of decision due now (as `_kind` names them); None at chance and terminal nodes."""
        if not isinstance(self.to_move(), int):
            return None
        return self.tasks[0][0] if self.tasks else self.phase

    def _now(self) -> str:
        """What is due instead, with its rule: how a refusal of something not due now ends."""
        if isinstance(self.to_move(), int):
            return f"now you are to {self._decision()}"
        if self.tasks:  # a refill
            return f"now face-up nut {self.tasks[0][2] + 1} is replaced from the draw pile ({COLLECT_RULE})"
        return {
            "faceup": f"now the four face-up nuts are turned over ({SETUP})",
            "deal": f"now each player takes a first nut ({SETUP})",
            "dice": f"now {player_name(self.current)} rolls the dice ({PLAY_RULE})",
        }[self.phase]

    def _when(self, kind: str) -> str:
        """The rule saying when a decision of this kind is made, for one tried at another time."""
        return {
            "place": f"{PLAY_RULE}: after rolling, you put a squirrel on the starting space of the green die plus one "
                     "white die",
            "decide": f"{PLAY_RULE}: every time you have put a squirrel on the starting track, you can choose to end "
                      "your turn or roll again",
            "preplace": f"{SETUP}: before the first turn, the players after the starting player put squirrels in the "
                        "2-squirrel area",
            "take": f"{COLLECT_RULE}: at the end of each turn, a player with enough squirrels in a section takes a "
                    "face-up nut",
            "steal": f"{RACCOON_RULE}: a player collecting in a raccoon field steals a nut after taking a face-up nut",
            "store": f"{STORAGE_RULE}: each time you get a nut, you put it in storage immediately (only jokers can "
                     "be kept, and a kept joker is stored when you store a nut)",
            "dice": f"{PLAY_RULE}: the three dice are rolled (a chance step) at the start of your turn and each time "
                    "you roll again",
            "draw": f"{COLLECT_RULE}: a nut card is drawn (a chance step) to replace each nut taken, and at the "
                    f"setup ({SETUP})",
        }[kind]

    def why_illegal(self, action: Action) -> str | None:
        # A player's kind of decision tried at a chance node names the rule for its time, not "not a possible
        # outcome of the chance event".
        if self.is_chance() and not isinstance(action, (Dice, Draw)):
            return self._reason(action)
        return super().why_illegal(action)

    def _reason(self, action: Action) -> str:
        kind = _kind(action)
        if kind != self._due():
            return f"{self._when(kind)}; {self._now()}"
        who = self.to_move()
        assert isinstance(who, int)
        if isinstance(action, Place):
            if self.dice and action.space not in {sum(self.dice[:2]), self.dice[0] + self.dice[2]}:
                return f"{PLAY_RULE}: the space must be the green die plus one white die"
            return f"{PLAY_RULE}: there can be only one squirrel in each space of the starting track"
        if isinstance(action, Preplace):
            if COMPONENTS.area2[action.section].raccoon:
                return f"{SETUP}: you can't put squirrels in the raccoon field"
            return f"{SETUP}: no player can put more than one squirrel in any one section"
        if isinstance(action, Take):
            mask = self.tasks[0][2]
            if mask >> action.slot & 1:
                return f"{COLLECT_RULE}: face-up nut {action.slot + 1} is gone, as the draw pile had no card left to " \
                       "replace it (docs/rules-decisions.md, In the Nuts! 5)"
            below = " or ".join(str(slot + 1) for slot in range(COMPONENTS.slots) if mask >> slot & 1)
            return f"{self._take_rule()}: you take one of the nuts below the section you collect in: face-up nut " \
                   f"{below}"
        if isinstance(action, Steal):
            if action.victim == who:
                return f"{RACCOON_RULE}: you steal from one of the other players"
            if action.victim == self.david:
                return f"{RACCOON_RULE}: David guards {player_name(action.victim)}: you can't steal from them"
            return f"{RACCOON_RULE}: you can only steal nuts (never jokers) from cards not filled completely"
        if action == ROLL:
            return f"{PLAY_RULE}: you have no squirrels left to place"
        return self._store_reason(action, who)

    def _store_reason(self, action: Action, who: int) -> str:
        """Why a keep or a store, due now, is refused."""
        got = self.tasks[0][2]  # the kind of card waiting to be stored
        if action == KEEP:
            if len(KINDS[got]) == 1:
                return f"{STORAGE_RULE}: only jokers can be kept, and only until the end of the game"
            if self.phase == "deal":  # the first nut: "This card immediately goes on a storage card of your choice"
                return f"{SETUP}: the nut each player takes at the start immediately goes on a storage card of " \
                       "their choice, a joker too, so it can't be kept"
            # a joker, at the end: "as soon as all nuts and any jokers ... are stored"
            return f"{END_RULE}: at the end all nuts and any jokers are stored away before scoring, so a joker " \
                   "can no longer be kept"
        if isinstance(action, StoreKept):
            return self._kept_reason(action, who)
        assert isinstance(action, Store)
        if action.nut not in KINDS[got]:
            return f"{STORAGE_RULE}: this is {with_article(kind_name(got))}, not {with_article(NAMES[action.nut])}"
        if self.filled(who, action.card):
            return f"{STORAGE_RULE}: storage card {action.card + 1} is full"
        return f"{STORAGE_RULE}: you can't put nuts of more than one type on the same storage card"

    def _kept_reason(self, action: StoreKept, who: int) -> str:
        """Why storing a kept joker, tried at a store of this player's, is refused."""
        joker = kind_name(action.kind)
        if self.phase == "final":
            return f"{END_RULE}: the jokers still kept are stored one by one after the last picks"
        if action.nut not in KINDS[action.kind]:
            first, second = (with_article(NAMES[nut]) for nut in KINDS[action.kind])
            return f"{STORAGE_RULE}: the {joker} is {first} or {second}, not {with_article(NAMES[action.nut])}"
        if not self.kept[who * len(KINDS) + action.kind]:
            return f"{STORAGE_RULE}: you have no {joker} kept for later"
        if self.phase == "deal":  # with first_joker=keep only, a kept joker and a first nut never meet: kept below
            return f"{SETUP}: the nut each player takes at the start immediately goes on a storage card"
        if not self.store_options(who, self.tasks[0][2]):
            return f"{STORAGE_RULE}: a kept joker is stored when you store a nut, and this nut fits no card of yours"
        if self.filled(who, action.card):
            return f"{STORAGE_RULE}: storage card {action.card + 1} is full"
        return f"{STORAGE_RULE}: you can't put nuts of more than one type on the same storage card"

    # --- carrying out --------------------------------------------------------------------------------
    def _apply(self, action: Action) -> list[Event]:
        events: list[Event] = []
        if self.tasks:
            self._do_task(action, events)
        elif isinstance(action, Draw):
            self._setup_draw(action, events)
        elif isinstance(action, Dice):
            self._roll(action, events)
        elif isinstance(action, Place):
            self._place(action.space, events)
        elif isinstance(action, Preplace):
            self._preplace(action, events)
        elif action == STOP:
            self._stop(events)
        else:
            assert action == ROLL
            self.phase = "dice"
        self._settle(events)
        return events

    def _take_card(self, kind: int) -> None:
        self.unseen[kind] -= 1
        if self.pile:  # once set aside, the draw pile counts down
            self.pile -= 1

    def _setup_draw(self, action: Draw, events: list[Event]) -> None:
        self._take_card(action.kind)
        if self.phase == "faceup":
            self.faceup[self.step] = action.kind
            events.append(Event(f"Face-up nut {self.step + 1}: {kind_name(action.kind)}", "deal", detail=True))
            self.step += 1
            if self.step == COMPONENTS.slots:
                self.phase, self.step = "deal", 0
            return
        player = self.step
        events.append(Event(f"{player_name(player)} takes {with_article(kind_name(action.kind))}", "deal"))
        self.tasks = (("store", player, action.kind),)
        self.step += 1

    def _roll(self, action: Dice, events: list[Event]) -> None:
        self.dice = (action.green, action.low, action.high)
        name = player_name(self.current)
        open_spaces = self.open_spaces()
        events.append(Event(f"{name} rolls green {action.green}, white {action.low} and {action.high}", "dice",
                            {"dice": list(self.dice), "spaces": open_spaces}))
        if open_spaces:
            self.phase = "place"
            return
        back = [i + FIRST for i, owner in enumerate(self.track) if owner == self.current]
        for space in back:
            self.track[space - FIRST] = None
        self.supply[self.current] += len(back)
        events.append(Event(f"Bad roll: {name} takes {len(back)} squirrel{'s' if len(back) != 1 else ''} back "
                            "from the starting track", "bad-roll"))
        self._start_collecting()

    def _place(self, space: int, events: list[Event]) -> None:
        self.track[space - FIRST] = self.current
        self.supply[self.current] -= 1
        events.append(Event(f"{player_name(self.current)} puts a squirrel on space {space}", "place",
                            {"space": space}))
        self.phase = "decide"

    def _preplace(self, action: Preplace, events: list[Event]) -> None:
        self.area2[action.section * self.n + self.current] += 1
        self.supply[self.current] -= 1
        events.append(Event(f"{player_name(self.current)} puts a squirrel in section {section_label(action.section)}",
                            "preplace"))
        self.step += 1
        self._next_preplacer()

    def _next_preplacer(self) -> None:
        schedule = COMPONENTS.preplace
        while self.current < self.n and self.step >= (schedule[self.current] if self.current < len(schedule) else 0):
            self.current, self.step = self.current + 1, 0
        if self.current == self.n:
            self._start_turn(0)

    def _start_turn(self, player: int) -> None:
        self.current, self.phase, self.dice = player, "dice", None

    def _stop(self, events: list[Event]) -> None:
        pushed = 0
        for index, owner in enumerate(self.track):
            if owner == self.current:
                section = COMPONENTS.section_of_space(index + FIRST)
                self.area2[section * self.n + owner] += 1
                self.track[index] = None
                pushed += 1
        events.append(Event(f"{player_name(self.current)} stops and pushes {pushed} squirrel"
                            f"{'s' if pushed != 1 else ''} up into the 2-squirrel area", "stop"))
        self._start_collecting()

    def _start_collecting(self) -> None:
        self.phase, self.cursor, self.dice = "collect", (2, 0), None

    def _do_task(self, action: Action, events: list[Event]) -> None:
        what, player, detail = self.tasks[0]
        if isinstance(action, StoreKept):  # a kept joker goes first: the nut's store stays due
            self.kept[player * len(KINDS) + action.kind] -= 1
            self._store(player, action.kind, STORES[(action.nut, action.card)], events, kept=True)
            return
        self.tasks = self.tasks[1:]
        if what == "refill":
            assert isinstance(action, Draw)
            self._refill(detail, action.kind, events)
        elif what == "take":
            assert isinstance(action, Take)
            self._take(player, action.slot, events)
        elif what == "steal":
            assert isinstance(action, Steal)
            self._steal(player, action, events)
        elif action == KEEP:
            self.kept[player * len(KINDS) + detail] += 1
            events.append(Event(f"{player_name(player)} keeps the {kind_name(detail)} for later", "keep"))
        else:
            assert isinstance(action, Store)
            self._store(player, detail, action, events)

    def _take(self, player: int, slot: int, events: list[Event]) -> None:
        kind = self.faceup[slot]
        assert kind is not None, "only a face-up nut there can be taken"
        self.faceup[slot] = None
        events.append(Event(f"{player_name(player)} takes the {kind_name(kind)} (face-up nut {slot + 1})", "take",
                            {"player": player, "slot": slot + 1}))
        self.tasks = (("store", player, kind), ("refill", player, slot), *self.tasks)

    def _store(self, player: int, kind: int, action: Store, events: list[Event], kept: bool = False) -> None:
        i = player * CARDS + action.card
        self.card_type[i] = action.nut
        if len(KINDS[kind]) == 2:
            self.card_jokers[i] += 1
        else:
            self.card_plain[i] += 1
        full = " and fills it" if self.filled(player, action.card) else ""
        # a joker is stored as one of its nuts; a plain nut is simply stored
        joker = f" as {with_article(NAMES[action.nut])}" if len(KINDS[kind]) == 2 else ""
        card = f"a kept {kind_name(kind)}" if kept else f"the {kind_name(kind)}"
        events.append(Event(f"{player_name(player)} stores {card}{joker} on storage card {action.card + 1}{full}",
                            "store", {"player": player}))

    def _steal(self, thief: int, action: Steal, events: list[Event]) -> None:
        i = action.victim * CARDS + action.card
        nut = self.card_type[i]
        assert nut is not None, "only a card holding nuts can be stolen from"
        self.card_plain[i] -= 1
        if not self.card_plain[i] and not self.card_jokers[i]:
            self.card_type[i] = None  # an emptied card can take any nut again
        self.david = action.victim
        victim = player_name(action.victim)
        events.append(Event(f"{player_name(thief)} steals {with_article(NAMES[nut])} from {victim}; David "
                            f"moves to {victim}", "steal",
                            {"thief": thief, "victim": action.victim}))
        self.tasks = (("store", thief, nut), *self.tasks)

    def _refill(self, slot: int, kind: int, events: list[Event]) -> None:
        self._take_card(kind)
        self.faceup[slot] = kind
        card = with_article(kind_name(kind))
        events.append(Event(f"{card[0].upper()}{card[1:]} replaces face-up nut {slot + 1}", "refill", detail=True))
        if self.pile == 0:
            self.pile = sum(self.unseen)
            if not self.ending:
                self.ending = True
                events.append(Event("The draw pile is used up: the eight cards set aside become the draw pile, "
                                    "and the game ends after this turn's collecting", "end"))

    # --- what needs no decision ----------------------------------------------------------------------
    def _settle(self, events: list[Event]) -> None:
        while True:
            if self.tasks:
                what, player, detail = self.tasks[0]
                if what == "refill":
                    if sum(self.unseen):
                        return
                    events.append(Event(f"No card is left to replace face-up nut {detail + 1}", "refill"))
                    self.tasks = self.tasks[1:]
                    continue
                options = self._list_legal()
                if not options:  # nothing to take or steal, or a nut no card can hold (a joker can still wait)
                    if what == "store":
                        events.append(Event(f"{player_name(player)} has no storage card for the "
                                            f"{kind_name(detail)}: it is lost", "lost"))
                    self.tasks = self.tasks[1:]
                    continue
                if len(options) == 1:
                    self._do_task(options[0], events)
                    continue
                return
            phase = self.phase
            if phase == "deal":
                if self.step < self.n:
                    return
                self.pile = sum(self.unseen) - COMPONENTS.reserve
                self.phase, self.current, self.step = "preplace", 1, 0
                self._next_preplacer()
                continue
            if phase == "place" and len(self.open_spaces()) == 1:
                self._place(self.open_spaces()[0], events)
                continue
            if phase == "decide" and not self.supply[self.current]:
                self._stop(events)
                continue
            if phase == "collect":
                self._collect_step(events)
                continue
            if phase == "final":
                self._finish(events)
            return

    def _collect_step(self, events: list[Event]) -> None:
        """Check the next section; queue what a collection there brings, or move on."""
        area, section = self.cursor
        n = self.n
        if area == 2:
            counts, need, spec = self.area2, NEED2, COMPONENTS.area2
        elif area == 3:
            counts, need, spec = self.area3, NEED3, COMPONENTS.area3
        else:
            counts, need, spec = self.area4, NEED4, ()
        sections = len(spec) if area < 4 else 1
        if area > 4 or section >= sections:
            if area < 4:
                self.cursor = (area + 1, 0)
            else:
                self._end_of_turn(events)
            return
        base = section * n
        qualifying = [p for p in self.order() if counts[base + p] >= need]
        if not qualifying:
            self.cursor = (area, section + 1)
            return
        player = qualifying[0]
        counts[base + player] -= need
        self.supply[player] += need
        if area < 4:
            above = COMPONENTS.section_above(section) if area == 2 else 0
            for other in range(n):
                moved = counts[base + other]
                if other == player or not moved or (area == 3 and moved >= need):
                    continue
                counts[base + other] = 0
                if area == 2:
                    self.area3[above * n + other] += moved
                else:
                    self.area4[other] += moved
        if area < 4 and spec[section].raccoon:
            where = f"on the raccoon field of the {area}-squirrel area"
        elif area == 2:
            where = f"in section {section_label(section)} of the 2-squirrel area"
        elif area == 3:
            where = f"in the {('left', 'middle', 'right')[section]} section of the 3-squirrel area"
        else:
            where = "in the 4-squirrel area"
        events.append(Event(f"{player_name(player)} collects with {need} squirrels {where}", "collect",
                            {"player": player, "area": area}))
        raccoon = area < 4 and spec[section].raccoon
        slots = spec[section].slots if area < 4 else tuple(range(COMPONENTS.slots))
        mask = sum(1 << slot for slot in slots)
        self.tasks = (("take", player, mask), *((("steal", player, 0),) if raccoon else ()))

    def _end_of_turn(self, events: list[Event]) -> None:
        if not self.ending:
            self._start_turn((self.current + 1) % self.n)
            return
        # the end: every squirrel left on the board goes up into the 4-squirrel area, then the final picks
        n = self.n
        for player in range(n):
            self.area4[player] += sum(self.area2[player::n]) + sum(self.area3[player::n])
        self.area2, self.area3 = [0] * len(self.area2), [0] * len(self.area3)
        everything = (1 << COMPONENTS.slots) - 1
        tasks: list[Task] = []
        for player in self.order():
            picks = self.area4[player] // NEED4
            self.supply[player] += picks * NEED4
            self.area4[player] -= picks * NEED4
            tasks += [("take", player, everything)] * picks
        for player in self.order():
            for kind in range(len(KINDS)):
                tasks += [("store", player, kind)] * self.kept[player * len(KINDS) + kind]
                self.kept[player * len(KINDS) + kind] = 0
        events.append(Event("Every squirrel left goes up into the 4-squirrel area; each four of them take a "
                            "face-up nut; then the jokers still kept are stored", "end"))
        self.tasks = tuple(tasks)
        self.phase = "final"

    def _finish(self, events: list[Event]) -> None:
        self.phase = "over"
        ranked = [(self.score(p), self.best_card(p)) for p in range(self.n)]
        best = max(ranked)
        self.winner_seats = tuple(p for p in range(self.n) if ranked[p] == best)
        names = " and ".join(player_name(p) for p in self.winner_seats)
        events.append(Event(f"{names} {'wins' if len(self.winner_seats) == 1 else 'share the win'} with {best[0]} "
                            "points", "result"))

    # --- results and views ---------------------------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(self.score(p)) for p in range(self.n)]

    def running_scores(self) -> list[float]:
        return self.scores()  # the points a player holds are counted the same during the game

    def winners(self) -> list[int]:
        return list(self.winner_seats)

    def view(self, seat: int | None) -> NutsView:
        return cast(NutsView, super().view(seat))

    def _view(self, seat: int | None) -> NutsFields:
        n = self.n
        view: NutsFields = {
            "players": n,
            "first_pick": self.options.first_pick,
            "first_joker": self.options.first_joker,
            "unseen": {kind_code(k): c for k, c in enumerate(self.unseen)},
            "pile": self.pile,
            "faceup": [kind_code(k) if k is not None else None for k in self.faceup],
            "track": {str(i + FIRST): owner for i, owner in enumerate(self.track)},
            "area2": [self.area2[s * n : s * n + n] for s in range(SECTIONS2)],
            "area3": [self.area3[s * n : s * n + n] for s in range(SECTIONS3)],
            "area4": self.area4[:],
            "supply": self.supply[:],
            "storage": [[self._card_view(p, c) for c in range(CARDS)] for p in range(n)],
            "kept": [{kind_code(k): self.kept[p * len(KINDS) + k] for k in range(len(KINDS))
                      if self.kept[p * len(KINDS) + k]} for p in range(n)],
            "david": self.david,
            "phase": self.phase,
            "current": self.current,
            "step": self.step,
            "dice": list(self.dice) if self.dice else None,
            "cursor": list(self.cursor),
            "tasks": [[what, player, detail] for what, player, detail in self.tasks],
            "ending": self.ending,
            "points": [self.score(p) for p in range(n)],
        }
        who = self.to_move()
        if isinstance(who, int):
            view["decision"] = self._decision()
        return view

    def _card_view(self, player: int, card: int) -> StorageCard:
        i, storage = player * CARDS + card, COMPONENTS.storage[card]
        nut = self.card_type[i]
        return {"nut": COMPONENTS.nut_codes[nut] if nut is not None else None, "nuts": self.card_plain[i],
                "jokers": self.card_jokers[i], "capacity": storage.capacity, "points": storage.points,
                "filled": self.filled(player, card)}

    @classmethod
    def from_view(cls, game: Any, view: NutsView) -> NutsState:
        """The state a view shows: nothing in In the Nuts! is secret."""
        state = cls(game)
        n = state.n
        codes = {kind_code(k): k for k in range(len(KINDS))}
        state.unseen = [view["unseen"][kind_code(k)] for k in range(len(KINDS))]
        state.pile = view["pile"]
        state.faceup = [codes[k] if k is not None else None for k in view["faceup"]]
        state.track = [view["track"][str(i + FIRST)] for i in range(TRACK)]
        state.area2 = [c for section in view["area2"] for c in section]
        state.area3 = [c for section in view["area3"] for c in section]
        state.area4 = list(view["area4"])
        state.supply = list(view["supply"])
        for p, cards in enumerate(view["storage"]):
            for c, card in enumerate(cards):
                i = p * CARDS + c
                state.card_type[i] = COMPONENTS.nut_codes.index(card["nut"]) if card["nut"] else None
                state.card_plain[i], state.card_jokers[i] = card["nuts"], card["jokers"]
        for p, kept in enumerate(view["kept"]):
            for code, count in kept.items():
                state.kept[p * len(KINDS) + codes[code]] = count
        state.david = view["david"]
        state.phase = view["phase"]
        state.current, state.step = view["current"], view["step"]
        state.dice = (view["dice"][0], view["dice"][1], view["dice"][2]) if view["dice"] else None
        state.cursor = (view["cursor"][0], view["cursor"][1])
        state.tasks = tuple(read_task(entry) for entry in view["tasks"])
        state.ending = view["ending"]
        state.winner_seats = tuple(view.get("winners", []))
        assert len(state.area4) == n
        return state


def _kind(action: Action) -> str:
    """The kind of decision an action answers (as `NutsState._due` names them): keeping a joker, or storing a
    kept one, answers a store."""
    if action in (STOP, ROLL):
        return "decide"
    if action == KEEP:
        return "store"
    kinds: dict[type, str] = {Place: "place", Preplace: "preplace", Take: "take", Steal: "steal", Store: "store",
                              StoreKept: "store", Dice: "dice", Draw: "draw"}
    return kinds[type(action)]
