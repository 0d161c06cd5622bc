"""Nuts! for players (core/guide.py): the rules in our own words, in the order a newcomer learns them.

Every picture comes from one two-player game dealt from seed 5: player 1 lays two Crosses and the Squirrel
hunts between two Connecting Paths, then player 2 makes three paths, one of them Extra Delicious, and can
load a truck (tests/games/nuts_factory/test_guide.py replays each position).

The limits, the tiles in the supply, the trucks' points, the die and the bonus options are read from the
component data (mostly reconstructed), so the page stays true when an owner enters the real game's data.
"""

from __future__ import annotations

from nutbox.core import Example, Guide, Section
from nutbox.games.nuts_factory.components import COMPONENTS
from nutbox.games.nuts_factory.turn import DIE_WORDS

LIMITS = COMPONENTS.limits
SUPPLY = COMPONENTS.supply
TRUCK_POINTS = sorted(truck.points for truck in COMPONENTS.trucks)
DIE = ", ".join(DIE_WORDS[face] for face in COMPONENTS.die)

# The game the pictures come from, turn by turn.
PLAYER_1 = ("build cross r1c3", "build cross r2c4", "hunt right", "done")
PLAYER_2 = ("build cross r1c5", "build cross r4c6", "hunt right")
OPTIONS = {"players": 2}
SEED = 5


def bonus_options(side: int, name: str) -> tuple[str, ...]:
    """Every different option on one side of the bonus cards, as the card data words it."""
    texts = dict.fromkeys(card.options[side].text for card in COMPONENTS.bonus_cards)
    return tuple(f"{name}: {text[0].lower()}{text[1:]}." for text in texts)


GOAL = Section(
    "The goal",
    paragraphs=(
        "You work on the floor of a nut factory. Dispensers at the top drop almonds, cashews, peanuts and "
        "pistachios; boxes wait at the bottom. Each turn you rearrange the conveyor belts between them so that "
        "nuts fall into boxes of their own kind, and every box filled that way becomes a Boxed Nut in your "
        "Warehouse.",
        "Boxed Nuts are loaded onto trucks, and trucks are what score points. A squirrel loose in the factory "
        "eats any nut that passes right by him, so part of the craft is keeping your nuts away from him.",
        f"Once someone ends a turn with {LIMITS.end_score} points or more, everyone gets one last turn, and the "
        "player with the most points wins.",
    ),
)

BOX = Section(
    "What is in the box",
    paragraphs=(
        "The board is the factory floor: eight columns side by side, each with a belt running straight down "
        "it. From top to bottom it has a row of eight nut dispensers, rows for conveyor tiles, a row for the "
        "Salters, the Squirrel's row, a row for the Roasters, and at the bottom a row of eight Box Holders. "
        "The pictures number the columns 1 to 8 from the left and the rows from 0 at the dispensers down to "
        "12 at the Box Holders.",
        "The printed board, trucks and cards are not published, so the layout of the floor, the die faces, "
        "the trucks and the bonus cards here are our reconstruction; the rules are the rulebook's.",
    ),
    items=(
        "8 nut dispensers, two of each nut, fixed in place across the top.",
        "8 Box Holders, each a square with a box on every side; only the box on top counts.",
        "2 Salters and 2 Roasters, machines that sit in their own rows and can slide along them.",
        "The Squirrel, who lives in his own row in the middle of the floor.",
        f"{SUPPLY['cross']} Cross tiles and {SUPPLY['fork-right'] + SUPPLY['fork-left']} Splitter/Joiner "
        "tiles, each covering two neighbouring columns of one conveyor row.",
        f"{len(COMPONENTS.trucks)} trucks, each asking for a set of Boxed Nuts and worth {TRUCK_POINTS[0]} to "
        f"{TRUCK_POINTS[-1]} points.",
        f"{len(COMPONENTS.bonus_cards)} bonus cards, Boxed Nut tokens (here they never run out), and for each "
        "player a Warehouse and a score marker.",
        "The Squirrel's six-sided die and an ordinary eight-sided die.",
    ),
)

TRAVEL = Section(
    "How the nuts travel",
    paragraphs=(
        "A nut leaves its dispenser and falls straight down its column until a conveyor tile sends it "
        "elsewhere. A Cross swaps the two columns it covers: a nut arriving on the left leaves on the right, "
        "and the other way round.",
        "A Connecting Path is a route from a dispenser to a Box Holder whose top box shows the same nut as the "
        "dispenser. Making Connecting Paths is the whole point of rebuilding the floor; a route that ends at "
        "the wrong kind of box produces nothing.",
        "On its way a nut may pass a Salter, a Roaster, or both. A nut that passed both is Extra Delicious and "
        "earns a bonus card when it is boxed.",
        "A path passes the Squirrel where it crosses his row. The Squirrel is on a Connecting Path when a path "
        "crosses his row in the very column where he sits.",
        "Splitter/Joiner tiles come into play only through bonus cards. Laid one way up such a tile is a "
        "Splitter: a nut arriving down one of its columns goes down both, so one dispenser can feed two paths. "
        "Laid the other way up it is a Joiner, merging both columns into one. Each separate route counts as its "
        "own path, even when several end in the same box.",
        "A nut that reaches a Splitter down the column with no belt stops there; an option lets it fall "
        "straight through instead, since the rulebook does not say. A bonus card lets one Build lay a "
        "Splitter/Joiner in either of its two layouts and either way up; once laid it cannot be turned over, "
        "but it can be slid or cleared like a Cross.",
    ),
)

