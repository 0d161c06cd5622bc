"""The site's ratings: openskill's Plackett-Luce model, one rating per profile, game and player count, with the
bot levels as fixed anchors.

A rating is (mu, sigma): how well the site thinks you play, and how unsure it still is. Newcomers start at
openskill's default (mu 25, sigma 25/3). The bots `easy`, `medium` and `hard` enter every rated game with the
fixed ratings in ANCHORS and their own result is thrown away, so they never move: a person's rating then means
"how you do against bots of known strength", and it cannot drift as the site's population changes. Easy sits
at 25, where a newcomer is assumed to be; medium and hard sit above it by gaps measured from games between the
bots (docs/table.md, "Ratings"). One set of anchors serves every game and player count.

Each seat is a team of one, ranked by its place (1 for the winners; equal places tie). Leaderboards sort by
the conservative `ordinal` (mu less three sigmas: a newcomer shows low and rises as the site becomes sure of
them), shown on an Elo-like scale (`shown`).

Only tables whose bots are levels with anchors are rated: beating the random bot, or a bot given settings of
its own, says nothing about strength against the anchors. Solo games have nobody to be ranked against.
"""

from __future__ import annotations

import math
from statistics import fmean

from openskill.models import PlackettLuce, PlackettLuceRating

from nutbox.agents import AGENTS

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
BOT = "bot:"  # a bot's subject is "bot:" and its level; a profile's is its id
# (mu, sigma) of each bot level. Easy at the newcomer's mu; medium and hard above it by the gaps measured in
# docs/table.md ("Ratings"): medium beat easy in 59.9% of 541 games (Nuts Sorting and Nut), hard beat medium in
# 75.0% of 200 (Nuts Sorting); a gap g makes the model expect the better to win 1 / (1 + exp(-g / c)), with
# c = sqrt(2 beta^2 + 2 sigma^2) = 6.06, so the gaps are c * logit(p): 2.4 and 6.7. A small sigma: surer than
# any player gets (their sigma settles near 1.5).
ANCHORS: dict[str, tuple[float, float]] = {
    "easy": (25.0, 1.0),
    "medium": (27.4, 1.0),
    "hard": (34.1, 1.0),
}
# Shown points per point of mu: for two settled players (sigmas near 0) Plackett-Luce gives the better one
# 1 / (1 + exp(-gap / (sqrt(2) beta))) to win; Elo gives 1 / (1 + 10 ** (-gap / 400)). This scale makes the two
# agree, so 100 shown points is the familiar 64% to win. About 29.5.
SCALE = 400 / (math.log(10) * math.sqrt(2) * MODEL.beta)
SHOWN_AT_ZERO = 1000  # a newcomer's ordinal is 0 (25 - 3 * 25/3): they show 1000

Rating = tuple[float, float, int]  # mu, sigma, rated games played


def bot_subject(level: str) -> str:
    return f"{BOT}{level}"


def is_bot(subject: str) -> bool:
    return subject.startswith(BOT)


RATED_LEAST_TIME = 15.0  # seconds per decision at the least at a rated table with a clock


def rated_settings(timer: float, hints: bool) -> str | None:
    """Why a table's settings keep it from being rated, or None: hints play for the person, and a clock too
    short to think in makes a loss on time of a game nobody played."""
    if hints:
        return "a rated table has no hints: a rating says how you play, not how the medium bot does"
    if 0 < timer < RATED_LEAST_TIME:
        return f"a rated table gives at least {RATED_LEAST_TIME:.0f} seconds per decision (or no time limit)"
    return None


def rated_allowed(seat_kinds: list[str]) -> str | None:
    """Why a table with these seats ("human", a bot level, "random", or a bot with settings like "mcts:...")
    cannot be rated, or None if it can."""
    if len(seat_kinds) < 2:
        return "a game for one player is not rated: there is nobody to be ranked against"
    for kind in seat_kinds:
        name, colon, _ = kind.partition(":")
        if name == "random":
            return "a table with the random bot is not rated: beating it says nothing about how well you play"
        if colon or name in AGENTS:
            return (f"a table with the bot {kind[:40]!r} is not rated: only the levels "
                    f"{', '.join(ANCHORS)} have known ratings")
    return None


def update(players: list[str], places: list[int], current: dict[str, Rating]) -> dict[str, Rating]:
    """The new (mu, sigma, games) of every profile at a finished table. `players` holds each seat's subject
    (a profile's id or "bot:LEVEL"), `places` each seat's place (1 for the winners; equal places tie) and
    `current` the stored ratings of those that have one (the others start at the model's default). Bots play
    at their anchors and are left out of the answer. A profile in several seats takes the mean of its seats'
    updates, and one game more."""
    if len(players) != len(places):
        raise ValueError(f"{len(players)} players but {len(places)} places")
    if len(players) < 2:
        raise ValueError("a game is rated only with two seats or more")
    teams = [[rating_of(subject, current)] for subject in players]
    rated = MODEL.rate(teams, ranks=[float(place) for place in places])
    by_profile: dict[str, list[PlackettLuceRating]] = {}
    for seat, (subject, [rating]) in enumerate(zip(players, rated, strict=True)):
        if not is_bot(subject):
            # a newcomer's first games tell little yet: what others win or lose against them is scaled down
            # (a fresh profile cannot hand anyone many points), while the newcomer's own rating moves in full
            weight = min([settled(other, current) for other_seat, other in enumerate(players)
                          if other_seat != seat and other != subject] or [1.0])
            before = teams[seat][0]
            by_profile.setdefault(subject, []).append(MODEL.rating(
                mu=before.mu + weight * (rating.mu - before.mu),
                sigma=before.sigma + weight * (rating.sigma - before.sigma)))
    return {
        subject: (fmean(r.mu for r in new), fmean(r.sigma for r in new), current.get(subject, (0, 0, 0))[2] + 1)
        for subject, new in by_profile.items()
    }


PROVISIONAL = 5  # a profile's rated games before it moves others' ratings in full


def settled(subject: str, current: dict[str, Rating]) -> float:
    """How far a subject's games move others' ratings: a bot or a profile past its first PROVISIONAL games in
    full (1); a newcomer a fifth more per game played (0.2 in its first)."""
    if is_bot(subject):
        return 1.0
    games = current.get(subject, (0.0, 0.0, 0))[2]
    return min(1.0, (games + 1) / PROVISIONAL)


def rating_of(subject: str, current: dict[str, Rating]) -> PlackettLuceRating:
    """A subject's rating going into a game: a bot's anchor, a profile's stored rating, or the default."""
    if is_bot(subject):
        level = subject.removeprefix(BOT)
        if level not in ANCHORS:
            raise ValueError(f"no anchor for the bot {subject[:40]!r} (levels: {', '.join(ANCHORS)})")
        mu, sigma = ANCHORS[level]
        return MODEL.rating(mu=mu, sigma=sigma)
    if subject in current:
        mu, sigma, _ = current[subject]
        return MODEL.rating(mu=mu, sigma=sigma)
    return MODEL.rating()


def ordinal(mu: float, sigma: float) -> float:
    """A conservative rating, what leaderboards sort by: mu less three sigmas."""
    return mu - 3 * sigma


def shown_of(subject: str, current: dict[str, Rating]) -> int:
    """The rating a subject shows now (a newcomer's, if it has none yet)."""
    rating = rating_of(subject, current)
    return shown(rating.mu, rating.sigma)


def shown(mu: float, sigma: float) -> int:
    """The rating people see: the ordinal on an Elo-like scale, a newcomer at 1000 (see SCALE)."""
    return round(SHOWN_AT_ZERO + SCALE * ordinal(mu, sigma))
