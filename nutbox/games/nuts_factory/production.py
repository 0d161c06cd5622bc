"""The factory at work: where the nuts go, and Phase 3, Production (a part of the rules only Nuts! has).

Where the nuts go: every route from a dispenser down the factory floor to a Box Holder. A nut falls straight
down its column unless a conveyor tile in a conveyor row sends it elsewhere: a Cross swaps the tile's two
columns, a splitter sends it down both, a joiner merges two columns into one, and an entrance a splitter does
not use stops it (or, under the option `unused_end=fall`, lets it fall straight through). Routes are counted
with multiplicity, as the rulebook counts Thea's three paths into one box. For each route the floor remembers
where it crossed the Squirrel's row, so the squirrel can be moved and asked "am I on a Connecting Path?"
without following the nuts again.

Production: nuts along the Connecting Paths into the warehouse unless the Squirrel eats them, the Box Holders
turned, bonus cards drawn (chance) for Extra Delicious nuts, with the active player's decision between two
draws when the deck is to be reshuffled before the last.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from nutbox.core import Action, Event, listing, plural, seat_name
from nutbox.games.nuts_factory import floor
from nutbox.games.nuts_factory.actions import DONE, DRAWS, PRODUCE, DrawBonus
from nutbox.games.nuts_factory.components import BONUS_RULE, COMPONENTS, NUT_NAMES, NUTS, TOPS, TileKind

if TYPE_CHECKING:
    from nutbox.games.nuts_factory.state import FactoryState

QUARTERS = {1: "a quarter", 2: "two quarters", 3: "three quarters"}
DRAW_REASON = f"{BONUS_RULE}: bonus cards are drawn face down, one for each Extra Delicious nut collected"
DRAWING = f"{BONUS_RULE}: bonus cards are being drawn for Extra Delicious nuts; the active player decides again " \
          "once they are"


# --- where the nuts go -------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Route:
    source: int  # the dispenser's column
    end: int  # the Box Holder's column
    salted: bool
    roasted: bool
    squirrel_column: int  # where it crosses the Squirrel's row
    count: int  # how many distinct routes share all of the above


def belts(kind: TileKind, fall_through: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A tile's exits for a nut entering at its left and right column."""
    if not fall_through:
        return kind.belts
    left, right = kind.belts
    return (left or (0,), right or (1,))


def exit_table(tiles: Mapping[tuple[int, int], str], fall_through: bool) -> dict[tuple[int, int], tuple[int, ...]]:
    """(conveyor row, column a nut enters) -> the columns it leaves by, for every column a tile covers."""
    exits: dict[tuple[int, int], tuple[int, ...]] = {}
    for (row, left), name in tiles.items():
        for side, belt in enumerate(belts(COMPONENTS.tiles[name], fall_through)):
            exits[(row, left + side)] = tuple(left + exit_side for exit_side in belt)
    return exits


# A flow (a bundle of routes that agree so far) is packed into one int while it is followed down the floor, as
# hashing ints is much cheaper than hashing tuples: its column, its dispenser's column, whether it was salted
# and roasted, and where it crossed the Squirrel's row (the column + 1; 0 until it has).
_FIELD = 5  # bits per column: the data allow up to 26 columns
_COLUMN = (1 << _FIELD) - 1
_SALTED = 1 << 2 * _FIELD
_ROASTED = _SALTED << 1
_CROSSING = 2 * _FIELD + 2  # where the crossing starts
_MARKS = {"salter": _SALTED, "roaster": _ROASTED}
_COLUMNS = range(COMPONENTS.columns)


def _exits_at(fall_through: bool) -> dict[str, tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]]:
    """Tile kind -> left column -> the columns a nut entering at its left and at its right leaves by."""
    return {name: tuple((tuple(left + side for side in belts(kind, fall_through)[0]),
                         tuple(left + side for side in belts(kind, fall_through)[1]))
                        for left in _COLUMNS)
            for name, kind in COMPONENTS.tiles.items()}


