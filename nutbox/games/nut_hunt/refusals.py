"""Nut Hunt in refusals: what the seat to move is deciding, what is due instead, and, for an action that is
not legal now, the rule that forbids it (cited by its rulebook section).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nutbox.core import Action, ToMove, listing, plural
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
from nutbox.games.nut_hunt.components import COMPONENTS
from nutbox.games.nut_hunt.terms import (
    END_RULE,
    FORAGE_RULE,
    FOX_RULE,
    FROG_POND,
    HASSLE_RULE,
    NUTS,
    OPTIONAL_RULE,
    RECRUIT_RULE,
    SCATTER_RULE,
    SCOUT_RULE,
    SETUP,
    SOLO_RULE,
    TILES,
    TRADE_RULE,
    nut_list,
    owner_name,
    tile_name,
)

if TYPE_CHECKING:
    from nutbox.games.nut_hunt.rules import HuntState


def decision(state: HuntState) -> str:
    """What the seat to move is deciding, in words."""
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
    name = owner_name(state.current, state.n)
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


def reason(state: HuntState, action: Action) -> str:
    """The rule that forbids `action` now: its time has not come (what is due instead), or, for the kind of
    action due now, the rule this one breaks."""
    who = state.to_move()
    if isinstance(action, Trade):
        return _trade(state, action, who)
    due: tuple[type, ...] = ()
    if isinstance(who, int):
        due = (Scatter,) if state.frames else {
            "action": (Recruit, Hassle, Scout, Pass), "forage": (Forage,), "keep": (Keep,), "place": (Place,),
            "discard": (Discard,),
        }[state.phase]
    if not isinstance(action, due):
        return f"{when(state, action)}; {now(state)}"
    assert state.layout is not None and isinstance(who, int)
    return _WHY[type(action)](state, action, who)


def _trade(state: HuntState, action: Trade, who: ToMove) -> str:
    names = COMPONENTS.nut_names
    if action.give == action.get:
        return f"{TRADE_RULE}: three of any one kind of nut are exchanged for one nut of another kind, so " \
               f"three {names[action.give]}s cannot buy one {names[action.get]}"
    if not isinstance(who, int):
        return f"{TRADE_RULE}: nutbox offers the exchange at each decision of the nuts' owner " \
               f"(docs/rules-decisions.md, Nut Hunt 5); {now(state)}"
    return f"{TRADE_RULE}: you need three {names[action.give]}s to trade, and have " \
           f"{state.nuts[who * NUTS + action.give]}"


def _scatter(state: HuntState, action: Action, seat: int) -> str:
    assert isinstance(action, Scatter) and state.layout is not None
    tile, vacated, _ = state.frames[-1]
    if action.tile not in state.layout.neighbours[tile]:
        return f"{SCATTER_RULE}: squirrels scatter onto adjacent tiles; {tile_name(action.tile)} is not " \
               f"next to {tile_name(tile)}"
    if action.tile == FROG_POND:
        return f"{SCATTER_RULE}: no squirrel may scatter onto the Frog Pond"
    if action.tile == state.fox:
        return f"{SCATTER_RULE}: squirrels may not scatter onto the tile the fox occupies (FAQ)"
    assert vacated is not None  # the one target left to refuse
    return f"{SCATTER_RULE}: squirrels scattering from the fox may not go directly onto the tile it " \
           f"just vacated ({tile_name(vacated)})"


def _recruit(state: HuntState, action: Action, seat: int) -> str:
    assert isinstance(action, Recruit)
    target = TILES[action.tile]
    if not target.cost:
        return f"{RECRUIT_RULE}: no squirrel may be recruited onto {target.name}"
    if action.tile == state.fox:
        return f"{RECRUIT_RULE}: squirrels may not be recruited onto a tile occupied by the fox"
    have = [state.nuts[seat * NUTS + nut] for nut in range(NUTS)]
    return f"{RECRUIT_RULE}: {target.name} costs {nut_list(target.cost)}; you have " + listing(
        [plural(count, COMPONENTS.nut_names[nut]) for nut, count in enumerate(have)]
    ) + " (exchange three of one nut for one of another first)"


def _hassle(state: HuntState, action: Action, seat: int) -> str:
    assert isinstance(action, Hassle) and state.layout is not None
    if action.tile not in state.layout.neighbours[state.fox_tile]:
        return f"{HASSLE_RULE}: the fox is pulled onto an adjacent tile; {tile_name(action.tile)} is not " \
               f"next to the fox ({tile_name(state.fox_tile)})"
    return f"{HASSLE_RULE}: you need a squirrel or a nest on {tile_name(action.tile)}"


def _scout(state: HuntState, action: Action, seat: int) -> str:
    return f"{SCOUT_RULE}: the objective deck is empty"


def _forage(state: HuntState, action: Action, seat: int) -> str:
    assert isinstance(action, Forage)
    rule = forage_rule(state)
    if not action.nuts:
        return f"{rule}: this forage of {state.forage_left} nuts is not optional; only the 1 nut after " \
               "hassling the fox may be declined"
    if len(action.nuts) != state.forage_left:
        return f"{rule}: you forage {plural(state.forage_left, 'nut')} here, not {len(action.nuts)}"
    produced = listing([COMPONENTS.nut_names[nut] + "s" for nut in TILES[state.foraged].forage])
    return f"{rule}: {tile_name(state.foraged)} forages only {produced}"


def _keep(state: HuntState, action: Action, seat: int) -> str:
    assert isinstance(action, Keep)
    return f"{SCOUT_RULE}: objective #{action.card} is not one of the cards you are looking at"


def _discard(state: HuntState, action: Action, seat: int) -> str:
    assert isinstance(action, Discard)
    return f"{SETUP} 1D: objective #{action.card} is not among the three you were dealt"


def _place(state: HuntState, action: Action, seat: int) -> str:
    assert isinstance(action, Place)
    start = TILES[action.tile]
    if not start.green:
        return f"{SETUP} 3: squirrels start on green-bordered starting tiles; {start.name} is not one"
    if action.tile == state.fox:
        return f"{SETUP} 3: the fox's tile is not an unoccupied starting tile"
    return f"{SETUP} 3: {start.name} is already occupied"


# why a decision of the kind due now is refused: one rule per kind of action (a pass is always legal when due)
_WHY: dict[type, Callable[[HuntState, Action, int], str]] = {
    Scatter: _scatter, Recruit: _recruit, Hassle: _hassle, Scout: _scout, Forage: _forage, Keep: _keep,
    Discard: _discard, Place: _place,
}
