"""The errors the core protocol raises: each says what is wrong and where."""

from __future__ import annotations

from collections.abc import Sequence

from nutbox.core.names import with_names


class NutboxError(Exception):
    """Base of every error nutbox raises on purpose."""


class IllegalAction(NutboxError):
    """An action the rules forbid here; `rule` names the rule (with its rulebook section)."""

    def __init__(self, action: object, rule: str) -> None:
        self.action = action
        self.rule = rule  # each seat named by its placeholder (core.names): `told` fills in their names
        super().__init__(f"{action} is illegal: {with_names(rule)}")

    def told(self, names: Sequence[str] | None) -> str:
        """The rule that forbids the action, each seat called by its name."""
        return with_names(self.rule, names)


class NotationError(NutboxError):
    """Text that is not an action of the game's notation; the message says which part is wrong."""

    def __init__(self, text: str, problem: str) -> None:
        self.text = text
        self.problem = problem
        super().__init__(f"cannot read {text!r}: {problem}")


class OptionsError(NutboxError):
    """Game options that do not exist or have values outside their range."""


class RecordError(NutboxError):
    """A game record that is malformed or does not replay; the message says where."""
