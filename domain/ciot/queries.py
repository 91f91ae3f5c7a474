"""Reading CIOT operations: one operation (404 for another company's id), the list, the timeline, the attempt in
flight and the modality as derived now."""
import re
from datetime import datetime, timedelta

import sqlalchemy as sa

from core.db import db
from core.pagination import complete_matches, decode_cursor, matched_page, page_of_rows, paginate, search_in_steps
from core.tenancy import get_owned
from core.validators import strip_punctuation
from domain.ciot.modality import derive_modality
from domain.ciot.models import CiotEvent, CiotOperation, EmissionAttempt, search_document
from domain.ciot.validation import contracted_partner
from domain.common import like_pattern

EVENTS_IN_RECORD = 50
# What a list row shows (the API's summary, the page's table and its floor badge): plain columns read as rows, none of
# the four child tables an operation loads with itself.
LIST_COLUMNS = (
    CiotOperation.id, CiotOperation.code, CiotOperation.status, CiotOperation.mode, CiotOperation.environment,
    CiotOperation.tipo_operacao, CiotOperation.external_id, CiotOperation.contratado_cpf_cnpj,
    CiotOperation.contratado_nome, CiotOperation.contratado_rntrc, CiotOperation.valor_frete,
    CiotOperation.codigo_ciot, CiotOperation.protocolo, CiotOperation.contingencia, CiotOperation.emitted_at,
    CiotOperation.created_at, CiotOperation.updated_at, CiotOperation.validation_items,
)
# An operation's own code as typed (`CIOT-000123`) and a CIOT number (12 digits): found through the unique
# (company_id, code) and (company_id, codigo_ciot) indexes.
OPERATION_CODE = re.compile(r"CIOT-\d{6,}")
CIOT_NUMBER = re.compile(r"\d{12}")
# A whole CPF (11 digits) or CNPJ (14), dots, slash and dash as typed or not: the contracted party's operations,
# through (company_id, contratado_cpf_cnpj, created_at, id).
DOCUMENT = re.compile(r"\d{11}|\d{14}")
# The text search's first read: the company's newest rows, where a common term fills a page (see `_search`).
SEARCH_WINDOW = 2000
NEWEST_FIRST = (CiotOperation.created_at.desc(), CiotOperation.id.desc())
SCOPE = CiotOperation.__tablename__  # the list's cursors


def get_operation(operation_id, *, for_update: bool = False) -> CiotOperation:
    """The current company's operation (the tenant scope filters it), or 404 not_found: another company's id looks
    missing."""
    return get_owned(CiotOperation, operation_id, for_update=for_update)


def list_operations(*, status=None, tipo_operacao=None, date_from=None, date_to=None, limit: int = 50,
                    cursor: str | None = None, q: str | None = None):
    """Newest first, as rows of LIST_COLUMNS; `status` a list of statuses; dates bound `created_at` (UTC days,
    inclusive); `q` (the pages' text search) see `_search`."""
    filters = _filters(status, tipo_operacao, date_from, date_to)
    text = (q or "").strip()[:100]
    if not text:
        return _page(sa.select(*LIST_COLUMNS).where(*filters), limit, cursor)
    return _search(text, filters, limit, cursor)


def _filters(status, tipo_operacao, date_from, date_to) -> list:
    filters = []  # the tenant scope adds the company
    if status:
        filters.append(CiotOperation.status.in_(list(status)))
    if tipo_operacao:
        filters.append(CiotOperation.tipo_operacao == tipo_operacao)
    if date_from:
        filters.append(CiotOperation.created_at >= datetime.combine(date_from, datetime.min.time()))
    if date_to:
        filters.append(CiotOperation.created_at < datetime.combine(date_to + timedelta(days=1), datetime.min.time()))
    return filters


def _page(stmt, limit: int, cursor: str | None):
    return paginate(stmt, model=CiotOperation, limit=limit, cursor=cursor, rows=True)


