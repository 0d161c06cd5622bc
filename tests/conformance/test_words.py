"""Every game in words, over random playouts at every player count: each decision has a prompt, each legal
action a label in words that is not its notation and tells it apart from the others of its decision, each
seat a panel whose secret cards show only in its own view, and the end a score table."""

from __future__ import annotations

import json
import random

from nutbox.core import Game, random_action


def test_every_decision_and_action_reads_in_words(game: Game) -> None:
    rng = random.Random(11)
    decisions = 0
    for _ in range(3):
        state = game.new_state()
        while not state.is_terminal():
            if not state.is_chance():
                seat = state.to_move()
                assert isinstance(seat, int)
                view = state.view(seat)
                prompt = game.decision(view)
                assert prompt.strip() and prompt != "make a move", view["to_move"]
                for other in [None, *range(game.num_players)]:
                    if other != seat:
                        assert game.decision(state.view(other)).strip()
                legal = state.legal_actions()
                labels = [game.label(action, view) for action in legal]
                for action, label in zip(legal, labels, strict=True):
                    assert label.strip() and label != str(action), (str(action), label)
                assert len(set(labels)) == len(labels), sorted(label for label in labels if labels.count(label) > 1)
                decisions += 1
            state.apply(random_action(state, rng))
        final = state.view(None)
        table = game.score_table(final)
        assert table is not None and len(table.rows) == game.num_players
        assert all(len(row) == len(table.columns) for row in table.rows)
        assert list(table.winners) == final["winners"]
        json.dumps(table.to_json())
    assert decisions > 0


def test_panels_show_every_seat_and_secret_cards_only_to_their_holder(game: Game) -> None:
    rng = random.Random(5)
    state = game.new_state()
    for step in range(400):
        if state.is_terminal():
            break
        if step % 7 == 0:
            for viewer in [None, *range(game.num_players)]:
                panels = game.panels(state.view(viewer))
                assert [panel.seat for panel in panels] == list(range(game.num_players))
                for panel in panels:
                    assert panel.name
                    if panel.seat != viewer:
                        assert not panel.cards, (viewer, panel)
                    json.dumps(panel.to_json())
        state.apply(random_action(state, rng))
