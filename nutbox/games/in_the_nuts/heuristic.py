"""Game knowledge for the bots: how good an In the Nuts! position looks for one seat.

Points on the storage cards count most, a card close to full counts toward its value, and squirrels on the
board count toward the nuts they will collect. Squirrels still on the starting track are at risk: each
further roll can lose them all, so they count for less the more of the track is already taken.

A filled card counts more than its points (SAFE): its nuts can no longer be stolen and its points are
certain. A joker kept for later counts what it would add stored on the card where it adds most (the kept
jokers placed one by one, in the order that places them best), and more (FLEXIBLE): it can still go on
whichever card needs it, and nobody can steal it. So a bot keeps a joker that would fill no card, and
stores a joker, a kept one too (before the nut it is storing), where it fills a card. A nut waiting to be
stored is not counted, as before: counting it made the one-ply bot stop as soon as stopping collects, which
plays worse. So SAFE exceeds FLEXIBLE by more than a nut usually adds: storing a kept joker that fills a
card, the nut still to store, looks better than storing the nut at once and keeping the joker.
"""

from __future__ import annotations

import itertools
import math
from typing import TYPE_CHECKING

from nutbox.games.in_the_nuts.components import CARDS, COMPONENTS, NEED2, NEED3, NEED4, TRACK

if TYPE_CHECKING:
    from nutbox.games.in_the_nuts.state import NutsState

NUT_VALUE = 3.0  # a nut is worth a point on a partly filled card, and far more toward a filled one
SAFE = 6.0  # a filled card is safe from David the raccoon, and its points are certain
FLEXIBLE = 2.5  # a kept joker can still go on whichever card needs it, and nobody can steal it
SCALE = 12.0
MAX_ORDERS = 4  # up to this many kept jokers, every order of placing them is tried (else one)
KINDS = COMPONENTS.kinds


def card_value(held: int, card: int) -> float:
    """A storage card holding `held` nuts: its points once filled, else a point a nut and part of its value."""
    storage = COMPONENTS.storage[card]
    if held >= storage.capacity:
        return float(storage.points)
    return held + (storage.points - storage.capacity) * (held / storage.capacity) ** 2


def fits(allowed: frozenset[int] | None, nuts: tuple[int, ...]) -> bool:
    return allowed is None or not allowed.isdisjoint(nuts)


class Hand:
    """The nuts in a player's hand placed one by one, each where it adds most, on the cards as they fill: `held`
    nuts on each card, and the nuts each may still take (`allowed`: any while empty, else the nut on it, or a
    joker's two once one goes there in this reckoning)."""

    def __init__(self, held: list[int], allowed: list[frozenset[int] | None]) -> None:
        self.held, self.allowed = held, allowed

    def best(self, nuts: tuple[int, ...]) -> tuple[float, int]:
        """What a nut card adds on the card where it adds most, and that card (-1: no card takes it)."""
        held, allowed = self.held, self.allowed
        return max(((card_value(held[card] + 1, card) - card_value(held[card], card), card) for card in range(CARDS)
                    if held[card] < COMPONENTS.storage[card].capacity and fits(allowed[card], nuts)),
                   default=(0.0, -1))

    def place(self, nuts: tuple[int, ...]) -> float:
        """What the nut card adds where it adds most, placed there for the next one."""
        gain, card = self.best(nuts)
        if card >= 0:
            self.held[card] += 1
            previous = self.allowed[card]
            self.allowed[card] = frozenset(nuts) if previous is None else previous & frozenset(nuts)
        return gain

    def value(self, kept: tuple[tuple[int, ...], ...]) -> float:
        """What the kept jokers add, placed in this order, each a little more than that (FLEXIBLE)."""
        total = 0.0
        for pair in kept:
            gain = self.place(pair)
            total += gain + (FLEXIBLE if gain else 0.0)
        return total


def standing(state: NutsState, player: int) -> float:
    value = 0.0
    n = state.n
    mine = slice(player * CARDS, (player + 1) * CARDS)
    held = [plain + jokers for plain, jokers in zip(state.card_plain[mine], state.card_jokers[mine], strict=True)]
    for card in range(CARDS):
        value += card_value(held[card], card) + (SAFE if state.filled(player, card) else 0.0)
    # the jokers kept for later, placed in the order that places them best
    kept = [KINDS[kind] for kind in range(len(KINDS)) for _ in range(state.kept[player * len(KINDS) + kind])]
    orders = set(itertools.permutations(kept)) if len(kept) <= MAX_ORDERS else {tuple(kept)}
    allowed = [None if nut is None else frozenset((nut,)) for nut in state.card_type[mine]]
    value += max(Hand(held[:], allowed[:]).value(order) for order in orders)
    value += NUT_VALUE * sum(state.area2[player::n]) / NEED2
    value += NUT_VALUE * sum(state.area3[player::n]) / NEED3
    value += NUT_VALUE * state.area4[player] / NEED4
    on_track = sum(owner == player for owner in state.track)
    taken = sum(owner is not None for owner in state.track)
    value += NUT_VALUE * on_track / NEED2 * (1 - taken / TRACK)
    return value


def evaluate(state: NutsState, seat: int) -> float:
    if state.is_terminal():
        return state.returns()[seat]
    mine = standing(state, seat)
    others = max(standing(state, other) for other in range(state.n) if other != seat)
    return math.tanh((mine - others) / SCALE)
