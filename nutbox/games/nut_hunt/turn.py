"""A player's turn (rulebook, Player Turn): the fox die, the forage, the optional action (recruit, hassle,
scout and keep, or pass), the Automa's turn in the solo game, scattering, and the free exchange of nuts.

Each turn phase's `Phase` (in PHASES): its chance outcomes or its legal actions, why another action is refused,
and what an action does. Scattering and the exchange come before any phase (the state asks them first): a
scatter is due whatever the phase while frames are open, and the exchange is open at every decision.
"""

from __future__ import annotations

import functools
from operator import ge
from typing import TYPE_CHECKING

from nutbox.core import Action, Event, listing, plural
from nutbox.core.phases import Phase
from nutbox.games.nut_hunt import flow
from nutbox.games.nut_hunt.actions import (
    HASSLES,
    KEEPS,
    PASS,
    RECRUITS,
    ROLLS,
    SCOUT,
    Forage,
    Hassle,
    Keep,
    Pass,
    Recruit,
    Roll,
    Scatter,
    Scout,
    Trade,
)
from nutbox.games.nut_hunt.components import (
    COMPONENTS,
    FORAGE_FOX,
    FROG_POND,
    NUTS,
    SCOUTED,
    SEAT_NAMES,
    TILES,
    T,
    direction_name,
    nut_list,
    objective_text,
    tile_name,
)
from nutbox.games.nut_hunt.refusals import (
    HASSLE_RULE,
    RECRUIT_RULE,
    SCATTER_RULE,
    SCOUT_RULE,
    forage_rule,
    not_due,
)
from nutbox.games.nut_hunt.setup import no_decision

if TYPE_CHECKING:
    from nutbox.games.nut_hunt.state import HuntState


# --- the fox die -------------------------------------------------------------------------------------------------
def roll_outcomes(state: HuntState) -> list[tuple[Action, float]]:
    return list(ROLL_OUTCOMES)


ROLL_OUTCOMES = tuple((roll, 1 / 6) for roll in ROLLS)  # every face alike


def on_roll(state: HuntState, action: Action) -> list[Event]:
    assert isinstance(action, Roll) and state.layout is not None
    direction = COMPONENTS.compass[action.face - 1]
    start = state.fox
    assert start is not None, "the fox has no tile until the forest is laid out"
    target = state.layout.move(start, direction)
    bounced = state.layout.off_edge(start, direction)
    events = [fox_moves(action.face, start, target, bounced)]
    flow.move_fox(state, target)
    state.phase, state.forage_tile, state.forage_left, state.resume = "forage", target, FORAGE_FOX, "action"
    return events


@functools.cache  # made once for what it says (a few thousand at most): an event is immutable, its data never changed
def fox_moves(face: int, start: int, target: int, bounced: bool) -> Event:
    direction = COMPONENTS.compass[face - 1]
    how = f", bounces off the edge and goes {direction_name((direction + 3) % 6)}" if bounced else ""
    return Event(f"The fox die shows {face} ({direction_name(direction)}): the fox leaves {tile_name(start)}{how} "
                 f"onto {tile_name(target)}", "fox",
                 {"face": face, "from": TILES[start].code, "to": TILES[target].code, "bounced": bounced})


# --- the forage --------------------------------------------------------------------------------------------------
def forage_legal(state: HuntState) -> list[Action]:
    return list(state.forage_options())


def forage_reason(state: HuntState, action: Action) -> str:
    if not isinstance(action, Forage):
        return not_due(state, action)
    rule = forage_rule(state)
    if not action.nuts:
        return f"{rule}: this forage of {state.forage_left} nuts is not optional; only the 1 nut after " \
               "hassling the fox may be declined"
    if len(action.nuts) != state.forage_left:
        return f"{rule}: you forage {plural(state.forage_left, 'nut')} here, not {len(action.nuts)}"
    produced = listing([COMPONENTS.nut_names[nut] + "s" for nut in TILES[state.foraged].forage])
    return f"{rule}: {tile_name(state.foraged)} forages only {produced}"


