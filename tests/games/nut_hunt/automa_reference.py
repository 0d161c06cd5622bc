"""An independent simulator of solo Nut Hunt, written from the rulebook to check the engine's Automa.

It reads the component data (tiles, objectives, the Fox Compass, the distance bonus) and nothing else of
nutbox: the forest's geometry, the fox, scattering, nests, the deck, the Automa's turn, the end and the
scoring are all done again here, from ../shared/rulebooks/nut-hunt.txt ("Single Player Rules", line ~321),
in a different shape from the engine's (doubled-width coordinates, a recursive scatter, sets for the deck).
Where the rulebook leaves a point open, it follows docs/rules-decisions.md (Nut Hunt), entry by entry:
  3  returned objectives go under the deck; once the shuffled part is used up, draws come from them, top first;
  5  a scatter with one allowed tile is made at once (it is no decision);
  6  a cause obliges the squirrels on its tile when it happened; a new nest's scatter is resolved first;
  10 a 4th nest: its scatters are resolved and the game ends (no forage, no action, no further placing);
  13 the player is dealt 3 objectives and keeps 2; the Automa's starting squirrels go end by end in card
     order, and three of them on one tile make a nest;
  14 the Automa's turn places its two squirrels one end after the other;
  16 an empty deck: the Automa's revealed objectives are shuffled into a new one.
The Automa places its squirrels on the Pine Barrens too (the solo rules' only exception is the fox's tile,
though "Scattering is the only way to move Squirrels onto the Pine Barrens"): the engine does the same, and
rules-decisions.md does not say so yet. The Competitive variant and `solo_deal=draw-2` are not simulated.

Everything random or chosen by the player comes from a `Source`: `Replay` answers from an engine record's
action texts (so a game can be replayed through both and the Automa's scores compared), and keeps a trace of
every chance step as the set of outcomes the rules allow there, to compare with the engine's chance odds.
(The engine offers an Automa scatter only the faces that lead somewhere allowed, each equally likely, which
is what rolling again gives; so in a replay this simulator never rolls again, and the trace checks the rest.)
"""

from __future__ import annotations

from collections import Counter, deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

from nutbox.games.nut_hunt.components import COMPONENTS, DIRECTIONS

PLAYER, AUTOMA = 0, 1
OWNERS = (PLAYER, AUTOMA)
NEST_POINTS = 2  # "Score 2 points for each Nest"
FAILED = -2  # "Deduct 2 points for each failed Objective"
END_NESTS = 4  # "A game of Nut Hunt ends when a player places their 4th Nest"
STARTING_HAND = {"standard": 2, "advanced": 3, "expert": 4}

TILES = COMPONENTS.tiles
TILE_OF = COMPONENTS.tile_of_code
FROG_POND = next(t.id for t in TILES if t.frog_pond)
PINE_BARRENS = next(t.id for t in TILES if t.pine_barrens)
CARDS = {card.id: card for card in COMPONENTS.objectives}

# --- the forest -------------------------------------------------------------------------------------------
# Cells row by row from the top, left to right (the order the layout is dealt in), in doubled-width
# coordinates: a row's cells are 2 apart in x, and each row is shifted half a cell per row off the middle one.
ROW_LENGTHS = (3, 4, 5, 4, 3)
CELLS: tuple[tuple[int, int], ...] = tuple(
    (abs(y - 2) + 2 * i, y) for y, length in enumerate(ROW_LENGTHS) for i in range(length)
)
CELL_AT = {xy: cell for cell, xy in enumerate(CELLS)}
STEPS = {"NE": (1, -1), "E": (2, 0), "SE": (1, 1), "SW": (-1, 1), "W": (-2, 0), "NW": (-1, -1)}  # pointy-top
assert set(STEPS) == set(DIRECTIONS)
CENTRE = CELL_AT[(4, 2)]


