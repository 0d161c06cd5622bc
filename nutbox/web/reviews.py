"""Reviews of finished games (nutbox/review): every decision of every seat judged in the background, in the bots'
process pool and never more than a bounded share of it, stored with the table and worked out once.

Whose decisions, and who may read them: **every seat of a finished game is reviewed, and anyone who can see the
table can ask for the review and read it.** Once a game is over its record, with every secret in it, is downloadable
by anyone who can see the table (app.py `download`), and each decision is judged from the deciding seat's own view
at that moment, so the review of any seat reveals nothing that record does not. Before the end there is no review
at all (a rated game in progress never gets one): it would tell a player what was hidden from them while it
still matters.

How it runs. A request queues the table's review; a second request for the same table gets the same review (a
failed one is queued again). A person (their profile, or without one their address) has at most one review
waiting or under way, and this process at most `Limits.reviews_waiting` (more are refused, saying why). Reviews
run one at a time, first come first served; a review's decisions go to the bots' pool through `judge_anywhere`
with at most `Limits.review_share` judgements there at once across this process, so the bots at the tables
always have the rest of the pool. Progress (done of total) is stored at most every PROGRESS_EVERY seconds, the
result once done; on start, the reviews a server left queued or running are queued again, each by the one
process that claims its row.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import OrderedDict, deque
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any

from nutbox.review.game_review import Budget, Decision, Judged, Review, decisions, judge_anywhere
from nutbox.review.graph import Point, chance_graph
from nutbox.review.words import tell
from nutbox.web.limits import Clock, Limits
from nutbox.web.live import LiveTable
from nutbox.web.messages import replay_points
from nutbox.web.refusal import Refusal
from nutbox.web.seated import Desk
from nutbox.web.store import ReviewRow, Store

log = logging.getLogger("nutbox.web")
QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
PROGRESS_EVERY = 2.0  # seconds at least between two writes of a review's progress
TOLD_KEPT = 32  # finished reviews kept told (in words, with the graphs) in memory
NOT_FINISHED = "only a finished game can be reviewed"


async def stored(write: Future[None]) -> None:
    await asyncio.wrap_future(write)


@dataclass(frozen=True)
class Job:
    table_id: str
    person: str | None  # who asked ("profile:ID" or "address:HOST"; after a restart, the profile or None)


def reviewable(live: LiveTable) -> bool:
    """Whether the table's game has been played to its end (not one stopped by a forfeit, nor a record cut short)."""
    return live.finished and live.match.state.is_terminal()


