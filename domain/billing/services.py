"""Business actions of billing. Each validates, flushes and leaves the commit to its caller.

Documents enter the inbox `pendente`; a draft invoice (`rascunho`) holds them `vinculado`; issuing it makes them
`faturado` and creates the receivable; cancelling returns them to `pendente`. Invoice numbers `FAT-000001` are
gapless per company (core.counters). The invoice is `encerrada` once its receivable is fully paid."""
import uuid
from datetime import date

import sqlalchemy as sa
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.orm.util import identity_key

from core.counters import INVOICE, stamp_next_value
from core.db import db, flush_unique, utcnow
from core.errors import AppError, Conflict, FieldError, InvalidBody, InvalidStatus, NotFound
from core.tenancy import get_owned, get_referenced, missing_reference
from core.validators import FieldInvalid, access_key_model, clean_access_key
from domain.billing.layout import default_condition, default_due_date
from domain.billing.models import BillingDocument, Invoice, InvoiceCancelledDocument, Receivable
from domain.billing.schemas import CustomerRef, DocumentCreate, InvoiceCreate
from domain.freights.models import Freight
from domain.partners.models import Partner
from domain.payables.titles import find_party, party_reference, settle
from domain.tenancy.models import Company

KEY_MODELS = {"cte": ("57", "67"), "nfe": ("55",)}  # a CT-e OS (67) is a cte
KIND_LABELS = {"cte": "CT-e", "nfe": "NF-e"}
INVOICE_PREFIX = "FAT-"


# --- Customers ---------------------------------------------------------------------------------

def find_customer(ref: CustomerRef) -> Partner | None:
    """The company's partner named by `customer_partner_id` or `customer_cpf_cnpj`; None when neither is sent;
    404 when it is not a partner of the company; 400 naming both when they name different partners."""
    return find_party(ref.customer_partner_id, ref.customer_cpf_cnpj, "Cliente", "customer")


# --- Documents ---------------------------------------------------------------------------------

def check_chave(kind: str, chave: str | None) -> str | None:
    """CT-e/NF-e keys: 44 digits, valid check digit, model 57/55 matching the kind (400 naming `chave`); another
    kind's key is kept as sent. The 44-character limit of every kind is DocumentCreate's (the API and the XML
    import validate with it before this runs)."""
    if chave is None or kind not in KEY_MODELS:
        return chave
    try:
        key = clean_access_key(chave)
    except FieldInvalid as exc:
        raise InvalidBody.for_field("chave", exc.message, code=exc.code) from None
    if access_key_model(key) not in KEY_MODELS[kind]:
        raise InvalidBody.for_field("chave", f"A chave não é de um {KIND_LABELS[kind]} (modelo "
                                    f"{' ou '.join(KEY_MODELS[kind])}); confira o tipo do documento.",
                                    code="model_mismatch")
    return key


def create_document(company, data: DocumentCreate) -> BillingDocument:
    chave = check_chave(data.kind, data.chave)
    customer = find_customer(data)
    if data.freight_id is not None:
        get_referenced(Freight, data.freight_id, "freight_id", "Frete")
    if chave is not None and (conflict := _chave_conflict(chave)) is not None:
        raise conflict
    document = BillingDocument(
        id=uuid.uuid4(), company_id=company.id, kind=data.kind, status="pendente",
        customer_partner_id=customer.id if customer else None, freight_id=data.freight_id, chave=chave,
        numero=data.numero, serie=data.serie, valor_centavos=data.valor_centavos, emissao_at=data.emissao_at,
        storage_path=data.storage_path, notes=data.notes, extra=data.metadata or {})
    # Between the checks and the flush a concurrent request may store the same chave (the same 409), or the
    # customer or the freight may be removed (the 404 naming its field, as if it had been gone at the check).
    references = (party_reference(customer, data.customer_partner_id, "Cliente", "customer"),
                  ("freight_id", Freight, data.freight_id, "Frete"))
    flush_unique(lambda: db.session.add(document),
                 lambda: missing_reference(references) or (_chave_conflict(chave) if chave is not None else None))
    return document


def _chave_conflict(chave: str) -> Conflict | None:
    """409 `billing_document_exists` naming the company's document with this chave; None when there is none."""
    existing = db.session.execute(db.select(BillingDocument.id).where(BillingDocument.chave == chave)).scalar()
    if existing is None:
        return None
    return Conflict("Já existe um documento com esta chave na empresa.", code="billing_document_exists",
                    extra={"existing_id": str(existing)})


def discard_document(document: BillingDocument) -> BillingDocument:
    if document.status != "pendente":
        raise InvalidStatus("Só documentos pendentes podem ser descartados.")
    document.status = "descartado"
    db.session.flush()
    return document


# --- Invoices ----------------------------------------------------------------------------------

