"""Nut Hunt for players (core/guide.py): the rules in our own words, in the order a newcomer learns them.

Four pictures come from one two-player game dealt from seed 1 (the Frog Pond lands in the centre), each a few
turns further on; the fifth is a solo game from the same seed. tests/games/nut_hunt/test_guide.py replays
every position and checks that it shows what its caption says.
"""

from __future__ import annotations

from nutbox.core import Example, Guide, Section

TWO = {"players": 2}
SOLO = {"players": 1}
# The two-player game: player 1 (yellow) keeps Mouse Meadow to The Tangle and Mouse Meadow to Maple Glade,
# player 2 (blue) keeps Acorn Ridge to Fern Gully and The Tangle to Pine Barrens.
DEALT = ("discard 26", "discard 18")
PLACED = (*DEALT, "place MG", "forage WP", "place TT", "forage HP", "place BG", "forage AP", "place RP", "forage AW")
# Turn 1: the fox lands on Rabbit Patch and yellow's squirrel there runs to Clover Field.
TURN_1 = (*PLACED, "scatter CF", "forage AW")
# Turns 1 to 3: yellow builds a nest on Clover Field; turn 4 begins with the fox bouncing onto Muckville Marsh.
TURN_4 = (*TURN_1, "recruit CF", "forage AW", "recruit MU", "forage AA", "recruit CF")
# Turns 4 to 6: blue's third squirrel on The Tangle makes a nest there, where yellow has a squirrel.
TURN_6 = (*TURN_4, "scatter TT", "forage HW", "recruit SK", "forage AA", "recruit TT", "forage AA", "recruit TT")
# The solo game: after setup and the player's first turn, the Automa has taken one turn of its own.
SOLO_TURN_3 = ("discard 26", "place MG", "forage WP", "place RP", "forage AW", "forage AW", "trade WWW H", "recruit MG")

GOAL = Section(
    "The goal",
    paragraphs=(
        "You lead a band of squirrels in a forest of 19 tiles. You gather nuts, spend them on more squirrels, "
        "and crowd three of your squirrels onto one tile to build a nest. Nests are worth points, and so are "
        "your objectives: secret cards that each name two tiles for you to link with an unbroken chain of your "
        "squirrels and nests.",
        "A fox roams the forest all game long. Wherever it stops, the squirrels there run off to neighbouring "
        "tiles, which can break a chain you were building or, with luck, push your squirrels together. The game "
        "ends as soon as anyone builds a fourth nest, and the highest score wins.",
        "Nut Hunt is for 2 to 5 players, or for one player against the Automa, a rival driven by cards and the "
        "die.",
    ),
)

BOX = Section(
    "What is in the box",
    paragraphs=(
        "The printed tiles and cards are not published, so the names of some tiles, what every tile forages and "
        "costs, and the list of objectives are nutbox's reconstruction. Pieces never run out at this table: if a "
        "real box would be short of squirrels or nuts, play goes on as if there were more.",
        "The pieces, with the names this guide gives them:",
    ),
    items=(
        "19 forest tiles, hexagons that together make the forest.",
        "The fox, one figure that moves from tile to tile.",
        "The fox die, whose six faces each point one of the six ways out of a hexagon; the fox compass card says "
        "which face means which way.",
        "Squirrels and nests in five colours, one colour for each player. In the pictures the Automa plays black.",
        "Nut cards of four kinds: acorns, hazelnuts, walnuts and pine nuts. Everyone's nuts are public.",
        "45 objective cards, each naming two tiles and the points for linking them. The objectives in your hand "
        "stay secret until the end.",
    ),
)

