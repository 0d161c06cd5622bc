"""Finished games with a blunder planted in them, one per game, for the review tests.

Each game is played from its start to a decision where one move plainly throws the game away and
another plainly keeps it, with the game's own actions (the chance outcomes chosen, as a record holds them);
the blunder is played there and the game finished. Every position is built by the rules, never set by hand: a
`Planted` says where the decision is, which move was the blunder and which moves were right.

The five decisions (the tests check each claim on the state itself, and on states drawn from the seat's view):

- Nuts Sorting: Player 1 may pick up a red group and be sorted at once; moving the red nut i8 to e4 instead
  leaves red in two groups, and every move Player 2 then has sorts Player 2.
- Nuts! (the option end_score=4, so that the last round comes after two turns each): in the last turn of the
  game Player 1, 4 points to 7, holds the nuts of the 4-point truck 1; loading it wins 8 to 7, not shipping
  loses 4 to 7.
- Nut Hunt: Player 1 has three nests and two squirrels on each of Muckville Marsh and Clover Field; a recruit on
  either builds the fourth nest and ends the game. On Muckville Marsh the nest completes the objective Muckville
  Marsh - Rabbit Patch (4 to 2); on Clover Field all four of Player 1's objectives fail (0 to 2). Player 2's
  pieces lie on two tiles apart, so no objective of theirs can be complete, whichever they hold.
- In the Nuts!: at the last pick Player 1 stores a hazelnut; storage card 8 holds five and fills with it (30
  points: 45 to 35), an empty card takes it for a point (21 to 35).
- Nut: Player 2 places the last card of the game, G-R-R, by a layout whose top card shows R-R-R: wherever its
  green nut stays off the three red ones, a red cluster of 3 or more stays and it wins (4 points or more to 3);
  squarely on the R-R-R card (or one or two bands lower), the green nut covers a red one, no red cluster has more
  than 2 nuts, and the tie on 3 points goes to Player 1's larger cluster (3 gold nuts).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from nutbox.core import Game, Record, State, replay
from nutbox.games.in_the_nuts import NutsState
from nutbox.games.in_the_nuts.components import CARDS as STORAGE_CARDS
from nutbox.games.in_the_nuts.components import COMPONENTS as NUTS_COMPONENTS
from nutbox.games.nuts_sorting.board import NAMES as READING_ORDER
from nutbox.registry import make

NUT_CODES = NUTS_COMPONENTS.nut_codes


@dataclass(frozen=True)
class Planted:
    game: Game
    record: Record  # the whole game, finished, with the blunder at `step`
    step: int  # the index in record.actions of the planted decision
    seat: int  # who decides there
    blunder: str  # the move played
    right: frozenset[str]  # the moves that keep the game (several when they are equally right)


class Table:
    """A game played action by action through the rules, each action recorded as its text."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.state = game.new_state()
        self.record = Record.start(game, seed)

    def play(self, *texts: str) -> None:
        for text in texts:
            self.state.apply(self.game.parse(text))
            self.record.actions.append(text)

    def legal(self) -> list[str]:
        return [str(action) for action in self.state.legal_actions()]

    def outcomes(self) -> list[str]:
        return [str(action) for action, _ in self.state.chance_outcomes()]

    def blunder_and_finish(self, blunder: str, right: set[str]) -> Planted:
        """Play `blunder` at the decision the game stands at, then finish the game with the first chance outcome
        or the first legal action each time."""
        assert {blunder, *right} <= set(self.legal()), (blunder, right, self.legal())
        seat, step = self.state.to_move(), len(self.record.actions)
        assert isinstance(seat, int)
        self.play(blunder)
        while not self.state.is_terminal():
            self.play(self.outcomes()[0] if self.state.is_chance() else self.legal()[0])
        return Planted(self.game, self.record, step, seat, blunder, frozenset(right))


# --- Nuts Sorting ------------------------------------------------------------------------------------------------
# The board dealt, in the layout of the board diagram (row i on top, a at the bottom): r red, b blue, y yellow,
# k black, w white, g gray, . the empty cell. Red: a group of eight (d3-d8, e3, e4) and a pair (i8, i9); gray: a
# group of eight and two lone nuts (i5, i7); every other colour one group.
SORTING_BOARD = """
        g . g r r
      k k w w g g
    k k k w w g g
  k k k w w w g g
k k r r w w w g g
  b b r r r r r r
    b b b b b b b
      y y y y y b
        y y y y y
"""
LETTERS = {"r": "red", "b": "blue", "y": "yellow", "k": "black", "w": "white", "g": "gray", ".": "empty"}