def _search(text: str, filters: list, limit: int, cursor: str | None):
    """The search `q`: a whole operation code (`ciot-000123` too) is that operation, a CIOT number (12 digits) that
    operation (ix_ciot_operations_company_code / _codigo_ciot, unique), a whole CPF/CNPJ the operations of that
    contracted party (ix_ciot_operations_company_document, a page of them); anything else, or a number or document no
    operation has, a part of the code, CIOT number, external id or contracted party's name, or of the CPF/CNPJ by its
    digits. (A document's digits searched as a part read every operation's digit trigrams, which most rows share:
    a cost that grows with the whole table.)

    The part search never leaves the planner the choice that once cost seconds (walking the company's whole history
    backwards, expecting a page of matches soon, for a name with twenty): it reads in the bounded steps of
    core.pagination.search_in_steps — the newest SEARCH_WINDOW rows (a range of ix_ciot_operations_company_created),
    which fill the page of a common term; then the matches from the trigram index
    (ix_ciot_operations_search_document) in a materialized set with no order, at most SEARCH_MATCHES_CAP of them,
    sorted; for a term with more, a longer walk back in time."""
    exact = _exact_match(text)
    if exact is not None:
        page = _page(sa.select(*LIST_COLUMNS).where(exact, *filters), limit, cursor)
        if page.items or OPERATION_CODE.fullmatch(text.upper()):
            return page
    after = decode_cursor(cursor, SCOPE) if cursor else None
    if after is not None:
        filters = [*filters, sa.tuple_(CiotOperation.created_at, CiotOperation.id) < after]

    def read_window(size: int) -> list:
        newest = sa.select(*LIST_COLUMNS).where(*filters).order_by(*NEWEST_FIRST).limit(size).subquery("newest")
        return db.session.execute(_newest_first(newest, limit).where(_part_match(text, newest.c))).all()

    def read_matches(cap: int | None) -> tuple[list, bool]:
        matches = sa.select(*LIST_COLUMNS).where(_part_match(text, CiotOperation), *filters)
        rows = db.session.execute(matched_page(matches, cap, lambda every: _newest_first(every, limit))).all()
        return complete_matches(rows, cap)

    found = search_in_steps(read_window, read_matches, SEARCH_WINDOW, limit)
    return page_of_rows(found, limit, "created_at", SCOPE)


def _newest_first(rows, limit: int) -> sa.Select:
    """The first `limit` + 1 of `rows` (a subquery of LIST_COLUMNS), newest first."""
    return sa.select(*rows.c).order_by(rows.c.created_at.desc(), rows.c.id.desc()).limit(limit + 1)


def _exact_match(text: str):
    if OPERATION_CODE.fullmatch(text.upper()):
        return CiotOperation.code == text.upper()
    if CIOT_NUMBER.fullmatch(text):
        return CiotOperation.codigo_ciot == text
    document = strip_punctuation(text)
    if DOCUMENT.fullmatch(document):
        return CiotOperation.contratado_cpf_cnpj == document
    return None


def _part_match(text: str, columns):
    """`text` (any case) in the searched columns of `columns` (the model, or a subquery's `.c` of LIST_COLUMNS), or
    its letters and digits alone (a CPF/CNPJ typed with its dots and dashes) in the stored document."""
    document = search_document(columns)
    terms = {text.lower()}
    digits = "".join(ch for ch in text if ch.isalnum()).lower()
    if len(digits) >= 3 and any(ch.isdigit() for ch in digits):
        terms.add(digits)
    return sa.or_(*(document.like(like_pattern(term), escape="\\") for term in sorted(terms)))


def recent_events(op: CiotOperation, limit: int = EVENTS_IN_RECORD) -> list[CiotEvent]:
    return list(db.session.execute(
        sa.select(CiotEvent).where(CiotEvent.operation_id == op.id)
        .order_by(CiotEvent.created_at.desc(), CiotEvent.id.desc()).limit(limit)).scalars())


def in_flight_attempt(op: CiotOperation) -> EmissionAttempt | None:
    return db.session.execute(sa.select(EmissionAttempt).where(
        EmissionAttempt.operation_id == op.id, EmissionAttempt.state == "claimed")).scalar_one_or_none()


def last_authority_request(op: CiotOperation) -> EmissionAttempt | None:
    """The operation's latest request to the authority (domain/ciot/protocol.py), whatever its state."""
    return db.session.execute(sa.select(EmissionAttempt).where(EmissionAttempt.operation_id == op.id)
                              .order_by(EmissionAttempt.attempt_number.desc()).limit(1)).scalar_one_or_none()


def operation_modality(op: CiotOperation) -> dict:
    partner = contracted_partner(op.contratado_cpf_cnpj)
    modality = derive_modality(op, getattr(partner, "rntrc_categoria", None))
    return {"contratado_tipo": modality.contratado_tipo, "tac_or_equated": modality.tac_or_equated,
            "equiparado": modality.equiparado, "source": modality.source}