SETTING_UP = Section(
    "Setting up",
    paragraphs=(
        "The dispensers, the Salters, the Roasters and the Squirrel start in their printed places. The Box "
        "Holders are shuffled into the eight columns, each at a random turn. Then they are turned until no "
        "top box matches the dispenser above it, so that no Connecting Path exists, and each of the four nuts "
        "is on top of at least one Box Holder.",
        "The rulebook leaves that turning to the players. Here the table does it with as few quarter turns as "
        "possible, which keeps as much of the random deal as it can.",
        "The trucks are laid out face up, from the fewest points to the most, and the bonus cards are shuffled "
        "into a face-down deck. Everyone starts with no points and an empty Warehouse. The rulebook lets the "
        "players settle who starts; at this table player 1 always does.",
    ),
    examples=(
        Example(
            "A new game, just set up. No top box matches the dispenser above it, so there is no Connecting Path "
            "yet, and each of the four nuts is on top of some Box Holder. The Squirrel waits in column 4.",
            options=OPTIONS,
            seed=SEED,
        ),
    ),
)

CONFIGURATION = Section(
    "A turn: Configuration",
    paragraphs=(
        "A turn has five phases, always in this order: Configuration, the Squirrel's move, Production, "
        "Shipping and Cleanup. Only the player whose turn it is acts; the others watch the factory change.",
        f"In Configuration you have {LIMITS.actions} Actions to rebuild the floor. A new tile always goes in a "
        "conveyor row, over two neighbouring columns, and may not overlap another tile. The supply is limited: "
        f"once all {SUPPLY['cross']} Crosses are on the board, one has to be cleared before another can be "
        "built.",
        "You may take the same Action twice, even one that changes nothing, or stop early; Actions you do not "
        "use are lost. These are the Actions:",
    ),
    items=(
        "Build: lay a Cross from the supply on the floor.",
        "Clear: take a tile off the floor and back to the supply.",
        "Slide: move a tile one column left or right along its row, onto free space.",
        "Spin: turn one Box Holder a quarter turn clockwise, which brings the box on its left to the top.",
        "Slide Machine: move a Salter or Roaster one column left or right, onto an empty space of its row.",
        "Feed the Squirrel: he naps this turn, skipping his move and letting every nut go by.",
    ),
    examples=(
        Example(
            "Player 1's first Action: a Cross in row 1 over columns 3 and 4. It swaps the two belts, so the "
            "pistachio from column 4 now falls down column 3, onto the pistachio box on top there. The yellow "
            "line is that Connecting Path; on the way it passes the Roaster in column 3 but no Salter.",
            decisions=PLAYER_1[:1],
            options=OPTIONS,
            seed=SEED,
        ),
    ),
)

SQUIRREL = Section(
    "A turn: the Squirrel moves",
    paragraphs=(
        "Next the Squirrel may move along his row. He stays put if you fed him this turn, or if he already "
        "sits on a Connecting Path.",
        "Otherwise roll his die. The rulebook names its four kinds of face but not how many of each; ours "
        f"shows {DIE}, and an option lets you choose other faces. What each face does:",
    ),
    items=(
        "Stop: he stays where he is.",
        "Scamper: roll the eight-sided die and put him in that column. That ends his move.",
        "Hunt: he takes one step toward the nearest column where a Connecting Path crosses his row. If two "
        "are equally near, you choose the way; with no Connecting Path on the floor, he stays.",
        "Hunt and Roll: he hunts as above, and if he is then not on a Connecting Path, roll his die again.",
    ),
    examples=(
        Example(
            "Player 1's second Action, a Cross in row 2 over columns 4 and 5, carries the peanut from column 3 "
            "on to column 5, where a peanut box is on top: two Connecting Paths now. The die showed Hunt and "
            "Roll, and the paths cross the Squirrel's row in columns 3 and 5, equally near him, so player 1 "
            "picks one of the two marked cells. Either way he lands on a path, so nobody rolls again.",
            decisions=PLAYER_1[:2],
            options=OPTIONS,
            seed=SEED,
            seat=0,
            targets=True,
        ),
    ),
)