def sorting_deal(picture: str) -> list[str]:
    """The 61 deal actions that put `picture` on the board, cell by cell in reading order (a1, a2, ..., i9)."""
    rows = [line.split() for line in picture.splitlines() if line.strip()]
    tokens = [token for row in reversed(rows) for token in row]
    assert len(tokens) == len(READING_ORDER)
    return [f"deal {cell} {LETTERS[token]}" for cell, token in zip(READING_ORDER, tokens, strict=True)]


def nuts_sorting(seed: int = 11) -> Planted:
    table = Table(make("nuts-sorting"), seed)
    table.play(*sorting_deal(SORTING_BOARD))
    # Player 2 takes black, white and gray, so Player 1 (red, blue, yellow) moves first; Player 2 removes a lone
    # gray nut (gray: a group of eight and i7) and the red e4 (red: d3-d8 and e3, seven, and the pair i8 i9).
    table.play("choose bwg", "remove i5", "remove e4")
    # Picking up either red group sorts Player 1; moving i8 to e4 joins it to the seven and leaves i9 alone.
    return table.blunder_and_finish("i8-e4", {"x d3", "x i8"})


# --- Nuts! -------------------------------------------------------------------------------------------------------
# Found by trying every pair of Actions each turn for the nuts wanted; the squirrel's die always shows Stop.
FACTORY_TURNS = [
    # setup: each Box Holder dealt at its first turn, then turned by the rules so that no Connecting Path exists
    *(f"holder {h} turned 0" for h in range(1, 9)),
    "build cross r1c1", "spin c6", "roll stop", "done",  # Player 1: an almond and a cashew; truck 2 not loaded
    "build cross r1c6", "build cross r2c2", "roll stop", "done",  # Player 2: two peanuts and an almond
    "build cross r1c3", "build cross r2c4", "roll stop", "ship 3",  # Player 1: ships C Pi for 4: the last round
    "build cross r2c6", "build cross r4c1", "roll stop", "ship 5",  # Player 2: ships Pe Pe C for 7
    "done", "roll stop",  # Player 1's last turn: no Action, no nut; now Shipping, holding A and Pe (truck 1)
]


def nuts_factory(seed: int = 12) -> Planted:
    table = Table(make("nuts-factory", {"end_score": 4}), seed)
    table.play(*FACTORY_TURNS)
    return table.blunder_and_finish("done", {"ship 1"})


# --- Nut Hunt ----------------------------------------------------------------------------------------------------
# The forest of tests/games/nut_hunt/positions.py, row by row from the top, Willow Wallow in the centre:
#
#           HW  PB  CF
#         CC  FP  MG  SK
#       MM  BH  WW  HH  CH
#         FG  RP  MU  AR
#           MB  BG  TT
HUNT_FOREST = ["HW", "PB", "CF", "CC", "FP", "MG", "SK", "MM", "BH", "WW", "HH", "CH", "FG", "RP", "MU", "AR", "MB",
               "BG", "TT"]
HUNT_COST = {"CC": "HP", "MU": "AP", "CF": "AW", "SK": "WP"}  # the recruit costs of the tiles used (green: 2 nuts)


