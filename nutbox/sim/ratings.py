"""Ratings for agents from study results (openskill's Plackett-Luce model): one leaderboard per setup.

Results are rated apart by game, options, rules version and nutbox version: strength in one game, or under
other rules, says nothing sure about another, and old results must never blend into new ones. Each seat is
a team of one, ranked by the game's result (the winners first, sharing a rank if they share the win; the
others by score). An agent that sat in several seats of one game takes the mean of its seats' updates.
Games are rated in a fixed order (file by file, then by index), so a leaderboard is reproducible. Failed
games and solo games (nobody to be ranked against) are left out, and counted.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from statistics import fmean

from openskill.models import PlackettLuce, PlackettLuceRating

from nutbox.sim.figures import Played
from nutbox.sim.results import JOURNAL_FILE, find_results, read_rows
from nutbox.sim.study import StudyError


@dataclass
class Standing:
    agent: str  # the name it was given in the study (the first seen, if several name the same settings)
    settings: str
    mu: float
    sigma: float
    seats: int = 0  # seats it took: two in a game where it sat twice
    wins: int = 0

    @property
    def ordinal(self) -> float:
        """A conservative rating: mu less three sigmas, what the leaderboard sorts by."""
        return self.mu - 3 * self.sigma


@dataclass
class Leaderboard:
    game: str
    options: str
    rules_version: str
    nutbox_version: str
    standings: list[Standing] = field(default_factory=list)
    games: int = 0
    failed: int = 0
    sources: list[str] = field(default_factory=list)


def results_paths(targets: list[Path]) -> list[Path]:
    """The results files in the given directories (or the files themselves), saying which hold none."""
    paths: list[Path] = []
    for target in targets:
        if target.is_file():
            paths.append(target)
            continue
        if not target.is_dir():
            raise StudyError(f"{target}: no such file or directory")
        found = list(find_results(target))
        if not found:
            unfinished = (target / JOURNAL_FILE).exists() or any(target.rglob(JOURNAL_FILE))
            hint = "the study is unfinished: run its simulate command again to finish it" if unfinished else \
                "no results.parquet or results.csv under it"
            raise StudyError(f"{target}: {hint}")
        paths.extend(found)
    return paths


def ranks(game: Played) -> list[int]:
    """Each seat's place, 0 best: winners first, then by score; equal results share a place."""
    winners = set(game.winners)
    keys = [(seat in winners, score) for seat, score in enumerate(game.scores)]
    return [sum(other > key for other in keys) for key in keys]


def leaderboards(paths: list[Path]) -> tuple[list[Leaderboard], int]:
    """The leaderboards of the results in `paths`, and how many solo games were left out."""
    model = PlackettLuce()
    boards: dict[tuple[str, str, str, str], Leaderboard] = {}
    ratings: dict[tuple[str, str, str, str], dict[str, Standing]] = {}
    solo = 0
    for path in paths:
        for row in read_rows(path):
            key = (row["game"], row["options"], row["rules_version"], row["nutbox_version"])
            board = boards.setdefault(key, Leaderboard(*key))
            if str(path) not in board.sources:
                board.sources.append(str(path))
            game = Played.of(row)
            if game is None:
                board.failed += 1
                continue
            if len(game.agents) < 2:
                solo += 1
                continue
            _rate(model, ratings.setdefault(key, {}), game)
            board.games += 1
    for key, board in boards.items():
        board.standings = sorted(ratings.get(key, {}).values(), key=lambda s: (-s.ordinal, s.agent))
    return [board for board in boards.values() if board.games or board.failed], solo


def _rate(model: PlackettLuce, standings: dict[str, Standing], game: Played) -> None:
    seats = []
    for name, settings in zip(game.agents, game.agent_settings, strict=True):
        if settings not in standings:
            fresh = model.rating()
            standings[settings] = Standing(name, settings, fresh.mu, fresh.sigma)
        seats.append(standings[settings])
    teams = [[model.rating(mu=s.mu, sigma=s.sigma)] for s in seats]
    places: list[float] = list(ranks(game))
    updated = model.rate(teams, ranks=places)
    by_agent: dict[str, list[PlackettLuceRating]] = {}
    for seat, (standing, [rating]) in enumerate(zip(seats, updated, strict=True)):
        by_agent.setdefault(standing.settings, []).append(rating)
        standing.seats += 1
        standing.wins += seat in game.winners
    for settings, new in by_agent.items():
        standing = standings[settings]
        standing.mu = fmean(rating.mu for rating in new)
        standing.sigma = fmean(rating.sigma for rating in new)
