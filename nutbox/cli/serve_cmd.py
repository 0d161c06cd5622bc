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
    bot_time: Annotated[float, typer.Option(min=0.01, max=600, help="seconds a bot may think per decision")] = 5.0,
    grace: Annotated[
        float, typer.Option(min=1, max=7 * 86400, help="seconds a turn waits before a rival may hand an absent "
                                                       "player's seat to a bot, at tables without a turn timer")
    ] = 300.0,
    outbox: Annotated[
        int, typer.Option(min=2, max=10_000, help="updates waiting for one connection before it is dropped as too "
                                                  "slow (its page reconnects)")
    ] = 64,
    allow_bot_settings: Annotated[
        bool, typer.Option(help="let requests give search settings (mcts:sims=...) instead of the named levels")
    ] = False,
    invite_only: Annotated[
        bool, typer.Option(help="a profile can be made only with an invite code (make codes with nutbox invite-code)")
    ] = False,
    webhook_private: Annotated[
        bool, typer.Option(help="let players' webhooks reach loopback and private addresses (a club's own network)")
    ] = False,
) -> None:
    """Serve the browser table: open the address it prints, start a game, send each friend their link."""
    try:
        import uvicorn

        from nutbox.web.app import create_app
        from nutbox.web.hub import Limits
    except ImportError as missing:  # the web extra is not installed
        typer.echo(f"error: nutbox serve needs the web extra ({missing.name} is missing): "
                   f"pip install 'nutbox[web]' (./run serve installs it)", err=True)
        raise typer.Exit(2) from None

    limits = Limits(outbox=outbox, bot_time=bot_time, grace=grace, bot_settings=allow_bot_settings,
                    invite_only=invite_only, webhook_private=webhook_private)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    typer.echo(f"nutbox table on http://{host}:{port}  (games stored in {db})")
    # per-message compression costs more CPU than it saves on loopback and LAN tables
    uvicorn.run(create_app(db, bot_workers or None, limits), host=host, port=port, log_level="warning",
                ws_per_message_deflate=False)