def nut_hunt(seed: int = 13) -> Planted:
    """Player 1 keeps objectives 22 (MU-RP) and 13 (HW-PB), then scouts 1 (MM-HH) and 11 (TT-PB); Player 2 keeps
    44 and 45 (both to Chestnut Hill). Player 1 starts on Cedar Creek and Rabbit Patch, Player 2 on Sycamore Knoll
    and Mossy Bank. The fox goes back and forth between the Frog Pond and Heart of the Wood, where any nut can be
    foraged and no squirrel ever stands, so nobody scatters: each turn forages what that turn's recruit costs.
    Player 1 recruits twice on Muckville Marsh and twice on Clover Field, scouts twice, then builds three nests on
    Cedar Creek; Player 2 builds three nests on Sycamore Knoll, then passes."""
    table = Table(make("nut-hunt"), seed)
    table.play(*(f"tile {code}" for code in HUNT_FOREST))
    table.play("draw 22", "draw 13", "draw 2", "draw 44", "draw 45", "draw 43", "discard 2", "discard 43")
    table.play("place CC", "forage AA", "place SK", "forage AA", "place MB", "forage WP", "place RP", "forage AA")
    plans = {0: ["MU", "MU", "CF", "CF", "scout 1 3 keep 1", "scout 11 4 keep 11", *["CC"] * 8],
             1: ["SK"] * 8}
    # the fox: Willow Wallow to the Frog Pond (north-west), then Heart of the Wood (north-west) and back (south-east)
    rolls = itertools.chain(["roll 4"], itertools.cycle(["roll 4", "roll 3"]))
    while plans[0] or table.state.current == 1:  # until Player 1's turn after the last of its plan
        plan = plans[table.state.current]
        table.play(next(rolls))
        if not plan:
            table.play("forage AP", "pass")
            continue
        step = plan.pop(0)
        if step.startswith("scout"):
            _, first, second, _, kept = step.split()
            table.play("forage AW", "scout", f"draw {first}", f"draw {second}", f"keep {kept}")
        else:
            table.play(f"forage {HUNT_COST[step]}", f"recruit {step}")
    table.play(next(rolls), "forage AP")
    return table.blunder_and_finish("recruit CF", {"recruit MU"})


# --- In the Nuts! ------------------------------------------------------------------------------------------------
SPACE_DICE = {2: "1 1 1", 3: "1 2 2", 5: "1 4 4", 8: "4 4 4", 10: "5 5 5", 11: "5 6 6"}  # green and whites: a space


def in_the_nuts(seed: int = 14) -> Planted:
    """Player 1 collects with two squirrels in section 2-4 (face-up nut 1) each turn, Player 2 in 10-12 (face-up
    nut 4); chance refills each with the nut planned for its collector. Player 1 stores five hazelnuts on card 8
    (room for six, 30 points filled) and fifteen nuts on cards 2-7 without filling any (15 points), card 1 empty;
    Player 2 fills card 7 (20 points) and has fifteen nuts on other cards (35 in all). Player 1's first turn
    collects nothing, so that the turn that uses up the draw pile is Player 1's; in it four more squirrels stay
    on the board, which at the end take one face-up nut: the hazelnut under 2-4."""
    table = Table(make("in-the-nuts"), seed)
    # the nuts each collector's face-up nut is filled with, in order; the last of Player 1's is the final pick
    refills = {0: iter("HHHHH" "AAAAA" "WWWWW" "BBBB" "H"), 1: iter("AAAAA" "HHHH" "WWWWW" "BBBBB" "B")}
    others = iter(["WH", "WB", "HB", "BA"])  # face-up nuts 2 and 3 (never collected), then each first nut (jokers)
    cards = {0: {"H": [8] * 5, "A": [7, 7, 7, 7, 2], "W": [6, 6, 6, 4, 4], "B": [5, 5, 5, 3, 3]},
             1: {"A": [7] * 5, "H": [5, 5, 5, 2], "W": [6, 6, 6, 3, 3], "B": [8, 8, 8, 8, 8, 1]}}
    spaces: list[int] = []
    first_turn = True
    state = table.state
    while state.phase != "final":
        if state.is_chance():
            if state.phase == "dice":
                if not spaces:
                    if state.current == 1:
                        spaces = [10, 11]
                    else:
                        spaces = [2] if first_turn else [2, 3, 5, 8, 10] if state.pile == 1 else [2, 3]
                        first_turn = False
                table.play(f"dice {SPACE_DICE[spaces[0]]}")
            elif state.phase == "faceup":
                slot = sum(kind is not None for kind in state.faceup)
                table.play(f"draw {next(refills[0]) if slot == 0 else next(refills[1]) if slot == 3 else next(others)}")
            elif state.phase == "deal":
                table.play(f"draw {next(others)}")
            else:  # a refill of the face-up nut just taken
                table.play(f"draw {next(refills[0] if state.tasks[0][2] == 0 else refills[1])}")
            continue
        legal = table.legal()
        if state.phase == "decide":
            spaces.pop(0)
            table.play("roll" if spaces else "stop")
        elif state.phase == "place":
            table.play(f"place {spaces[0]}")
        elif legal[0].startswith("preplace"):
            table.play("preplace 8-9")  # Player 2's squirrel waits there alone all game
        else:  # a store: jokers as beechnuts, every nut on the card planned for it
            seat = state.to_move()
            nuts = {text.split()[1] for text in legal if text.startswith("store") and len(text.split()) == 3}
            nut = "B" if "B" in nuts else nuts.pop()
            table.play(f"store {nut} {cards[seat][nut].pop(0)}")
    table.play("take 1")  # the last pick: the hazelnut
    return table.blunder_and_finish("store H 1", {"store H 8"})


