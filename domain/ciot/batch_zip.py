"""The batch ZIP of CIOT declarations (domain/ciot/batch.py selects the operations): one `<code>.pdf` per operation,
written entry by entry as each PDF is rendered, to any writable object (`write_zip`: the batch job writes to a
file) or as a stream of chunks (`iter_zip`: the API streams the response). Memory holds one PDF at a time, never the
batch. Apart from batch.py because the job that writes it (domain/ciot/jobs.py) is enqueued by batch.py."""
import zipfile
from collections.abc import Callable, Iterator
from datetime import datetime

from core.db import db
from core.formatting import BRT
from core.tenancy import tenant_scope
from domain.ciot.models import CiotOperation
from domain.ciot.pdf import render_operation_pdf
from domain.ciot.queries import get_operation
from domain.tenancy.models import Company

ZIP_COMPRESSION = zipfile.ZIP_DEFLATED
ZIP_LEVEL = 6


def _entry(op: CiotOperation, when: datetime) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(f"{op.code}.pdf", date_time=when.timetuple()[:6])
    info.compress_type = ZIP_COMPRESSION
    info.external_attr = 0o644 << 16
    return info


def _add_entries(company, operation_ids, zf: zipfile.ZipFile, after_each: Callable[[int], object] | None):
    """Render and add each operation's PDF, one at a time (nothing of a finished entry is kept)."""
    when = datetime.now(BRT)
    for number, operation_id in enumerate(operation_ids, start=1):
        op = get_operation(operation_id)
        zf.writestr(_entry(op, when), render_operation_pdf(op, company), compress_type=ZIP_COMPRESSION,
                    compresslevel=ZIP_LEVEL)
        del op
        if after_each is not None:
            after_each(number)


def write_zip(company, operation_ids, fileobj, *, after_each: Callable[[int], object] | None = None) -> int:
    """Write the batch ZIP into `fileobj` (a file, a spooled file, any writable). Returns the entry count."""
    with zipfile.ZipFile(fileobj, "w", compression=ZIP_COMPRESSION, compresslevel=ZIP_LEVEL) as zf:
        _add_entries(company, operation_ids, zf, after_each)
    return len(operation_ids)


class _Chunks:
    """A write-only, non-seekable sink: zipfile then writes local headers with data descriptors, so every entry
    can leave as soon as it is written."""

    def __init__(self):
        self._parts: list[bytes] = []

    def write(self, data) -> int:
        self._parts.append(bytes(data))
        return len(data)

    def flush(self) -> None:
        pass

    def drain(self) -> bytes:
        data = b"".join(self._parts)
        self._parts.clear()
        return data


def iter_zip(company_id, operation_ids) -> Iterator[bytes]:
    """The batch ZIP as chunks (one per entry, then the central directory), for a streamed response. Runs in its
    own tenant scope: a streamed body is produced after the view returned."""
    sink = _Chunks()
    with tenant_scope(company_id):
        company = db.session.get(Company, company_id)
        zf = zipfile.ZipFile(sink, "w", compression=ZIP_COMPRESSION, compresslevel=ZIP_LEVEL)
        try:
            for operation_id in operation_ids:
                _add_entries(company, [operation_id], zf, None)
                yield sink.drain()
        finally:
            zf.close()
        yield sink.drain()