_EXITS_AT = {fall: _exits_at(fall) for fall in (False, True)}
# The kinds that send a nut down two columns, and for the others the one column each entrance leads to (-1:
# the nut stops there); a floor without the former has one route at most from each dispenser.
_SPLITTING = {fall: frozenset(name for name, at in exits.items() if any(len(belt) > 1 for belt in at[0]))
              for fall, exits in _EXITS_AT.items()}
_SINGLE_AT = {fall: {name: tuple((left[0] if left else -1, right[0] if right else -1) for left, right in at)
                     for name, at in exits.items() if name not in _SPLITTING[fall]}
              for fall, exits in _EXITS_AT.items()}
_STRAIGHT = tuple((column,) for column in _COLUMNS)  # a row of bare belts, by entrance: its exits
_CROSSINGS = (*(column + 1 << _CROSSING for column in _COLUMNS), 0)  # what the Squirrel's row marks, by column
_ROUTES: dict[int, Route] = {}  # flow | routes << 32 -> its Route, made once and shared (they are immutable)


def _route(key: int) -> Route:
    """The Route of a flow with its number of routes above it (key: flow | count << 32), made once."""
    flow, count = key & 0xFFFFFFFF, key >> 32
    route = _ROUTES[key] = Route((flow >> _FIELD) & _COLUMN, flow & _COLUMN, bool(flow & _SALTED),
                                 bool(flow & _ROASTED), (flow >> _CROSSING) - 1, count)
    return route


def _conveyors(
    tiles: Mapping[tuple[int, int], str],
    straight: tuple[tuple[int, ...], ...],
    exits: Mapping[str, tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]],
) -> dict[int, list[tuple[int, ...]]]:
    """The rows that hold tiles: by entrance, where a nut leaves (`straight` where no tile is)."""
    conveyors: dict[int, list[tuple[int, ...]]] = {}
    for (row, left), name in tiles.items():
        table = conveyors.get(row)
        if table is None:
            table = conveyors[row] = list(straight)
        table[left], table[left + 1] = exits[name][left]
    return conveyors


def routes(
    tiles: Mapping[tuple[int, int], str],
    machines: Mapping[tuple[int, int], str],
    fall_through: bool = False,
    floor_code: int | None = None,
) -> list[Route]:
    """Every route from every dispenser, given the tiles ({(row, left column): kind}) and the machines
    ({(row, column): "salter" | "roaster"}): dispenser by dispenser, each in the order its routes part.
    Only rows that change something are walked: a row of bare belts lets every nut fall straight on.
    `floor_code`: the floor's code (floor.py), where it is known already."""
    if _SPLITTING[fall_through].isdisjoint(tiles.values()):
        return _single_routes(floor.code(tiles, machines) if floor_code is None else floor_code, fall_through)
    conveyors = _conveyors(tiles, _STRAIGHT, _EXITS_AT[fall_through])  # row -> by entrance, its exits
    squirrel_row = COMPONENTS.squirrel_row
    marking: dict[int, dict[int, int]] = {}  # row -> {column: what its machine marks}
    for (row, column), kind in machines.items():
        if row not in conveyors and row != squirrel_row:
            marking.setdefault(row, {})[column] = _MARKS[kind]
    flows: dict[int, int] = {column << _FIELD | column: 1 for column in _COLUMNS}  # flow -> number of routes
    for row in sorted({*conveyors, *marking, squirrel_row}):
        moved: dict[int, int] = {}
        get = moved.get
        table = conveyors.get(row)
        if table is not None:
            for flow, count in flows.items():
                column = flow & _COLUMN
                kept = flow - column
                for out in table[column]:
                    key = kept | out
                    moved[key] = get(key, 0) + count
        elif row in marking:
            marks = marking[row]
            for flow, count in flows.items():
                key = flow | marks.get(flow & _COLUMN, 0)
                moved[key] = get(key, 0) + count
        else:  # the Squirrel's row
            for flow, count in flows.items():
                key = flow | _CROSSINGS[flow & _COLUMN]
                moved[key] = get(key, 0) + count
        flows = moved
    known = _ROUTES.get
    return [known(key) or _route(key) for key in (flow | count << 32 for flow, count in flows.items())]


