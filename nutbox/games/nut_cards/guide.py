"""Nut for players: the rules in our own words, as a newcomer learns them (core/guide.py).

Where the rulebook is open, the text says what nutbox does (docs/rules-decisions.md, "Nut"). Every picture is
a real position: the examples replay their decisions from a seeded deal, and tests/games/nut_cards/test_guide.py
checks that each one still does.
"""

from __future__ import annotations

from nutbox.core import Example, Guide, Section

TWO = {"players": 2}

# One game for two (seed 1), followed from the placing example to the end. The deck's order depends on the
# seed alone, so these decisions fit its deal: Player 1 builds red around a squirrel and a wild nut.
OPENING = (
    "take 5", "place 0 0", "take 26", "place 0 0",
    "take 8", "place 1 0", "take 23", "place 0 -3",
    "take 1", "place 1 -2", "take 3", "place -1 0",
    "take 13", "place 2 0", "take 27", "place -1 0",
    "take 2", "place -2 0", "take 22", "place 0 3",
)
TAKES_CARD_1 = OPENING[:9]  # Player 1 holds card 1, about to place it
# the rest of the game as a greedy player went on: each decision the one that scored most at once
PLAYED_OUT = (
    *OPENING,
    "take 20", "place 1 3", "take 25", "place 2 -3", "take 9", "place -1 -2", "take 30", "place 0 2",
    "take 28", "place 2 1", "take 4", "place 2 -1", "take 6", "place -2 -3", "take 17", "place 0 -2",
    "take 29", "place 3 1", "take 11", "place -2 0", "take 10", "place 1 1", "take 18", "place 2 3",
    "take 7", "place -1 -3", "take 12", "place 3 -3", "take 19", "place -3 -1", "take 24", "place 4 1",
    "take 16", "place 3 -1", "take 21", "place -4 0", "take 15", "place -4 -2", "take 14", "place 3 3",
)

