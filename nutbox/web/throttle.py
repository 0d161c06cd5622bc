"""How often one client address may do a thing that costs the site (make a table, make a profile, try an invite
code): at most a few times in a window, else a 429 that says why. Kept in this process's memory: with several
processes each holds its own count, so a client reaching all of them gets that many times the allowance (the
per-table limits that matter for fairness live with the tables, docs/table.md)."""

from __future__ import annotations

from collections import deque

from nutbox.web.refusal import Refusal

KEYS_KEPT = 10_000  # addresses remembered at once; past this, the quiet ones are forgotten


class Throttle:
    def __init__(self, most: int, window: float, what: str) -> None:
        self.most, self.window, self.what = most, window, what
        self.seen: dict[str, deque[float]] = {}

    def check(self, address: str, now: float) -> None:
        """Count one more from `address` at `now`, or refuse it (429, nothing counted) if it has had its share."""
        recent = self.seen.setdefault(address, deque())
        while recent and recent[0] <= now - self.window:
            recent.popleft()
        if len(recent) >= self.most:
            minutes = max(1, round(self.window / 60))
            raise Refusal(f"slow down: at most {self.most} {self.what} in {minutes} minutes from one address",
                          status=429)
        recent.append(now)
        if len(self.seen) > KEYS_KEPT:
            self.seen = {key: times for key, times in self.seen.items() if times and times[-1] > now - self.window}