def on_forage(state: HuntState, action: Action) -> list[Event]:
    assert isinstance(action, Forage)
    events: list[Event] = []
    flow.forage(state, action, events)
    return events


# --- the optional action -----------------------------------------------------------------------------------------
# The tiles a squirrel may be recruited onto, each with its cost as a count of each nut: worked out once, as every
# action phase compares it with the nuts held, for every tile.
COSTS = tuple((t, tuple(TILES[t].cost.count(nut) for nut in range(NUTS))) for t in range(T) if TILES[t].cost)


# The most of each nut any tile costs: holding more of it pays for no other tile.
MOST_PAID = tuple(max(cost[nut] for _, cost in COSTS) for nut in range(NUTS))


@functools.cache  # (a few thousand holdings and fox tiles at most: see action_legal)
def recruits_for(held: tuple[int, ...], fox: int | None) -> tuple[Action, ...]:
    """The recruits onto the tiles the nuts `held` pay for, but the fox's."""
    return tuple(RECRUITS[t] for t, cost in COSTS if t != fox and all(map(ge, held, cost)))


def action_legal(state: HuntState) -> list[Action]:
    """The recruits the seat's nuts pay for, the hassles onto the tiles next to the fox where it has a squirrel or a
    nest, a scout while there is a deck, and the pass."""
    seat, fox = state.current, state.fox
    assert state.layout is not None and fox is not None
    base = seat * NUTS
    # (the nuts held counted up to what a tile costs at most: the same few holdings come again and again)
    legal = list(recruits_for(tuple(map(min, state.nuts[base : base + NUTS], MOST_PAID)), fox))
    base = seat * T
    squirrels, nests = state.squirrels, state.nests
    legal += [HASSLES[t] for t in state.layout.neighbours[fox] if squirrels[base + t] or nests[base + t]]
    if state.pool or state.bottom or state.revealed:  # (state.can_draw(), without a call: every turn asks)
        legal.append(SCOUT)
    legal.append(PASS)
    return legal


def action_reason(state: HuntState, action: Action) -> str:
    seat = state.current
    if isinstance(action, Recruit):
        target = TILES[action.tile]
        if not target.cost:
            return f"{RECRUIT_RULE}: no squirrel may be recruited onto {target.name}"
        if action.tile == state.fox:
            return f"{RECRUIT_RULE}: squirrels may not be recruited onto a tile occupied by the fox"
        have = [state.nuts[seat * NUTS + nut] for nut in range(NUTS)]
        return f"{RECRUIT_RULE}: {target.name} costs {nut_list(target.cost)}; you have " + listing(
            [plural(count, COMPONENTS.nut_names[nut]) for nut, count in enumerate(have)]
        ) + " (exchange three of one nut for one of another first)"
    if isinstance(action, Hassle):
        assert state.layout is not None
        if action.tile not in state.layout.neighbours[state.fox_tile]:
            return f"{HASSLE_RULE}: the fox is pulled onto an adjacent tile; {tile_name(action.tile)} is not " \
                   f"next to the fox ({tile_name(state.fox_tile)})"
        return f"{HASSLE_RULE}: you need a squirrel or a nest on {tile_name(action.tile)}"
    if isinstance(action, Scout):
        return f"{SCOUT_RULE}: the objective deck is empty"
    return not_due(state, action)  # (a pass is always legal when due)


