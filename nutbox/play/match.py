"""The match runner: one game in progress, its record, and the single seeded generator for chance.

Whoever drives a game (the terminal table, the server, the simulator) holds a `Match`: chance outcomes
are drawn from the match's own generator, every applied action is appended to the record, and agents are
handed only their seat's view and the legal actions.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence

from nutbox.agents import Agent
from nutbox.core import Action, Event, Game, Record, State, draw_chance, replay

Narrate = Callable[[int, list[Event]], list[Event]]


class Match:
    def __init__(self, game: Game, seed: int | None = None, seats: Sequence[str] = ()) -> None:
        self.game = game
        self.seed = seed if seed is not None else secrets.randbelow(2**31)
        self.chance = random.Random(self.seed)
        self.state: State = game.new_state()
        self.record = Record.start(game, self.seed, list(seats))
        self.log: list[Event] = []

    @classmethod
    def resume(cls, game: Game, record: Record, narrate: Narrate | None = None) -> Match:
        """Carry on a saved game: replay its record, then draw further chance from its seed onwards. `narrate`
        may retell each action's events for the log (given the action's number)."""
        match = cls(game, record.seed, record.seats)
        for number, (state, events) in enumerate(replay(record, game)):
            match.state = state
            match.log.extend(narrate(number - 1, events) if narrate is not None and number else events)
        match.record.actions = list(record.actions)
        # Chance after a resume is drawn from a generator advanced past the draws already in the record.
        match.chance = random.Random(f"{match.seed}/{len(record.actions)}")
        return match

    def sample_chance(self) -> Action:
        return draw_chance(self.state, self.chance)

    def play(self, action: Action) -> list[Event]:
        """Apply one action (raises IllegalAction and changes nothing if the rules forbid it)."""
        events = self.state.apply(action)
        self.record.actions.append(str(action))
        self.log.extend(events)
        return events

    def run_chance(self) -> list[Event]:
        """Resolve chance until a seat must decide or the game ends."""
        events: list[Event] = []
        while self.state.is_chance():
            events.extend(self.play(self.sample_chance()))
        return events

    def ask(self, agent: Agent) -> Action:
        seat = self.state.to_move()
        assert isinstance(seat, int) and seat == agent.seat
        return agent.act(self.state.view(seat), self.state.legal_actions())


def agent_seed(match_seed: int, seat: int) -> str:
    """Each bot's own seed, derived from the match's so that a match replays exactly."""
    return f"{match_seed}/seat{seat}"


def run_match(
    game: Game,
    agents: Sequence[Agent],
    seed: int | None = None,
    on_events: Callable[[list[Event]], None] | None = None,
) -> Match:
    """Play a whole game between bots; the match holds the final state and the record."""
    if len(agents) != game.num_players:
        raise ValueError(f"{game.title} with these options needs {game.num_players} agents, not {len(agents)}")
    match = Match(game, seed, [agent.name for agent in agents])
    while not match.state.is_terminal():
        if match.state.is_chance():
            events = match.run_chance()
        else:
            seat = match.state.to_move()
            assert isinstance(seat, int)
            events = match.play(match.ask(agents[seat]))
        if on_events is not None:
            on_events(events)
    return match
