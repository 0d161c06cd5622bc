"""The one action and its notation."""

from __future__ import annotations

from dataclasses import dataclass

from nutbox.core import Action, Form, Notation, Number


@dataclass(frozen=True, slots=True)
class Take(Action):
    count: int
    # the notation, declared once: str(Take(2)) == "take 2", and NOTATION reads it back
    forms = (Form("take {count}", {"count": Number("number of nuts", 1, 1000)}),)


NOTATION = Notation([Take])
