"""How CIOT operations read to people: pt-BR labels and formats shared by the operation PDF and the pages.

Pure functions over values (no database); `fmt` bundles them for templates (`{{ fmt.doc(x) }}`), so the PDF and
the pages print a CPF, a plate or an access key the same way.
"""
from datetime import date, datetime, timezone
from decimal import Decimal
from types import SimpleNamespace
from zoneinfo import ZoneInfo

from core.formatting import fmt_money, fmt_number

BRT = ZoneInfo("America/Sao_Paulo")

STATUS_LABELS = {
    "rascunho": "Rascunho", "validado": "Validado", "com_divergencia": "Com divergência",
    "pronto_emissao": "Pronto para emissão", "emitindo": "Emitindo", "emitido": "Emitido",
    "rejeitado": "Rejeitado", "cancelado": "Cancelado", "encerrado": "Encerrado",
}
# CSS class of the status badge (static/css/app.css + templates/ciot/_badge.html).
STATUS_BADGES = {
    "rascunho": "badge-draft", "validado": "badge-info", "pronto_emissao": "badge-ok",
    "com_divergencia": "badge-danger", "rejeitado": "badge-danger", "emitindo": "badge-warn",
    "emitido": "badge-ok", "encerrado": "badge-dark", "cancelado": "badge-muted",
}
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
SEVERITY_LABELS = {"blocker": "Bloqueio", "warning": "Alerta"}
# The 12 cargo types of the ANTT minimum-freight floor tables (codigo_tipo_carga).
TIPO_CARGA_LABELS = {1: "Granel sólido", 2: "Granel líquido", 3: "Frigorificada ou aquecida", 4: "Conteinerizada",
                     5: "Carga geral", 6: "Neogranel", 7: "Perigosa (granel sólido)", 8: "Perigosa (granel líquido)",
                     9: "Perigosa (frigorificada ou aquecida)", 10: "Perigosa (conteinerizada)",
                     11: "Perigosa (carga geral)", 12: "Carga granel pressurizada"}
COMPOSICAO_LABELS = {"completa": "Composição veicular completa", "apenas_tracao": "Apenas a unidade de tração"}
TIPO_CHAVE_PIX_LABELS = {"cpf": "CPF", "cnpj": "CNPJ", "email": "E-mail", "telefone": "Telefone",
                         "aleatoria": "Chave aleatória"}


def label(table: dict, value) -> str:
    if value is None or value == "":
        return "—"
    return table.get(value, str(value))


def doc(value) -> str:
    """CPF `000.000.000-00`, CNPJ `00.000.000/0000-00` (alphanumeric too); anything else as given."""
    v = (value or "").strip()
    if len(v) == 11 and v.isdigit():
        return f"{v[:3]}.{v[3:6]}.{v[6:9]}-{v[9:]}"
    if len(v) == 14 and v[12:].isdigit():
        return f"{v[:2]}.{v[2:5]}.{v[5:8]}/{v[8:12]}-{v[12:]}"
    return v or "—"


def plate(value) -> str:
    """Old plates `ABC-1234`; Mercosul plates `ABC1D23` (printed without hyphen, as on the plate)."""
    v = (value or "").replace("-", "").upper()
    if len(v) == 7 and v[:3].isalpha() and v[3:].isdigit():
        return f"{v[:3]}-{v[3:]}"
    return v or "—"


def access_key(value) -> str:
    """A 44-digit key in groups of 4, as printed on the DANFE/DACTE."""
    v = (value or "").replace(" ", "")
    if not v:
        return "—"
    return " ".join(v[i:i + 4] for i in range(0, len(v), 4))


def money(value) -> str:
    return "—" if value is None else f"R$ {fmt_money(value)}"


def number(value, places: int = 0) -> str:
    return fmt_number(value, places)


def weight(value) -> str:
    """kg with up to 3 decimals, trailing zeros dropped: `20.000 kg`, `1.234,5 kg`."""
    if value is None:
        return "—"
    amount = Decimal(str(value))
    places = max(0, min(3, -amount.normalize().as_tuple().exponent))
    return f"{number(amount, places)} kg"


def percent(value) -> str:
    return "—" if value is None else f"{number(value, 2).rstrip('0').rstrip(',')} %"


def local(value) -> str:
    """A naive UTC timestamp shown in Brasília time."""
    if value is None:
        return "—"
    return value.replace(tzinfo=timezone.utc).astimezone(BRT).strftime("%d/%m/%Y %H:%M")


def trip(value) -> str:
    """Trip moments are stored as Brasília wall-clock times; midnight is a date."""
    if value is None:
        return "—"
    if isinstance(value, datetime):
        return value.strftime("%d/%m/%Y") if value.time() == datetime.min.time() else value.strftime("%d/%m/%Y %H:%M")
    return value.strftime("%d/%m/%Y")


def day(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, datetime):
        return value.strftime("%d/%m/%Y")
    if isinstance(value, date):
        return value.strftime("%d/%m/%Y")
    return str(value)


def cep(value) -> str:
    v = (value or "").replace("-", "")
    return f"{v[:5]}-{v[5:]}" if len(v) == 8 else (v or "—")


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
        return f"CEP {cep(loc.get('cep'))}"
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
    return label(STATUS_LABELS, value)


def badge(value) -> str:
    return STATUS_BADGES.get(value, "badge")


def rule_title(code: str) -> str:
    """The pt-BR title of a validation rule (the registry's catalogue), for the validation panels."""
    from domain.ciot.rules import RULES_BY_CODE
    rule = RULES_BY_CODE.get(code)
    return rule.title if rule else ""


fmt = SimpleNamespace(
    doc=doc, plate=plate, access_key=access_key, money=money, number=number, weight=weight, percent=percent,
    local=local, trip=trip, day=day, cep=cep, location=location, modality=modality, status=status_label,
    badge=badge, label=label, rule_title=rule_title,
    labels=SimpleNamespace(status=STATUS_LABELS, environment=ENVIRONMENT_LABELS, tipo=TIPO_OPERACAO_LABELS,
                           papel=PAPEL_LABELS, vehicle_kind=VEHICLE_KIND_LABELS, payment_kind=PAYMENT_KIND_LABELS,
                           tipo_pagamento=TIPO_PAGAMENTO_LABELS, indicador=INDICADOR_LABELS,
                           document_kind=DOCUMENT_KIND_LABELS, location_tipo=LOCATION_TIPO_LABELS,
                           severity=SEVERITY_LABELS),
)
