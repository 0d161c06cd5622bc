"""`nutbox invite-code`: a code that lets people make a profile on a server run with `--invite-only`."""

from __future__ import annotations

import secrets
import time
from typing import Annotated

import typer

from nutbox.cli.extras import extra


def invite_code(
    db: Annotated[str, typer.Option(help="the server's database: the --db it is served with")],
    uses: Annotated[int, typer.Option(min=1, max=100_000, help="how many profiles the code may make")] = 1,
) -> None:
    """Make an invite code and print it, once: only its hash is stored, so it cannot be shown again."""
    with extra("invite-code", "web"):
        from nutbox.web.people import People
        from nutbox.web.store import Store
    code = secrets.token_urlsafe(12)  # 96 bits, 16 characters: short enough to type
    store = Store(db)
    try:
        People(store).add_invite_code(code, uses, time.time()).result()
    finally:
        store.close()
    typer.echo(code)
    typer.echo(f"(lets {uses} {'person' if uses == 1 else 'people'} make a profile; only its hash is stored)",
               err=True)
