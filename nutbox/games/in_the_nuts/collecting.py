"""Collecting at the end of every turn (rulebook, Collecting Nuts, The Raccoon Fields, Putting Nuts in Storage):
a walk over the areas' sections (the state's `cursor`) that queues small tasks for whoever collects, each
waiting for its player's decision, or for chance, only when there is a real choice:

- take: a face-up nut below the section (any at a raccoon field or in the 4-squirrel area);
- store: the nut on a storage card of the player's choice; a joker may be kept instead, and a kept joker may
  go on a card first, whenever its owner stores a nut;
- steal: at a raccoon field, a nut from another player's partly filled card, not the one David guards;
- refill: chance draws a card for the face-up place taken.

The same tasks store each player's first nut at the setup (setup.py) and make the last picks at the end
(scoring.py), so the phases deal, collect and final answer a task through this module.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from nutbox.core import Action, Event, seat_name, with_article
from nutbox.core.phases import Phase
from nutbox.games.in_the_nuts import scoring, turn
from nutbox.games.in_the_nuts.actions import (
    DRAWS,
    KEEP,
    STEALS,
    STORES,
    STORES_KEPT,
    TAKES,
    Draw,
    Steal,
    Store,
    StoreKept,
    Take,
    section_label,
)
from nutbox.games.in_the_nuts.components import (
    ABOVE,
    CAPACITY,
    CARDS,
    COMPONENTS,
    KINDS,
    NAMES,
    NEED2,
    NEED3,
    NEED4,
    SECTIONS2,
    SECTIONS3,
    kind_name,
)
from nutbox.games.in_the_nuts.rulebook import (
    AREA_RULE,
    COLLECT_RULE,
    END_RULE,
    RACCOON_RULE,
    SETUP,
    STORAGE_RULE,
)

if TYPE_CHECKING:
    from nutbox.games.in_the_nuts.state import NutsState


# --- what a task offers ---------------------------------------------------------------------------------------
def store_places(state: NutsState, player: int, kind: int) -> list[tuple[int, int]]:
    """Where a card of this kind can go: (nut, storage card), not full and empty or holding that nut."""
    # (state.filled, inlined: every store asks it of every card)
    base, types, plain, jokers = player * CARDS, state.card_type, state.card_plain, state.card_jokers
    return [(nut, card) for nut in KINDS[kind] for card in range(CARDS)
            if types[base + card] in (None, nut) and plain[base + card] + jokers[base + card] < CAPACITY[card]]


def store_options(state: NutsState, player: int, kind: int) -> list[Action]:
    return [STORES[place] for place in store_places(state, player, kind)]


def steal_options(state: NutsState, thief: int) -> list[Action]:
    return [
        STEALS[(victim, card)]
        for victim in range(state.n)
        if victim not in (thief, state.david)
        for card in range(CARDS)
        if state.card_plain[victim * CARDS + card] and not state.filled(victim, card)
    ]


def kept_options(state: NutsState, player: int) -> list[Action]:
    """Storing one of the player's kept jokers, as either of its nuts, on a card that can take it."""
    legal: list[Action] = []
    base = player * len(KINDS)
    kept = state.kept[base : base + len(KINDS)]
    if not any(kept):
        return legal  # (most stores: no joker kept)
    for kind, nuts in enumerate(KINDS):
        if len(nuts) == 2 and kept[kind]:
            legal += [STORES_KEPT[(kind, nut, card)] for nut, card in store_places(state, player, kind)]
    return legal


def keep_allowed(state: NutsState) -> bool:
    """Whether a joker being stored now may be kept instead: not at the end, and at the setup only with the
    option first_joker=keep (the first nut "immediately goes on a storage card")."""
    if state.phase == "deal":
        return state.options.first_joker == "keep"
    return state.phase != "final"


def store_task_options(state: NutsState, player: int, kind: int) -> list[Action]:
    """A store task's choices: a card for the nut; a kept joker stored first, whenever a nut is stored (never at
    the setup or the end); keeping a joker."""
    options = store_options(state, player, kind)
    if options and state.phase not in ("deal", "final"):
        options += kept_options(state, player)
    if len(KINDS[kind]) == 2 and keep_allowed(state):
        options.append(KEEP)
    return options


def take_options(state: NutsState, mask: int) -> list[Action]:
    return [TAKES[slot] for slot in range(COMPONENTS.slots) if mask >> slot & 1 and state.faceup[slot] is not None]