class Reviews:
    def __init__(self, pool: Executor, store: Store, clock: Clock, limits: Limits, desk: Desk) -> None:
        self.pool = pool
        self.store = store
        self.clock = clock
        self.limits = limits
        self.desk = desk
        self.waiting: deque[Job] = deque()
        self.running: Job | None = None
        self.progress: tuple[int, int] = (0, 0)  # of the running review, as it goes (stored every few seconds)
        self.people: dict[str, str] = {}  # each person with a review waiting or under way: its table
        self.slots = asyncio.Semaphore(limits.review_share)  # judgements in the pool at once
        self.asking = asyncio.Lock()  # requests one at a time: one check-then-queue never interleaves another
        self.wake = asyncio.Event()
        self.worker: asyncio.Task[None] | None = None
        self.told: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()

    # --- requests -------------------------------------------------------------------------------------------
    async def request(self, table_id: str, person: str, profile_id: str | None) -> ReviewRow:
        """Ask for a finished game's review: the review as it stands (queued now, or the one asked for before)."""
        live = (await self.desk.table(table_id)).live
        if not reviewable(live):
            raise Refusal(NOT_FINISHED, status=403)
        async with self.asking:
            row = await asyncio.to_thread(self.store.review, table_id)
            if row is not None and row.status != FAILED:
                return row
            if person in self.people:
                raise Refusal("you already have a review waiting or under way: ask for another once it is done "
                              f"(/t/{self.people[person]}/review)", status=429)
            if self.under_way() >= self.limits.reviews_waiting:
                raise Refusal(f"{self.under_way()} reviews are waiting or under way, as many as this server takes: "
                              "ask again in a few minutes", status=503)
            now = self.clock.now()
            new = ReviewRow(table_id, QUEUED, 0, 0, None, profile_id, now if row is None else row.created, now)
            try:
                if row is None:
                    await stored(self.store.add_review(new))
                else:  # a failed review is tried again
                    await stored(self.store.set_review(table_id, {"status": FAILED}, status=QUEUED, done=0, total=0,
                                                       requested_by=profile_id, updated=now))
            except Exception:  # another process asked first (its row is the review), or the write failed
                again = await asyncio.to_thread(self.store.review, table_id)
                if again is None or again.status == FAILED:
                    log.exception("could not store the review of table %s", table_id)
                    raise Refusal("the review could not be stored, so it was not started; try again") from None
                return again
            self.people[person] = table_id
            self.queue(Job(table_id, person))
            return new

    def under_way(self) -> int:
        return len(self.waiting) + (self.running is not None)

    def queue(self, job: Job) -> None:
        self.waiting.append(job)
        self.wake.set()
        if self.worker is None or self.worker.done():
            self.worker = asyncio.create_task(self.work())

    async def resume(self) -> int:
        """After a restart: the reviews left queued or running are queued again, oldest first (each claimed, so
        that of several processes starting together only one takes it)."""
        left = await asyncio.to_thread(self.store.reviews_left)
        taken = 0
        for row in left:
            try:
                await stored(self.store.set_review(row.table_id, {"status": row.status, "updated": row.updated},
                                                   status=QUEUED, updated=self.clock.now()))
            except Exception:
                continue  # another process took it
            person = f"profile:{row.requested_by}" if row.requested_by else None
            if person is not None:
                self.people.setdefault(person, row.table_id)
            self.queue(Job(row.table_id, person))
            taken += 1
        if taken:
            log.info("%d reviews queued again", taken)
        return taken

    def close(self) -> None:
        if self.worker is not None:
            self.worker.cancel()

    # --- the work -------------------------------------------------------------------------------------------
    async def work(self) -> None:
        """Reviews one at a time, first come first served, for as long as the server runs."""
        while True:
            while not self.waiting:
                self.wake.clear()
                await self.wake.wait()
            job = self.waiting.popleft()
            self.running, self.progress = job, (0, 0)
            try:
                await self.run(job.table_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the review of table %s failed", job.table_id)
                try:
                    await self.write(job.table_id, status=FAILED)
                except Exception:  # (the row stays queued or running: the next start takes it up again)
                    log.exception("could not store that the review of table %s failed", job.table_id)
            finally:
                self.running = None
                if job.person is not None and self.people.get(job.person) == job.table_id:
                    del self.people[job.person]

    async def run(self, table_id: str) -> None:
        """One review: every seat's decisions judged in the pool, the progress stored as it goes, then the result."""
        live = (await self.desk.table(table_id)).live
        record, game = live.record(), live.game
        seats = list(range(game.num_players))
        todo = await asyncio.to_thread(lambda: list(decisions(record, game, seats)))
        total = len(todo)
        self.progress = (0, total)
        await self.write(table_id, status=RUNNING, done=0, total=total)
        budget = Budget(playouts=self.limits.review_playouts)

        async def judged(decision: Decision) -> Judged:
            async with self.slots:  # a slot is held for as long as its judgement is in the pool
                work = self.pool.submit(judge_anywhere, decision, budget)
                running = asyncio.wrap_future(work)
                running.add_done_callback(lambda done: done.cancelled() or done.exception())  # (read, once cut short)
                try:
                    return await asyncio.shield(running)
                except asyncio.CancelledError:
                    if not work.cancel():  # under way already: its slot stays taken until it is out of the pool
                        await asyncio.wait([running])
                    raise

        tasks = [asyncio.ensure_future(judged(decision)) for decision in todo]
        done: list[Judged] = []
        written = time.monotonic()
        try:
            for next_one in asyncio.as_completed(tasks):
                done.append(await next_one)
                self.progress = (len(done), total)
                if time.monotonic() - written >= PROGRESS_EVERY and len(done) < total:
                    written = time.monotonic()
                    await self.write(table_id, done=len(done))
        finally:
            for task in tasks:
                task.cancel()
        done.sort(key=lambda one: one.step)
        review = Review(game.id, seats, budget, done)
        await self.write(table_id, status=DONE, done=total, result=json.dumps(review.to_json()))

    async def write(self, table_id: str, **changes: Any) -> None:
        await stored(self.store.set_review(table_id, updated=self.clock.now(), **changes))

    # --- what is told ---------------------------------------------------------------------------------------
    async def status(self, table_id: str) -> dict[str, Any]:
        """The review as the API answers it: its status and progress; once done, each seat's summary and chance
        after each decision, and the marked decisions in words."""
        live = (await self.desk.table(table_id)).live
        if not reviewable(live):
            raise Refusal(NOT_FINISHED, status=403)
        row = await asyncio.to_thread(self.store.review, table_id)
        if row is None:
            return {"ok": True, "status": "none", "done": 0, "total": 0}
        answer: dict[str, Any] = {"ok": True, "status": row.status, "done": row.done, "total": row.total}
        if self.running is not None and self.running.table_id == table_id and row.status in (QUEUED, RUNNING):
            answer["done"], answer["total"] = self.progress
        ahead = [job.table_id for job in self.waiting]
        if table_id in ahead:
            answer["ahead"] = ahead.index(table_id) + (self.running is not None)
        if row.status == DONE and row.result is not None:
            answer.update(await self.told_of(live, row.result))
        return answer

    async def told_of(self, live: LiveTable, result: str) -> dict[str, Any]:
        """A finished review told with the table's names (kept for the table's version: a seat may be renamed)."""
        key = (live.id, live.version)
        if key not in self.told:
            self.told[key] = await asyncio.to_thread(told, live, Review.from_json(json.loads(result)))
            while len(self.told) > TOLD_KEPT:
                self.told.popitem(last=False)
        self.told.move_to_end(key)
        return self.told[key]

    async def page(self, table_id: str) -> dict[str, Any]:
        """What the review page shows: the status, and once done the graphs drawn."""
        live = (await self.desk.table(table_id)).live
        answer = await self.status(table_id)
        graphs = {seat["seat"]: chance_graph(seat["name"], [Point(p["turn"], p["chance"], p["mark"])
                                                             for p in seat["series"]], f"graph-{seat['seat']}")
                  for seat in answer.get("seats", [])}
        return {"title": live.game.title, "table": live.id, "review": answer, "graphs": graphs,
                "stakes": live.face.stakes}


def told(live: LiveTable, review: Review) -> dict[str, Any]:
    """A review in the API's words: per seat its summary and its chance after each decision (for the graph), and
    each marked decision with its sentence, its moves in words and the replay step that shows it."""
    names = live.names()
    said = tell(review, live.record(), live.game, live.face, names)
    steps = {action: step for step, action in enumerate(replay_points(live))}
    seats = [
        {"seat": summary.seat, "name": names[summary.seat], "decisions": summary.decisions,
         "accuracy": summary.accuracy, "marks": summary.marks,
         "series": [{"turn": judged.turn, "step": judged.step, "chance": round(judged.made_chance, 4),
                     "mark": judged.mark} for judged in review.decisions if judged.seat == summary.seat]}
        for summary in review.summary()
    ]
    marked = [
        {"step": one.judged.step, "replay_step": steps.get(one.judged.step), "seat": one.judged.seat,
         "name": names[one.judged.seat], "turn": one.judged.turn, "mark": one.judged.mark, "made": one.judged.made,
         "best": one.judged.best, "made_words": one.made, "best_words": one.best,
         "made_chance": round(one.judged.made_chance, 4), "best_chance": round(one.judged.best_chance, 4),
         "sentence": one.sentence}
        for one in said if one.judged.mark
    ]
    return {"seats": seats, "marked": marked, "playouts": review.budget.playouts}
