"""XML files into the inbox (the pages' upload; docs/fiscal-xml.md): documents become inbox documents,
events act on the documents they name — a cancellation cancels it (and says which invoice held it), a correction
letter (CC-e) is attached to it. All the files of an upload or none."""
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy.orm.attributes import flag_modified

from core.db import db
from core.errors import AppError, FieldError, InvalidBody, Unprocessable
from core.files import write_in_transaction
from core.schemas import validate_data
from domain.billing.models import BillingDocument, Invoice
from domain.billing.schemas import DocumentCreate
from domain.billing.services import create_document
from domain.billing.xml import FiscalEvent, FiscalXml, parse_fiscal_xml
from domain.partners.models import Partner

# a document field as the XML names it (the messages of a refused upload)
XML_FIELDS = {"valor_centavos": "Valor total (vTPrest/vNF)", "numero": "Número (nCT/nNF)", "serie": "Série (serie)",
              "chave": "Chave de acesso (Id)", "emissao_at": "Emissão (dhEmi)"}
MODEL_LABELS = {"55": "NF-e", "57": "CT-e", "67": "CT-e OS"}


@dataclass
class XmlImport:
    """What an upload did: the documents created, and one pt-BR line per event applied and per warning."""
    documents: list = field(default_factory=list)
    events: list = field(default_factory=list)
    warnings: list = field(default_factory=list)


def import_xml_files(company, files, storage_dir) -> XmlImport:
    """CT-e/CT-e OS/NF-e XML files `(name, bytes)` and their events into the inbox, all or none: each parsed
    (hostile, unreadable, off-schema or with an invalid signature → 400 naming the file; nothing is stored), the
    customer found by its CPF/CNPJ when it is a partner (else kept in metadata, for the page to offer registering
    it); documents first, then the events, so a document and its cancellation may come in one upload. Only once
    every file is accepted are they written under `storage_dir/<company>/billing/`, tied to the transaction
    (core.files): if it does not commit, the files are removed."""
    outcome, written, seen = XmlImport(), [], {}
    parsed = [(name, data, _parsed(name, data)) for name, data in files]
    for name, data, found in sorted(parsed, key=lambda item: isinstance(item[2], FiscalEvent)):
        with _naming(name):
            if isinstance(found, FiscalXml):
                _check_once(found.chave, name, seen)
                document = xml_document(company, found)
                outcome.documents.append(document)
                written.append((document.storage_path, data))
            else:
                outcome.events.append(apply_event(found))
                written.append((f"{company.id}/billing/{found.chave}-{found.tp_evento}-{found.sequencia}.xml", data))
            outcome.warnings += [f"{name}: {warning}" for warning in found.warnings]
    for path, data in written:
        write_in_transaction(Path(storage_dir) / path, data)
    return outcome


class _naming:
    """Errors of one file carry its name first (the page shows them on the upload input)."""

    def __init__(self, name):
        self.name = name

    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        if isinstance(exc, AppError):
            exc.message = f"{self.name}: {exc.message}" + "".join(f" {d.message}" for d in exc.details)
        return False


def _parsed(name, data):
    with _naming(name):
        return parse_fiscal_xml(data)


def _check_once(chave: str, name: str, seen: dict) -> None:
    if chave in seen:
        raise InvalidBody.for_field("file", f"É o mesmo documento (chave {chave}) do arquivo {seen[chave]}; envie "
                                    "cada documento uma vez.", code="duplicate_chave")
    seen[chave] = name


def xml_document(company, parsed: FiscalXml) -> BillingDocument:
    """The inbox document of a parsed XML; a value the document cannot hold (a número longer than 30 characters,
    a negative or absurd total) is 400 naming it, as the API's body would be."""
    known = parsed.customer_cpf_cnpj and db.session.execute(
        db.select(Partner.id).where(Partner.cpf_cnpj == parsed.customer_cpf_cnpj)).scalar()
    data, errors = validate_data(DocumentCreate, {
        "kind": parsed.kind, "chave": parsed.chave, "numero": parsed.numero, "serie": parsed.serie,
        "valor_centavos": parsed.valor_centavos, "emissao_at": parsed.emissao_at,
        "storage_path": f"{company.id}/billing/{parsed.chave}.xml", "customer_partner_id": known or None,
        "metadata": {"xml_customer": {"cpf_cnpj": parsed.customer_cpf_cnpj, "name": parsed.customer_name},
                     "modelo": parsed.model, "assinatura": parsed.signature}})
    if errors:
        raise InvalidBody("O XML traz um valor que o documento não comporta.",
                          details=[FieldError(e.field, e.code, f"{XML_FIELDS.get(e.field, e.field)}: {e.message}")
                                   for e in errors])
    return create_document(company, data)


def apply_event(event: FiscalEvent) -> str:
    """The event on the company's document with its key (422 naming `file` when there is none): a cancellation
    marks it cancelled (`metadata.cancelamento`) and discards it when it is still pending; when an invoice holds it,
    the invoice stays as it is and the answer names it, for the user to cancel or redo it. A correction letter is
    added to `metadata.cartas_correcao` (once per sequence number). Returns the pt-BR line the page shows."""
    document = db.session.execute(db.select(BillingDocument).where(BillingDocument.chave == event.chave)
                                  .with_for_update()).scalar_one_or_none()
    if document is None:
        raise Unprocessable(f"O documento do evento (chave {event.chave}) não está na caixa de entrada: envie o XML "
                            "do documento antes, ou no mesmo envio.", code="event_document_not_found",
                            details=[FieldError("file", "event_document_not_found", "Documento não encontrado.")])
    label = f"{MODEL_LABELS.get(event.chave[20:22], document.kind.upper())} {document.numero or event.chave}"
    extra = dict(document.extra or {})
    if event.kind == "cancelamento":
        outcome = _cancel(document, extra, event, label)
    else:
        letters = [letter for letter in extra.get("cartas_correcao", []) if letter["sequencia"] != event.sequencia]
        extra["cartas_correcao"] = sorted([*letters, event.as_record()], key=lambda letter: letter["sequencia"])
        outcome = f"Carta de correção nº {event.sequencia} anexada ao {label}."
    document.extra = extra
    flag_modified(document, "extra")
    db.session.flush()
    return outcome


def _cancel(document: BillingDocument, extra: dict, event: FiscalEvent, label: str) -> str:
    extra["cancelamento"] = event.as_record()
    if document.invoice_id is not None:
        invoice = db.session.get(Invoice, document.invoice_id)
        extra["cancelamento"]["fatura"] = invoice.numero
        return (f"{label} cancelado na SEFAZ: ele está na fatura {invoice.numero} ({invoice.status}); cancele ou "
                "refaça a fatura sem ele.")
    if document.status == "pendente":
        document.status = "descartado"
    return f"{label} cancelado na SEFAZ: documento descartado da caixa de entrada."
