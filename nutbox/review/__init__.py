"""Reviews of finished games: each decision judged from the deciding seat's view, the better move, and marks."""

from nutbox.review.game_review import (
    MARKS,
    Budget,
    Decision,
    Judged,
    Mapper,
    Review,
    SeatSummary,
    judge_anywhere,
    review,
)

__all__ = ["MARKS", "Budget", "Decision", "Judged", "Mapper", "Review", "SeatSummary", "judge_anywhere", "review"]