def provisional_number(invoice_id: uuid.UUID) -> str:
    """What `numero` holds until `number_invoice` gives the real one, in the same transaction (unique: the id)."""
    return f"~{invoice_id.hex}"


def number_invoice(invoice: Invoice) -> str:
    """The invoice's gapless `FAT-000001`, taken last (core.counters.stamp_next_value): the counter row stays
    locked only from here to the commit, so concurrent creations queue for as short a time as possible."""
    number = stamp_next_value(INVOICE, invoice.company_id, Invoice.__table__, invoice.id,
                              "numero", INVOICE_PREFIX)
    set_committed_value(invoice, "numero", number)
    return number


def _documents_error(code: str, message: str, ids) -> AppError:
    return AppError(message, code=code, status=422, extra={"document_ids": sorted(str(i) for i in ids)})


def _documents_not_found(ids) -> NotFound:
    """Unknown and other companies' documents alike: 404 `not_found`, as every foreign id in a body (a 422 told a
    caller less, but answered otherwise than the rest of the API). `document_ids` lists them."""
    return NotFound("Documentos não encontrados.", extra={"document_ids": sorted(str(i) for i in ids)},
                    details=[FieldError("document_ids", "not_found",
                                        "Documentos inexistentes ou de outra empresa (listados em document_ids).")])


def _lock_documents(ids) -> list[BillingDocument]:
    """The company's documents with these ids, locked in id order (two invoices over the same documents queue)."""
    stmt = (db.select(BillingDocument).where(BillingDocument.id.in_(ids)).order_by(BillingDocument.id)
            .with_for_update().execution_options(populate_existing=True))
    return list(db.session.execute(stmt).scalars())


def create_invoice(company: Company, data: InvoiceCreate) -> Invoice:
    """A draft of the company's pending documents of one customer (`emit` issues it too), numbered `FAT-000001`:
    the documents are locked and checked (each failed check its 422), the invoice inserted with the company's
    billing defaults for what the body leaves out (domain.billing.layout), the documents linked, the number taken
    last."""
    ids = list(dict.fromkeys(data.document_ids))
    customer = find_customer(data)
    documents = _checked_documents(ids, customer)
    invoice = _new_invoice(company, data)
    _insert_checked(invoice, documents)
    if data.emit:
        emit_invoice(invoice)
    number_invoice(invoice)
    return invoice


def _new_invoice(company: Company, data: InvoiceCreate) -> Invoice:
    invoice_id = uuid.uuid4()
    return Invoice(id=invoice_id, company_id=company.id, numero=provisional_number(invoice_id), status="rascunho",
                   vencimento_at=data.vencimento_at or default_due_date(company),
                   condicao_pagamento=data.condicao_pagamento or default_condition(company),
                   observacoes=data.observacoes, emitted_at=None, cancelled_at=None)


def _linked_in_session(ids: list, invoice_id, now) -> None:
    """Documents of `ids` already loaded in the session take the values the UPDATE wrote."""
    for document_id in ids:
        document = db.session.identity_map.get(identity_key(BillingDocument, document_id))
        if document is not None:
            for key, value in (("status", "vinculado"), ("invoice_id", invoice_id), ("updated_at", now)):
                set_committed_value(document, key, value)


def _checked_documents(ids: list, customer: Partner | None) -> list[BillingDocument]:
    """The documents locked, or the 422 of the first check they fail."""
    documents = _lock_documents(ids)
    missing = set(ids) - {d.id for d in documents}
    if missing:
        raise _documents_not_found(missing)
    not_pending = [d.id for d in documents if d.status != "pendente"]
    if not_pending:
        raise _documents_error("documents_not_pending", "Só documentos pendentes podem ser faturados.", not_pending)
    # the invoice's customer: the body's, else the first (in the request's order) a document has; listed as
    # mismatching: the documents of another customer and those without one
    customer_of = {d.id: d.customer_partner_id for d in documents}
    wanted = customer.id if customer else next((customer_of[i] for i in ids if customer_of[i]), None)
    mismatching = [d.id for d in documents if d.customer_partner_id is None or d.customer_partner_id != wanted]
    if mismatching:
        raise _documents_error("documents_customer_mismatch",
                               "Os documentos precisam ser todos do mesmo cliente (o da fatura).", mismatching)
    return documents


def _insert_checked(invoice: Invoice, documents: list[BillingDocument]) -> None:
    """Store the new invoice and link its (locked, checked) documents to it, `vinculado`."""
    invoice.customer_partner_id = documents[0].customer_partner_id
    invoice.valor_centavos = sum(d.valor_centavos for d in documents)
    invoice.items_count = len(documents)
    db.session.add(invoice)
    db.session.flush()
    ids, now = [d.id for d in documents], utcnow()
    db.session.execute(sa.update(BillingDocument).where(BillingDocument.id.in_(ids))
                       .values(status="vinculado", invoice_id=invoice.id, updated_at=now)
                       .execution_options(synchronize_session=False))
    _linked_in_session(ids, invoice.id, now)


