"""A review in words: each marked decision as a sentence, with the moves as the game's face names them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from nutbox.core import Face, Game, Record, SeatNames, replay
from nutbox.core.face import Names
from nutbox.review.game_review import Judged, Review


@dataclass(frozen=True)
class Told:
    """One reviewed decision, told: the moves in words and the sentence the review lists."""

    judged: Judged
    made: str  # the move made, in words
    best: str  # the best move found, in words
    sentence: str


def percent(chance: float) -> str:
    return f"{round(100 * chance)}%"


def tell(review: Review, record: Record, game: Game, face: Face[Any], names: Names = None,
         you: int | None = None) -> list[Told]:
    """Every reviewed decision told from the seat's view at that moment (the view names the moves as that seat saw
    them); `you` is the seat of whoever reads it, who is "you" in the sentences."""
    seats = SeatNames(names)
    wanted = {judged.step: judged for judged in review.decisions}
    told: list[Told] = []
    for step, (state, _) in enumerate(replay(record, game)):
        judged = wanted.get(step)
        if judged is None:
            continue
        view = state.view(judged.seat)
        made = face.label(game.parse(judged.made), view, names)
        best = face.label(game.parse(judged.best), view, names)
        who, whose = ("you", "your") if judged.seat == you else (seats[judged.seat], f"{seats[judged.seat]}'s")
        # with three or more seats a place tells more than the chance of winning alone
        places = game.num_players > 2
        if judged.best == judged.made:
            place = f", expected place {judged.made_place:.1f}" if places else ""
            sentence = (f"Decision {judged.turn}: {who} chose “{made}”, the best move found "
                        f"({whose} chance {percent(judged.made_chance)}{place}).")
        else:
            place = (f" (expected place {judged.best_place:.1f} instead of {judged.made_place:.1f})"
                     if places else "")
            sentence = (f"Decision {judged.turn}: {who} chose “{made}”; “{best}” kept {whose} chance at "
                        f"{percent(judged.best_chance)} instead of {percent(judged.made_chance)}{place}.")
        told.append(Told(judged, made, best, sentence))
    return told