def _single_routes(floor_code: int, fall_through: bool) -> list[Route]:
    """`routes` on a floor where no tile splits: one route at most from each dispenser, so the floor is walked
    for all of them at once, stage by stage (floor.STAGES), as their flows; a stopped one keeps the column
    _STOPPED. What a stage does is looked up by its code (floor.stage_codes): its table gives, for a nut entering
    at each column, the marks it takes with the column it leaves by; it is worked out the first time that code
    is met."""
    flows = _SOURCES
    known_stages = _STAGE_TABLES[fall_through]
    for stage, code in enumerate(floor.stage_codes(floor_code)):
        table = known_stages[stage].get(code) or _stage_table(stage, code, fall_through, known_stages[stage])
        flows = [flow & _KEPT | table[flow & _COLUMN] for flow in flows]
    known = _ROUTES.get
    return [known(flow | _ONE_ROUTE) or _route(flow | _ONE_ROUTE) for flow in flows if flow & _COLUMN != _STOPPED]


_STOPPED = len(_COLUMNS)  # the column of a nut that stopped (the data allow it in a column's bits)
_ONE_ROUTE = 1 << 32  # a flow's count of routes, where a flow is one route (see _route)
_KEPT = ~_COLUMN  # what a stage keeps of a flow: all but its column
_SOURCES = [source << _FIELD | source for source in _COLUMNS]  # each dispenser's flow, at its own column
_KNOWN_LIMIT = 20_000  # tables kept by each cache below: one past it starts afresh (memory stays bounded)
# fall_through -> by stage, code -> its table; the same for the conveyor rows alone, by the code of their tiles
_Tables = list[dict[int, tuple[int, ...]]]  # by stage, code -> table
_STAGE_TABLES: dict[bool, _Tables] = {fall: [{} for _ in floor.STAGES] for fall in (False, True)}
_CONVEYED: dict[bool, _Tables] = {fall: [{} for _ in floor.STAGES] for fall in (False, True)}


def _stage_table(stage: int, code: int, fall_through: bool, known: dict[int, tuple[int, ...]]) -> tuple[int, ...]:
    """A stage's table, by the column a nut enters at (_STOPPED: it had stopped): the marks it takes, with the
    column it leaves by (_STOPPED: it stops). Kept in `known`. Its conveyor rows alone are looked up too: many
    stages share them, with the machines elsewhere."""
    rows, marking = floor.STAGES[stage]
    tiles_bits = len(rows) * floor.ROW_BITS
    tiles_code = code & (1 << tiles_bits) - 1
    conveyed = _CONVEYED[fall_through][stage]
    exits = conveyed.get(tiles_code) or _kept(conveyed, tiles_code, _conveyed(len(rows), tiles_code, fall_through))
    marks = _marks(marking, code >> tiles_bits)
    return _kept(known, code, tuple(column | marks[column] for column in exits))


def _kept(known: dict[int, tuple[int, ...]], code: int, table: tuple[int, ...]) -> tuple[int, ...]:
    if len(known) >= _KNOWN_LIMIT:
        known.clear()
    known[code] = table
    return table


def _conveyed(row_count: int, tiles_code: int, fall_through: bool) -> tuple[int, ...]:
    """A stage's conveyor rows (`row_count` of them, with the tiles their code says): by the column a nut enters
    at (_STOPPED: it had stopped), the column it leaves by (_STOPPED: it stops)."""
    single = _SINGLE_AT[fall_through]
    exits: list[list[int]] = []  # by conveyor row, by entrance: its exit (-1: stops)
    for at in range(row_count):
        exit_at = list(_COLUMNS)
        for left, kind in enumerate(floor.row_kinds(tiles_code >> at * floor.ROW_BITS)):
            if kind is not None:
                exit_at[left], exit_at[left + 1] = single[kind][left]
        exits.append(exit_at)
    table = [_STOPPED] * (_STOPPED + 1)
    for entrance in _COLUMNS:
        column = entrance
        for exit_at in exits:
            column = exit_at[column]
            if column < 0:
                break
        else:
            table[entrance] = column
    return tuple(table)


