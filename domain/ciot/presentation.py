"""How CIOT operations read to people: pt-BR labels shared by the operation PDF and the pages.

Values are formatted by core.formatting (the one formatter module); `fmt` is its namespace plus the CIOT labels
(`{{ fmt.doc(x) }}`, `{{ fmt.status(s) }}`), so the PDF and the pages print a CPF, a plate or an amount the same way.
"""
from types import SimpleNamespace

from core import formatting
from domain.ciot.field_names import field_names
from domain.ciot.rules import RULES_BY_CODE

# Each status's label and badge tone (core.formatting, "Statuses"): the pages' badges and the operation PDF.
STATUS = {
    "rascunho": ("Rascunho", "draft"), "validado": ("Validado", "info"),
    "com_divergencia": ("Com divergência", "danger"), "pronto_emissao": ("Pronto para emissão", "ok"),
    "emitindo": ("Emitindo", "warn"), "emitido": ("Emitido", "ok"), "rejeitado": ("Rejeitado", "danger"),
    "cancelado": ("Cancelado", "muted"), "encerrado": ("Encerrado", "dark"),
}
STATUS_LABELS = formatting.status_labels(STATUS)
ENVIRONMENT_LABELS = {"homolog": "Homologação", "producao": "Produção"}
TIPO_OPERACAO_LABELS = {"lotacao": "Lotação", "fracionada": "Fracionada"}
PAPEL_LABELS = {"principal": "Principal", "solidario": "Solidário", "intermediario": "Intermediário"}
VEHICLE_KIND_LABELS = {"automotor": "Automotor", "implemento": "Implemento (reboque/semirreboque)",
                       "cavalo_trator": "Cavalo trator"}
PAYMENT_KIND_LABELS = {"adiantamento": "Adiantamento", "saldo": "Saldo", "parcela": "Parcela",
                       "pedagio": "Pedágio", "ajuste": "Ajuste"}
TIPO_PAGAMENTO_LABELS = {"pix": "PIX", "conta_corrente": "Conta corrente",
                         "cartao_pre_pago_ip": "Cartão pré-pago (IP)", "conta_poupanca": "Conta poupança",
                         "conta_pagamento": "Conta de pagamento", "outros": "Outros"}
INDICADOR_LABELS = {"vista": "À vista", "prazo": "A prazo"}
DOCUMENT_KIND_LABELS = {"nfe": "NF-e", "cte": "CT-e", "mdfe": "MDF-e"}
LOCATION_TIPO_LABELS = {"municipio": "Município (IBGE)", "cep": "CEP", "latlng": "Latitude/longitude"}
SEVERITY_LABELS = {"blocker": "Bloqueio", "warning": "Alerta", "info": "Informação"}
# The 12 cargo types of the ANTT minimum-freight floor tables (codigo_tipo_carga).
TIPO_CARGA_LABELS = {1: "Granel sólido", 2: "Granel líquido", 3: "Frigorificada ou aquecida", 4: "Conteinerizada",
                     5: "Carga geral", 6: "Neogranel", 7: "Perigosa (granel sólido)", 8: "Perigosa (granel líquido)",
                     9: "Perigosa (frigorificada ou aquecida)", 10: "Perigosa (conteinerizada)",
                     11: "Perigosa (carga geral)", 12: "Carga granel pressurizada"}
COMPOSICAO_LABELS = {"completa": "Composição veicular completa", "apenas_tracao": "Apenas a unidade de tração"}
TIPO_CHAVE_PIX_LABELS = {"cpf": "CPF", "cnpj": "CNPJ", "email": "E-mail", "telefone": "Telefone",
                         "aleatoria": "Chave aleatória"}
TITULAR_PARENTESCO_LABELS = {"conjuge": "Cônjuge", "companheiro": "Companheiro(a)",
                             "parente_1_grau": "Parente de 1º grau (pai, mãe, filho ou filha)",
                             "parente_2_grau": "Parente de 2º grau (irmão, avô, neto)"}


