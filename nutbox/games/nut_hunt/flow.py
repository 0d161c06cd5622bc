"""What follows from an action without anyone deciding: the deck drawn from, squirrels arriving and building
nests, scattering, foraging, and what comes next (the next squirrel placed at setup, the next turn, the end).

Scattering is a stack of frames, one per cause (the fox arriving, a nest being built). A frame remembers how
many squirrels of each owner it obliges to leave; the owner first in turn order from the active player who
still owes one (and still has one there) scatters next. A nest built meanwhile pushes its own frame, which is
resolved before going back (FAQ). Squirrels that arrive on a tile later are not obliged by an older frame
there, and obligations shrink when the squirrels they name have gone into a new nest.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from nutbox.core import Action, Event, plural
from nutbox.games.nut_hunt.actions import DRAWS, Draw, Forage, Scatter
from nutbox.games.nut_hunt.components import (
    AUTOMA_OWNER,
    COMPONENTS,
    NEST_SIZE,
    NESTS_TO_END,
    NUTS,
    OWNER_NAMES,
    PINE_BARRENS,
    SEAT_NAMES,
    TILES,
    T,
    nut_list,
    picked,
    tile_name,
)

if TYPE_CHECKING:
    from nutbox.games.nut_hunt.scoring import Breakdown
    from nutbox.games.nut_hunt.state import HuntState

Frame = tuple[int, int | None, tuple[int, ...]]  # (tile scattering, tile the fox just left or None, owed per owner)


def ordinal(number: int) -> str:
    """"1st", "2nd", "3rd", "4th", "11th"."""
    ending = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{ending}"


def draw_outcomes(state: HuntState) -> list[tuple[Action, float]]:
    return list(draw_odds(state))


def draw_odds(state: HuntState) -> tuple[tuple[Action, float], ...]:
    """The deck's top card: any of the shuffled part alike, else the first card put under it."""
    if state.pool:
        return picked(DRAW_ODDS[len(state.pool)], state.pool)
    return ((DRAWS[state.bottom[0][0] - 1], 1.0),)


# DRAW_ODDS[left][card]: the outcome of drawing `card` with its odds while `left` cards are shuffled, made once (every
# turn of the solo game draws from a deck of up to 45 cards: a pair made for each of them cost more than the rest).
DRAW_ODDS: tuple[dict[int, tuple[Action, float]], ...] = tuple(
    {draw.card: (draw, 1 / left) for draw in DRAWS} if left else {} for left in range(len(DRAWS) + 1)
)


def draw(state: HuntState, action: Action) -> int:
    assert isinstance(action, Draw)
    card = action.card
    if state.pool:
        at = state.pool.index(card)
        state.pool = state.pool[:at] + state.pool[at + 1:]
    else:
        state.bottom = state.bottom[1:]
    return card


def private(seat: int, text: str, public: str, kind: str, card: int, detail: bool = False) -> Event:
    hidden = Event(public, kind, {"seat": seat}, detail=detail)
    return Event(text, kind, {"seat": seat, "card": card}, frozenset({seat}), hidden, detail)


def move_fox(state: HuntState, target: int) -> None:
    state.fox_from, state.fox = state.fox, target
    owed = tuple(state.squirrels[target::T])  # each owner's squirrels there (the counts are by owner, then tile)
    if any(owed):
        state.frames.append((target, state.fox_from, owed))


def arrive(state: HuntState, owner: int, tile: int, events: list[Event]) -> None:
    index = owner * T + tile
    state.squirrels[index] += 1
    if state.squirrels[index] >= NEST_SIZE:
        build_nest(state, owner, tile, events)


def build_nest(state: HuntState, owner: int, tile: int, events: list[Event]) -> None:
    state.squirrels[owner * T + tile] -= NEST_SIZE
    state.nests[owner * T + tile] += 1
    name = state.owner_name(owner)
    count = state.nest_count(owner)
    events.append(nest_built(name, owner == state.automa, owner, tile, count))
    if count >= NESTS_TO_END and not state.ending:
        state.ending = True
        events.append(Event(f"{name} has placed a 4th nest: the game ends once the squirrels have scattered",
                            "end"))
    if state.options.competitive:
        for other in range(state.owners):
            if other != owner and state.squirrels[other * T + tile]:
                state.squirrels[other * T + tile] -= 1
                events.append(Event(f"A squirrel of {state.owner_name(other)} is removed from "
                                    f"{tile_name(tile)} (Competitive Rule Variant)", "remove",
                                    {"owner": other, "tile": TILES[tile].code}))
    others = state.squirrels[tile::T]  # each owner's squirrels there (the counts are by owner, then tile)
    others[owner] = 0
    if any(others):
        state.frames.append((tile, None, tuple(others)))


def scatter(state: HuntState, owner: int, target: int, events: list[Event], how: str = "") -> None:
    tile, vacated, owed = state.frames[-1]
    state.frames[-1] = (tile, vacated, (*owed[:owner], owed[owner] - 1, *owed[owner + 1 :]))
    state.squirrels[owner * T + tile] -= 1
    events.append(scattered(OWNER_NAMES[state.solo][owner], owner, tile, target, how))  # (state.owner_name, inline)
    arrive(state, owner, target, events)


# The events that come most often, each made once for what it says (an event is immutable, and nothing changes its
# data): a playout narrates every step. Each takes so few values that all of them fit (functools.cache: an lru_cache
# costs more to ask).
@functools.cache
def nest_built(name: str, automa: bool, owner: int, tile: int, count: int) -> Event:
    return Event(f"{name} builds a nest on {tile_name(tile)} ({'its' if automa else 'their'} {ordinal(count)} nest)",
                 "nest", {"owner": owner, "tile": TILES[tile].code})