@functools.cache
def _marks(marking: int | None, machine_code: int) -> tuple[int, ...]:
    """What a stage's marking row marks a nut with, by its column (none at _STOPPED); `machine_code`: the
    machines of that row, if a machine row."""
    if marking is None:
        return (0,) * (_STOPPED + 1)
    if marking == COMPONENTS.squirrel_row:
        return (*(column + 1 << _CROSSING for column in _COLUMNS), 0)
    return (*((0, _SALTED, _ROASTED)[machine_code >> 2 * column & 3] for column in _COLUMNS), 0)


@dataclass(frozen=True, slots=True)
class Trace:
    """One single route, for drawing it: its column at each row from the dispensers down to the row above
    the Box Holders, and what it passes on the way."""

    columns: tuple[int, ...]
    salted: bool
    roasted: bool


def traces(
    tiles: Mapping[tuple[int, int], str],
    machines: Mapping[tuple[int, int], str],
    fall_through: bool = False,
) -> list[Trace]:
    """Every route one by one (a splitter makes two), in dispenser order: what `routes` counts."""
    exits = exit_table(tiles, fall_through)
    last = len(COMPONENTS.rows) - 1
    found: list[Trace] = []
    for source in range(COMPONENTS.columns):
        partial = [Trace((source,), False, False)]
        for row in range(1, last):
            grown = []
            for route in partial:
                column = route.columns[-1]
                machine = machines.get((row, column))
                for out in exits.get((row, column), (column,)):
                    grown.append(Trace((*route.columns, out), route.salted or machine == "salter",
                                       route.roasted or machine == "roaster"))
            partial = grown
        found.extend(partial)
    return found


def connecting(found: Iterable[Route], tops: list[int]) -> list[Route]:
    """The routes whose dispenser's nut matches the top box where they end: the Connecting Paths."""
    dispensers = COMPONENTS.dispensers
    return [route for route in found if dispensers[route.source] == tops[route.end]]


# --- Production ---------------------------------------------------------------------------------------------
def on_before_production(state: FactoryState, action: Action, events: list[Event]) -> None:
    assert action == PRODUCE
    produce(state, events)


def produce(state: FactoryState, events: list[Event]) -> None:
    seat = state.current
    paths = state.paths()
    collected = [0] * NUTS
    eaten = bonus = 0
    for route in paths:
        nut = COMPONENTS.dispensers[route.source]
        if not state.fed and route.squirrel_column == state.squirrel:
            eaten += route.count
            continue
        collected[nut] += route.count
        if route.salted and route.roasted:
            bonus += route.count
    if eaten:
        events.append(eats(eaten))
    for nut, count in enumerate(collected):
        state.warehouses[seat * NUTS + nut] += count
    if any(collected):
        events.append(collects(seat, tuple(collected)))
    turn_box_holders(state, sorted({route.end for route in paths}), events)
    state.draws_left = bonus
    next_draw(state, events)


# Production's events, made once for what they say (an event is immutable, and nothing changes its data).
@functools.cache
def eats(eaten: int) -> Event:
    return Event(f"The Squirrel eats {eaten} nut{'s' if eaten > 1 else ''}", "eaten", {"count": eaten})


@functools.cache
def collects(seat: int, collected: tuple[int, ...]) -> Event:
    got = listing([plural(count, NUT_NAMES[nut]) for nut, count in enumerate(collected) if count])
    return Event(f"{seat_name(seat)} collects {got}", "collect", {"seat": seat, "nuts": list(collected)})


def turn_box_holders(state: FactoryState, ends: list[int], events: list[Event]) -> None:
    """Box Rotation: each Box Holder at the end of a Connecting Path turns a quarter turn at a time until
    it is no longer one. With a Joiner, nuts of two kinds can reach one holder, so the next box may match
    the other kind; if every box would match, it turns a single quarter turn (decision 13)."""
    if not ends:
        return
    dispensers = COMPONENTS.dispensers
    arriving_at = dict.fromkeys(ends, 0)  # the nut types that reach each holder, as bits
    for route in state.routes():
        arriving = arriving_at.get(route.end)
        if arriving is not None:
            arriving_at[route.end] = arriving | 1 << dispensers[route.source]
    turned: list[int] = []  # by end, its quarter turns
    still: list[int] = []  # the holders still at the end of a Connecting Path: every box matches a nut arriving
    for col in ends:
        quarters = _QUARTERS_AWAY[state.holders[col]][state.turns[col] % 4][arriving_at[col]]
        if not quarters:
            quarters = 1
            still.append(col)
        state.turns[col] += quarters
        turned.append(quarters)
    state._turned()
    events.append(holders_turn(tuple(ends), tuple(turned)))
    events += map(still_connecting, still)


