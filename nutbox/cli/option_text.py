"""`NAME=VALUE` texts from the command line (`--option end_score=30`), as names and values."""

from __future__ import annotations

from nutbox.core import OptionsError


def name_values(texts: list[str], flag: str = "--option") -> dict[str, str]:
    """The names and values of `texts`; a text that is not NAME=VALUE is refused, saying which."""
    pairs = {}
    for text in texts:
        name, eq, value = text.partition("=")
        if not eq or not name.strip():
            raise OptionsError(f"{flag} {text!r}: write it as NAME=VALUE, e.g. {flag} players=3")
        pairs[name.strip()] = value.strip()
    return pairs
