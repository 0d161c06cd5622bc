"""The options of Nuts!: how many play, the score that ends the game, the Squirrel's die, and what a nut does
at a Splitter's closed side (the rulebook does not say: docs/rules-decisions.md, Nuts! 1)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Literal

from nutbox.core import Options, OptionsError
from nutbox.games.nuts_factory.components import COMPONENTS, DIE_FACES, LIMITS


def die_faces(text: str) -> tuple[str, ...]:
    """The faces of a squirrel die written as the `die` option writes it (comma-separated)."""
    faces = tuple(face.strip() for face in text.split(",") if face.strip())
    bad = [face for face in faces if face not in DIE_FACES]
    if not faces or bad:
        raise OptionsError(f"die faces are a comma-separated list of {', '.join(DIE_FACES)}; not {bad or text!r}")
    return faces


@dataclass(frozen=True)
class FactoryOptions(Options):
    players: int = dataclasses.field(
        default=2, metadata={"label": "Players", "help": "How many people play, from two to four."}
    )
    end_score: int = dataclasses.field(
        default=LIMITS.end_score,
        metadata={
            "label": "Score that ends the game",
            "help": "The first player to end a turn with at least this many points starts the last round.",
        },
    )
    die: str = dataclasses.field(
        default=",".join(COMPONENTS.die),
        metadata={
            "label": "Squirrel die",
            "help": "The six faces of the Squirrel's die, separated by commas, each one of stop, scamper, hunt or "
            "hunt-and-roll.",
            "presets": {
                "the printed die, as we reconstruct it": ",".join(COMPONENTS.die),
                "gentler squirrel (no hunt-and-roll)": "stop,stop,scamper,hunt,hunt,hunt",
                "hungrier squirrel (two hunt-and-roll)": "stop,scamper,hunt,hunt,hunt-and-roll,hunt-and-roll",
            },
            "rulebook": False,  # the rulebook shows the four kinds of face, not how many of each
        },
    )
    unused_end: Literal["block", "fall"] = dataclasses.field(
        default="block",
        metadata={
            "label": "Nut at a Splitter's closed side",
            "help": "What happens to a nut that comes down the column of a Splitter that has no belt for it.",
            "choice_labels": {"block": "It stops there", "fall": "It falls straight through"},
            "rulebook": False,  # the rulebook does not say (docs/rules-decisions.md, Nuts! 1)
        },
    )

    def __post_init__(self) -> None:
        die_faces(self.die)
        if self.end_score < 1:
            raise OptionsError("end_score must be at least 1")