def _quarters_away(holder: int, turns: int, arriving: int) -> int:
    """The fewest quarter turns (1 to 3) that bring to the top of a Box Holder turned so a box whose nut type is
    not among `arriving` (bits); 0 where every box is."""
    return next((k for k in range(1, 4) if not arriving >> TOPS[holder][(turns + k) % 4] & 1), 0)


# Box Holder -> quarter turns (0 to 3) -> the nut types arriving (bits) -> _quarters_away
_QUARTERS_AWAY = tuple(tuple(tuple(_quarters_away(holder, turns, arriving) for arriving in range(1 << NUTS))
                             for turns in range(4)) for holder in range(len(TOPS)))


@functools.cache
def holders_turn(ends: tuple[int, ...], turned: tuple[int, ...]) -> Event:
    """Box Holders turned: those in columns `ends`, each by its quarter turns in `turned`."""
    by_turns: dict[int, list[int]] = {}
    for col, quarters in zip(ends, turned, strict=True):
        by_turns.setdefault(quarters, []).append(col)
    parts = [f"{QUARTERS[k]} in column{'s' if len(cols) > 1 else ''} {', '.join(str(c + 1) for c in cols)}"
             for k, cols in sorted(by_turns.items())]
    return Event("Box Holders turn " + "; ".join(parts), "rotate")


@functools.cache
def still_connecting(col: int) -> Event:
    return Event(f"The Box Holder in column {col + 1} is still a Connecting Path: each of its boxes matches a nut "
                 "that reaches it", "rotate")


def draw_outcomes(state: FactoryState) -> list[tuple[Action, float]]:
    """A bonus card from the face-down deck, each as likely."""
    return [(DRAWS[card], 1 / len(state.pool)) for card in state.pool]


def next_draw(state: FactoryState, events: list[Event]) -> None:
    """Draw the bonus cards still owed, one chance action each. When the deck runs out with a card owed,
    the discards are shuffled into a new deck; with none, the cards still owed are not drawn (decision 6)."""
    if state.draws_left and not state.pool and state.discards:
        state.pool, state.discards = tuple(sorted(state.discards)), ()
        events.append(Event("The bonus deck is empty: the discards are shuffled into a new deck", "deck"))
    if not state.pool:
        state.draws_left = 0
    state.phase = "draw" if state.draws_left else "shipping"


def on_draw(state: FactoryState, action: Action, events: list[Event]) -> None:
    assert isinstance(action, DrawBonus)
    seat = state.current
    state.pool = tuple(c for c in state.pool if c != action.card)
    state.hands[seat] = (*state.hands[seat], action.card)
    events.append(draws(seat, action.card))
    state.draws_left -= 1
    if state.draws_left > len(state.pool):
        # The deck runs out before the cards still owed are drawn, and the discards become the new deck: a card
        # played now (it "may be played as soon as" it is acquired) goes into it, one played later does not.
        # The state draws on at once if the player has no card to play (decision 5).
        state.phase = "between-draws"
        return
    next_draw(state, events)


@functools.cache
def draws(seat: int, card: int) -> Event:
    """The card drawn, seen by its drawer only; the others see that a card was drawn."""
    hidden = Event(f"{seat_name(seat)} draws a bonus card for an Extra Delicious nut", "draw", {"seat": seat})
    return Event(f"{seat_name(seat)} draws bonus card {card} for an Extra Delicious nut", "draw",
                 {"seat": seat, "card": card}, frozenset({seat}), hidden)


def on_between_draws(state: FactoryState, action: Action, events: list[Event]) -> None:
    """The player has played what they wished before the discards are shuffled in: the drawing goes on."""
    assert action == DONE
    next_draw(state, events)
