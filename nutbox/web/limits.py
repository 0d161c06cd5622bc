"""What the server's operator sets (never a request), and the server's clock."""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What the server's operator sets, never a request."""

    outbox: int = 64  # messages waiting for one connection before it is dropped as too slow
    bot_time: float = 5.0  # seconds a bot may think about one decision
    grace: float = 300.0  # seconds a player's turn must wait before a rival may hand their seat to a bot
    bot_settings: bool = False  # whether requests may give explicit search settings (`mcts:sims=...`)
    invite_only: bool = False  # a profile can be made only with an invite code (`nutbox invite-code`)
    webhook_private: bool = False  # webhooks may go to loopback and private addresses (a club's own network)
    tick: float = 1.0  # seconds between looks at the turn clocks
    chat_lines: int = 5  # lines one speaker may say ...
    chat_window: float = 10.0  # ... in this many seconds
    spectators: int = 50  # connections to one table with neither a seat nor a profile
    tables_per_address: int = 30  # new tables one client address may make ...
    profiles_per_address: int = 20  # ... new profiles (and invite codes tried; a classroom shares one address) ...
    address_window: float = 600.0  # ... in this many seconds
    # seconds at least between two bot decisions while a bot plays a person's seat (handed over, or its time ran
    # out): the person can follow the game and take the seat back before it is played to the end
    pace: float = 1.5
    # reviews of finished games (web/reviews.py): judgements in the bots' pool at once across all reviews of this
    # process (the bots at the tables get the rest of the pool), playouts per move compared, and the queue's length:
    # reviews waiting or under way on this process (a request beyond is refused, 503)
    review_share: int = 1
    review_playouts: int = 24
    reviews_waiting: int = 20


class Clock:
    """The server's time, in seconds since the epoch. Turn clocks run on it; a test moves `offset` on to see
    a day pass without waiting one."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        return time.time() + self.offset