TILES = Section(
    "Reading a tile",
    paragraphs=(
        "Two tiles are neighbours when they share an edge. Each tile tells you two things about nuts: what you "
        "forage there, meaning the kinds of nut you may collect from it, and its recruit cost, the nuts you pay "
        "to put a new squirrel on it. In the pictures the nuts are shortened to their first letters, and each "
        "tile also carries a two-letter short name above its full name.",
        "Ten tiles have a green border. These are the starting tiles, where the first squirrels go, and each of "
        "them costs only two nuts; the others cost three or four.",
        "Two tiles are special. No squirrel is ever recruited onto the Frog Pond or scatters onto it, but the fox "
        "may cross it and stop there; nutbox lets the active player forage any kind of nut from it, as the rules "
        "do not say what it gives. The Pine Barrens cannot be recruited onto either: the only way in is to "
        "scatter there.",
    ),
)

SETTING_UP = Section(
    "Setting up",
    paragraphs=(
        "Lay the tiles at random in a hexagon, in rows of three, four, five, four and three, all facing the same "
        "way. The fox goes on the centre tile, whatever it is.",
        "Deal everyone three objectives. Each player keeps two and puts the third face down under the objective "
        "deck. Two objectives that share a tile, or run along the same stretch of forest, are much easier to "
        "complete together than two at opposite corners.",
        "Then the first squirrels go out. In seat order each player puts one squirrel on a free starting tile and "
        "at once forages two nuts from it, any mix of the kinds that tile shows. Then the order runs backwards, "
        "so with four players it goes 1, 2, 3, 4, 4, 3, 2, 1, and everyone ends up with two squirrels and four "
        "nuts. A starting tile is free when it holds no squirrel and no fox, so a green centre tile stays empty.",
        "With five players and a green centre tile, one starting tile too few is free, so the order is 1, 2, 3, "
        "4, 5, 4, 3, 2, 1, 5 and player 5's second squirrel may join a starting tile that is already taken (but "
        "never the fox's).",
        "Player 1, in the first seat, takes the first turn.",
    ),
    examples=(
        Example(
            "A new two-player forest with the Frog Pond in the centre, so the fox, the orange disc, starts there. "
            "Both players have chosen their objectives, and yellow, player 1, places first: the highlighted tiles "
            "are the ten green-bordered starting tiles, all still free.",
            DEALT,
            TWO,
            seat=0,
            targets=True,
        ),
    ),
)

FOX = Section(
    "A turn: the fox moves",
    paragraphs=(
        "Turns pass in seat order. The player whose turn it is, the active player, first moves the fox, which "
        "always happens, and then may take one optional action.",
        "To move the fox, roll the fox die. The face gives a direction, and the fox steps exactly one tile that "
        "way. If there is no tile in that direction because the fox stands on the edge of the forest, it "
        "bounces: it steps one tile the opposite way instead.",
        "Any squirrels on the tile where the fox stops must scatter, as the next section explains. Then the "
        "active player forages two nuts from that tile: any two of the kinds it shows, the same kind twice if "
        "you like.",
    ),
)

SCATTERING = Section(
    "Scattering",
    paragraphs=(
        "To scatter is to run to a neighbouring tile. Squirrels scatter when the fox arrives on their tile, and "
        "when another player builds a nest there. The owner chooses where each of their squirrels goes, even in "
        "someone else's turn.",
        "Several squirrels leave one at a time: first those of the active player, then the others' in seat "
        "order. If an arriving squirrel completes a nest somewhere, the scattering from that new nest is settled "
        "completely before the earlier scattering carries on. Only the squirrels that were on a tile when the "
        "fox arrived or the nest was built have to leave it; one that runs onto a tile still being emptied may "
        "stay.",
        "A squirrel always has somewhere to go, because every tile has at least three neighbours and at most "
        "two of them are ever closed. When only one tile is open, nutbox moves the squirrel there for you.",
        "The limits on where a squirrel may run, and on what runs:",
    ),
    items=(
        "Never onto the Frog Pond.",
        "Never onto the tile where the fox stands.",
        "When fleeing the fox, never straight back onto the tile the fox has just come from.",
        "Nests never scatter: they stay where they are, whoever arrives.",
    ),
    examples=(
        Example(
            "Turn four, blue's second: the die sent the fox south-east from Fern Gully, off the edge, so it "
            "bounced back north-west onto Muckville Marsh. Blue's squirrel there must scatter (the dashed outline "
            "marks the tile being emptied): to one of the three highlighted tiles, but not back to Fern Gully, "
            "where the fox came from. Then blue forages two nuts from Muckville Marsh.",
            TURN_4,
            TWO,
            seat=1,
            targets=True,
        ),
    ),
)

