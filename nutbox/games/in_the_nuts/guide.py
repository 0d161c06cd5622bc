"""In the Nuts! for players (core/guide.py): the rules in our own words, as a newcomer learns them, with six
positions from real games drawn by the board renderer.

Each example's decisions were found by playing from a new game with chance drawn from its seed (the
greedy bot chose, so the play is ordinary); tests/games/in_the_nuts/test_guide.py replays every one.
"""

from __future__ import annotations

from nutbox.core import Example, Guide, Section

SETUP_EXAMPLE = Example(
    caption="Three players, before the first turn. Player 2 has put their one squirrel in 5-6, and Player 3 "
            "has put the first of their two in 8-9. The sections marked for Player 3's second squirrel are "
            "every section except 8-9, which already holds one of theirs, and the raccoon field over 7. "
            "Sharing 5-6 with Player 2 is allowed.",
    decisions=("store B 1", "store B 1", "store A 1", "preplace 5-6", "preplace 8-9"),
    options={"players": 3},
    seat=2,
    targets=True,
)

PLACE_EXAMPLE = Example(
    caption="Player 2 has already placed squirrels on 3 and 11 this turn and has rolled green 3 with whites "
            "1 and 6. Green plus one white gives 4 or 9: both spaces are empty, so both are marked and "
            "Player 2 picks one.",
    decisions=("store W 1", "store A 3", "preplace 2-4", "place 7", "stop", "place 3", "roll", "place 11", "roll"),
    options={"players": 2},
    seed=59,
    seat=1,
    targets=True,
)

STOP_EXAMPLE = Example(
    caption="Player 1 has five squirrels on the track, on 5, 6, 8, 9 and 10, and must choose. Stopping now "
            "puts two of them in 5-6 and, with the one already there, three in 8-9: enough to collect the "
            "nuts under both sections, and it pushes Player 2's squirrel in 8-9 up. Rolling again could add "
            "a sixth squirrel, but 79 of the 216 possible rolls land only on taken spaces and would send all "
            "five home.",
    decisions=("store W 1", "store A 3", "preplace 2-4", "place 7", "stop", "place 3", "roll", "place 11", "roll",
               "place 9", "roll", "place 9", "stop", "stop", "place 8", "roll", "place 5", "roll", "roll",
               "place 10", "roll"),
    options={"players": 2},
    seed=59,
)

THREE_EXAMPLE = Example(
    caption="It is Player 1's turn, yet Player 2 collects. Player 1's collections in 2-4 and 5-6 pushed two "
            "of Player 2's squirrels up into the left section of the 3-squirrel area, where one already "
            "stood. Those three have gone home, and Player 2 now chooses between the two face-up nuts under "
            "the left half of the board, both marked. Player 1's card 2 is full: turned over, it is worth "
            "its 5 points.",
    decisions=("store B 5", "store A 1", "preplace 2-4", "stop", "place 7", "stop", "stop", "place 6", "stop",
               "place 5", "roll", "place 9", "roll", "place 7", "roll", "roll", "stop", "store A 4",
               "store W 3", "place 6", "stop", "place 2", "roll", "roll", "place 5", "roll", "roll", "stop",
               "store H 2", "store H 2", "store W 3"),
    options={"players": 2},
    seed=71,
    seat=1,
    targets=True,
)

STEAL_EXAMPLE = Example(
    caption="Player 1 collected on the raccoon field over 7 and has taken a face-up nut, a joker kept for "
            "later; now comes the theft. The marked cards are every card of the other players that holds a "
            "nut: three of Player 2's and one of Player 3's. Whoever Player 1 robs will have David beside "
            "them.",
    decisions=("store H 5", "store W 3", "store B 3", "preplace 2-4", "preplace 2-4", "preplace 5-6", "place 7",
               "stop", "place 3", "roll", "roll", "roll", "roll", "stop", "store A 4", "store B 1", "stop",
               "place 7", "roll", "roll", "roll", "roll", "stop", "store W 3", "take 2", "keep"),
    options={"players": 3},
    seed=95,
    targets=True,
    seat=0,
)

STORE_EXAMPLE = Example(
    caption="Player 2 collected on the raccoon field and stole Player 1's only acorn, so David now stands by "
            "Player 1. The stolen acorn has to be stored straight away. The marked cards are the ones it may "
            "go on: card 2, which already holds an acorn and would be full, or an empty card. Cards 3 and 4 "
            "hold a walnut and a hazelnut, so they are not marked.",
    decisions=("store A 4", "store W 3", "preplace 2-4", "place 3", "stop", "stop", "stop", "place 4", "roll",
               "roll", "place 8", "roll", "roll", "stop", "store H 4", "take 1", "store A 2"),
    options={"players": 2},
    seed=3,
    seat=1,
    targets=True,
)

