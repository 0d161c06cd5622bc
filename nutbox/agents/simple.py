"""The two bots every game gets for free: uniform random, and one-ply greedy on the game's heuristic."""

from __future__ import annotations

from collections.abc import Sequence

from nutbox.agents.base import Agent
from nutbox.core import Action, View


class RandomAgent(Agent):
    name = "random"
    description = "picks uniformly among the legal actions"

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)


class GreedyAgent(Agent):
    """Looks one decision ahead: the action whose result the game's heuristic likes best for this seat.

    Hidden information is sampled with `game.determinize` (several samples when the game hides
    something), so the bot sees only what its view allows. Ties are broken at random.
    """

    name = "greedy"
    description = "one ply ahead with the game's heuristic"
    samples_when_hidden = 8

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        values = self.values(view, legal)
        best = max(values)
        return self.rng.choice([action for action, value in zip(legal, values, strict=True) if value == best])

    def values(self, view: View, legal: Sequence[Action]) -> list[float]:
        """How much the heuristic likes each legal action's result for this seat, summed over the samples of
        what the view hides."""
        game, seat = self.game, self.seat
        samples = 1 if game.perfect_information else self.samples_when_hidden
        totals = [0.0] * len(legal)
        for _ in range(samples):
            state = game.determinize(view, self.rng)
            for i, action in enumerate(legal):
                child = state.child(action)
                totals[i] += child.returns()[seat] if child.is_terminal() else game.heuristic(child, seat)
        return totals