def cell_distance(a: int, b: int) -> int:
    (x1, y1), (x2, y2) = CELLS[a], CELLS[b]
    dx, dy = abs(x1 - x2), abs(y1 - y2)
    return dy + max(0, (dx - dy) // 2)


class Forest:
    """The dealt layout: each tile's cell, and moves between tiles."""

    def __init__(self, tile_at: list[int]) -> None:
        assert sorted(tile_at) == list(range(len(CELLS)))
        self.tile_at = tile_at
        self.cell_of = {tile: cell for cell, tile in enumerate(tile_at)}

    def go(self, tile: int, direction: str) -> int:
        """One step; off the edge, the move "bounces off" and goes the opposite way (Fox Movement)."""
        x, y = CELLS[self.cell_of[tile]]
        dx, dy = STEPS[direction]
        ahead = CELL_AT.get((x + dx, y + dy))
        if ahead is None:
            ahead = CELL_AT[(x - dx, y - dy)]
        return self.tile_at[ahead]

    def off_edge(self, tile: int, direction: str) -> bool:
        x, y = CELLS[self.cell_of[tile]]
        dx, dy = STEPS[direction]
        return (x + dx, y + dy) not in CELL_AT

    def adjacent(self, tile: int) -> set[int]:
        x, y = CELLS[self.cell_of[tile]]
        return {self.tile_at[CELL_AT[(x + dx, y + dy)]] for dx, dy in STEPS.values() if (x + dx, y + dy) in CELL_AT}

    def distance(self, a: int, b: int) -> int:
        return cell_distance(self.cell_of[a], self.cell_of[b])


def die_direction(face: int) -> str:
    return DIRECTIONS[COMPONENTS.compass[face - 1]]


# --- where chance and the player's choices come from --------------------------------------------------------
Choice = tuple[str, int]  # a decision of the player: (verb, tile or card; 0 for scout, pass and "keep none")


class Source(Protocol):
    def tile(self, left: set[int]) -> int: ...  # the next layout cell's tile
    def draw(self, cards: set[int]) -> int: ...  # the top card of the deck, one of `cards`
    def roll(self, allowed: set[int]) -> int: ...  # a die face; `allowed`: faces the rules accept here
    def decide(self, options: set[Choice]) -> Choice: ...  # the player's choice, one of options


class Desync(Exception):
    """The record asked for something this simulator's rules do not: the two disagree here."""


@dataclass
class Replay:
    """Answers from an engine record's action texts, each kind in its own queue, and traces the chance steps.

    Forages and trades are dropped: nuts never touch the Automa, so this simulator does not keep them.
    """

    actions: Iterable[str]
    trace: list[tuple[str, frozenset[int]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.queues: dict[str, deque[Choice]] = {"tile": deque(), "draw": deque(), "roll": deque(),
                                                           "decision": deque()}
        for text in self.actions:
            verb, _, rest = text.partition(" ")
            if verb in ("forage", "trade"):
                continue
            if verb in ("tile", "place", "scatter", "recruit", "hassle"):
                value = TILE_OF[rest]
            elif verb in ("draw", "roll", "discard"):
                value = int(rest)
            elif verb == "keep":
                value = 0 if rest == "none" else int(rest)
            else:
                assert verb in ("scout", "pass"), text
                value = 0
            queue = verb if verb in ("tile", "draw", "roll") else "decision"
            self.queues[queue].append((verb, value))

    def _next(self, queue: str, allowed: set[int]) -> int:
        if not self.queues[queue]:
            raise Desync(f"the record has no {queue} left")
        value = self.queues[queue].popleft()[1]
        if value not in allowed:
            raise Desync(f"{queue} {value} is not one of {sorted(allowed)}")
        return value

    def tile(self, left: set[int]) -> int:
        self.trace.append(("tile", frozenset(left)))
        return self._next("tile", left)

    def draw(self, cards: set[int]) -> int:
        self.trace.append(("draw", frozenset(cards)))
        return self._next("draw", cards)

    def roll(self, allowed: set[int]) -> int:
        # The record holds only rolls the engine allowed; a face these rules refuse would be rolled again
        # (rulebook: "re-roll the Fox Die"), so it is consumed here, not refused.
        self.trace.append(("roll", frozenset(allowed)))
        return self._next("roll", set(range(1, 7)))

    def decide(self, options: set[Choice]) -> Choice:
        if not self.queues["decision"]:
            raise Desync("the record has no decision left")
        choice = self.queues["decision"].popleft()
        if choice not in options:
            raise Desync(f"the record says {choice}, the rules allow {sorted(options)}")
        return choice

    def left_over(self) -> list[Choice]:
        return [choice for queue in self.queues.values() for choice in queue]


class Dice:
    """Chance by a seeded generator (the die rolled again as the rules say), and a player who only ever passes
    (scattering at random): the Automa on its own, to weigh readings of the rules against each other."""

    def __init__(self, seed: int) -> None:
        import random

        self.rng = random.Random(seed)

    def tile(self, left: set[int]) -> int:
        return self.rng.choice(sorted(left))

    def draw(self, cards: set[int]) -> int:
        return self.rng.choice(sorted(cards))

    def roll(self, allowed: set[int]) -> int:
        return self.rng.randint(1, 6)

    def decide(self, options: set[Choice]) -> Choice:
        return ("pass", 0) if ("pass", 0) in options else self.rng.choice(sorted(options))


# --- the game ---------------------------------------------------------------------------------------------
@dataclass
class Score:
    total: int
    nests: int
    squirrels: int
    completed: list[int]  # the objectives completed
    failed: list[int]


class GameOver(Exception):
    """Raised where play stops: a 4th nest with its scatters resolved."""


class SoloGame:
    """One solo game: the player (owner 0) against the Automa (owner 1), played from a Source."""

    def __init__(self, level: str, source: Source, pine: str = "place") -> None:
        self.source = source
        self.pine = pine  # "skip": the Automa never places on the Pine Barrens (the option automa_pine)
        self.squirrels = [[0] * len(TILES) for _ in OWNERS]
        self.nests = [[0] * len(TILES) for _ in OWNERS]
        self.unseen = set(CARDS)  # the shuffled part of the deck
        self.under: deque[int] = deque()  # cards returned under the deck, top first
        self.revealed: list[int] = []  # the Automa's turn cards, set aside
        self.hand: list[int] = []
        self.automa_hand: list[int] = []
        self.ending = False
        self.depth = 0  # scatters under way
        self.turns = 0
        self.seen: Counter[str] = Counter()  # how often each rule came up: what a replay exercised
        left = set(range(len(TILES)))
        tile_at = []
        for _ in CELLS:
            tile_at.append(source.tile(left))
            left.discard(tile_at[-1])
        self.forest = Forest(tile_at)
        self.fox = tile_at[CENTRE]  # "Place the Fox on the central Tile"
        try:
            self._setup(STARTING_HAND[level])
            while True:
                self._player_turn()
                self._automa_turn()
        except GameOver:
            pass

    # --- the deck
    def _top(self) -> int | None:
        if not self.unseen and not self.under and self.revealed:  # rules-decisions 16
            self.unseen, self.revealed = set(self.revealed), []
            self.seen["deck reshuffled"] += 1
        # The top card: from the shuffled part while it lasts, then the returned cards, whose order is known
        # (asked of the source all the same, as a draw with one possible card).
        candidates = self.unseen or set(list(self.under)[:1])
        if not candidates:
            self.seen["no card left"] += 1
            return None
        card = self.source.draw(candidates)
        if self.unseen:
            self.unseen.remove(card)
        else:
            self.seen["card drawn from under the deck"] += 1
            self.under.popleft()
        return card

    # --- setup
    def _setup(self, automa_cards: int) -> None:
        dealt = [card for card in (self._top() for _ in range(3)) if card is not None]
        gone = self.source.decide({("discard", card) for card in dealt})[1]
        self.under.append(gone)  # "discards their 3rd Objective face down to the bottom of the Objective Deck"
        self.hand = [card for card in dealt if card != gone]
        for _ in range(2):
            free = {t.id for t in TILES if t.green and t.id != self.fox and not self.squirrels[PLAYER][t.id]}
            self.squirrels[PLAYER][self.source.decide({("place", t) for t in free})[1]] += 1
        for _ in range(automa_cards):
            card = self._top()
            assert card is not None
            self.automa_hand.append(card)
        for card in self.automa_hand:  # "Place one Automa Squirrel on each end point of its Objectives"
            for end in CARDS[card].ends:
                self._automa_place(end)

    def _automa_place(self, tile: int) -> None:
        if tile == self.fox:  # "do not place that Squirrel" on the fox's tile
            self.seen["Automa squirrel not placed (fox)"] += 1
            return
        if tile == PINE_BARRENS and self.pine == "skip":
            self.seen["Automa squirrel not placed (Pine Barrens)"] += 1
            return
        self.squirrels[AUTOMA][tile] += 1
        self._nest_check(AUTOMA, tile, active=AUTOMA)

    # --- turns
    def _player_turn(self) -> None:
        self.turns += 1
        vacated = self.fox
        direction = die_direction(self.source.roll(set(range(1, 7))))
        self.seen["fox bounced off the edge"] += self.forest.off_edge(vacated, direction)
        self.fox = self.forest.go(vacated, direction)
        self._scatter(self.fox, vacated, active=PLAYER)
        self._stop_if_over()
        # the forage (nuts only) is not simulated; then up to one optional action
        options = {("pass", 0)}
        if self.unseen or self.under or self.revealed:
            options.add(("scout", 0))
        # recruiting: not the Frog Pond, the Pine Barrens or the fox's tile (nuts are not kept here)
        options |= {("recruit", t) for t in range(len(TILES)) if t not in (FROG_POND, PINE_BARRENS, self.fox)}
        options |= {("hassle", t) for t in self.forest.adjacent(self.fox)
                    if self.squirrels[PLAYER][t] or self.nests[PLAYER][t]}
        verb, tile = self.source.decide(options)
        self.seen[verb] += 1
        if verb == "recruit":
            self.squirrels[PLAYER][tile] += 1
            self._nest_check(PLAYER, tile, active=PLAYER)
        elif verb == "hassle":
            vacated, self.fox = self.fox, tile
            self._scatter(tile, vacated, active=PLAYER)
        elif verb == "scout":
            self._scout()
        self._stop_if_over()

    def _scout(self) -> None:
        looked = [card for card in (self._top() for _ in range(2)) if card is not None]
        kept = self.source.decide({("keep", card) for card in (0, *looked)})[1]
        if kept:
            self.hand.append(kept)
        self.under.extend(card for card in looked if card != kept)  # in the order drawn

    def _automa_turn(self) -> None:
        card = self._top()  # "Reveal the top Objective Card"; the fox does not move
        if card is None:
            return
        for end in CARDS[card].ends:
            self._automa_place(end)
            self._stop_if_over()
        self.revealed.append(card)  # "Discard the Objective to the side"

    def _stop_if_over(self) -> None:
        if self.ending:
            raise GameOver

    # --- nests and scattering
    def _nest_check(self, owner: int, tile: int, active: int) -> None:
        """Three of one owner's squirrels on a tile become a nest at once; the others' squirrels there scatter."""
        if self.squirrels[owner][tile] < 3:
            return
        self.squirrels[owner][tile] -= 3
        self.nests[owner][tile] += 1
        self.seen[f"{'Automa' if owner else 'player'} nest{' (setup)' if not self.turns else ''}"] += 1
        if self.ending:
            self.seen["nest after the 4th"] += 1
        if self.depth:
            self.seen["nest built by a scattering squirrel"] += 1
        if sum(self.nests[owner]) >= END_NESTS and not self.ending:
            self.seen[f"game ended by the {'Automa' if owner else 'player'}'s 4th nest"] += 1
            self.ending = True
        self._scatter(tile, None, active, only=[o for o in OWNERS if o != owner])

    def _scatter(self, tile: int, vacated: int | None, active: int, only: list[int] | None = None) -> None:
        """Everyone's squirrels on `tile` (or only those of `only`) leave, in turn order from `active`.

        `vacated`: the tile the fox just left (a fox scatter), None for a nest's scatter. What each owner
        owes is counted now; squirrels that arrive later stay, and ones that went into a nest meanwhile
        are no longer there to move (rules-decisions 6).
        """
        self.depth += 1
        order = [active, 1 - active]
        owed = {o: self.squirrels[o][tile] for o in order if only is None or o in only}
        for owner in order:
            for _ in range(owed.get(owner, 0)):
                if not self.squirrels[owner][tile]:
                    break
                to = self._destination(owner, tile, vacated)
                self.seen[f"{'Automa' if owner else 'player'} squirrel scattered by "
                          f"{'a nest' if vacated is None else 'the fox'}"] += 1
                self.squirrels[owner][tile] -= 1
                self.squirrels[owner][to] += 1
                self._nest_check(owner, to, active)
        self.depth -= 1

    def _allowed(self, tile: int, vacated: int | None) -> set[int]:
        """Not the Frog Pond, not the fox's tile, not directly back where the fox came from."""
        return {t for t in self.forest.adjacent(tile) if t not in (FROG_POND, self.fox, vacated)}

    def _destination(self, owner: int, tile: int, vacated: int | None) -> int:
        allowed = self._allowed(tile, vacated)
        assert allowed, "a squirrel with nowhere to go"
        if owner == PLAYER:
            if len(allowed) == 1:
                return next(iter(allowed))
            return self.source.decide({("scatter", t) for t in allowed})[1]
        # The Automa: a die roll for the direction, bouncing off the edge, rolled again if not allowed.
        faces = {face for face in range(1, 7) if self.forest.go(tile, die_direction(face)) in allowed}
        while True:
            face = self.source.roll(faces)
            to = self.forest.go(tile, die_direction(face))
            if to in allowed:
                self.seen["Automa scatter bounced off the edge"] += self.forest.off_edge(tile, die_direction(face))
                return to
            self.seen["Automa scatter rolled again"] += 1

    # --- scoring
    def score(self, owner: int) -> Score:
        hand = self.automa_hand if owner == AUTOMA else self.hand  # the Automa scores its starting hand
        held = {t for t in range(len(TILES)) if self.squirrels[owner][t] or self.nests[owner][t]}
        total = NEST_POINTS * sum(self.nests[owner])
        completed, failed = [], []
        for card in hand:
            a, b = CARDS[card].ends
            region = self._region(a, held)
            if b in region and any(self.nests[owner][t] for t in region):
                completed.append(card)
                between = self.forest.distance(a, b) - 1  # intervening tiles on the shortest route
                total += CARDS[card].points + COMPONENTS.distance_bonus[between]
            else:
                failed.append(card)
                total += FAILED
        return Score(total, sum(self.nests[owner]), sum(self.squirrels[owner]), completed, failed)

    def winners(self) -> list[int]:
        """Most points; tied: most nests; still tied: most squirrels; still tied, a shared victory."""
        keys = {o: (s.total, s.nests, s.squirrels) for o in OWNERS for s in [self.score(o)]}
        return [o for o in OWNERS if keys[o] == max(keys.values())]

    def _region(self, start: int, held: set[int]) -> set[int]:
        """The contiguous territory of `held` tiles around `start` (empty if `start` is not held)."""
        if start not in held:
            return set()
        region, todo = {start}, [start]
        while todo:
            for t in self.forest.adjacent(todo.pop()):
                if t in held and t not in region:
                    region.add(t)
                    todo.append(t)
        return region


# --- the comparison: an engine game replayed here -----------------------------------------------------------
# Only this part uses nutbox beyond the component data, and only its public protocol: the registry, states'
# legal actions, chance outcomes and views, action texts, and a bot to play the player's side.
@dataclass
class Compared:
    seed: int
    engine: dict[str, int]  # the Automa's total, nests, completed objectives; the player's total; who won
    reference: dict[str, int] | None  # the same from this simulator; None when the replay desynchronised
    chance_agrees: bool  # every chance step offered the outcomes these rules allow, equally likely
    board_agrees: bool = False  # the final forest: the fox, and every tile's squirrels and nests per owner
    problem: str = ""  # why not, when something disagrees
    seen: Counter[str] = field(default_factory=Counter)  # the rules the replay went through (SoloGame.seen)

    @property
    def match(self) -> bool:
        return self.reference == self.engine and self.chance_agrees and self.board_agrees


POLICIES = ("random", "easy", "scout")  # two of nutbox's bots, and a scripted player (see `compare`)


def compare(level: str, seed: int, policy: str = "random", pine: str = "place") -> Compared:
    """Play one solo engine game (the player's side by `policy`), then replay it here.

    "scout" scouts at every turn and keeps the first card offered (otherwise it plays at random): it runs
    through the shuffled part of the deck, so the replay reaches the cards returned under it. (The reshuffle
    of an empty deck stays out of reach: it takes some 20 turns of scouting, and these games end sooner.)
    """
    import random

    from nutbox.agents import make_agent
    from nutbox.registry import make

    game = make("nut-hunt", {"players": 1, "automa": level, "automa_pine": pine})
    state = game.new_state()
    rng = random.Random(seed)
    agent = make_agent("random" if policy == "scout" else policy, game, 0, seed)
    texts: list[str] = []
    offered: list[tuple[str, frozenset[int]]] = []
    uniform = True
    while not state.is_terminal():
        if state.is_chance():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            kind = str(action).partition(" ")[0]
            offered.append((kind, frozenset(_value(str(a)) for a, _ in outcomes)))
            uniform = uniform and max(p for _, p in outcomes) - min(p for _, p in outcomes) < 1e-9
        else:
            legal = state.legal_actions()
            action = _pick(policy, legal) or agent.act(state.view(0), legal)
        texts.append(str(action))
        state.apply(action)
    final: Any = state.view(None)  # the spectator's view of the end: every owner's score, part by part
    parts = final["breakdown"]
    engine = {"automa": parts[AUTOMA]["total"], "automa_nests": parts[AUTOMA]["nests"],
              "automa_completed": sum(o["complete"] for o in parts[AUTOMA]["objectives"]),
              "player": parts[PLAYER]["total"], "winners": _mask(final["result"])}
    replay = Replay(texts)
    try:
        sim = SoloGame(level, replay, pine)
    except Desync as error:
        return Compared(seed, engine, None, False, False, f"desync: {error}")
    automa, player = sim.score(AUTOMA), sim.score(PLAYER)
    reference = {"automa": automa.total, "automa_nests": automa.nests, "automa_completed": len(automa.completed),
                 "player": player.total, "winners": _mask(sim.winners())}
    chance_agrees = replay.trace == offered and uniform
    forest = {TILES[t].code: {"squirrels": [sim.squirrels[o][t] for o in OWNERS],
                              "nests": [sim.nests[o][t] for o in OWNERS]} for t in range(len(TILES))}
    board_agrees = forest == final["board"] and TILES[sim.fox].code == final["fox"]
    problems = []
    if replay.trace != offered:
        first = next((i for i, (a, b) in enumerate(zip(replay.trace, offered, strict=False)) if a != b),
                     min(len(replay.trace), len(offered)))
        problems.append(f"chance step {first} differs: here {_show(replay.trace, first)}, "
                        f"engine {_show(offered, first)}")
    if not uniform:
        problems.append("the engine's chance outcomes are not equally likely")
    if replay.left_over():
        chance_agrees = False
        problems.append(f"record actions left over: {replay.left_over()[:5]}")
    if reference != engine:
        problems.append(f"scores differ: here {reference}, engine {engine}")
    if not board_agrees:
        problems.append("the final forests differ")
    return Compared(seed, engine, reference, chance_agrees, board_agrees, "; ".join(problems), sim.seen)


def _pick(policy: str, legal: list[Any]) -> Any:
    """"scout"'s choice: scout, and keep the first card offered; None where it leaves the choice to chance."""
    if policy != "scout":
        return None
    eager = [a for a in legal if str(a) == "scout" or (str(a).startswith("keep ") and str(a) != "keep none")]
    return eager[0] if eager else None


def _mask(owners: list[int]) -> int:
    return sum(1 << owner for owner in owners)  # 1: the player won, 2: the Automa, 3: shared


def _value(text: str) -> int:
    verb, _, rest = text.partition(" ")
    return TILE_OF[rest] if verb == "tile" else int(rest)


def _show(steps: list[tuple[str, frozenset[int]]], index: int) -> str:
    return f"{steps[index][0]} {sorted(steps[index][1])}" if index < len(steps) else "nothing"
