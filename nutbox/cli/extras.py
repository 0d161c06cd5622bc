"""Commands whose libraries are an extra: they import them only when run, so `nutbox --help` and every command's
own help load none of them, and a command whose extra is missing keeps its options and says which to install."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import typer


@contextmanager
def extra(command: str, name: str) -> Iterator[None]:
    """Around a command's imports of the `name` extra: if one is missing, one line saying which extra to
    install, and exit status 2."""
    try:
        yield
    except ImportError as missing:
        package = (missing.name or "a library").split(".")[0]
        typer.echo(f"error: nutbox {command} needs the {name} extra ({package} is missing): "
                   f"pip install 'nutbox[{name}]' (./run nutbox installs it)", err=True)
        raise typer.Exit(2) from None
