"""`flask --app app worker pdf` whose batch ZIP stops for good once its second PDF is counted.

tests/hardening/test_dead_jobs.py kills this worker mid-batch. With the real worker it waited until the progress row
said 2 PDFs were done and then killed it: on a quick machine the other PDFs could all be written in between, and the
batch was over before the kill. Here the job waits forever right after the row says 2 (committed, so the test sees
it), with its partial file open: the kill always lands mid-batch. Nothing else differs from the real worker.
Run as `python -m tests.hardening.stalling_worker` from the repository root.
"""
import sys
import threading

from flask.cli import main

from domain.ciot import batch_zip

STALL_AFTER = 2  # PDFs written (and counted in the progress row) before the job stops


def stall_batches() -> None:
    """Replace domain.ciot.batch_zip.write_zip in this process only (the batch job looks it up at each call)."""
    real_write_zip = batch_zip.write_zip

    def stalling_write_zip(company, operation_ids, fileobj, *, after_each=None):
        def after(count: int) -> None:
            if after_each is not None:
                after_each(count)
            if count == STALL_AFTER:
                threading.Event().wait()  # until the test kills the process

        return real_write_zip(company, operation_ids, fileobj, after_each=after)

    batch_zip.write_zip = stalling_write_zip


if __name__ == "__main__":  # importing this module (the test reads STALL_AFTER) changes nothing
    stall_batches()
    sys.argv = ["flask", "--app", "app", "worker", "pdf"]
    sys.exit(main())