def on_action(state: HuntState, action: Action) -> list[Event]:
    seat = state.current
    events: list[Event] = []
    if isinstance(action, Recruit):
        for nut in TILES[action.tile].cost:
            state.nuts[seat * NUTS + nut] -= 1
        events.append(recruited(seat, action.tile))
        state.phase = "end-turn"
        flow.arrive(state, seat, action.tile, events)
    elif isinstance(action, Hassle):
        events.append(hassled(seat, state.fox_tile, action.tile))
        flow.move_fox(state, action.tile)
        state.phase, state.forage_tile, state.forage_left, state.resume = "forage", action.tile, 1, "end-turn"
    elif isinstance(action, Scout):
        events.append(scouted(seat))
        flow.refill(state, events)
        state.phase, state.looking = "scout-draw", ()
    else:
        assert isinstance(action, Pass)
        events.append(passed(seat))
        state.phase = "end-turn"
    return events


# The optional action's events, each made once for what it says (an event is immutable, and nothing changes its
# data): every turn takes one.
@functools.cache
def recruited(seat: int, tile: int) -> Event:
    return Event(f"{SEAT_NAMES[seat]} recruits a squirrel onto {tile_name(tile)}", "recruit",
                 {"seat": seat, "tile": TILES[tile].code})


@functools.cache
def hassled(seat: int, fox: int, tile: int) -> Event:
    return Event(f"{SEAT_NAMES[seat]} hassles the fox from {tile_name(fox)} onto {tile_name(tile)}", "hassle",
                 {"seat": seat, "from": TILES[fox].code, "to": TILES[tile].code})


@functools.cache
def scouted(seat: int) -> Event:
    return Event(f"{SEAT_NAMES[seat]} scouts the objective deck", "scout", {"seat": seat})


@functools.cache
def passed(seat: int) -> Event:
    return Event(f"{SEAT_NAMES[seat]} passes", "pass", {"seat": seat})


# --- scouting ----------------------------------------------------------------------------------------------------
def on_scout_draw(state: HuntState, action: Action) -> list[Event]:
    seat = state.current
    card = flow.draw(state, action)
    state.looking = (*state.looking, card)
    events = [looked_at(seat, card)]
    if len(state.looking) == SCOUTED or not (state.pool or state.bottom):
        state.phase = "keep"
    return events


@functools.cache  # made once: an event is immutable, and nothing changes its data
def looked_at(seat: int, card: int) -> Event:
    return flow.private(seat, f"{SEAT_NAMES[seat]} looks at objective #{card}: {objective_text(card)}",
                        f"{SEAT_NAMES[seat]} looks at the top objective", "look", card, detail=True)


def keep_legal(state: HuntState) -> list[Action]:
    return [*(KEEPS[card] for card in sorted(state.looking)), KEEPS[0]]


def keep_reason(state: HuntState, action: Action) -> str:
    if not isinstance(action, Keep):
        return not_due(state, action)
    return f"{SCOUT_RULE}: objective #{action.card} is not one of the cards you are looking at"


def on_keep(state: HuntState, action: Action) -> list[Event]:
    assert isinstance(action, Keep)
    seat = state.current
    if action.card:
        state.hands[seat] = (*state.hands[seat], action.card)
    back = [card for card in state.looking if card != action.card]
    state.bottom = (*state.bottom, *((card, seat) for card in back))
    state.looking = ()
    state.phase = "end-turn"
    return [kept(seat, action.card, len(back))]


@functools.cache  # made once: an event is immutable, and nothing changes its data
def kept(seat: int, card: int, back: int) -> Event:
    """A seat keeps `card` (0: none) and puts `back` cards under the deck."""
    what = f"keeps objective #{card}: {objective_text(card)}" if card else "keeps none"
    public = "keeps one objective" if card else "keeps none"
    under = f"{plural(back, 'objective')} {'goes' if back == 1 else 'go'} under the deck"
    return Event(f"{SEAT_NAMES[seat]} {what}; {under}", "keep", {"seat": seat, "card": card}, frozenset({seat}),
                 Event(f"{SEAT_NAMES[seat]} {public}; {under}", "keep", {"seat": seat}))


# --- the Automa's turn (solo) ------------------------------------------------------------------------------------
def on_automa_draw(state: HuntState, action: Action) -> list[Event]:
    card = flow.draw(state, action)
    state.revealed = (*state.revealed, card)
    state.pending = COMPONENTS.objectives[card - 1].ends
    state.phase = "automa-place"
    return [automa_reveals(card)]