def task_options(state: NutsState) -> list[Action]:
    """The decisions the first task offers its player (none while chance refills a face-up place)."""
    if not state.tasks:
        return []
    what, player, detail = state.tasks[0]
    if what == "take":
        return take_options(state, detail)
    if what == "steal":
        return steal_options(state, player)
    if what == "store":
        return store_task_options(state, player, detail)
    return []


def draws(state: NutsState) -> list[tuple[Action, float]]:
    """Chance draws a card from every unseen one: a refill, or a card dealt at the setup."""
    if state.tasks and state.tasks[0][0] != "refill":
        return []
    total = sum(state.unseen)
    return [(DRAWS[kind], count / total) for kind, count in enumerate(state.unseen) if count]


def take_rule(state: NutsState) -> str:
    """The rule of the face-up nut being taken: the area collected in, or the end of the game."""
    return END_RULE if state.phase == "final" else AREA_RULE[state.cursor[0]]


# --- why a task refuses -----------------------------------------------------------------------------------------
def task_reason(state: NutsState, action: Action) -> str:
    """Why a take, a steal or a store (the kind the first task waits for) is refused."""
    _, who, detail = state.tasks[0]
    if isinstance(action, Take):
        if detail >> action.slot & 1:
            return f"{COLLECT_RULE}: face-up nut {action.slot + 1} is gone, as the draw pile had no card left to " \
                   "replace it (docs/rules-decisions.md, In the Nuts! 5)"
        below = " or ".join(str(slot + 1) for slot in range(COMPONENTS.slots) if detail >> slot & 1)
        return f"{take_rule(state)}: you take one of the nuts below the section you collect in: face-up nut {below}"
    if isinstance(action, Steal):
        if action.victim == who:
            return f"{RACCOON_RULE}: you steal from one of the other players"
        if action.victim == state.david:
            return f"{RACCOON_RULE}: David guards {seat_name(action.victim)}: you can't steal from them"
        return f"{RACCOON_RULE}: you can only steal nuts (never jokers) from cards not filled completely"
    if action == KEEP:
        if len(KINDS[detail]) == 1:
            return f"{STORAGE_RULE}: only jokers can be kept, and only until the end of the game"
        if state.phase == "deal":  # the first nut: "This card immediately goes on a storage card of your choice"
            return f"{SETUP}: the nut each player takes at the start immediately goes on a storage card of their " \
                   "choice, a joker too, so it can't be kept"
        # a joker, at the end: "as soon as all nuts and any jokers ... are stored"
        return f"{END_RULE}: at the end all nuts and any jokers are stored away before scoring, so a joker can no " \
               "longer be kept"
    if isinstance(action, StoreKept):
        return kept_reason(state, action, who)
    assert isinstance(action, Store)
    if action.nut not in KINDS[detail]:
        return f"{STORAGE_RULE}: this is {with_article(kind_name(detail))}, not {with_article(NAMES[action.nut])}"
    return card_reason(state, action.card, who)


def kept_reason(state: NutsState, action: StoreKept, who: int) -> str:
    """Why storing a kept joker, tried at a store of this player's, is refused."""
    joker = kind_name(action.kind)
    if state.phase == "final":
        return f"{END_RULE}: the jokers still kept are stored one by one after the last picks"
    if action.nut not in KINDS[action.kind]:
        first, second = (with_article(NAMES[nut]) for nut in KINDS[action.kind])
        return f"{STORAGE_RULE}: the {joker} is {first} or {second}, not {with_article(NAMES[action.nut])}"
    if not state.kept[who * len(KINDS) + action.kind]:
        return f"{STORAGE_RULE}: you have no {joker} kept for later"
    if state.phase == "deal":  # with first_joker=keep only, a kept joker and a first nut never meet: kept below
        return f"{SETUP}: the nut each player takes at the start immediately goes on a storage card"
    if not store_options(state, who, state.tasks[0][2]):
        return f"{STORAGE_RULE}: a kept joker is stored when you store a nut, and this nut fits no card of yours"
    return card_reason(state, action.card, who)


def card_reason(state: NutsState, card: int, who: int) -> str:
    """Why a card refuses a nut of the right kind: it is full, or holds another nut."""
    if state.filled(who, card):
        return f"{STORAGE_RULE}: storage card {card + 1} is full"
    return f"{STORAGE_RULE}: you can't put nuts of more than one type on the same storage card"


# --- what a task does -------------------------------------------------------------------------------------------
def answer(state: NutsState, action: Action) -> list[Event]:
    """The first task done with `action`: a player's decision, or chance's card for a refill."""
    events: list[Event] = []
    do_task(state, action, events)
    return events