def invoice_documents(invoice: Invoice) -> list:
    """The invoice's documents; a cancelled invoice's as they were when it was cancelled (`cancel_invoice`)."""
    model = InvoiceCancelledDocument if invoice.status == "cancelada" else BillingDocument
    return list(db.session.execute(db.select(model).where(model.invoice_id == invoice.id)
                                   .order_by(model.emissao_at, model.numero)).scalars())


SNAPSHOT_COLUMNS = ("kind", "chave", "numero", "serie", "valor_centavos", "emissao_at")


def _keep_cancelled_documents(invoice: Invoice) -> None:
    """Copy what the invoice holds before its documents leave it, for its page and PDF (InvoiceCancelledDocument)."""
    documents = db.session.execute(db.select(BillingDocument).where(BillingDocument.invoice_id == invoice.id))
    db.session.add_all(InvoiceCancelledDocument(
        company_id=invoice.company_id, invoice_id=invoice.id, document_id=d.id,
        **{name: getattr(d, name) for name in SNAPSHOT_COLUMNS}) for d in documents.scalars())


def emit_invoice(invoice: Invoice) -> Receivable:
    if invoice.status != "rascunho":
        raise InvalidStatus("Só faturas em rascunho podem ser emitidas.")
    invoice.status, invoice.emitted_at = "emitida", utcnow()
    db.session.execute(sa.update(BillingDocument).where(BillingDocument.invoice_id == invoice.id)
                       .values(status="faturado", updated_at=utcnow()))
    receivable = Receivable(id=uuid.uuid4(), company_id=invoice.company_id, invoice_id=invoice.id,
                            customer_partner_id=invoice.customer_partner_id, valor_centavos=invoice.valor_centavos,
                            vencimento_at=invoice.vencimento_at, status="aberto")
    db.session.add(receivable)
    db.session.flush()
    return receivable


def invoice_receivable(invoice: Invoice, *, for_update: bool = False) -> Receivable | None:
    stmt = db.select(Receivable).where(Receivable.invoice_id == invoice.id)
    if for_update:
        stmt = stmt.with_for_update().execution_options(populate_existing=True)
    return db.session.execute(stmt).scalar()


def cancel_invoice(invoice: Invoice) -> Invoice:
    """A draft or an issued invoice with nothing received: documents back to `pendente`, receivable cancelled.
    `invoice` comes locked; its receivable is locked here too (invoice first, then receivable: the order a receipt
    takes, `receivable_for_payment`), so a receipt being recorded is either seen or waits for the cancellation."""
    receivable = invoice_receivable(invoice, for_update=True)
    if invoice.status not in ("rascunho", "emitida") or (receivable and receivable.pago_centavos):
        raise InvalidStatus("Só faturas em rascunho ou emitidas sem recebimento podem ser canceladas.")
    invoice.status, invoice.cancelled_at = "cancelada", utcnow()
    _keep_cancelled_documents(invoice)
    db.session.flush()
    db.session.execute(sa.update(BillingDocument).where(BillingDocument.invoice_id == invoice.id)
                       .values(status="pendente", invoice_id=None, updated_at=utcnow()))
    if receivable is not None:
        receivable.status = "cancelado"
    db.session.flush()
    return invoice


def receivable_for_payment(receivable_id) -> Receivable:
    """The company's receivable, locked for a receipt with its invoice locked first (404 otherwise): a receipt that
    pays it off closes the invoice, and a cancellation locks the invoice then the receivable, so both take the
    locks in the same order and neither waits on the other in a deadlock."""
    found = get_owned(Receivable, receivable_id)
    db.session.execute(db.select(Invoice.id).where(Invoice.id == found.invoice_id).with_for_update())
    return db.session.execute(db.select(Receivable).where(Receivable.id == found.id).with_for_update()
                              .execution_options(populate_existing=True)).scalar_one()


def record_receipt(receivable: Receivable, amount_centavos: int, paid_on: date) -> Receivable:
    """A payment received: partial → `parcial`, full → `pago` and its invoice `encerrada`."""
    settle(receivable, amount_centavos, paid_on)
    if receivable.status == "pago":
        get_owned(Invoice, receivable.invoice_id).status = "encerrada"
    db.session.flush()
    return receivable


def attach_customer(document: BillingDocument, partner: Partner) -> BillingDocument:
    if document.status != "pendente":
        raise InvalidStatus("Só documentos pendentes podem mudar de cliente.")
    document.customer_partner_id = partner.id
    db.session.flush()
    return document

