"""Game options: a frozen dataclass per game, read from text (command line, requests) with clear errors.

Every option is a dataclass field with a default; `Literal[...]` fields list their choices, and a field's
`metadata["help"]` says what it does. Everything a game derives from its options (player count, action
count) is read from the instance, never from these defaults.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from nutbox.core.errors import OptionsError

LARGEST = 10**9  # no option of any game needs a larger number; a larger one is a mistake or an attack


@dataclass(frozen=True)
class Options:
    """The options every game has; a game subclasses this to add its own."""

    players: int = dataclasses.field(default=2, metadata={"help": "number of players"})


OptionsT = TypeVar("OptionsT", bound=Options)


@dataclass(frozen=True)
class OptionInfo:
    name: str
    kind: str  # "int", "bool", "str" or "choice"
    default: Any
    choices: tuple[Any, ...]
    help: str
    label: str = ""  # the option's name for people ("Automa level"); the field name when a game gives none
    # a choice's name for people, by its value ({"keep-2-of-3": "Keep 2 of 3 dealt objectives"})
    choice_labels: dict[str, str] = dataclasses.field(default_factory=dict)
    # named values for a free-text option ({"the printed die": "stop,stop,..."}), offered before a custom one
    presets: dict[str, str] = dataclasses.field(default_factory=dict)
    rulebook: bool = True  # whether the default is the rulebook's own rule (else a reading of ours)


def describe(options_type: type[Options]) -> list[OptionInfo]:
    """What each option is, for `nutbox list` and for the browser's new-game form."""
    hints = typing.get_type_hints(options_type)
    infos = []
    for f in dataclasses.fields(options_type):
        hint = hints[f.name]
        choices: tuple[Any, ...] = ()
        if typing.get_origin(hint) is Literal:
            kind, choices = "choice", typing.get_args(hint)
        else:
            kind = {int: "int", bool: "bool", str: "str", float: "float"}.get(hint, "str")
        infos.append(OptionInfo(
            f.name, kind, f.default, choices, f.metadata.get("help", ""),
            f.metadata.get("label", f.name.replace("_", " ").capitalize()),
            dict(f.metadata.get("choice_labels", {})), dict(f.metadata.get("presets", {})),
            bool(f.metadata.get("rulebook", True)),
        ))
    return infos


def _convert(info: OptionInfo, raw: Any) -> Any:
    if info.kind == "bool":
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise OptionsError(f"option {info.name}: {raw!r} is not a yes/no value (use on or off)")
    if info.kind == "int":
        if isinstance(raw, bool) or (isinstance(raw, float) and not raw.is_integer()):
            raise OptionsError(f"option {info.name}: {raw!r} is not a whole number")
        try:
            number = int(raw)
        except (TypeError, ValueError):
            raise OptionsError(f"option {info.name}: {str(raw)[:20]!r} is not a whole number") from None
        if abs(number) > LARGEST:
            raise OptionsError(f"option {info.name}: a whole number of at most {LARGEST}")
        return number
    if info.kind == "float":
        try:
            real = float(raw)
        except (TypeError, ValueError):
            raise OptionsError(f"option {info.name}: {str(raw)[:20]!r} is not a number") from None
        if not abs(real) <= LARGEST:  # also refuses nan
            raise OptionsError(f"option {info.name}: a number of at most {LARGEST}")
        return real
    if info.kind == "choice":
        for choice in info.choices:
            if str(choice) == str(raw).strip():
                return choice
        allowed = ", ".join(str(c) for c in info.choices)
        raise OptionsError(f"option {info.name}: {str(raw)[:20]!r} is not one of {allowed}")
    return str(raw)


def parse_options(options_type: type[OptionsT], values: Mapping[str, Any]) -> OptionsT:
    """Build options from names and values (text or JSON values); unknown names are refused."""
    infos = {info.name: info for info in describe(options_type)}
    unknown = sorted(set(values) - set(infos))
    if unknown:
        known = ", ".join(sorted(infos))
        raise OptionsError(f"unknown option {', '.join(unknown)} (this game has: {known})")
    converted = {name: _convert(infos[name], raw) for name, raw in values.items()}
    try:
        return options_type(**converted)
    except (TypeError, ValueError) as error:
        raise OptionsError(str(error)) from None


def options_to_dict(options: Options) -> dict[str, Any]:
    return dataclasses.asdict(options)
