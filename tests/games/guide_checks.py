"""What the games' guide tests (tests/games/<game>/test_guide.py) check the same way: every option named for
people, with one plain sentence of help that uses no code ids, and every choice named."""

from __future__ import annotations

import dataclasses
import re

from nutbox.core import Options, describe


def check_option_words(options_type: type[Options], code_ids: list[str]) -> None:
    """Each option has a label of its own (not the derived one), a help of one sentence free of `code_ids`,
    a label for every choice, and no presets unless it is free text."""
    fields = {field.name: field for field in dataclasses.fields(options_type)}
    for info in describe(options_type):
        assert "label" in fields[info.name].metadata, info.name
        assert info.label and info.label[0].isupper()
        assert re.fullmatch(r"[A-Z][^.]*\.", info.help), info.help
        assert not any(code in info.help for code in code_ids), info.help
        assert set(info.choice_labels) == {str(choice) for choice in info.choices}, info.name
        assert all(label.strip() for label in info.choice_labels.values())
        assert not info.presets or info.kind == "str", info.name