@functools.cache
def scattered(name: str, owner: int, tile: int, target: int, how: str) -> Event:
    return Event(f"A squirrel of {name} scatters from {tile_name(tile)} to {tile_name(target)}{how}", "scatter",
                 {"owner": owner, "from": TILES[tile].code, "to": TILES[target].code})


@functools.cache
def foraged(seat: int, nuts: tuple[int, ...], tile: int) -> Event:
    return Event(f"{SEAT_NAMES[seat]} forages {nut_list(nuts) or 'nothing'} from {tile_name(tile)}", "forage",
                 {"seat": seat, "nuts": [COMPONENTS.nut_codes[n] for n in nuts]})


@functools.cache
def no_automa_squirrel(tile: int, why: str) -> Event:
    return Event(f"No Automa squirrel on {tile_name(tile)}: {why}", "automa")


@functools.cache
def automa_places(tile: int) -> Event:
    return Event(f"The Automa places a squirrel on {tile_name(tile)}", "place",
                 {"owner": AUTOMA_OWNER, "tile": TILES[tile].code})


def forage(state: HuntState, action: Forage, events: list[Event]) -> None:
    seat, tile = state.current, state.forage_tile  # (state.foraged, without a call: a turn forages once or twice)
    assert tile is not None, "no forage is under way"
    for nut in action.nuts:
        state.nuts[seat * NUTS + nut] += 1
    events.append(foraged(seat, action.nuts, tile))
    if state.resume == "place":
        state.step += 1
        next_placement(state)
    else:
        state.phase = state.resume


def next_placement(state: HuntState) -> None:
    order = state.placing_order()
    if state.step < len(order):
        state.phase, state.current = "place", order[state.step]
    elif state.solo:
        state.phase, state.current, state.step = "automa-deal", AUTOMA_OWNER, 0
    else:
        start_turn(state, 0, [])


def start_turn(state: HuntState, owner: int, events: list[Event]) -> None:
    state.current = owner
    state.turn += 1
    if owner != state.automa:
        state.phase = "roll"
        return
    refill(state, events)
    if state.pool or state.bottom:
        state.phase = "automa-draw"
    else:  # every objective is in the player's hand: the Automa has nothing to reveal
        events.append(Event("The Automa has no objective to reveal and places nothing", "automa"))
        state.phase = "end-turn"


def refill(state: HuntState, events: list[Event]) -> None:
    """Solo: an empty deck is made again from the Automa's revealed cards (docs/rules-decisions.md)."""
    if not state.pool and not state.bottom and state.revealed:
        state.pool, state.revealed = tuple(sorted(state.revealed)), ()
        events.append(Event("The objective deck is empty: the Automa's revealed objectives are shuffled into "
                            "a new deck", "deck"))


def settle(state: HuntState, events: list[Event]) -> None:
    """Carry out everything that needs no decision: forced scatters and forages, the Automa, turn ends."""
    while True:
        frames = state.frames
        if frames:
            frame = frames[-1]
            owner = state.next_scatterer(frame)
            if owner is None:
                frames.pop()
                continue
            state.scatterer = owner
            if owner == state.automa:
                return
            moves = state.scatters(frame)
            if len(moves) == 1:
                assert isinstance(moves[0], Scatter)
                scatter(state, owner, moves[0].tile, events)
                continue
            return
        state.scatterer = None
        if state.ending:
            finish(state, events)
            return
        phase = state.phase
        if phase == "forage":
            options = state.forage_options()
            if len(options) == 1:
                assert isinstance(options[0], Forage)
                forage(state, options[0], events)
                continue
            return
        if phase == "automa-place":
            if not state.pending:
                state.phase = "end-turn"
                continue
            tile, state.pending = state.pending[0], state.pending[1:]
            if tile == state.fox:
                events.append(no_automa_squirrel(tile, "the fox is there"))
            elif tile == PINE_BARRENS and state.options.automa_pine == "skip":
                events.append(no_automa_squirrel(tile, "squirrels only scatter there"))
            else:
                events.append(automa_places(tile))
                arrive(state, AUTOMA_OWNER, tile, events)
            continue
        if phase == "end-turn":
            start_turn(state, (state.current + 1) % state.owners, events)
            continue
        return


def finish(state: HuntState, events: list[Event]) -> None:
    state.phase = "over"
    ranked = [rank_key(state.breakdown(owner)) for owner in range(state.owners)]  # (points first, then told)
    best = max(ranked)
    state.result = tuple(owner for owner in range(state.owners) if ranked[owner] == best)
    names = OWNER_NAMES[state.solo]  # (state.owner_name)
    events.extend([scored(names[owner], owner, total) for owner, (total, _, _) in enumerate(ranked)])
    events.append(won(tuple([names[owner] for owner in state.result])))


# The end's events, each made once for what it says (an event is immutable, and nothing changes its data): every
# game ends with them, and the same few scores come again and again.
@functools.cache
def scored(name: str, owner: int, total: int) -> Event:
    return Event(f"{name} scores {plural(total, 'point')}", "score", {"owner": owner, "score": total})


@functools.cache
def won(names: tuple[str, ...]) -> Event:
    return Event(f"{' and '.join(names)} {'wins' if len(names) == 1 else 'share the victory'}", "result")


def rank_key(parts: Breakdown) -> tuple[int, int, int]:
    """Points, then nests, then squirrels (rulebook, "Resolving ties")."""
    return parts.total, parts.nests, parts.squirrels