ACTION = Section(
    "A turn: one optional action",
    paragraphs=(
        "After the fox has moved and you have foraged, you may take one optional action. Trading is not one of "
        "them: it is free, and whenever you have a decision to make, at any point in the game, you may swap three "
        "nuts of one kind for one nut of another kind, as often as you can afford.",
        "The optional actions, of which you choose one or none:",
    ),
    items=(
        "Recruit: pay a tile's cost and put one new squirrel there. Any tile will do except the Frog Pond, the "
        "Pine Barrens and the fox's tile; other players' squirrels and nests there do not matter. One squirrel "
        "a turn, however many nuts you have.",
        "Hassle the fox: pull the fox onto a neighbouring tile where you have at least one squirrel or nest. "
        "Squirrels there scatter as usual, your own too, and not back to where the fox was. Then you may forage one "
        "nut from that tile, or take none.",
        "Scout: look at the top two objective cards, keep one if you want it, and put the rest face down under "
        "the deck. Think twice: a kept objective can never be thrown away, and each one left unfinished costs "
        "points at the end. Cards put under the deck come back up only once the rest of the deck is used, in "
        "the order they went under; with one card left, scouting shows just that card, and with none you cannot "
        "scout.",
        "Pass: end your turn.",
    ),
    examples=(
        Example(
            "Yellow's first turn. The fox left the Frog Pond for Rabbit Patch, yellow's squirrel ran to Clover "
            "Field, and yellow foraged an acorn and a walnut on Rabbit Patch, so now holds two acorns, three "
            "walnuts and a pine nut. The highlighted tiles are the seven yellow can afford to recruit onto; "
            "Clover Field, next to the fox, is also where yellow could hassle it. Maple Glade is not lit: it "
            "wants a hazelnut, which yellow would first have to get by trading three walnuts.",
            TURN_1,
            TWO,
            seat=0,
            targets=True,
        ),
    ),
)

NESTS = Section(
    "Nests",
    paragraphs=(
        "The moment you have three squirrels on one tile, whether by recruiting or by scattering, they become "
        "one nest; you cannot refuse. A nest is worth 2 points at the end, never moves, and holds its tile for "
        "your objectives.",
        "When you build a nest, every other player's squirrels on that tile must scatter. This time they may go "
        "onto the tile the fox just left; only the fox's own tile and the Frog Pond are closed. Later, squirrels "
        "may come back to the tile, and one tile can hold several nests, even of several players.",
        "The competitive variant, an option suited to two players or to seasoned groups, is harsher: when a nest "
        "is built, each other player first loses one squirrel from that tile, back to their supply, and only "
        "the rest scatter. It applies to the Automa's nests and squirrels too.",
    ),
    examples=(
        Example(
            "Blue has just recruited a third squirrel onto The Tangle, and the three became a blue nest, drawn "
            "as a little house. Yellow's squirrel there has to leave, and yellow picks one of the three "
            "highlighted tiles even though it is blue's turn. Yellow's own nest on Clover Field, built on yellow's "
            "second turn, is not disturbed by anything.",
            TURN_6,
            TWO,
            seat=0,
            targets=True,
        ),
    ),
)

