"""Search bots: Monte Carlo tree search over the protocol, for any game and any number of seats.

`mcts` searches one determinization of its view (for a game without secrets, the position itself);
`ismcts` (information-set MCTS) draws a fresh determinization for every simulation, so its tree is over
what the seat knows, and the decision cannot depend on anything the view hides. Both see only the view and
the legal actions: the state they search is rebuilt by `game.determinize`.

- Each tree node keeps, per seat, the sum of the returns of the simulations through it; a seat to move
  picks the child with the best upper confidence bound for itself (UCT), so the search works for one seat
  (a solo game) as for five.
- Chance is sampled by its probabilities and kept out of the tree (open loop): the tree is over decisions.
- A child's exploration term counts the simulations in which its action was available (ISMCTS), which for
  a game without secrets is every visit of its parent.
- With `prior`, new nodes of the first `seeded` levels (the root alone by default) get every move seeded with
  the heuristic's value of its result, so a decision is judged by the best follow-up the heuristic sees (a
  forage by the recruit it pays for) rather than by random follow-ups; deeper nodes expand one random move.
- With `baseline` (ISMCTS), a simulation is scored by how much better its end looks than the position it
  drew looked at the start: the drawn secrets move every move's value alike (in Nut Hunt, others' objectives
  swing a judgement ten times more than the choice between moves does), and this cancels them out.
- Rollouts play random legal actions (or, with `rollout=greedy`, mostly the heuristic's favourite among a
  few) for up to `depth` decisions, then the game's heuristic scores the position for every seat.
- The budget is counted in simulations, so decisions do not depend on the machine; `time` adds a cap in
  seconds per decision for tables that must answer promptly.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal

from nutbox.agents.base import Agent
from nutbox.core import CHANCE, Action, Game, OptionsError, State, View, draw_chance

ROLLOUT_CHOICES = 4  # actions a greedy rollout step compares


@dataclass(frozen=True)
class SearchSettings:
    sims: int = 1000  # simulations per decision
    time: float = 0.0  # a cap in seconds per decision (0: none)
    c: float = 1.4  # exploration constant
    depth: int = 40  # rollout decisions before the heuristic judges the position
    rollout: Literal["random", "greedy"] = "random"
    prior: int = 0  # virtual visits that seed the root's children with the heuristic's opinion (0: none)
    seeded: int = 1  # tree levels whose nodes are seeded so (1: the root only); deeper ones expand at random
    baseline: int = 0  # ismcts: 1 judges each simulation by the change from its own determinization's start

    @classmethod
    def parse(cls, text: str, base: SearchSettings | None = None) -> SearchSettings:
        """Settings from `sims=2000,time=1.5,...` (each one optional) over `base`."""
        values: dict[str, Any] = {f.name: getattr(base or cls(), f.name) for f in fields(cls)}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, _, raw = part.partition("=")
            if key not in values:
                raise OptionsError(f"search bots take {', '.join(values)}; not {key!r}")
            kind = type(values[key])
            try:
                values[key] = kind(raw) if kind is not str else raw
            except ValueError:
                raise OptionsError(f"{key} must be a {kind.__name__}, not {raw!r}") from None
        settings = cls(**values)
        finite = 0 <= settings.time < math.inf and 0 <= settings.c < math.inf
        flags_ok = settings.prior >= 0 and settings.seeded >= 1 and settings.baseline in (0, 1)
        if settings.sims < 1 or settings.depth < 0 or not finite or not flags_ok:
            raise OptionsError(f"search settings out of range: {settings}")
        if settings.rollout not in ("random", "greedy"):
            raise OptionsError(f"rollout is random or greedy, not {settings.rollout!r}")
        return settings


class _Node:
    __slots__ = ("available", "children", "totals", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        self.totals = [0.0] * seats


class MctsAgent(Agent):
    name = "mcts"
    description = "Monte Carlo tree search (UCT) on one determinization; mcts:sims=N,time=S,depth=D,..."
    resample: ClassVar[bool] = False  # a fresh determinization for every simulation

    def __init__(
        self, game: Game, seat: int, seed: int | str | None = None, settings: SearchSettings | None = None
    ) -> None:
        super().__init__(game, seat, seed)
        self.settings = settings or SearchSettings()

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        game, rng, settings = self.game, self.rng, self.settings
        fresh = self.resample and not game.perfect_information
        start = None if fresh else game.determinize(view, rng)
        if game.perfect_information and start is not None:
            # a move that wins outright is taken without searching (random rollouts can dilute it)
            for action in legal:
                child = start.child(action)
                if child.is_terminal() and child.winners() == [self.seat]:
                    return action
        root = _Node(game.num_players)
        baseline = fresh and bool(settings.baseline)
        deadline = time.perf_counter() + settings.time if settings.time else None
        for done in range(settings.sims):
            if deadline is not None and done and time.perf_counter() > deadline:
                break
            state = game.determinize(view, rng) if start is None else start.clone()
            base = [game.heuristic(state, seat) for seat in range(game.num_players)] if baseline else None
            self._simulate(root, state, base)
        order = {action: index for index, action in enumerate(legal)}

        def rank(action: Action) -> tuple[int, float, int]:
            child = root.children.get(action)
            if child is None or not child.visits:
                return (0, 0.0, -order[action])
            return (child.visits, child.totals[self.seat] / child.visits, -order[action])

        return max(legal, key=rank)

    def _simulate(self, root: _Node, state: State, base: list[float] | None = None) -> None:
        rng, c, prior, seeded = self.rng, self.settings.c, self.settings.prior, self.settings.seeded
        node = root
        path = [root]
        while not state.is_terminal():
            who = state.to_move()
            if who is CHANCE:
                state.apply(draw_chance(state, rng))
                continue
            assert isinstance(who, int)
            legal = state.legal_actions()
            untried = []
            for action in legal:
                child = node.children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.available += 1
            # A node below the root seeded now ends the descent one step further down: each simulation
            # judges one new position, as an expansion at random does.
            stop = False
            if untried and prior and len(path) <= seeded:
                for action in untried:
                    node.children[action] = self._seeded(state.child(action), who, base)
                stop = node is not root
            elif untried:
                action = rng.choice(untried)
                child = node.children[action] = _Node(len(node.totals))
                child.available = 1
                state.apply(action)
                path.append(child)
                break
            best, best_score = legal[0], -math.inf
            for action in legal:
                child = node.children[action]
                score = child.totals[who] / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                if score > best_score:
                    best, best_score = action, score
            node = node.children[best]
            state.apply(best)
            path.append(node)
            if stop:
                break
        values = self._rollout(state)
        if base is not None:
            values = [value - before for value, before in zip(values, base, strict=True)]
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat, value in enumerate(values):
                totals[seat] += value

    def _seeded(self, child_state: State, mover: int, base: list[float] | None) -> _Node:
        """A new child of the root counted as `prior` visits worth the heuristic's value of it for the seat that
        chose it (the other seats share the opposite): the search starts from the one-ply judgement that the
        `easy` bot makes and spends its simulations checking the moves that judgement likes."""
        game, prior = self.game, self.settings.prior
        node = _Node(game.num_players)
        terminal = child_state.is_terminal()
        value = child_state.returns()[mover] if terminal else game.heuristic(child_state, mover)
        if base is not None:
            value -= base[mover]
        others = len(node.totals) - 1
        for seat in range(len(node.totals)):
            node.totals[seat] = prior * (value if seat == mover else -value / others)
        node.visits = prior
        node.available = 1
        return node

    def _rollout(self, state: State) -> list[float]:
        game, rng = self.game, self.rng
        greedy = self.settings.rollout == "greedy"
        decisions = self.settings.depth
        while not state.is_terminal():
            who = state.to_move()
            if who is CHANCE:
                state.apply(draw_chance(state, rng))
                continue
            if not decisions:
                return [game.heuristic(state, seat) for seat in range(game.num_players)]
            decisions -= 1
            legal = state.legal_actions()
            if greedy and len(legal) > 1 and rng.random() < 0.5:
                assert isinstance(who, int)
                sample = rng.sample(legal, min(ROLLOUT_CHOICES, len(legal)))
                state.apply(max(sample, key=lambda a: game.heuristic(state.child(a), who)))
            else:
                state.apply(rng.choice(legal))
        return state.returns()


class IsmctsAgent(MctsAgent):
    name = "ismcts"
    description = "information-set MCTS: a fresh determinization of the view for every simulation"
    resample = True