def do_task(state: NutsState, action: Action, events: list[Event]) -> None:
    what, player, detail = state.tasks[0]
    if isinstance(action, StoreKept):  # a kept joker goes first: the nut's store stays due
        state.kept[player * len(KINDS) + action.kind] -= 1
        store(state, player, action.kind, STORES[(action.nut, action.card)], events, kept=True)
        return
    state.tasks = state.tasks[1:]
    if what == "refill":
        assert isinstance(action, Draw)
        refill(state, detail, action.kind, events)
    elif what == "take":
        assert isinstance(action, Take)
        take(state, player, action.slot, events)
    elif what == "steal":
        assert isinstance(action, Steal)
        steal(state, player, action, events)
    elif action == KEEP:
        state.kept[player * len(KINDS) + detail] += 1
        events.append(Event(f"{seat_name(player)} keeps the {kind_name(detail)} for later", "keep"))
    else:
        assert isinstance(action, Store)
        store(state, player, detail, action, events)


def take(state: NutsState, player: int, slot: int, events: list[Event]) -> None:
    kind = state.faceup[slot]
    assert kind is not None, "only a face-up nut there can be taken"
    state.faceup[slot] = None
    events.append(taken(player, kind, slot))
    state.tasks = (("store", player, kind), ("refill", player, slot), *state.tasks)


def store(state: NutsState, player: int, kind: int, action: Store, events: list[Event], kept: bool = False) -> None:
    i = player * CARDS + action.card
    state.card_type[i] = action.nut
    if len(KINDS[kind]) == 2:
        state.card_jokers[i] += 1
    else:
        state.card_plain[i] += 1
    events.append(stored(player, kind, action.nut, action.card, state.filled(player, action.card), kept))


def steal(state: NutsState, thief: int, action: Steal, events: list[Event]) -> None:
    i = action.victim * CARDS + action.card
    nut = state.card_type[i]
    assert nut is not None, "only a card holding nuts can be stolen from"
    state.card_plain[i] -= 1
    if not state.card_plain[i] and not state.card_jokers[i]:
        state.card_type[i] = None  # an emptied card can take any nut again
    state.david = action.victim
    victim = seat_name(action.victim)
    events.append(Event(f"{seat_name(thief)} steals {with_article(NAMES[nut])} from {victim}; David moves to "
                        f"{victim}", "steal", {"thief": thief, "victim": action.victim}))
    state.tasks = (("store", thief, nut), *state.tasks)


def take_card(state: NutsState, kind: int) -> None:
    """A card of this kind leaves the deck (dealt or drawn)."""
    state.unseen[kind] -= 1
    if state.pile:  # once set aside, the draw pile counts down
        state.pile -= 1


def refill(state: NutsState, slot: int, kind: int, events: list[Event]) -> None:
    take_card(state, kind)
    state.faceup[slot] = kind
    events.append(refilled(kind, slot))
    if state.pile == 0:
        state.pile = sum(state.unseen)
        if not state.ending:
            state.ending = True
            events.append(Event("The draw pile is used up: the eight cards set aside become the draw pile, and the "
                                "game ends after this turn's collecting", "end"))


# The events of what a task does, each made once for what it says (an event is immutable, and nothing changes its
# data): every collecting has several.
@functools.lru_cache(maxsize=1 << 12)
def taken(player: int, kind: int, slot: int) -> Event:
    return Event(f"{seat_name(player)} takes the {kind_name(kind)} (face-up nut {slot + 1})", "take",
                 {"player": player, "slot": slot + 1})


@functools.lru_cache(maxsize=1 << 12)
def stored(player: int, kind: int, nut: int, card: int, fills: bool, kept: bool) -> Event:
    full = " and fills it" if fills else ""
    # a joker is stored as one of its nuts; a plain nut is simply stored
    joker = f" as {with_article(NAMES[nut])}" if len(KINDS[kind]) == 2 else ""
    what = f"a kept {kind_name(kind)}" if kept else f"the {kind_name(kind)}"
    return Event(f"{seat_name(player)} stores {what}{joker} on storage card {card + 1}{full}", "store",
                 {"player": player})


@functools.lru_cache(maxsize=1 << 12)
def refilled(kind: int, slot: int) -> Event:
    card = with_article(kind_name(kind))
    return Event(f"{card[0].upper()}{card[1:]} replaces face-up nut {slot + 1}", "refill", detail=True)