def storage(state: NutsState, seat: int) -> list[str]:
    """What each storage card of an In the Nuts! seat holds, card 1 first: "" (empty) or a nut repeated ("HHHHH")."""
    held = []
    for i in range(seat * STORAGE_CARDS, (seat + 1) * STORAGE_CARDS):
        nut = state.card_type[i]
        held.append("" if nut is None else NUT_CODES[nut] * (state.card_plain[i] + state.card_jokers[i]))
    return held


# --- Nut ---------------------------------------------------------------------------------------------------------
def nut_cards(seed: int = 15) -> Planted:
    """Every card is placed squarely on the one before (`place 0 0`), so a layout shows its last card. The deck is
    dealt in order, 1 first and 2, 11 last; the deck holder takes the lowest card of a column without 1, 2 or 11,
    so card 1 waits in column 1 until Player 2 holds the deck in the second-to-last round and takes it, and 2 and 11
    share the last column: Player 1 takes 2 (Y-Y-Y, 3 points), Player 2 gets 11 (G-R-R), the last card."""
    table = Table(make("nut-cards"), seed)
    waiting = {1, 2, 11}
    deck = iter([1, *(card for card in range(3, 31) if card != 11), 2, 11])
    state = table.state

    def last_card_in_hand() -> bool:  # Player 2 is to place the game's last card
        return state.phase == "place" and state.current == 1 and not state.pool and not any(state.columns)

    while not last_card_in_hand():
        if state.is_chance():
            table.play(f"draw {next(deck)}")
        elif state.phase == "place":
            table.play("place 0 0")
        elif state.column is not None:
            table.play(table.legal()[0])  # the card left in the column
        else:
            left = len(state.pool) + sum(len(column) for column in state.columns)
            offered = [int(text.split()[1]) for text in table.legal()]
            if left == 4:  # the second-to-last round: Player 2 holds the deck
                card = 1
            elif left == 2:  # the last round: Player 1 holds the deck, and 2 and 11 are all that is left
                card = 2
            else:
                card = min(c for c in offered if not any(c in col and waiting & set(col) for col in state.columns))
            table.play(f"take {card}")
    # upright in column 0 the card shows G at its band y: on the R-R-R card (bands 0-2) for y = 0, 1, 2
    covering = {"place 0 0", "place 0 1", "place 0 2"}
    return table.blunder_and_finish("place 0 0", set(table.legal()) - covering)


SCENARIOS: dict[str, Callable[[], Planted]] = {
    "nuts-sorting": nuts_sorting,
    "nuts-factory": nuts_factory,
    "nut-hunt": nut_hunt,
    "in-the-nuts": in_the_nuts,
    "nut-cards": nut_cards,
}


def state_at(record: Record, game: Game, step: int) -> State:
    """The game's state just before record.actions[step] (a copy: replay goes on changing its own)."""
    for index, (state, _) in enumerate(replay(record, game)):
        if index == step:
            return state.clone()
    raise IndexError(step)


def endings(state: State, limit: int = 5_000) -> Iterator[State]:
    """Every way the game can end from `state`: each chance outcome and each legal decision in turn (only for
    the last moves of a game: at most `limit` ends)."""
    stack = [state]
    found = 0
    while stack:
        here = stack.pop()
        if here.is_terminal():
            found += 1
            assert found <= limit, "not the end of a game: too many ways to go on"
            yield here
            continue
        moves = [action for action, _ in here.chance_outcomes()] if here.is_chance() else here.legal_actions()
        stack.extend(here.child(move) for move in moves)
