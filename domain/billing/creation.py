"""An invoice created in ONE statement on PostgreSQL (domain.billing.services.create_invoice tries it first).

The statement locks the documents (FOR UPDATE, in id order), checks them (all found, all `pendente`, one customer,
the one asked for if any), and only when they pass inserts the invoice, links the documents (`vinculado`) and, when
`numbered`, takes the invoice's gapless number (core.counters.taken_sql) in the same statement: one round trip
where the checks, the INSERT, the UPDATE and the numbering would be four, and the counter row is locked for that
statement and the COMMIT only (the numbering is the last thing the transaction does, as core.counters asks).

It returns no row, having written nothing, when a check fails or when the company has no counter row yet (its
first invoice): the caller then takes the ordinary path, which names the failed check or creates the counter row.
It is `text()` SQL run through the session: core.tenancy's guard checks that `:company_id` is the scope's company,
and every table it reads or writes is filtered by it."""
import uuid
from datetime import date, datetime
from functools import lru_cache

import sqlalchemy as sa

from core.counters import NUMBER_PREFIX, number_sql, taken_sql
from core.db import db


def insert_checked_invoice(*, company_id, invoice_id: uuid.UUID, document_ids: list, customer_id, numbered: bool,
                           provisional: str, prefix: str, vencimento_at: date, condicao_pagamento: str | None,
                           observacoes: str | None, now: datetime):
    """The inserted invoice's (numero, customer_partner_id, valor_centavos, items_count), or None (see above)."""
    params = {"company_id": company_id, "invoice_id": invoice_id, "document_ids": document_ids,
              "items_count": len(document_ids), "customer_partner_id": customer_id, "provisional": provisional,
              NUMBER_PREFIX: prefix, "vencimento_at": vencimento_at, "condicao_pagamento": condicao_pagamento,
              "observacoes": observacoes, "now": now}
    return db.session.execute(_statement(numbered), params).first()


@lru_cache(maxsize=2)
def _statement(numbered: bool) -> sa.TextClause:
    taken = f"{taken_sql('invoice_counters', 'EXISTS (SELECT FROM checked)')}," if numbered else ""
    numero = number_sql("taken.last_value") if numbered else ":provisional"
    source = "checked, taken" if numbered else "checked"
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
{taken}
new_invoice AS (
    INSERT INTO invoices (id, company_id, numero, status, customer_partner_id, valor_centavos, items_count,
                          vencimento_at, condicao_pagamento, observacoes, created_at, updated_at)
    SELECT :invoice_id, :company_id, {numero}, 'rascunho',
           checked.customer_partner_id, checked.valor_centavos, checked.items_count, :vencimento_at,
           :condicao_pagamento, :observacoes, :now, :now
    FROM {source}
    RETURNING numero, customer_partner_id, valor_centavos, items_count),
linked AS (
    UPDATE billing_documents SET status = 'vinculado', invoice_id = :invoice_id, updated_at = :now
    WHERE company_id = :company_id AND id IN (SELECT id FROM docs) AND EXISTS (SELECT FROM new_invoice))
SELECT numero, customer_partner_id, valor_centavos, items_count FROM new_invoice""")  # noqa: S608 (values bound)