# --- what needs no decision -------------------------------------------------------------------------------------
def settle_task(state: NutsState, events: list[Event]) -> bool:
    """The first task done at once where it needs no decision (whether it was): a refill with no card left, a
    task with nothing to choose from (a nut no card can hold is lost), or one with a single choice."""
    what, player, detail = state.tasks[0]
    if what == "refill":
        if sum(state.unseen):
            return False
        events.append(Event(f"No card is left to replace face-up nut {detail + 1}", "refill"))
        state.tasks = state.tasks[1:]
        return True
    options = task_options(state)
    if not options:  # nothing to take or steal, or a nut no card can hold (a joker can still wait)
        if what == "store":
            events.append(Event(f"{seat_name(player)} has no storage card for the {kind_name(detail)}: it is lost",
                                "lost"))
        state.tasks = state.tasks[1:]
        return True
    if len(options) == 1:
        do_task(state, options[0], events)
        return True
    state.listed_already(options)  # the choices the task waits for: what legal_actions would list again
    return False


def walk(state: NutsState, events: list[Event]) -> bool:
    """Check the sections from the cursor on: queue what the first collection there brings, or, where no one
    collects any more, end the turn (always a step made). Sections and areas where no one collects are passed all
    at once (most are, at the end of most turns), as many steps of the walk that bring nothing."""
    area, section = state.cursor
    while True:
        counts, need, sections = area_table(state, area)
        section = first_collecting(counts, need, state.n, section, sections)
        if section < sections:
            break
        if area == 4:
            state.cursor = (area, sections)
            end_walk(state, events)
            return True
        area, section = area + 1, 0
    state.cursor = (area, section)
    collect(state, events, area, section)
    return True


def area_table(state: NutsState, area: int) -> tuple[list[int], int, int]:
    """An area's squirrels (per section and player), the squirrels a nut there takes, and its sections."""
    if area == 2:
        return state.area2, NEED2, SECTIONS2
    if area == 3:
        return state.area3, NEED3, SECTIONS3
    return state.area4, NEED4, 1


def first_collecting(counts: list[int], need: int, n: int, section: int, sections: int) -> int:
    """The first section from `section` on where someone collects (`sections`: none)."""
    if max(counts) < need:
        return sections  # no one collects anywhere in the area
    while section < sections and max(counts[section * n : section * n + n]) < need:
        section += 1
    return section


def end_walk(state: NutsState, events: list[Event]) -> None:
    """The walk done: the next player's turn, or the end of the game."""
    if not state.ending:
        turn.start(state, (state.current + 1) % state.n)
    else:
        scoring.last_picks(state, events)


def collect(state: NutsState, events: list[Event], area: int, section: int) -> None:
    """The first qualifying player in the order collects in this section: the others' squirrels there go up (in
    the 3-squirrel area, unless they have enough themselves), and the take (and, at a raccoon field, the steal)
    is queued."""
    counts, need, _ = area_table(state, area)
    n = state.n
    base = section * n
    player = next(p for p in state.order() if counts[base + p] >= need)
    counts[base + player] -= need
    state.supply[player] += need
    if area < 4:
        above = ABOVE[section] if area == 2 else 0
        for other in range(n):
            moved = counts[base + other]
            if other == player or not moved or (area == 3 and moved >= need):
                continue
            counts[base + other] = 0
            if area == 2:
                state.area3[above * n + other] += moved
            else:
                state.area4[other] += moved
    raccoon = area < 4 and (COMPONENTS.area2 if area == 2 else COMPONENTS.area3)[section].raccoon
    events.append(collects(player, need, area, section, raccoon))
    state.tasks = (("take", player, COLLECT_MASK[area][section]), *((("steal", player, 0),) if raccoon else ()))


@functools.lru_cache(maxsize=1 << 10)
def collects(player: int, need: int, area: int, section: int, raccoon: bool) -> Event:
    return Event(f"{seat_name(player)} collects with {need} squirrels {where(area, section, raccoon)}", "collect",
                 {"player": player, "area": area})


# per area and section: the face-up places a collection there may take, as a mask (any in the 4-squirrel area)
COLLECT_MASK = {
    2: tuple(sum(1 << slot for slot in spec.slots) for spec in COMPONENTS.area2),
    3: tuple(sum(1 << slot for slot in spec.slots) for spec in COMPONENTS.area3),
    4: ((1 << COMPONENTS.slots) - 1,),
}


def where(area: int, section: int, raccoon: bool) -> str:
    """A section as the narration names it."""
    if raccoon:
        return f"on the raccoon field of the {area}-squirrel area"
    if area == 2:
        return f"in section {section_label(section)} of the 2-squirrel area"
    if area == 3:
        return f"in the {('left', 'middle', 'right')[section]} section of the 3-squirrel area"
    return "in the 4-squirrel area"


COLLECTING: Phase[NutsState] = Phase(task_options, task_reason, answer, draws)  # the collect and final phases