SCORING = Section(
    "Scoring",
    paragraphs=(
        "Points are counted only when the game is over; until then everyone's objectives stay hidden.",
        "An objective is completed when its two tiles are linked by a chain of neighbouring tiles that each hold "
        "at least one of your squirrels or nests, both end tiles included, and at least one tile of that chain "
        "holds your nest. The nest may be anywhere on the chain, and other players' pieces on those tiles make "
        "no difference.",
        "The distance bonus depends only on how far apart the two ends are: count the tiles between them on the "
        "shortest route, even one across the Frog Pond, whatever way your chain actually runs. Neighbours give "
        "no bonus; one, two or three tiles between give 1, 2 or 3 points. A failed objective costs 2 points "
        "and nothing more, however far apart its tiles are.",
        "Each player scores:",
    ),
    items=(
        "2 points for each nest;",
        "for each completed objective, the points printed on it plus a distance bonus;",
        "2 points off for each objective not completed.",
    ),
)

SOLO_PLAY = Section(
    "Playing alone against the Automa",
    paragraphs=(
        "With one player you face the Automa. Set yourself up as usual: three objectives dealt and two kept, "
        "two squirrels placed, four nuts foraged. An option deals you just two objectives instead, which you "
        "keep.",
        "Then the Automa is dealt its starting objectives face up, so you can see what it is after: two at "
        "Standard level, three at Advanced and four at Expert. It puts a squirrel on both tiles of each card in "
        "turn, even on the Pine Barrens, but never on the fox's tile. Its squirrels may pile up or share tiles "
        "with yours; three on one tile make an Automa nest, and your squirrels there scatter.",
        "You take the first turn, a normal one. On the Automa's turn the fox stays put: the top objective is "
        "turned face up, and the Automa puts a squirrel on its first tile and then on its second, skipping the "
        "fox's tile and settling any nest and scattering after each. That card then goes aside and never scores "
        "for it.",
        "An Automa squirrel that must scatter goes where the fox die points, bouncing off the edge like the fox; "
        "a direction it may not take is simply rolled again. During its own turn the Automa is the active "
        "player, so its squirrels scatter first.",
        "If the deck runs out, the cards the Automa has turned up are shuffled into a new deck; if there are "
        "none, it places nothing that turn. At the end the Automa scores its starting objectives exactly as a "
        "player would, and the same tie-breaks apply; if you are still level, you share the win.",
    ),
    examples=(
        Example(
            "A solo game at Standard level, at the start of your second turn. The black pieces are the "
            "Automa's: one on each tile of its two starting objectives, Acorn Ridge to Fern Gully and Pine "
            "Barrens to Clover Field, and two from the card it turned up on its first turn, Willow Wallow to "
            "Rabbit Patch, so it now shares Rabbit Patch with your yellow squirrel. The fox has just moved onto "
            "Muckville Marsh.",
            SOLO_TURN_3,
            SOLO,
            seat=0,
        ),
    ),
)

END = Section(
    "The end of the game",
    paragraphs=(
        "The game ends when anyone builds a fourth nest, in a solo game you or the Automa. Whatever that nest "
        "sets off is settled first: squirrels still scatter, and their scattering may even build more nests, "
        "a fifth included. Then play stops at once, in the middle of the turn, with no more foraging and no "
        "optional action.",
        "Everyone adds up their score and the highest total wins. If players tie, the one with more nests "
        "wins; if still tied, the one with more squirrels in the forest; if still tied, they share the victory.",
    ),
)

GUIDE = Guide(
    for_phase={  # the section that explains each phase's decision
        "discard": "Setting up",
        "place": "Setting up",
        "roll": "A turn: the fox moves",
        "forage": "A turn: the fox moves",
        "action": "A turn: one optional action",
        "keep": "A turn: one optional action",
        "end-turn": "Scattering",
    },
    summary="Squirrels forage for nuts, build nests and race to link the tiles on their secret objectives, while a "
    "roaming fox keeps scattering them.",
    sections=(GOAL, BOX, TILES, SETTING_UP, FOX, SCATTERING, ACTION, NESTS, SCORING, SOLO_PLAY, END),
)
