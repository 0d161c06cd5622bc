"""`nutbox serve`: the browser table."""

from __future__ import annotations

import logging
from typing import Annotated

import typer


def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    db: Annotated[
        str, typer.Option(help="where games are stored: any SQLAlchemy URL, e.g. postgresql://user@host/nutbox")
    ] = "sqlite:///nutbox.sqlite3",
    bot_workers: Annotated[int, typer.Option(help="processes for bots to think in (0: one per core but one)")] = 0,
) -> None:
    """Serve the browser table: open the address it prints, start a game, send each friend their link."""
    import uvicorn

    from nutbox.web.app import create_app

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    typer.echo(f"nutbox table on http://{host}:{port}  (games stored in {db})")
    # per-message compression costs more CPU than it saves on loopback and LAN tables
    uvicorn.run(create_app(db, bot_workers or None), host=host, port=port, log_level="warning",
                ws_per_message_deflate=False)
