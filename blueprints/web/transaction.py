"""The pages' side of the transaction rule (docs/CONTRIBUTING.md, "Transactions"): services flush only, and a page
view never calls commit() or rollback() itself; it wraps the write it makes in `page_transaction()`.

    with page_transaction():
        services.revoke_api_key(key)
    flash(...)

The block's work is committed when it ends cleanly (then its jobs are queued, or run inline); an error rolls it
back and propagates, for the view to render (a 422 with the form again) or for the app's error pages. A refusal
whose records must be kept (`AppError.keep_records`, e.g. the timeline event of an emission the authority
refused) is committed before it propagates. What the view reads after the block sees the committed state
(inline jobs included), so a page can show the outcome of the work it just handed over.
"""
from contextlib import contextmanager

from core.queue import commit, end_with_error


@contextmanager
def page_transaction():
    try:
        yield
    except Exception as exc:
        end_with_error(exc)
        raise
    commit()