PRODUCTION = Section(
    "A turn: Production",
    paragraphs=(
        "Now the factory runs. Every Connecting Path delivers its nut: you take a Boxed Nut of that kind from "
        "the reserve into your Warehouse. For each Boxed Nut that is Extra Delicious you also draw a bonus card.",
        "Paths that cross the Squirrel's row in his column deliver nothing: he eats every nut on them. If you "
        "fed him this turn, he lets them all through.",
        "Last, every Box Holder at the end of a Connecting Path turns clockwise, eaten or not, a quarter turn "
        "at a time until no path connects to it. Usually one quarter is enough, but a Joiner can bring two "
        "kinds of nut to one holder, and the next box may match the other kind; then it turns on. The next "
        "player starts from a floor without those paths. Only if every box of a holder matches a nut that "
        "reaches it does it turn just once and stay connected.",
    ),
    examples=(
        Example(
            "Player 1 sent the Squirrel right, onto the peanut's path. In Production he ate the peanut and the "
            "pistachio reached its box, a Boxed Nut for player 1. Then the Box Holders in columns 3 and 5 "
            "turned a quarter, bringing almonds to the top, and no path is left.",
            decisions=PLAYER_1[:3],
            options=OPTIONS,
            seed=SEED,
        ),
        Example(
            "Player 2's turn. A Cross in row 1 over columns 5 and 6 and another in row 4 over columns 6 and 7 "
            "make three Connecting Paths. The almond from column 5 passes the Salter in column 6 and the Roaster "
            "in column 7 before it reaches the almond box: it is Extra Delicious if the Squirrel lets it by. "
            "He rolled Hunt again, and the paths in columns 4 and 6 are equally near, so player 2 chooses.",
            decisions=PLAYER_1 + PLAYER_2[:2],
            options=OPTIONS,
            seed=SEED,
        ),
    ),
)

SHIPPING = Section(
    "Scoring: Shipping trucks",
    paragraphs=(
        "Trucks are the only way to score. In Shipping you may load one truck: hand back from your Warehouse "
        "exactly the Boxed Nuts it shows, and score its points. The truck then drives away, so nobody else can "
        "load it.",
        "Shipping is never required. You may hold on to your nuts and aim for a bigger truck later, as long as "
        "you stay within the Warehouse limit at Cleanup.",
    ),
    examples=(
        Example(
            "Player 2 sent the Squirrel right, where he ate the peanut; the cashew and the almond were boxed, "
            "and the Extra Delicious almond brought a bonus card. With one almond and one cashew in the "
            "Warehouse, player 2 can load the marked truck for 4 points.",
            decisions=PLAYER_1 + PLAYER_2,
            options=OPTIONS,
            seed=SEED,
            seat=1,
            targets=True,
        ),
    ),
)

CLEANUP = Section(
    "A turn: Cleanup",
    paragraphs=(
        f"Before your turn ends you must be down to {LIMITS.warehouse} Boxed Nuts in your Warehouse and "
        f"{LIMITS.bonus_hand} bonus cards in your hand. You choose which nuts to discard, and which cards to "
        "play or discard. During the turn you may hold more; only the end of the turn counts.",
        "Then the next player, in seat order, takes a turn.",
    ),
)

BONUS = Section(
    "Bonus cards",
    paragraphs=(
        "Your bonus cards are secret until you use them. Each card offers two options: play it face up during "
        "your own turn, use one of the two, and discard it. You may play as many as you like in a turn.",
        "Options that change the factory can be played during Configuration. Just before Production you may "
        "still turn a Box Holder back, move the Squirrel or move a machine. Options for your Warehouse and "
        "trucks can be played at any of your decisions from Configuration to Cleanup. A card drawn in "
        "Production can be used from Shipping on, or at once if the deck runs out before all your cards are "
        "drawn: a card played between two draws goes with the other discards into the new deck.",
        "An option that needs a target, such as a Box Holder or a tile, can be played only when it has one, "
        "and you choose the target at once. When the deck runs out, even halfway through your draws, the "
        "discarded cards are shuffled into a new one, so you get a card for every Extra Delicious nut while "
        "any card is left.",
        "These are the options on our cards, the first option of a card being about the factory and the "
        "second about your Warehouse:",
    ),
    items=bonus_options(0, "First option") + bonus_options(1, "Second option"),
)

THE_END = Section(
    "The end of the game",
    paragraphs=(
        f"The first time a player ends a turn with {LIMITS.end_score} points or more, the last round begins: "
        "every player, that one included, takes one more turn in the usual order, ending with the player who "
        "reached it, and then the game is over. "
        "An option changes the score that starts the last round.",
        "Should every truck have driven away, no score can change any more, and the game ends with that turn.",
        "The most points wins. Between tied players, the one who reached their final score first wins; players "
        "still tied share the win.",
    ),
)

GUIDE = Guide(
    for_phase={  # the section that explains each phase's decision
        "config": "A turn: Configuration",
        "squirrel": "A turn: the Squirrel moves",
        "hunt": "A turn: the Squirrel moves",
        "before-production": "Bonus cards",
        "between-draws": "Bonus cards",
        "shipping": "Scoring: Shipping trucks",
        "cleanup": "A turn: Cleanup",
    },
    summary="Two to four workers rebuild a conveyor-belt nut factory turn by turn, steering almonds, cashews, "
    "peanuts and pistachios into matching boxes past a hungry squirrel, and load the boxed nuts onto trucks "
    "for points.",
    sections=(GOAL, BOX, TRAVEL, SETTING_UP, CONFIGURATION, SQUIRREL, PRODUCTION, SHIPPING, CLEANUP, BONUS,
              THE_END),
)
