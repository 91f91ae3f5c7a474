"""An invoice created in ONE statement on PostgreSQL (domain.billing.services.create_invoice tries it first).

The statement locks the documents (FOR UPDATE, in id order), checks them (all found, all `pendente`, one customer,
the one asked for if any), and only when they pass inserts the invoice, links the documents (`vinculado`) and, when
`numbered`, takes the invoice's gapless number (core.counters.taken_sql) in the same statement: one round trip
where the checks, the INSERT, the UPDATE and the numbering would be four. The company's billing defaults (term,
payment condition) are read from its row by the statement too, so the caller needs the company's id only (the API
passes the company read with its key; no ORM company is loaded).

Of the statement's writes the counter's UPDATE comes last but the invoice's INSERT, which needs the number: the
documents are linked first (`taken` waits for all of `linked`), so the counter row is locked for the INSERT, the
foreign-key checks, the answer and the COMMIT only, as core.counters asks (numbering is the last thing a creation
does). The documents are linked only when the company's counter row exists, so a company's first invoice writes
nothing: its row is created (core.counters.ensure_counter_row) and the statement sent again (the documents stay
locked by this transaction in between).

It answers no row, having written nothing, when a check fails: the caller then takes the ordinary path, which
names the failed check (422). It is `text()` SQL run through the session: core.tenancy's guard checks that
`:company_id` is the scope's company, and every table it reads or writes is filtered by it."""
import uuid
from functools import lru_cache

import sqlalchemy as sa
from sqlalchemy.orm import make_transient_to_detached

from core.clock import brasilia_today
from core.counters import (
    COUNTER_NAME,
    INVOICE,
    NUMBER_PREFIX,
    counter_exists_sql,
    ensure_counter_row,
    number_sql,
    taken_sql,
)
from core.db import db, utcnow
from domain.billing.models import Invoice
from domain.billing.schemas import InvoiceCreate


def insert_checked_invoice(company_id, invoice_id: uuid.UUID, data: InvoiceCreate, document_ids: list, customer_id,
                           *, numbered: bool, provisional: str, prefix: str) -> Invoice | None:
    """The invoice inserted (numbered `prefix` + 6 digits when `numbered`, else `provisional`), joined to the session
    as stored; None when a check failed (nothing written) or on SQLite."""
    if db.session.connection().dialect.name != "postgresql":
        return None
    now = utcnow()
    params = {"company_id": company_id, "invoice_id": invoice_id, "document_ids": document_ids,
              "items_count": len(document_ids), "customer_partner_id": customer_id, "provisional": provisional,
              COUNTER_NAME: INVOICE,
              NUMBER_PREFIX: prefix, "vencimento_at": data.vencimento_at, "today": brasilia_today(),
              "condicao_pagamento": data.condicao_pagamento, "observacoes": data.observacoes, "now": now}
    row = db.session.execute(_statement(numbered), params).first()
    if row is not None and row.numero is None:  # the checks passed; the company has no counter row yet
        ensure_counter_row(INVOICE, company_id)
        row = db.session.execute(_statement(numbered), params).first()
    if row is None:
        return None
    invoice = Invoice(id=invoice_id, company_id=company_id, status="rascunho", observacoes=data.observacoes,
                      emitted_at=None, cancelled_at=None, created_at=now, updated_at=now, **row._asdict())
    make_transient_to_detached(invoice)
    db.session.add(invoice)
    return invoice


# The statement's answer: the stored invoice's columns not known before it runs.
_RETURNED = ("numero", "customer_partner_id", "valor_centavos", "items_count", "vencimento_at", "condicao_pagamento")


@lru_cache(maxsize=2)
def _statement(numbered: bool) -> sa.TextClause:
    # `linked` runs only once the checks passed (and, numbered, when the counter row exists); `taken` only once
    # every document is linked; the INSERT only with the number (or the provisional one, not numbered).
    counter_exists = f"AND {counter_exists_sql()}" if numbered else ""
    taken = f"{taken_sql('(SELECT count(*) FROM linked) = :items_count')}," if numbered else ""  # noqa: S608
    numero = number_sql("taken.last_value") if numbered else ":provisional"
    source = "checked, settings, taken" if numbered else "checked, settings"
    return sa.text(f"""
WITH docs AS (
    SELECT id, status, customer_partner_id, valor_centavos FROM billing_documents
    WHERE company_id = :company_id AND id = ANY(:document_ids) ORDER BY id FOR UPDATE),
checked AS (
    SELECT (array_agg(customer_partner_id))[1] AS customer_partner_id, sum(valor_centavos)::bigint AS valor_centavos,
           count(*) AS items_count
    FROM docs
    HAVING count(*) = :items_count AND bool_and(status = 'pendente') AND bool_and(customer_partner_id IS NOT NULL)
       AND count(DISTINCT customer_partner_id) = 1
       AND bool_and(customer_partner_id = coalesce(CAST(:customer_partner_id AS uuid), customer_partner_id))),
settings AS (
    SELECT billing_term_days, billing_payment_condition FROM companies WHERE id = :company_id),
linked AS (
    UPDATE billing_documents SET status = 'vinculado', invoice_id = :invoice_id, updated_at = :now
    WHERE company_id = :company_id AND id = ANY(:document_ids) AND EXISTS (SELECT FROM checked) {counter_exists}
    RETURNING id),
{taken}
new_invoice AS (
    INSERT INTO invoices (id, company_id, numero, status, customer_partner_id, valor_centavos, items_count,
                          vencimento_at, condicao_pagamento, observacoes, created_at, updated_at)
    SELECT :invoice_id, :company_id, {numero}, 'rascunho',
           checked.customer_partner_id, checked.valor_centavos, checked.items_count,
           coalesce(CAST(:vencimento_at AS date), CAST(:today AS date) + settings.billing_term_days),
           coalesce(nullif(CAST(:condicao_pagamento AS text), ''), nullif(settings.billing_payment_condition, ''),
                    settings.billing_term_days || ' dias'),
           :observacoes, :now, :now
    FROM {source}
    RETURNING {", ".join(_RETURNED)})
SELECT {", ".join(f"new_invoice.{column}" for column in _RETURNED)} FROM checked LEFT JOIN new_invoice ON TRUE""")  # noqa: S608 (values bound)

