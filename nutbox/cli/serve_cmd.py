"""`nutbox serve`: the browser table."""

from __future__ import annotations

import json
import logging
import os
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Any

import typer

from nutbox.cli.extras import extra


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
    spectators: Annotated[
        int, typer.Option(min=1, max=100_000, help="connections to one table with neither a seat nor a profile "
                                                   "(more are asked to make a profile to watch)")
    ] = 50,
    allow_bot_settings: Annotated[
        bool, typer.Option(help="let requests give search settings (mcts:sims=...) instead of the named levels")
    ] = False,
    invite_only: Annotated[
        bool, typer.Option(help="a profile can be made only with an invite code (make codes with nutbox invite-code)")
    ] = False,
    webhook_private: Annotated[
        bool, typer.Option(help="let players' webhooks reach loopback and private addresses (a club's own network)")
    ] = False,
    review_share: Annotated[
        int, typer.Option(min=1, max=64, help="judgements of finished games' reviews in the bots' processes at once "
                                              "(the bots at the tables get the rest)")
    ] = 1,
    review_playouts: Annotated[
        int, typer.Option(min=4, max=400, help="playouts per move a review compares (more: surer marks, slower)")
    ] = 24,
    reviews_waiting: Annotated[
        int, typer.Option(min=1, max=10_000, help="reviews waiting or under way at once (more are refused: ask "
                                                  "later)")
    ] = 20,
    workers: Annotated[
        int, typer.Option(min=1, max=64, help="server processes on this machine, all serving every table "
                                              "(PostgreSQL only: SQLite serves one process)")
    ] = 1,
    studies: Annotated[
        bool, typer.Option(help="the designers' workbench at /studies: anyone who reaches the site can run balance "
                                "studies on this machine (off: keep it off on a public site)")
    ] = False,
    studies_dir: Annotated[
        Path, typer.Option(help="where the workbench keeps its studies (each resumed after a restart)")
    ] = Path("nutbox-studies"),
    study_workers: Annotated[
        int, typer.Option(min=0, max=256, help="processes a study plays its games in (0: one per core); they run at "
                                               "a lower priority than the tables")
    ] = 0,
    study_nice: Annotated[
        int, typer.Option(min=0, max=19, help="how far below the tables a study's processes run (nice: 0 as the "
                                              "tables, 19 the lowest), so that people at a table never wait")
    ] = 10,
    study_ray: Annotated[
        str | None, typer.Option(help="a Ray cluster's address (HOST:PORT) whose CPUs play the workbench's studies "
                                      "instead of this machine's processes", metavar="HOST:PORT")
    ] = None,
) -> None:
    """Serve the browser table: open the address it prints, start a game, send each friend their link."""
    with extra("serve", "web"):
        import uvicorn

        from nutbox.web.app import SETTINGS, create_app
        from nutbox.web.limits import Limits

    if studies:
        with extra("serve --studies", "sim"):  # (a study's report and plots)
            import matplotlib  # noqa: F401
        if study_ray is not None:
            with extra("serve --study-ray", "ray"):
                import ray  # noqa: F401
    elif study_ray is not None:
        typer.echo("error: --study-ray names where the workbench's studies are played: use it with --studies", err=True)
        raise typer.Exit(2)
        if workers > 1:
            typer.echo("error: --studies runs its studies in one server process: use it with --workers 1", err=True)
            raise typer.Exit(2)
    if workers > 1 and not db.startswith("postgresql"):
        typer.echo("error: --workers needs a database every process can share: PostgreSQL (--db "
                   "postgresql+psycopg://user@host/nutbox); SQLite serves one process", err=True)
        raise typer.Exit(2)
    shown = reachable(db)
    limits = Limits(outbox=outbox, bot_time=bot_time, grace=grace, bot_settings=allow_bot_settings,
                    invite_only=invite_only, webhook_private=webhook_private, spectators=spectators,
                    review_share=review_share, review_playouts=review_playouts, reviews_waiting=reviews_waiting)
    quiet_libraries()
    typer.echo(f"nutbox table on http://{host}:{port}  (games stored in {shown}; {workers} "
               f"process{'es' if workers > 1 else ''})")
    if studies:
        played = f"; played on the Ray cluster at {study_ray}" if study_ray else ""
        typer.echo(f"the studies workbench on http://{host}:{port}/studies  (studies kept in {studies_dir}{played})")
    # per-message compression costs more CPU than it saves on loopback and LAN tables
    common: dict[str, Any] = {"host": host, "port": port, "log_level": "warning", "ws_per_message_deflate": False}
    try:
        if workers == 1:
            studies_at = ((studies_dir, study_workers or os.cpu_count() or 1, study_nice, study_ray) if studies
                          else None)
            uvicorn.run(create_app(db, bot_workers or None, limits, studies_at=studies_at), **common)
            return
        # each worker process builds its own app from what this one was told (web/app.py from_environment)
        os.environ[SETTINGS] = json.dumps({"db": db, "bot_workers": bot_workers or None, "limits": asdict(limits)})
        uvicorn.run("nutbox.web.app:from_environment", factory=True, workers=workers, **common)
    except KeyboardInterrupt:  # Ctrl-C: the server and its bots have stopped; a line, not a traceback
        typer.echo("nutbox table stopped")


def quiet_libraries() -> None:
    """What an operator reads: nutbox's own log lines from INFO up (a start, games resumed, webhooks' retries);
    the libraries' (alembic's migration steps, SQLAlchemy's, uvicorn's) only from WARNING up."""
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(message)s")
    logging.getLogger("nutbox").setLevel(logging.INFO)


def reachable(db: str) -> str:
    """The database's URL as it may be shown (never its password); or stop with one clear line (exit 1) if the
    database cannot be reached, before anything starts."""
    from sqlalchemy import create_engine, exc

    shown = "the database"
    try:
        engine = create_engine(db)
        url = engine.url.render_as_string(hide_password=True)
        shown = f"the database {url}"
        with engine.connect():
            pass
        engine.dispose()
    except (exc.SQLAlchemyError, OSError, ValueError) as error:
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        typer.echo(f"error: {shown} cannot be reached: {reason}", err=True)
        raise typer.Exit(1) from None
    return url
