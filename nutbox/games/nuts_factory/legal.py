"""What a Nuts! player may do now: the legal actions of each phase, the bonus cards playable and the targets
of a bonus power, and the decision in words.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import chain
from operator import getitem
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
    BONUS_RULE,
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
        legal += [SHIPS[t] for t in state.shippable(seat)]
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
    elif phase in ("shipping", "between-draws"):
        legal.append(DONE)
    return legal


def configurations(state: FactoryState) -> list[Action]:
    """The Actions open, in a fixed order: builds (by place, then kind), clears and slides (by tile), spins,
    machine slides (by machine), feed. What a row offers depends only on where its tiles lie, so it is looked
    up by the row's tiles as a bit mask (1 << left column) in tables built once."""
    supply = state.supply
    kinds: tuple[str, ...] = ("cross",) if supply["cross"] else ()
    if state.splitters:
        kinds += tuple(kind for kind in TILE_KINDS[1:] if supply[LAYOUTS[kind]])
    lefts = row_lefts(state.tiles)
    legal: list[Action] = []
    if kinds:
        builds = _BUILDS.get(kinds)
        if builds is None:
            builds = _BUILDS[kinds] = _build_tables(kinds)
        legal += chain.from_iterable(map(getitem, builds, lefts))
    legal += chain.from_iterable(map(getitem, _TILE_MOVES, lefts))
    legal += SPINS
    machines = state.machines
    key = frozenset(machines)
    moves = _MACHINE_MOVES.get(key)
    if moves is None:
        moves = _MACHINE_MOVES[key] = tuple(
            MACHINE_MOVES[(row, col, to)] for row, col in sorted(machines) for to in (col - 1, col + 1)
            if 0 <= to < COLUMNS and (row, to) not in machines)
    legal += moves
    legal.append(FEED)
    return legal


CONVEYOR_ROWS = tuple(sorted(COMPONENTS.conveyor_rows))
ROW_INDEX = {row: index for index, row in enumerate(CONVEYOR_ROWS)}
LAYOUTS = {kind: COMPONENTS.tiles[kind].layout for kind in TILE_KINDS}
MASKS = range(1 << (COLUMNS - 1))  # every set of left columns a row's tiles can have


def row_lefts(tiles: Iterable[tuple[int, int]]) -> list[int]:
    """The left columns of each conveyor row's tiles (CONVEYOR_ROWS order) as bits: 1 << column."""
    lefts = [0] * len(CONVEYOR_ROWS)
    index = ROW_INDEX
    for row, left in tiles:
        lefts[index[row]] |= 1 << left
    return lefts


def _covered(mask: int) -> int:
    """The columns that tiles with these left columns cover, as bits."""
    return mask | mask << 1


def _build_tables(kinds: tuple[str, ...]) -> list[list[tuple[Action, ...]]]:
    """By conveyor row, then by its tiles' mask: a Build of each kind at every place no tile covers, by place."""
    return [[tuple(BUILDS[(kind, row, col)] for col in range(COLUMNS - 1) if not _covered(mask) >> col & 3
                   for kind in kinds) for mask in MASKS] for row in CONVEYOR_ROWS]


def _tile_moves(row: int, mask: int) -> tuple[Action, ...]:
    """For each tile of the row, left to right: clear it, and slide it left, then right, where that is free."""
    covered = _covered(mask)
    listed: list[Action] = []
    for col in range(COLUMNS - 1):
        if mask >> col & 1:
            spot = (row, col)
            listed.append(CLEARS[spot])
            if col > 0 and not covered >> (col - 1) & 1:
                listed.append(MOVES[(spot, (row, col - 1))])
            if col < COLUMNS - 2 and not covered >> (col + 2) & 1:
                listed.append(MOVES[(spot, (row, col + 1))])
    return tuple(listed)


_BUILDS: dict[tuple[str, ...], list[list[tuple[Action, ...]]]] = {}  # kinds that may be built -> _build_tables
_TILE_MOVES = [[_tile_moves(row, mask) for mask in MASKS] for row in CONVEYOR_ROWS]  # by row, then mask
_MACHINE_MOVES: dict[frozenset[tuple[int, int]], tuple[Action, ...]] = {}  # the machines' places -> their slides


