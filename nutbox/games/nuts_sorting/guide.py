"""Nuts Sorting for players (core/guide.py): the rules in our own words, in the order a newcomer learns them.

Every picture comes from one game, dealt from seed 1: player 2 takes black, white and gray, which leaves
player 1 the first move, and the game runs to player 1's win after 23 turns (tests/games/nuts_sorting/test_guide.py
replays each position).
"""

from __future__ import annotations

from nutbox.core import Example, Guide, Section

# The choice and the two setup removals of the game the pictures come from.
SETUP = ("choose bwg", "remove a2", "remove e6")
# The rest of that game, turn by turn: player 1 (red, blue, yellow) moves first.
TURNS = (
    "e2-e6", "a5-a2", "a1-a5", "d1-e2", "c4-f7", "c2-c4", "d6-d1", "f8-d6", "i8-f8", "e8-i8", "a4-e8",
    "x g8", "x d8", "x h5", "x e1", "h7-h5", "x g3", "x a2", "x i5", "x b6", "x a5", "x d5", "x b1",
)

GOAL = Section(
    "The goal",
    paragraphs=(
        "Sixty nuts in six colours lie mixed up on a hexagonal board. One player owns the red, blue and yellow "
        "nuts, the other the black, white and gray ones. You win the moment each of your three colours forms a "
        "single group, however many or few nuts it has left.",
        "Only you ever move or take your own nuts. The board is shared, though: every cell you empty or fill "
        "changes what your opponent can do too.",
    ),
)

BOX = Section(
    "What is in the box",
    paragraphs=(
        "A board of 61 hexagonal cells, itself shaped like a hexagon with five cells along each side, and "
        "sixty nuts, ten of each colour, in two colour sets:",
    ),
    items=("Red, blue and yellow", "Black, white and gray"),
)

TERMS = Section(
    "Cells, groups and lines",
    paragraphs=(
        "Each cell has a name: a row letter, from a at the bottom to i at the top, and a number. In the "
        "pictures the name is printed small under each nut, and each nut carries the first letter of its "
        "colour, except black, which is K.",
        "Two cells are neighbours when they share an edge; a cell away from the rim has six neighbours.",
        "A group is a cluster of nuts of one colour, each joined to the others through neighbouring cells. A "
        "nut with no neighbour of its own colour is a group by itself. The size of a group is the number of "
        "nuts in it.",
        "Three lines pass through every cell: the straight rows of cells joined edge to edge, one running "
        "across the board and two slanting. Only these three count: a path that leaves a cell through one of its "
        "corners is not a line.",
        "A player is sorted when each of their three colours is exactly one group.",
    ),
)

SETTING_UP = Section(
    "Setting up",
    paragraphs=(
        "One player scatters the nuts over the board at random, one to a cell, so that exactly one cell stays "
        "empty. That player is player 1 and the other is player 2; at this table the scattering is done for "
        "player 1.",
        "Then, in this order:",
    ),
    items=(
        "Player 2 chooses either one of the two colour sets or the first move.",
        "Player 1 gets what player 2 did not choose. If player 2 took a colour set, player 1 has the other set "
        "and the first move. If player 2 took the first move, player 1 chooses a colour set, and the other set "
        "goes to player 2. (A table option, off unless chosen, lets player 1 answer a colour set by deciding who "
        "moves first instead.)",
        "The player who moves second takes two nuts off the board, one of their own colours and one of their "
        "opponent's, in either order. Three cells are now empty.",
        "The first player takes the first turn.",
    ),
    examples=(
        Example(
            "A fresh board: sixty nuts and one empty cell, f7. Player 2 decides first, and may take either "
            "colour set (the two panels under the board) or the first move (the button beside the board).",
            seat=1,
            targets=True,
        ),
        Example(
            "Player 2 took black, white and gray, so player 1 moves first and player 2, moving second, removes. "
            "The lone gray nut from a2 is already gone; now only red, blue and yellow nuts are outlined, because "
            "the second nut must be one of the opponent's.",
            decisions=SETUP[:2],
            seat=1,
            targets=True,
        ),
    ),
)

MOVING = Section(
    "A turn: moving a nut",
    paragraphs=(
        "Players take turns, starting with the first player, and nobody may pass. On your turn you do exactly "
        "one thing: move one nut, or pick up one group.",
        "To move, take one nut of your colours and put it on an empty cell on one of the three lines through "
        "it. It may travel any distance and fly over nuts and empty cells alike.",
        "The move is allowed only if the nut ends up in a bigger group than the one it was in. Count the nut "
        "itself both times: a lone nut that lands next to a pair is now in a group of three, up from one. The "
        "group it leaves may fall apart; that does not matter, only the nut's new group is compared with its "
        "old one.",
        "A nut that lands with no neighbour of its colour would be a group of one, never bigger, so every move "
        "brings a nut next to others of its colour.",
    ),
    examples=(
        Example(
            "Player 2 took the blue nut from e6 and split a blue group in two. Each small chip in an empty cell "
            "is a move player 1 may make, labelled with the cell the nut would come from. The blue nut on e2 "
            "can fly along its row over e3, e4 and e5 into e6, joining both halves: a group of six, up from one.",
            decisions=SETUP,
            seat=0,
            targets=True,
        ),
    ),
)

PICKING_UP = Section(
    "A turn: picking up a group",
    paragraphs=(
        "Instead of moving, you may take one whole group of your colours off the board, whatever its size. "
        "Those nuts are out of the game.",
        "There is one limit: you may never take the last group of a colour, so every colour keeps at least one "
        "nut on the board.",
        "While you are not sorted, some colour of yours has two groups or more, so you can always pick one of "
        "them up and are never stuck. Picking up brings you one group closer to the win, but the cells it "
        "empties are open to your opponent's nuts as well.",
    ),
    examples=(
        Example(
            "Later in the same game. Three long jumps have made blue one group of nine, so it has no × mark: the "
            "last group of a colour cannot be picked up. Every red and yellow group can, whatever its size, and "
            "each carries a × on one of its nuts.",
            decisions=SETUP + TURNS[:12],
            seat=0,
            targets=True,
        ),
    ),
)

THE_END = Section(
    "The end of the game",
    paragraphs=(
        "The game ends the moment a player is sorted, and that player wins. A turn changes only the mover's "
        "colours, so only the player who has just moved can become sorted. There are no points to count.",
        "The setup removals can already leave a player sorted; that player then wins before anyone has moved. "
        "If they leave both players sorted, the rulebook names no winner: here it counts as a draw, and an "
        "option can give the win to the first or the second player instead.",
        "Every game does come to an end. A move always builds a group bigger than any it broke up or joined, "
        "so a colour's groups, compared from the biggest down, only ever improve, and picked-up nuts never "
        "return: the same board cannot come back. The rulebook has no rule about repeated positions and none "
        "is needed; the optional draw on a third repetition is off and only a safeguard.",
    ),
    examples=(
        Example(
            "Player 1 wins after 23 turns: red, blue and yellow are one group each, although only three red and "
            "three yellow nuts are left. Player 2 still has every colour in two groups.",
            decisions=SETUP + TURNS,
        ),
    ),
)

GUIDE = Guide(
    for_phase={  # the section that explains each phase's decision
        "choose": "Setting up",
        "remove": "Setting up",
        "play": "A turn: moving a nut",
    },
    summary="A race for two on a hexagonal board: sort your three colours of nuts into one group each, by "
    "moving nuts and lifting whole groups away, before your opponent sorts theirs.",
    sections=(GOAL, BOX, TERMS, SETTING_UP, MOVING, PICKING_UP, THE_END),
)