@functools.cache  # made once: an event is immutable, and nothing changes its data
def automa_reveals(card: int) -> Event:
    return Event(f"The Automa reveals objective #{card}: {objective_text(card)}", "automa", {"card": card})


# --- scattering and the exchange (before any phase) -------------------------------------------------------------
def scatter_legal(state: HuntState) -> list[Action]:
    return state.scatters(state.frames[-1])


def scatter_reason(state: HuntState, action: Action) -> str:
    if not isinstance(action, Scatter):
        return not_due(state, action)
    assert state.layout is not None
    tile, vacated, _ = state.frames[-1]
    if action.tile not in state.layout.neighbours[tile]:
        return f"{SCATTER_RULE}: squirrels scatter onto adjacent tiles; {tile_name(action.tile)} is not " \
               f"next to {tile_name(tile)}"
    if action.tile == FROG_POND:
        return f"{SCATTER_RULE}: no squirrel may scatter onto the Frog Pond"
    if action.tile == state.fox:
        return f"{SCATTER_RULE}: squirrels may not scatter onto the tile the fox occupies (FAQ)"
    assert vacated is not None  # the one target left to refuse
    return f"{SCATTER_RULE}: squirrels scattering from the fox may not go directly onto the tile it " \
           f"just vacated ({tile_name(vacated)})"


def automa_scatter_odds(state: HuntState) -> tuple[tuple[Action, float], ...]:
    """The fox die for an Automa squirrel: the faces that scatter it legally alike (the others are rolled again)."""
    return rolls_of(state.automa_faces(state.frames[-1]))


@functools.cache  # a few dozen sets of faces: each one's outcomes made once
def rolls_of(faces: tuple[int, ...]) -> tuple[tuple[Action, float], ...]:
    """The rolls of `faces`, each as likely."""
    return tuple((ROLLS[face - 1], 1 / len(faces)) for face in faces)


DIE_SHOWS = ("", *(f" (the fox die shows {face})" for face in range(1, 7)))  # by face: how an Automa squirrel went


def on_scatter(state: HuntState, action: Action) -> list[Event]:
    """A squirrel leaves the tile scattering now: a seat's choice, or the fox die for the Automa's."""
    owner = state.scatterer
    assert owner is not None
    events: list[Event] = []
    if isinstance(action, Roll):
        assert state.layout is not None
        target = state.layout.move(state.frames[-1][0], COMPONENTS.compass[action.face - 1])
        flow.scatter(state, owner, target, events, DIE_SHOWS[action.face])
    else:
        assert isinstance(action, Scatter)
        flow.scatter(state, owner, action.tile, events)
    return events


def trade(state: HuntState, action: Trade) -> list[Event]:
    seat = state.to_move()
    assert isinstance(seat, int)
    state.nuts[seat * NUTS + action.give] -= 3
    state.nuts[seat * NUTS + action.get] += 1
    return [traded(seat, action.give, action.get)]


@functools.cache  # made once: an event is immutable, and nothing changes its data
def traded(seat: int, give: int, get: int) -> Event:
    names = COMPONENTS.nut_names
    return Event(f"{SEAT_NAMES[seat]} exchanges three {names[give]}s for one {names[get]}", "trade", {"seat": seat})


PHASES: dict[str, Phase[HuntState]] = {
    "roll": Phase(no_decision, not_due, on_roll, roll_outcomes),
    "forage": Phase(forage_legal, forage_reason, on_forage),
    "action": Phase(action_legal, action_reason, on_action),
    "scout-draw": Phase(no_decision, not_due, on_scout_draw, flow.draw_outcomes),
    "keep": Phase(keep_legal, keep_reason, on_keep),
    "automa-draw": Phase(no_decision, not_due, on_automa_draw, flow.draw_outcomes),
}