# where the warehouse options may be played: at every decision of the active player's turn but a tied Hunt
WAREHOUSE_PHASES = ("config", "before-production", "between-draws", "shipping", "cleanup")
CARD_EFFECTS = {(card.id, option): card.options[option].effect for card in COMPONENTS.bonus_cards for option in (0, 1)}


def playable(state: FactoryState, card: int, option: int) -> bool:
    effect = CARD_EFFECTS[(card, option)]
    phase = state.phase
    if effect in WAREHOUSE_EFFECTS:
        if effect == "exchange-nut":
            return phase in WAREHOUSE_PHASES and any(state.warehouse(state.current))
        return phase in WAREHOUSE_PHASES
    if effect in FREE_EFFECTS:
        return phase in ("config", "before-production") and has_targets(state, effect)
    if phase != "config":
        return False
    if effect == "build-splitter":
        return state.actions_left > 0 and (state.supply["fork-right"] > 0 or state.supply["fork-left"] > 0)
    if effect == "extra-action":
        return True
    return state.actions_left > 0 and has_targets(state, effect)  # slide-far, move-tile: cost an Action


def any_playable(state: FactoryState) -> bool:
    return any(playable(state, card, option) for card in state.hands[state.current] for option in (0, 1))


def targets(state: FactoryState, effect: str) -> list[Action]:
    """What a bonus effect can be aimed at now."""
    if effect == "spin-back":
        return list(SPIN_BACKS)
    if effect == "move-squirrel":
        return [SQUIRREL_TO[c] for c in range(COLUMNS) if 0 < abs(c - state.squirrel) <= 2]
    if effect == "move-machine":
        return list(machine_targets(state))
    if effect in ("slide-far", "move-tile"):
        return list(tile_targets(state, effect == "slide-far"))
    if effect == "take-nut":
        return list(TAKES)
    assert effect == "exchange-nut"
    base = state.current * NUTS
    return [EXCHANGES[(give, get)] for (give, get) in EXCHANGES if state.warehouses[base + give]]


def has_targets(state: FactoryState, effect: str) -> bool:
    """Whether `targets` lists anything, found without listing it all where the list is long."""
    if effect == "move-machine":
        return next(machine_targets(state), None) is not None
    if effect in ("slide-far", "move-tile"):
        return next(tile_targets(state, effect == "slide-far"), None) is not None
    return bool(targets(state, effect))


def machine_targets(state: FactoryState) -> Iterator[Action]:
    """A machine moved anywhere along its row, to an empty space: by machine, then by column."""
    machines = state.machines
    for row, col in sorted(machines):
        for to in range(COLUMNS):
            if to != col and (row, to) not in machines:
                yield MACHINE_MOVES[(row, col, to)]


def tile_targets(state: FactoryState, same_row: bool) -> Iterator[Action]:
    """A tile moved to any place it fits once lifted (in its own row only, `same_row`): by tile, then by place."""
    lefts = row_lefts(state.tiles)
    for spot in sorted(state.tiles):
        row, col = spot
        for to in SPOTS:
            to_row, to_col = to
            if to == spot or (same_row and to_row != row):
                continue
            others = lefts[ROW_INDEX[to_row]]
            if to_row == row:
                others &= ~(1 << col)
            if not (others << 1) >> to_col & 7:  # no other tile's left half at to_col - 1, to_col or to_col + 1
                yield MOVES[(spot, to)]


def decision(state: FactoryState) -> str:
    if state.pending:
        return f"choose where the bonus effect goes ({state.pending})"
    return {
        "config": (f"take an Action ({state.actions_left} left), play a bonus card, or say done" if state.actions_left
                   else "play a bonus card, or say done") + f" ({CONFIG_RULE})",
        "hunt": f"two Connecting Paths are equally close: send the squirrel left or right ({SQUIRREL_RULE})",
        "before-production": f"play a bonus card before the factory runs, or produce ({PRODUCTION_RULE})",
        "between-draws": f"play a bonus card before the discards are shuffled into a new deck, or say done to draw "
        f"the next card ({BONUS_RULE})",
        "shipping": f"ship a truck, play a bonus card, or say done ({SHIP_RULE})",
        "cleanup": f"discard down to {state.warehouse_limit} Boxed Nuts and {LIMITS.bonus_hand} bonus cards "
        f"({CLEANUP_RULE})",
    }[state.phase]