EVENT_LABELS = {
    "created": "Criada", "imported": "Importada", "updated": "Alterada", "validated": "Validada",
    "from_document": "Preenchida do CT-e/NF-e",
    "emission_requested": "Emissão solicitada", "emission_requeued": "Emissão reenviada",
    "emission_blocked": "Emissão bloqueada", "emission_succeeded": "CIOT emitido",
    "emission_failed": "Falha na emissão", "emission_rejected": "Emissão rejeitada", "cancelled": "Cancelada",
    "closed": "Encerrada", "rectified": "Retificada",
    "deleted": "Cancelada antes da emissão",
}


def event(kind) -> str:
    return EVENT_LABELS.get(kind, str(kind or "—").replace("_", " ").capitalize())


def event_message(e) -> str:
    """An event's text on the timeline. A change recorded before its fields were written in words (the message
    listed `valor_frete, vehicles`) is told again from the names its data keeps."""
    fields = (e.data or {}).get("fields") if e.type == "updated" else None
    return f"Operação alterada: {field_names(fields)}." if fields else e.message


def label(table: dict, value) -> str:
    if value is None or value == "":
        return "—"
    return table.get(value, str(value))


def location(loc: dict | None) -> str:
    """Origin/destination as one line, per its `tipo`."""
    if not loc:
        return "—"
    tipo = loc.get("tipo")
    if tipo == "municipio":
        name = loc.get("municipio_nome") or "Município"
        uf = f"/{loc['uf']}" if loc.get("uf") else ""
        code = f" (IBGE {loc['codigo_municipio']})" if loc.get("codigo_municipio") else ""
        return f"{name}{uf}{code}"
    if tipo == "cep":
        return f"CEP {formatting.cep(loc.get('cep'))}"
    if tipo == "latlng":
        coords = f"{loc.get('lat')}, {loc.get('lng')}"
        return f"{coords} — {loc['endereco_descricao']}" if loc.get("endereco_descricao") else coords
    return "—"


def modality(info: dict | None, own_fleet: bool = False) -> str:
    """`queries.operation_modality` as words."""
    if own_fleet:
        return "Frota própria"
    info = info or {}
    tipo = info.get("contratado_tipo")
    if info.get("equiparado"):
        return "ETC equiparada a TAC"
    return {"TAC": "TAC (transportador autônomo)", "ETC": "ETC (empresa de transporte)",
            "CTC": "CTC (cooperativa)"}.get(tipo, "Não identificada")


def status_label(value) -> str:
    return formatting.status_label(STATUS, value)


def rule_title(code: str) -> str:
    """The pt-BR title of a validation rule (the registry's catalogue), for the validation panels."""
    rule = RULES_BY_CODE.get(code)
    return rule.title if rule else ""


FLOOR_RULE = "VAL04"


def floor_warning(op) -> dict | None:
    """The operation's "valor_frete abaixo do piso ANTT" finding (VAL04) from its last validation (the snapshot the
    status follows), or None: what the pages' floor badge shows, with no floor table read per list row."""
    return next((item for item in op.validation_items or [] if item.get("code") == FLOOR_RULE), None)


fmt = SimpleNamespace(
    **vars(formatting.fmt), location=location, modality=modality, status=status_label, event=event,
    event_message=event_message, label=label, rule_title=rule_title, floor_warning=floor_warning,
    labels=SimpleNamespace(status=STATUS_LABELS, environment=ENVIRONMENT_LABELS, tipo=TIPO_OPERACAO_LABELS,
                           papel=PAPEL_LABELS, vehicle_kind=VEHICLE_KIND_LABELS, payment_kind=PAYMENT_KIND_LABELS,
                           tipo_pagamento=TIPO_PAGAMENTO_LABELS, indicador=INDICADOR_LABELS,
                           document_kind=DOCUMENT_KIND_LABELS, location_tipo=LOCATION_TIPO_LABELS,
                           severity=SEVERITY_LABELS),
)
