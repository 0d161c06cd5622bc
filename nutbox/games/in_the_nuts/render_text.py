"""PLACEHOLDER (being replaced by the renderer helper)."""

from typing import Any

from rich.console import RenderableType
from rich.pretty import Pretty


def render(view: dict[str, Any]) -> RenderableType:
    return Pretty(view)
