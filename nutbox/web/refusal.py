"""A request the table turns down: the reason in a sentence and the HTTP status that says what kind it is."""

from __future__ import annotations


class Refusal(Exception):
    """A request the table turns down; the message says why, and nothing has changed."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status  # the HTTP status that says what kind of refusal it is


def clip(text: str, length: int = 60) -> str:
    """A piece of what someone sent, short enough to quote back in a refusal."""
    return text if len(text) <= length else text[:length] + "…"
