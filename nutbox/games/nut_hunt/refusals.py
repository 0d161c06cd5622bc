"""Nut Hunt's refusals: the rulebook sections a refusal cites, what the seat to move is deciding (in the rule's
terms), what is due instead, and the rule saying when each kind of action is taken, for one tried at another
time. The rule a decision of the kind due now breaks is its phase's (setup.py, turn.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from nutbox.core import Action
from nutbox.games.nut_hunt.actions import (
    Discard,
    Draw,
    Forage,
    Hassle,
    Keep,
    Pass,
    Place,
    PlaceTile,
    Recruit,
    Roll,
    Scatter,
    Scout,
    Trade,
)
from nutbox.games.nut_hunt.components import COMPONENTS, NUTS, tile_name

if TYPE_CHECKING:
    from nutbox.games.nut_hunt.state import HuntState

SETUP = "Game Setup"
SCATTER_RULE = "Scattering Squirrels"
FOX_RULE = "Fox Movement"
FORAGE_RULE = "Fox Movement, Forage for Nuts"
OPTIONAL_RULE = "Optional Action"
RECRUIT_RULE = "Recruit a Squirrel"
HASSLE_RULE = "Hassle the Fox!"
SCOUT_RULE = "Scout an Objective"
TRADE_RULE = "Free action (exchange three of one nut for one of another)"
END_RULE = "End of Game"
SOLO_RULE = "Single Player Rules"


def decision(state: HuntState) -> str:
    """What the seat to move is deciding, in the rule's words (a refusal ends "now you are to ...")."""
    if state.frames:
        return f"scatter a squirrel from {tile_name(state.frames[-1][0])} ({SCATTER_RULE})"
    phase = state.phase
    if phase == "action":
        return "take an optional action: recruit, hassle, scout or pass (Optional Action)"
    if phase == "forage":
        if state.resume == "end-turn":
            return f"forage 1 nut from {tile_name(state.foraged)}, or none ({HASSLE_RULE})"
        return f"forage {state.forage_left} nuts from {tile_name(state.foraged)} ({forage_rule(state)})"
    if phase == "keep":
        return f"keep one scouted objective or none ({SCOUT_RULE})"
    if phase == "place":
        return f"place a squirrel on an unoccupied green starting tile ({SETUP} 3)"
    return f"choose the objective to put face down under the deck ({SETUP} 1D)"


def forage_rule(state: HuntState) -> str:
    """The rule of the forage under way: at setup, when the fox moves, or after hassling it."""
    return {"place": f"{SETUP} 3", "action": FORAGE_RULE, "end-turn": HASSLE_RULE}[state.resume]


def now(state: HuntState) -> str:
    """What is due instead, with its rule: how a refusal of something not due now ends."""
    who = state.to_move()
    if isinstance(who, int):
        return f"now you are to {decision(state)}"
    if state.frames:
        return f"now the fox die scatters the Automa's squirrel from {tile_name(state.frames[-1][0])} (Player Turn)"
    name = state.owner_name(state.current)
    return {
        "layout": f"now the forest is being laid out ({SETUP} 1)",
        "deal": f"now the objectives are being dealt ({SETUP} 1D)",
        "automa-deal": f"now the Automa is being dealt its starting hand ({SOLO_RULE})",
        "roll": f"now {name}'s turn begins: the fox die is rolled ({FOX_RULE})",
        "scout-draw": f"now {name} is drawing the objectives to scout ({SCOUT_RULE})",
        "automa-draw": "now it is the Automa's turn: it reveals the top objective (Automa Turn)",
    }[state.phase]


def when(state: HuntState, action: Action) -> str:
    """The rule saying when an action of this kind is taken, for one tried at another time."""
    if state.ending and isinstance(action, (Recruit, Hassle, Scout, Pass, Forage)):
        return f"{END_RULE}: a 4th nest has been placed, so the scatters are finished and the game ends (no " \
               "further Recruiting, Hassling, or Scouting allowed)"
    if isinstance(action, Recruit):
        return f"{RECRUIT_RULE}: You can only Recruit 1 Squirrel per turn, as the active player's optional " \
               "action once the fox has moved"
    if isinstance(action, (Hassle, Scout, Pass)):
        return f"{OPTIONAL_RULE}: the active player chooses up to 1 optional action each turn, once the fox " \
               "has moved (or passes)"
    if isinstance(action, Forage):
        return f"{FORAGE_RULE}: the active player forages where the fox has just moved (2 nuts; 1, or none, " \
               f"after hassling it), and at setup with each squirrel placed ({SETUP} 3)"
    if isinstance(action, Scatter):
        return f"{SCATTER_RULE}: squirrels scatter when the fox moves onto their tile or an opponent builds a " \
               "nest there, each owner choosing where theirs go"
    if isinstance(action, Keep):
        return f"{SCOUT_RULE}: after scouting, the active player keeps up to 1 of the top 2 objectives"
    if isinstance(action, Place):
        return f"{SETUP} 3: squirrels are placed on starting tiles only at setup, in turn order and back"
    if isinstance(action, Discard):
        return f"{SETUP} 1D: each player puts 1 of the 3 objectives dealt at setup under the deck"
    if isinstance(action, PlaceTile):
        return f"{SETUP} 1: the 19 tiles are laid at random (a chance step) before anything else"
    if isinstance(action, Draw):
        return f"{SETUP} 1D, {SCOUT_RULE}: objectives come off the top of the deck by chance, when dealing, " \
               "scouting or revealing the Automa's"
    assert isinstance(action, Roll)
    return f"{FOX_RULE}: the fox die is rolled by chance at the beginning of each turn (and to scatter an " \
           "Automa squirrel)"


def not_due(state: HuntState, action: Action) -> str:
    """The refusal of an action whose time has not come: when it is taken, and what is due instead."""
    return f"{when(state, action)}; {now(state)}"


def trade(state: HuntState, action: Trade) -> str:
    """Why an exchange is refused: the same nut for itself, not a seat's decision now, or three lacking."""
    names = COMPONENTS.nut_names
    if action.give == action.get:
        return f"{TRADE_RULE}: three of any one kind of nut are exchanged for one nut of another kind, so " \
               f"three {names[action.give]}s cannot buy one {names[action.get]}"
    who = state.to_move()
    if not isinstance(who, int):
        return f"{TRADE_RULE}: nutbox offers the exchange at each decision of the nuts' owner " \
               f"(docs/rules-decisions.md, Nut Hunt 5); {now(state)}"
    return f"{TRADE_RULE}: you need three {names[action.give]}s to trade, and have " \
           f"{state.nuts[who * NUTS + action.give]}"
