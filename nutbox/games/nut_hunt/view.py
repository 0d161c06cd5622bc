"""The shape of a Nut Hunt view (`HuntState._view`), so that mypy checks every key its readers use, and how
a state is written as one (`fields`; determinize.py reads one back).

A view is JSON-ready: lists, never tuples (a view must not change through JSON), tiles written by their
codes (WW), objectives by their numbers, owners numbered from 0 (in the solo game owner 1 is the Automa).
`None` marks what is not there: the fox before the forest is laid out, a scatter caused by a new nest
(no tile was vacated), a card under the deck that this seat did not put there, no forage under way.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict, cast

from nutbox.core import View, default_name
from nutbox.games.nut_hunt import scoring
from nutbox.games.nut_hunt.components import AUTOMA_COLOUR, CODES, COLOURS, COMPONENTS, NUTS, TILES, T
from nutbox.games.nut_hunt.options import AutomaLevel

if TYPE_CHECKING:
    from nutbox.games.nut_hunt.state import HuntState

PhaseName = Literal[
    "layout", "deal", "discard", "place", "automa-deal", "roll", "forage", "action", "scout-draw", "keep",
    "automa-draw", "automa-place", "end-turn", "over",
]
Resume = Literal["place", "action", "end-turn"]  # what follows a forage: setup, the turn's action, its end


class OwnerInfo(TypedDict):
    """An owner of pieces: a seat, or the Automa."""

    name: str  # "Player 1", "the Automa": the default name, which records' final views keep; the face names
    # each seat by its number (a table's names for its seats)
    colour: str  # yellow, blue, white, green, red; black for the Automa


class TileCounts(TypedDict):
    """What is on one tile, per owner."""

    squirrels: list[int]
    nests: list[int]


class UnderDeck(TypedDict):
    """A card under the deck (top first)."""

    placer: int  # the seat that put it there
    card: int | None  # shown to its placer (and to everyone once the game is over)


class Deck(TypedDict):
    unseen: int  # cards in the shuffled part of the deck
    bottom: list[UnderDeck]
    pool: NotRequired[list[int]]  # the shuffled part, in no order: only once the game is over


class ScatterFrame(TypedDict):
    """One cause of scattering still being resolved (the last in the list is resolved now)."""

    tile: str  # the tile scattering
    vacated: str | None  # the tile the fox just left (no squirrel goes there); None for a nest's scatter
    owed: list[int]  # squirrels each owner still has to move away


class ForageNow(TypedDict):
    tile: str  # the tile being foraged
    count: int  # nuts to forage there
    then: Resume


class ObjectiveScore(TypedDict):
    card: int
    complete: bool
    points: int  # base + distance bonus when complete, the penalty when not


class Breakdown(TypedDict):
    """One owner's final score, part by part."""

    nests: int
    nest_points: int
    squirrels: int
    objectives: list[ObjectiveScore]
    total: int


class Shown(TypedDict):
    """The fields a view shows as the state holds them (`HuntState.SHOWN`)."""

    phase: PhaseName
    current: int  # the active owner
    step: int  # progress within a setup phase
    turn: int
    scatterer: int | None  # the owner scattering now (only while scattering)
    ending: bool  # a 4th nest is built: the game ends once the scatters are done


class HuntFields(Shown):
    """What `HuntState._view` returns."""

    players: int
    solo: bool
    automa_level: AutomaLevel | None  # solo only
    competitive: bool
    owners: list[OwnerInfo]
    layout: list[str]  # the tiles dealt so far, cell by cell (row by row from the top)
    fox: str | None  # None until the forest is laid out
    fox_from: str | None  # where the fox last came from
    board: dict[str, TileCounts]  # tile code -> counts
    nuts: list[dict[str, int]]  # per seat: nut code -> how many
    hand_sizes: list[int]
    looking_count: int  # cards the active seat is scouting
    deck: Deck
    automa_hand: list[int]  # solo: the Automa's objectives (face up)
    revealed: list[int]  # solo: the Automa's turn cards, set aside face up
    frames: list[ScatterFrame]  # scatters still owed, oldest first
    forage: ForageNow | None  # only while foraging
    pending: list[str]  # solo: the tiles the Automa still places a squirrel on
    nest_counts: list[int]  # per owner
    hand: NotRequired[list[int]]  # a seat's own objectives (not the spectator's view; not once over)
    looking: NotRequired[list[int]]  # with `hand`: the cards this seat is scouting (empty for the others)
    hands: NotRequired[list[list[int]]]  # once over: every hand, face up
    result: NotRequired[list[int]]  # once over: the winning owners (the Automa included)
    breakdown: NotRequired[list[Breakdown]]  # once over: per owner


class HuntView(View, HuntFields):
    """A Nut Hunt view: the core's fields (game, seat, to_move, scores and winners at the end) and ours."""


# --- a state as a view -------------------------------------------------------------------------
def fields(state: HuntState, seat: int | None) -> HuntFields:
    """What `seat` may know of `state` (None: the spectator), beyond the core's fields."""
    over = state.phase == "over"
    code = code_of
    codes = CODES
    view = cast(HuntFields, state.shown())
    view.update({
        "players": state.n,
        "solo": state.solo,
        "automa_level": state.options.automa if state.solo else None,
        "competitive": state.options.competitive,
        "owners": [
            {"name": "the Automa", "colour": AUTOMA_COLOUR} if o == state.automa
            else {"name": default_name(o), "colour": COLOURS[o]}
            for o in range(state.owners)
        ],
        "layout": [codes[t] for t in state.tile_at],
        "fox": code(state.fox),
        "fox_from": code(state.fox_from),
        # (the counts are kept owner by owner, T to an owner: a tile's are every T-th from its own)
        "board": {
            TILES[t].code: {"squirrels": state.squirrels[t::T], "nests": state.nests[t::T]} for t in range(T)
        },
        "nuts": [dict(zip(COMPONENTS.nut_codes, state.nuts[s * NUTS : s * NUTS + NUTS], strict=True))
                 for s in range(state.n)],
        "hand_sizes": [len(hand) for hand in state.hands],
        "looking_count": len(state.looking),
        "deck": {
            "unseen": len(state.pool),
            "bottom": [
                {"placer": placer, "card": card if over or placer == seat else None}
                for card, placer in state.bottom
            ],
        },
        "automa_hand": list(state.automa_hand),
        "revealed": list(state.revealed),
        "frames": [{"tile": codes[t], "vacated": code(v), "owed": list(owed)} for t, v, owed in state.frames],
        "forage": {"tile": codes[state.foraged], "count": state.forage_left, "then": state.resume}
        if state.phase == "forage" else None,
        "pending": [codes[t] for t in state.pending],
        "nest_counts": [state.nest_count(o) for o in range(state.owners)],
    })
    if seat is not None and not over:
        view["hand"] = list(state.hands[seat])
        view["looking"] = list(state.looking) if seat == state.current else []
    if over:
        view["hands"] = [list(hand) for hand in state.hands]
        view["deck"]["pool"] = sorted(state.pool)
        view["result"] = list(state.result)
        view["breakdown"] = [breakdown_json(state.breakdown(o)) for o in range(state.owners)]
    return view


def code_of(tile: int | None) -> str | None:
    return TILES[tile].code if tile is not None else None


def breakdown_json(parts: scoring.Breakdown) -> Breakdown:
    return {
        "nests": parts.nests,
        "nest_points": scoring.NEST_POINTS * parts.nests,
        "squirrels": parts.squirrels,
        "objectives": [{"card": r.card, "complete": r.complete, "points": r.points} for r in parts.objectives],
        "total": parts.total,
    }
