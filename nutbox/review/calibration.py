"""The review's chances made to mean what they say: a fitted map from the playouts' raw chance of winning to the
share of such decisions the seat went on to win.

Raw playout chances are biased in a way that depends on the game: where the playouts play the other seats more
randomly than real players do, or dice swing more than the playouts assume, 80% comes true far less often than 8
times in 10. Each game and seat count gets a logistic map (Platt scaling) of the raw chance, smoothed by its
number of playouts so that 0 and 1 stay finite:

    calibrated = 1 / (1 + exp(-(a * logit(raw) + b)))

fitted by `python bench/review.py --fit FILE` on reviews of easy bots' games (bench/review.py --raw --save FILE)
and kept in calibration.json beside this file. The map is monotone, so it never changes which move is best; a
game and seat count without a fit keep their raw chances. docs/bots.md gives the fits and how calibrated the
chances come out on games the fit never saw.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

FITTED = Path(__file__).with_name("calibration.json")


@dataclass(frozen=True)
class Scale:
    """The map of one game and seat count: identity when a = 1 and b = 0."""

    a: float = 1.0
    b: float = 0.0

    def __call__(self, raw: float, playouts: int) -> float:
        if self.a == 1.0 and self.b == 0.0:
            return raw
        return 1.0 / (1.0 + math.exp(-(self.a * logit(raw, playouts) + self.b)))


IDENTITY = Scale()


def logit(raw: float, playouts: int) -> float:
    """The log-odds of a chance measured from `playouts` playouts, pulled half a playout in from 0 and 1."""
    smoothed = (raw * playouts + 0.5) / (playouts + 1)
    return math.log(smoothed / (1.0 - smoothed))


@cache
def fitted() -> dict[str, Scale]:
    """The fits in calibration.json, by "game-id/players"."""
    if not FITTED.exists():
        return {}
    data = json.loads(FITTED.read_text())
    return {key: Scale(fit["a"], fit["b"]) for key, fit in data["fits"].items()}


def scale_for(game_id: str, players: int) -> Scale:
    return fitted().get(f"{game_id}/{players}", IDENTITY)


def fit(pairs: Sequence[tuple[float, float]], playouts: int, steps: int = 50) -> Scale:
    """The map that best predicts the outcomes (win shares 0 to 1) from the raw chances: logistic regression on
    the raw chance's log-odds, by Newton's method (two parameters; it converges in a handful of steps)."""
    a, b = 1.0, 0.0
    xs = [logit(raw, playouts) for raw, _ in pairs]
    for _ in range(steps):
        ga = gb = haa = hab = hbb = 0.0
        for x, (_, won) in zip(xs, pairs, strict=True):
            q = 1.0 / (1.0 + math.exp(-(a * x + b)))
            weight = q * (1.0 - q)
            ga, gb = ga + (q - won) * x, gb + (q - won)
            haa, hab, hbb = haa + weight * x * x, hab + weight * x, hbb + weight
        determinant = haa * hbb - hab * hab
        if determinant <= 1e-12:
            break
        da, db = (hbb * ga - hab * gb) / determinant, (haa * gb - hab * ga) / determinant
        a, b = a - da, b - db
        if abs(da) + abs(db) < 1e-9:
            break
    return Scale(round(a, 4), round(b, 4))
