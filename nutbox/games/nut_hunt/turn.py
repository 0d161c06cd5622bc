"""A player's turn (rulebook, Player Turn): the fox die, the forage, the optional action (recruit, hassle,
scout and keep, or pass), the Automa's turn in the solo game, and the free exchange of nuts. Each `on_`
function carries out the action of one phase (rules.ON_PHASE dispatches to them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nutbox.core import Action, Event, plural
from nutbox.games.nut_hunt import flow
from nutbox.games.nut_hunt.actions import (
    Forage,
    Hassle,
    Keep,
    Pass,
    Recruit,
    Roll,
    Scout,
    Trade,
)
from nutbox.games.nut_hunt.components import COMPONENTS
from nutbox.games.nut_hunt.terms import (
    FORAGE_FOX,
    NUTS,
    SCOUTED,
    TILES,
    direction_name,
    objective_text,
    tile_name,
)

if TYPE_CHECKING:
    from nutbox.games.nut_hunt.rules import HuntState


def on_roll(state: HuntState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, Roll) and state.layout is not None
    direction = COMPONENTS.compass[action.face - 1]
    start = state.fox_tile
    target = state.layout.move(start, direction)
    bounced = state.layout.step[start][direction] is None
    how = f", bounces off the edge and goes {direction_name((direction + 3) % 6)}" if bounced else ""
    events.append(Event(f"The fox die shows {action.face} ({direction_name(direction)}): the fox leaves "
                        f"{tile_name(start)}{how} onto {tile_name(target)}", "fox",
                        {"face": action.face, "from": TILES[start].code, "to": TILES[target].code,
                         "bounced": bounced}))
    flow.move_fox(state, target)
    state.phase, state.forage_tile, state.forage_left, state.resume = "forage", target, FORAGE_FOX, "action"


def on_forage(state: HuntState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, Forage)
    flow.forage(state, action, events)


def on_action(state: HuntState, action: Action, events: list[Event]) -> None:
    seat = state.current
    if isinstance(action, Recruit):
        for nut in TILES[action.tile].cost:
            state.nuts[seat * NUTS + nut] -= 1
        events.append(Event(f"Player {seat + 1} recruits a squirrel onto {tile_name(action.tile)}", "recruit",
                            {"seat": seat, "tile": TILES[action.tile].code}))
        state.phase = "end-turn"
        flow.arrive(state, seat, action.tile, events)
    elif isinstance(action, Hassle):
        fox = state.fox_tile
        events.append(Event(f"Player {seat + 1} hassles the fox from {tile_name(fox)} onto "
                            f"{tile_name(action.tile)}", "hassle",
                            {"seat": seat, "from": TILES[fox].code, "to": TILES[action.tile].code}))
        flow.move_fox(state, action.tile)
        state.phase, state.forage_tile, state.forage_left, state.resume = "forage", action.tile, 1, "end-turn"
    elif isinstance(action, Scout):
        events.append(Event(f"Player {seat + 1} scouts the objective deck", "scout", {"seat": seat}))
        flow.refill(state, events)
        state.phase, state.looking = "scout-draw", ()
    else:
        assert isinstance(action, Pass)
        events.append(Event(f"Player {seat + 1} passes", "pass", {"seat": seat}))
        state.phase = "end-turn"


def on_scout_draw(state: HuntState, action: Action, events: list[Event]) -> None:
    seat = state.current
    card = flow.draw(state, action)
    state.looking = (*state.looking, card)
    events.append(flow.private(seat, f"Player {seat + 1} looks at objective #{card}: {objective_text(card)}",
                                f"Player {seat + 1} looks at the top objective", "look", card, detail=True))
    if len(state.looking) == SCOUTED or not (state.pool or state.bottom):
        state.phase = "keep"


def on_keep(state: HuntState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, Keep)
    seat = state.current
    if action.card:
        state.hands[seat] = (*state.hands[seat], action.card)
    back = [card for card in state.looking if card != action.card]
    state.bottom = (*state.bottom, *((card, seat) for card in back))
    state.looking = ()
    kept = f"keeps objective #{action.card}: {objective_text(action.card)}" if action.card else "keeps none"
    public = "keeps one objective" if action.card else "keeps none"
    under = f"{plural(len(back), 'objective')} {'goes' if len(back) == 1 else 'go'} under the deck"
    events.append(Event(f"Player {seat + 1} {kept}; {under}", "keep",
                        {"seat": seat, "card": action.card}, frozenset({seat}),
                        Event(f"Player {seat + 1} {public}; {under}", "keep",
                              {"seat": seat})))
    state.phase = "end-turn"


def on_automa_draw(state: HuntState, action: Action, events: list[Event]) -> None:
    card = flow.draw(state, action)
    state.revealed = (*state.revealed, card)
    events.append(Event(f"The Automa reveals objective #{card}: {objective_text(card)}", "automa",
                        {"card": card}))
    state.pending = COMPONENTS.objectives[card - 1].ends
    state.phase = "automa-place"


def trade(state: HuntState, action: Trade, events: list[Event]) -> None:
    seat = state.to_move()
    assert isinstance(seat, int)
    state.nuts[seat * NUTS + action.give] -= 3
    state.nuts[seat * NUTS + action.get] += 1
    names = COMPONENTS.nut_names
    events.append(Event(f"Player {seat + 1} exchanges three {names[action.give]}s for one {names[action.get]}",
                        "trade", {"seat": seat}))
