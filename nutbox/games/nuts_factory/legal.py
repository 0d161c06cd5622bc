"""What a Nuts! player may do now: the legal actions of each phase, the bonus cards playable and the targets
of a bonus power, and the decision in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nutbox.core import Action
from nutbox.games.nuts_factory.actions import (
    BUILDS,
    CLEARS,
    DISCARD_CARDS,
    DISCARD_NUTS,
    DONE,
    EXCHANGES,
    FEED,
    HUNTS,
    MACHINE_MOVES,
    MOVES,
    PLAYS,
    PRODUCE,
    SHIPS,
    SPIN_BACKS,
    SPINS,
    SPOTS,
    SQUIRREL_TO,
    TAKES,
)
from nutbox.games.nuts_factory.components import COMPONENTS, TILE_KINDS
from nutbox.games.nuts_factory.rulebook import (
    CLEANUP_RULE,
    COLUMNS,
    CONFIG_RULE,
    FREE_EFFECTS,
    LIMITS,
    NUTS,
    PRODUCTION_RULE,
    SHIP_RULE,
    SQUIRREL_RULE,
    WAREHOUSE_EFFECTS,
)

if TYPE_CHECKING:
    from nutbox.games.nuts_factory.rules import FactoryState


def listed(state: FactoryState) -> list[Action]:
    seat = state.to_move()
    if not isinstance(seat, int):
        return []
    if state.pending:
        return targets(state, state.pending)
    phase = state.phase
    if phase == "hunt":
        return [HUNTS["left"], HUNTS["right"]]
    legal: list[Action] = []
    if phase == "config" and state.actions_left:
        legal += configurations(state)
    if phase == "shipping" and state.shipped < state.truck_limit:
        legal += [SHIPS[t] for t in state.trucks if state.can_ship(seat, t)]
    if phase == "cleanup":
        if sum(state.warehouse(seat)) > state.warehouse_limit:
            legal += [DISCARD_NUTS[nut] for nut in range(NUTS) if state.warehouses[seat * NUTS + nut]]
        if len(state.hands[seat]) > LIMITS.bonus_hand:
            legal += [DISCARD_CARDS[card] for card in sorted(state.hands[seat])]
    legal += [PLAYS[(card, option)] for card in sorted(state.hands[seat]) for option in (0, 1)
              if playable(state, card, option)]
    if phase == "config":
        legal.append(DONE)
    elif phase == "before-production":
        legal.append(PRODUCE)
    elif phase == "shipping":
        legal.append(DONE)
    return legal


def configurations(state: FactoryState) -> list[Action]:
    legal: list[Action] = []
    kinds = ["cross"] if state.supply["cross"] else []
    if state.splitters:
        kinds += [kind for kind in TILE_KINDS[1:] if state.supply[COMPONENTS.tiles[kind].layout]]
    covered = {(row, c) for row, left in state.tiles for c in (left, left + 1)}
    if kinds:
        for row, col in SPOTS:
            if (row, col) not in covered and (row, col + 1) not in covered:
                legal += [BUILDS[(kind, row, col)] for kind in kinds]
    for spot in sorted(state.tiles):
        legal.append(CLEARS[spot])
        row, col = spot
        if col > 0 and (row, col - 1) not in covered:
            legal.append(MOVES[(spot, (row, col - 1))])
        if col < COLUMNS - 2 and (row, col + 2) not in covered:
            legal.append(MOVES[(spot, (row, col + 1))])
    legal += SPINS
    for row, col in sorted(state.machines):
        for to in (col - 1, col + 1):
            if 0 <= to < COLUMNS and (row, to) not in state.machines:
                legal.append(MACHINE_MOVES[(row, col, to)])
    legal.append(FEED)
    return legal


def playable(state: FactoryState, card: int, option: int) -> bool:
    effect = COMPONENTS.bonus_cards[card - 1].options[option].effect
    phase = state.phase
    if effect in WAREHOUSE_EFFECTS:
        if effect == "exchange-nut":
            return phase in ("config", "before-production", "shipping", "cleanup") and any(
                state.warehouse(state.current)
            )
        return phase in ("config", "before-production", "shipping", "cleanup")
    if effect in FREE_EFFECTS:
        return phase in ("config", "before-production") and bool(targets(state, effect))
    if phase != "config":
        return False
    if effect == "build-splitter":
        return state.actions_left > 0 and (state.supply["fork-right"] > 0 or state.supply["fork-left"] > 0)
    if effect == "extra-action":
        return True
    return state.actions_left > 0 and bool(targets(state, effect))  # slide-far, move-tile: cost an Action


def any_playable(state: FactoryState) -> bool:
    return any(playable(state, card, option) for card in state.hands[state.current] for option in (0, 1))


def targets(state: FactoryState, effect: str) -> list[Action]:
    """What a bonus effect can be aimed at now."""
    if effect == "spin-back":
        return list(SPIN_BACKS)
    if effect == "move-squirrel":
        return [SQUIRREL_TO[c] for c in range(COLUMNS) if 0 < abs(c - state.squirrel) <= 2]
    if effect == "move-machine":
        return [MACHINE_MOVES[(row, col, to)] for row, col in sorted(state.machines) for to in range(COLUMNS)
                if to != col and (row, to) not in state.machines]
    if effect in ("slide-far", "move-tile"):
        return [MOVES[(spot, to)] for spot in sorted(state.tiles) for to in SPOTS
                if to != spot and (effect == "move-tile" or to[0] == spot[0])
                and state.spot_free(*to, ignore=spot)]
    if effect == "take-nut":
        return list(TAKES)
    assert effect == "exchange-nut"
    base = state.current * NUTS
    return [EXCHANGES[(give, get)] for (give, get) in EXCHANGES if state.warehouses[base + give]]


def decision(state: FactoryState) -> str:
    if state.pending:
        return f"choose where the bonus effect goes ({state.pending})"
    return {
        "config": (f"take an Action ({state.actions_left} left), play a bonus card, or say done" if state.actions_left
                   else "play a bonus card, or say done") + f" ({CONFIG_RULE})",
        "hunt": f"two Connecting Paths are equally close: send the squirrel left or right ({SQUIRREL_RULE})",
        "before-production": f"play a bonus card before the factory runs, or produce ({PRODUCTION_RULE})",
        "shipping": f"ship a truck, play a bonus card, or say done ({SHIP_RULE})",
        "cleanup": f"discard down to {state.warehouse_limit} Boxed Nuts and {LIMITS.bonus_hand} bonus cards "
        f"({CLEANUP_RULE})",
    }[state.phase]