GUIDE = Guide(
    for_phase={  # the section that explains each phase's decision
        "deal": "Setting up",
        "preplace": "Setting up",
        "place": "A turn: rolling and placing",
        "decide": "A turn: rolling and placing",
        "collect": "Collecting nuts",
        "final": "Storing nuts",
    },
    summary="A push-your-luck game for 2 to 4 players: roll the dice to line up squirrels, stop before a bad "
            "roll sends them home, and let them climb the board to gather nuts for your storage cards, while "
            "David the raccoon helps the others raid what you have stored.",
    sections=(
        Section(
            title="The goal",
            paragraphs=(
                "Gather nuts and store them on your eight storage cards. A card you fill completely is worth "
                "its printed value, far more than the nuts on it would be worth one by one, and it is safe "
                "from thieves. Whoever has the most points at the end wins.",
            ),
        ),
        Section(
            title="What is in the box",
            paragraphs=(
                "The board has a starting track at the bottom, numbered 2 to 12. Above it are three rows "
                "divided by hedges into sections. The rows are named for how many squirrels of one colour a "
                "section needs to collect a nut: the 2-squirrel area (five sections), the 3-squirrel area "
                "(three) and the 4-squirrel area (one long section at the top).",
                "Each section of the 2-squirrel area stands over some spaces of the track: 2-4, 5-6, 7, 8-9 "
                "and 10-12. The section over 7 and the middle section of the 3-squirrel area are raccoon "
                "fields, shown in grey. The left section of the 3-squirrel area stands over 2 to 6 and the "
                "right one over 8 to 12. Four nut cards lie face up below the track, under 2-4, 5-6, 8-9 "
                "and 10-12; these are the face-up nuts, numbered 1 to 4 from the left. Nothing lies under 7.",
                "The rulebook does not print every card. Here each player's storage cards hold 2, 2, 3, 3, "
                "4, 4, 5 and 6 nuts and are worth 5, 5, 10, 10, 15, 15, 20 and 30 points when full, and "
                "there are two jokers for each pair of nuts. Some of these numbers are our reconstruction.",
            ),
            items=(
                "the board and David the raccoon",
                "15 squirrels for each player, in the player's colour; the ones not on the board are your "
                "supply",
                "three dice: one green and two white",
                "60 nut cards: 12 each of walnuts, hazelnuts, beechnuts and acorns (the plain nuts), and 12 "
                "jokers that each show two different nuts",
                "eight storage cards for each player",
            ),
        ),
        Section(
            title="Setting up",
            paragraphs=(
                "Each player takes the squirrels of one colour and a set of eight storage cards. Player 1 "
                "takes the first turn (the rulebook lets whoever last saw a squirrel start), and play goes "
                "round in seat order. Before the first turn:",
            ),
            items=(
                "With two players, take two of each plain nut out of the game; with three players, one of "
                "each. All twelve jokers always stay in.",
                "Shuffle the nut cards and lay four face up below the track.",
                "Each player draws one card and stores it at once on a storage card of their choice. This "
                "first card is never kept, even a joker (see \"Storing nuts\"); an option lets a first joker "
                "be kept like any other.",
                "Put eight cards aside face down for the end of the game. The rest are the draw pile.",
                "The other players put squirrels from their supply into the 2-squirrel area: Player 2 puts "
                "one, Player 3 two and Player 4 three. Nobody may put two squirrels in the same section, "
                "and nobody may use the raccoon field.",
            ),
            examples=(SETUP_EXAMPLE,),
        ),
        Section(
            title="A turn: rolling and placing",
            paragraphs=(
                "Roll all three dice. Add the green die to one of the white dice, whichever you like, and "
                "put a squirrel from your supply on the starting space with that number. Each space holds "
                "only one squirrel, so you can only use a space that is still empty.",
                "After each squirrel you choose: stop, or roll again. If you stop, every squirrel of yours "
                "on the track moves straight up into the section of the 2-squirrel area above its space. If "
                "your supply is empty, you have to stop.",
                "If you roll again and neither sum gives an empty space, that is a bad roll: your turn ends "
                "at once and every squirrel you put on the track this turn goes back to your supply. The "
                "more squirrels you have on the track, the more likely that becomes.",
                "When only one choice is possible, such as a single empty space or a single nut to take, "
                "the table makes it for you.",
            ),
            examples=(PLACE_EXAMPLE, STOP_EXAMPLE),
        ),
        Section(
            title="Collecting nuts",
            paragraphs=(
                "At the end of every turn, even after a bad roll, the board is checked from the bottom row "
                "up, each row from left to right. Every player who has enough squirrels in a section "
                "collects a nut there, whoever's turn it is. Collecting sends that many of your squirrels "
                "from the section back to your supply. Each face-up nut that is taken is replaced at once "
                "from the draw pile. If you still have enough squirrels in the section, you collect again "
                "and may take the replacement: the rulebook says so for the 2-squirrel area, and we do the "
                "same in the others.",
                "Being pushed up is not all bad: squirrels that move up can complete a group in the row "
                "above and collect there, even in another player's turn. Your own squirrels are never "
                "pushed.",
                "If several players can collect in the same section, the player after the one whose turn "
                "it is goes first and so on round the table, the player whose turn it is last. That is our "
                "reading of the rulebook; an option lets the player whose turn it is go first instead.",
            ),
            items=(
                "2-squirrel area: two of your squirrels in a section take the face-up nut under it. "
                "Everyone else's squirrels in that section move up into the 3-squirrel section above. Over "
                "2-4 and 10-12, which have three spaces, you can end a turn with four and collect twice.",
                "3-squirrel area: three of your squirrels take either of the two face-up nuts under that "
                "half of the board. The other players' squirrels there move up into the 4-squirrel area, "
                "except those of a player who has three too: they stay and collect next.",
                "4-squirrel area: four of your squirrels take any face-up nut. Nobody is pushed.",
            ),
            examples=(THREE_EXAMPLE,),
        ),
        Section(
            title="The raccoon fields",
            paragraphs=(
                "Collecting on a raccoon field works as in the rest of its row (two squirrels over 7, three "
                "in the middle of the 3-squirrel area, and the other players' squirrels move up), but the "
                "reward is bigger: you take any face-up nut you like, and then you steal one nut from "
                "another player.",
                "You may steal only a plain nut, never a joker, and only from a card that is not full. David "
                "the raccoon then moves to the player you robbed and guards them: nobody may steal from that "
                "player until David moves on. If there is nothing you may steal, you get just the face-up "
                "nut and David stays where he is.",
            ),
            examples=(STEAL_EXAMPLE,),
        ),
        Section(
            title="Storing nuts",
            paragraphs=(
                "Every nut you get goes at once onto one of your storage cards. A card holds only one kind "
                "of nut, and a nut never moves to another card later. When a card is full it is turned "
                "over: it is finished, and no one can steal from it.",
                "A joker counts as either of the two nuts it shows. You may store it as one of them right "
                "away, or keep it beside your cards for later. Whenever you store a nut after that, you may "
                "first put kept jokers on your cards as well, for instance to fill a card, which makes it "
                "safe from thieves. Jokers you still keep at the end are stored after the last picks. Jokers "
                "can never be stolen, whether kept or on a card.",
                "If none of your cards can take a nut, because they are all full or hold other kinds, that "
                "nut is lost. A card that loses its last nut to a thief is empty again and may take any "
                "kind of nut.",
            ),
            examples=(STORE_EXAMPLE,),
        ),
        Section(
            title="Scoring",
            paragraphs=(
                "A full storage card scores the value printed on it. Every other nut on your cards, a joker "
                "included, scores one point. The points shown beside each player during the game are "
                "counted the same way.",
            ),
            items=(
                "a full card for four nuts: 15 points",
                "a card for six nuts holding three: 3 points",
                "a joker still kept: nothing until it is stored",
            ),
        ),
        Section(
            title="The end of the game",
            paragraphs=(
                "The end comes when a face-up nut is replaced with the last card of the draw pile. The eight "
                "cards put aside at the start become the new draw pile, and the collecting of that turn "
                "finishes as usual.",
                "Then every squirrel still on the board moves up into the 4-squirrel area, and each player "
                "takes one face-up nut for every four of their squirrels there, each replaced at once while "
                "cards last. The players pick in the same order as when several collect in one section, "
                "each taking all of their nuts in a row. Finally everyone stores the jokers they still keep.",
                "The player with the most points wins. If players tie, the one with the most valuable full "
                "card wins; if that ties too, they share the win.",
            ),
        ),
    ),
)
