"""Inline jobs due later, for the embedded default (JOBS_INLINE: no Redis, so no RQ scheduler): a webhook retry
5 s after a failure must go out about 5 s later, not at the next run of the periodic sweep.

One daemon thread per process keeps the timers in a heap and runs each job at its time inside an app context
(`core.queue.run_inline`). The job's database row stays the record of what is owed: a process that stops loses its
timers, and the periodic job (`flask --app app webhook sweep`, cron) sends what is overdue. Jobs must check that
they are still due when they run (domain.webhooks.jobs.deliver claims its row first).
"""
import heapq
import itertools
import logging
import threading
import time

from core.queue import run_inline

log = logging.getLogger("fretes.jobs")


class InlineTimer:
    def __init__(self):
        self._heap: list = []
        self._changed = threading.Condition()
        self._order = itertools.count()
        self._thread: threading.Thread | None = None
        self._running = 0

    def schedule(self, app, delay_seconds: float, job) -> None:
        """Run `job` (a core.queue.PendingJob) in `app` after `delay_seconds`."""
        with self._changed:
            heapq.heappush(self._heap, (time.monotonic() + max(delay_seconds, 0), next(self._order), app, job))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="inline-timer", daemon=True)
                self._thread.start()
            self._changed.notify()

    def pending(self) -> int:
        with self._changed:
            return len(self._heap)

    def wait_idle(self, timeout: float) -> bool:
        """Until no timer is left nor running (tests: the retry's own writes are committed); False on timeout."""
        with self._changed:
            return self._changed.wait_for(lambda: not self._heap and not self._running, timeout)

    def clear(self) -> None:
        """Drop every timer (tests: a test's retries must not fire in the next one)."""
        with self._changed:
            self._heap.clear()
            self._changed.notify()

    def _next_due(self):
        with self._changed:
            while True:
                if self._heap:
                    wait = self._heap[0][0] - time.monotonic()
                    if wait <= 0:
                        self._running += 1
                        return heapq.heappop(self._heap)
                    self._changed.wait(wait)
                else:
                    self._changed.wait()

    def _run(self) -> None:
        while True:
            _, _, app, job = self._next_due()
            try:
                with app.app_context():
                    run_inline(job)
            except Exception:  # a timer thread must survive any job
                log.exception("timed inline job %s%r failed", job.func, job.args)
            finally:
                with self._changed:
                    self._running -= 1
                    self._changed.notify_all()


TIMER = InlineTimer()
