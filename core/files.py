"""Files written as part of a database transaction: kept when it commits, deleted when it does not.

A service that stores an uploaded file next to the row that references it writes the file while the transaction is
open (so a full disk refuses the work before anything is committed) with `write_in_transaction`. If the transaction
then ends without committing (an error in a later step, a failing COMMIT, a request torn down), the files are
removed: no file is left that no row references."""
from pathlib import Path

from sqlalchemy import event
from sqlalchemy.orm import Session

from core.db import db

_KEY = "files_written"


def write_in_transaction(path: Path, data: bytes) -> Path:
    """Write `data` to `path` (parents created) and tie the file to the session's current transaction."""
    session = db.session()
    if not session.in_transaction():
        session.begin()
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    session.info.setdefault(_KEY, []).append(path)
    path.write_bytes(data)
    return path


@event.listens_for(Session, "after_commit")
def _keep_files(session):
    session.info.pop(_KEY, None)


@event.listens_for(Session, "after_transaction_end")
def _remove_uncommitted_files(session, transaction):
    # Fired for every transaction that ends; only the outermost one decides. After a commit the list is gone.
    if transaction.parent is not None or transaction.nested:
        return
    for path in session.info.pop(_KEY, []):
        path.unlink(missing_ok=True)