GUIDE = Guide(
    for_phase={  # the section that explains each phase's decision
        "take": "A round: drafting",
        "place": "Placing a card",
    },
    summary="Draft cards from three face-up columns and overlap them in a layout of your own, so that nuts of "
    "one colour join into big clusters. Squirrels double the clusters they touch, and wild nuts join any colour.",
    sections=(
        Section(
            "The goal",
            paragraphs=(
                "Each player builds a layout of cards on the table in front of them, laying cards beside and "
                "over each other so that nuts of the same colour meet. At the end, every colour in your layout "
                "scores its largest group of touching nuts, and the player with the most points wins.",
            ),
        ),
        Section(
            "What is in the box",
            paragraphs=(
                "A deck of 30 cards. Two lines printed across each card cut it into three equal strips, which "
                "we call bands. A band holds one nut or is empty.",
                "Every card shows a row of trees along one long edge and open sky along the other; that matters "
                "when you place it. The rulebook does not show the card faces, so the colours on the cards here "
                "are our reconstruction: 15 nuts of each colour, spread over the 20 nut cards.",
            ),
            items=(
                "20 nut cards, with a nut in each band: red, gold, green or brown",
                "6 squirrel cards, with a squirrel in the middle band and nothing above or below it",
                "4 wild-nut cards, with a wild nut in the middle band and nothing above or below it",
            ),
        ),
        Section(
            "Setting up",
            paragraphs=(
                "Shuffle the deck. Player 1 deals three columns of face-up cards in the middle of the table, "
                "each with one card per player: two cards each in a game for two, three in a game for three. "
                "Player 1 keeps the rest of the deck face down and is the first deck holder.",
                "Nothing is secret: the cards on offer and every layout lie face up, and nobody knows the order "
                "of the deck.",
            ),
            examples=(
                Example(
                    "A new game for two. The three columns hold two cards each and the other 24 cards wait in the "
                    "deck. Player 1 holds the deck and may take any of the six cards, so all of them are marked.",
                    options=TWO,
                    seat=0,
                    targets=True,
                ),
            ),
        ),
        Section(
            "A round: drafting",
            paragraphs=(
                "The game is played in rounds. At the start of a round the deck holder deals from the deck until "
                "every column again has one card per player. Then the deck holder takes any card from any column "
                "and places it in their layout (the next section says how).",
                "The next player to the left then takes one of the cards left in that same column and places "
                "it, and so on round the table until everyone has taken a card, which empties the column. The "
                "deck then passes to the left: that player is the deck holder for the next round.",
                "Once the deck runs out nothing is refilled, and the last rounds use up the cards still in the "
                "columns. A game for two lasts 15 rounds and a game for three 10, so every card ends up in a "
                "layout.",
            ),
            examples=(
                Example(
                    "A game for three, just begun. Player 1, the deck holder, took a card from column 2 and "
                    "started a layout with it. Player 2 must now take one of the two cards still in column 2 "
                    "(marked); the other columns are out of reach this round, and Player 3 gets the card left "
                    "over.",
                    ("take 8", "place 0 0"),
                    options={"players": 3},
                    seat=1,
                    targets=True,
                ),
            ),
        ),
        Section(
            "Placing a card",
            paragraphs=(
                "Your layout grows on a grid: each column is one card wide and each row one band high. Cards "
                "always stand on end, never sideways, and once placed they never move.",
                "Your first card may stand either way up; the rules below then settle which way up every later "
                "card stands.",
            ),
            items=(
                "Trees meet trees and sky meets sky: where two cards stand side by side, the edges that meet "
                "must match. So the columns alternate, upright cards in one and upside-down cards in the next, "
                "and a card upside down shows its nuts in the reverse order.",
                "Lines meet lines: a card's edges and lines line up with those of the cards it meets, so a card "
                "in the next column is level with its neighbour or one or two bands higher or lower.",
                "A new card must touch your layout, sharing part of an edge with a card already there (corners "
                "alone do not count), or lie over part of it.",
                "You may cover cards, even entirely. A card hides whatever lies under it, its empty bands too.",
                "A squirrel card must show its squirrel right side up, so it only goes in the upright columns.",
            ),
            examples=(
                Example(
                    "Player 1 has taken card 1, three red nuts. Each dashed box marks the middle band of a place "
                    "it may go: in column 0 above, below or over the two cards there, or in the upside-down "
                    "columns on either side, wherever it would share part of an edge with them. Put in column 1 "
                    "beside the squirrel, its nuts would join the red nuts of card 5, as the picture under Scoring "
                    "shows.",
                    TAKES_CARD_1,
                    options=TWO,
                    seat=0,
                    targets=True,
                ),
            ),
        ),
        Section(
            "Scoring",
            paragraphs=(
                "A cluster is a group of visible nuts of one colour, each touching another above, below, left "
                "or right of it (corners do not count). A single nut is a cluster too.",
                "Each colour scores only its largest cluster in your layout, the one with the most nuts, a point "
                "for each nut in it; the other clusters of that colour score nothing, even a smaller one that "
                "squirrels double to more points. Of two clusters of a colour equally large, the one worth more "
                "counts.",
                "A layout can be scored at any moment, so the table keeps every score up to date and outlines "
                "in each colour the cluster that counts.",
            ),
            items=(
                "A wild nut belongs to every colour: it counts as a nut in each cluster it touches, even in two "
                "colours at once, and it can link two clusters of one colour into one.",
                "A squirrel is worth nothing itself, but it doubles every cluster it touches, whatever the "
                "colour, and links the clusters of one colour around it into one.",
                "A cluster touching two squirrels is doubled twice, four times its nuts, and three squirrels "
                "make it eight times. The rulebook does not settle this; it is our reading, and an option "
                "doubles a cluster only once however many squirrels touch it.",
                "A cluster needs at least one real nut of its colour: wild nuts and squirrels alone score "
                "nothing.",
                "Players who take the largest cluster to mean the one worth the most points can choose that in "
                "the options: each colour then scores its cluster worth the most.",
            ),
            examples=(
                Example(
                    "Player 1's red cluster runs over cards 5 and 1 and takes in the wild nut on its left, 6 "
                    "nuts; the squirrel above touches it, so it scores 12. The same wild nut also counts in the "
                    "gold cluster of card 2, 4 points, while the lone gold nut on card 5 is a smaller gold "
                    "cluster and scores nothing: 16 in all. In Player 2's layout one squirrel doubles both the "
                    "green and the brown cluster beside it.",
                    OPENING,
                    options=TWO,
                ),
            ),
        ),
        Section(
            "The end of the game",
            paragraphs=(
                "The game ends when the last card has been taken and placed, leaving the columns and the deck "
                "empty. Everyone's score is counted and the most points wins.",
                "If players tie on points, the one whose largest cluster that counts holds the most nuts (wild "
                "nuts included) wins. If that is level too, they share the win.",
            ),
            examples=(
                Example(
                    "The game of the last two pictures, played to the end. Player 1's red cluster grew to 11 "
                    "nuts and touches three squirrels, so it is doubled three times, 88 points. Player 1 wins, "
                    "114 to 59.",
                    PLAYED_OUT,
                    options=TWO,
                ),
            ),
        ),
    ),
)
