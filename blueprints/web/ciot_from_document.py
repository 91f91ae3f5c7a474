"""Page: "Nova operação a partir do CT-e" — the trip's CT-e (or NF-e) files, uploaded or picked from the billing
inbox, become a CIOT operation through domain.ciot.from_document (the API's service), which then opens in the
correction form with its live panel. A refusal shows the page again with the message, naming the file."""
import re

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_login import current_user

from blueprints.web.access import roles_required, upload_limit
from blueprints.web.ciot_form import field_label
from blueprints.web.forms_adapter import read_form
from core.errors import AppError, FieldError
from domain.billing.xml import MAX_XML_BYTES
from domain.ciot.from_document import (
    MAX_DOCUMENTS,
    FromDocumentBody,
    create_from_documents,
    inbox_choices,
    vehicles_of_plates,
)
from domain.ciot.presentation import fmt

bp = Blueprint("ciot_from_document", __name__, url_prefix="/ciot")

ACTORS = ("operador",)
FORM_SLACK = 64 * 1024  # the other inputs of the multipart form


def _page(status: int = 200, errors=(), values=None):
    return render_template("ciot/from_document.html", inbox=inbox_choices(), errors=list(errors),
                           values=values or {}, max_documents=MAX_DOCUMENTS), status


@bp.get("/nova/a-partir-do-documento")
@roles_required(*ACTORS)
def new_from_document():
    return _page()


def _posted() -> tuple[list[dict], list[str], list[str]]:
    """(documents, their labels for messages, errors): the uploaded files as XML text, then the inbox picks."""
    documents, labels, errors = [], [], []
    for upload in request.files.getlist("arquivos"):
        if not upload or not upload.filename:
            continue
        data = upload.read(MAX_XML_BYTES + 1)
        try:
            documents.append({"xml": data.decode("utf-8")})
        except UnicodeDecodeError:
            errors.append(f"{upload.filename}: o arquivo não é um XML em UTF-8 (como a SEFAZ os emite).")
            continue
        labels.append(upload.filename)
    for document_id in request.form.getlist("documento_caixa"):
        documents.append({"billing_document_id": document_id})
        labels.append("documento da caixa de entrada")
    if not documents and not errors:
        errors.append("Escolha o XML do CT-e (ou da NF-e), ou um documento da caixa de entrada.")
    return documents, labels, errors


def _messages(exc_details: list[FieldError], labels: list[str]) -> list[str]:
    """`documents[2].xml: …` → `arquivo.xml: …`, `contratado_rntrc` → its input's label: the user knows files and
    the form's words, not body paths."""
    named = []
    for detail in exc_details:
        if detail.field.startswith("documents["):
            index = int(detail.field[len("documents["):detail.field.index("]")])
            label = labels[index] if index < len(labels) else "documento"
        else:
            label = field_label(detail.field)
        named.append(f"{label}: {detail.message}")
    return named


@bp.post("/nova/a-partir-do-documento")
@roles_required(*ACTORS)
@upload_limit(MAX_DOCUMENTS * MAX_XML_BYTES + FORM_SLACK)
def create_from_document():
    values = {name: request.form.get(name, "") for name in ("contratado_cpf_cnpj", "tipo_operacao", "placas")}
    documents, labels, errors = _posted()
    if errors:
        return _page(422, errors, values)
    body, schema_errors = read_form(FromDocumentBody, {
        "documents": documents, "contratado_cpf_cnpj": values["contratado_cpf_cnpj"] or None,
        "tipo_operacao": values["tipo_operacao"] or None,
        "vehicles": vehicles_of_plates(re.split(r"[,;\s]+", values["placas"])) if values["placas"].strip() else None})
    if schema_errors:
        return _page(400, _messages(schema_errors, labels), values)
    try:
        result = create_from_documents(current_user.company, body, actor=current_user._get_current_object())
    except AppError as exc:
        return _page(exc.status, _messages(exc.details, labels) or [exc.message], values)
    op_id, code, status = result.op.id, result.op.code, result.op.status
    unknown = result.unknown_contratado
    flash(f"Operação {code} criada a partir de {len(result.documents)} documento(s): {fmt.status(status).lower()}. "
          f"Preenchidos pelos documentos e cadastros: {', '.join(field_label(name) for name, _ in result.derived)}.",
          "success")
    if unknown is not None:
        flash(f"O contratado {unknown['nome'] or ''} ({unknown['cpf_cnpj']}) não é um parceiro cadastrado: use "
              "“Salvar como parceiro” para cadastrá-lo e trazer a conta de pagamento nas próximas.", "warning")
    return redirect(url_for("ciot.edit_operation", operation_id=op_id))
