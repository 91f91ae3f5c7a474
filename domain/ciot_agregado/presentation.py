"""What pages and the PDF show of a contract: pt-BR labels, the badge tone of each status and the ledger (trips
and debits interleaved by date with the running balance)."""
import re
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from core import formatting
from domain.ciot_agregado import queries
from domain.ciot_agregado.contracts import EXPIRY_MOTIVO
from domain.payee.checks import HOLDER_RELATIONSHIPS

# Each status's label and badge tone (core.formatting, "Statuses"): the pages' badges and the contract PDF.
STATUS = {"aberto": ("Aberto", "ok"), "em_encerramento": ("Em encerramento", "warn"),
          "encerrado": ("Encerrado", "muted"), "cancelado": ("Cancelado", "danger")}
STATUS_LABELS = formatting.status_labels(STATUS)
TIPO_DEBITO_LABELS = {"adiantamento": "Adiantamento", "abastecimento": "Abastecimento", "pedagio": "Pedágio",
                      "manutencao": "Manutenção", "multa": "Multa", "outros": "Outros"}
CATEGORY_LABELS = {"TAC": "TAC (autônomo)", "TAC_EQUIPARADO": "ETC equiparada a TAC"}
# What the contract page says while the authority has not answered (CiotAgregado.pendencia), with since when (the
# API's `pendencia.solicitado_at`); em_encerramento is also a status, shown by its badge.
PENDING_WORDS = {
    "declaracao": "Declaração da abertura enviada à ANTT, aguardando a resposta desde {desde} (reenviada "
                  "automaticamente se a ANTT não responder). Lançamentos, encerramento e cancelamento ficam "
                  "disponíveis depois dela.",
    "cancelamento": "Cancelamento enviado à ANTT, aguardando a resposta desde {desde} (reenviado automaticamente se "
                    "a ANTT não responder).",
    "encerramento": "Encerramento enviado à ANTT, aguardando a resposta desde {desde} (reenviado automaticamente se "
                    "a ANTT não responder).",
    "retificacao": "Retificação enviada à ANTT, aguardando a resposta desde {desde} (reenviada automaticamente se "
                   "a ANTT não responder). Lançamentos ficam disponíveis depois dela.",
}
VEHICLE_KIND_LABELS = {"automotor": "Caminhão (automotor)", "cavalo_trator": "Cavalo trator",
                       "implemento": "Implemento (reboque)"}
PAYMENT_LABELS = {"pix": "PIX", "conta_corrente": "Conta corrente", "conta_poupanca": "Conta poupança",
                  "conta_pagamento": "Conta de pagamento", "cartao_pre_pago_ip": "Cartão pré-pago (IP)"}
WARN_DAYS = 3  # the list warns about open contracts closing within this many days
# Closing reasons the platform itself writes, in words; a person's reason is shown as typed.
MOTIVO_LABELS = {EXPIRY_MOTIVO: "Expiração automática (30 dias)"}


def pending_message(contract) -> str | None:
    """The banner of a contract waiting for the authority, or None."""
    words = PENDING_WORDS.get(contract.pendencia)
    return words.format(desde=formatting.when(contract.pendencia_desde)) if words else None


def status_label(value: str) -> str:
    return formatting.status_label(STATUS, value)


def motivo_label(value: str | None) -> str:
    return MOTIVO_LABELS.get(value, value or "—")


def actor_label(value: str | None) -> str:
    """Who did it, in words (`api_key:flk_ab12` → `integração (chave flk_ab12)`; the expiry job, `cron`, is the
    platform's routine): core.formatting.actor."""
    return formatting.actor(value)


@dataclass
class LedgerLine:
    kind: str  # viagem | debito
    numero: int
    moment: datetime  # Brasília wall clock
    description: str
    credit: Decimal | None
    debit: Decimal | None
    cancelled: bool
    cancel_motivo: str | None
    balance: Decimal  # running balance after this line (cancelled lines leave it unchanged)
    record: object


def _trip_line(trip) -> dict:
    return {"kind": "viagem", "numero": trip.numero_viagem, "moment": trip.data_viagem, "credit": trip.valor,
            "debit": None, "cancelled": trip.status != queries.ATIVA, "cancel_motivo": trip.cancel_motivo,
            "description": (f"Viagem {trip.numero_viagem}: {trip.origem_municipio_nome}/{trip.origem_uf} → "
                            f"{trip.destino_municipio_nome}/{trip.destino_uf}"), "record": trip}


def _debit_line(debit) -> dict:
    return {"kind": "debito", "numero": debit.numero_debito, "moment": debit.data_debito, "credit": None,
            "debit": debit.valor, "cancelled": debit.status != queries.ATIVO, "cancel_motivo": debit.cancel_motivo,
            "description": f"Débito {debit.numero_debito} ({TIPO_DEBITO_LABELS.get(debit.tipo, debit.tipo)}): "
                           f"{debit.motivo}", "record": debit}


def ledger(viagens, debitos) -> list[LedgerLine]:
    """Every line by date (trips before debits on the same moment, then by number) with the running balance."""
    lines = sorted([_trip_line(t) for t in viagens] + [_debit_line(d) for d in debitos],
                   key=lambda line: (line["moment"], line["kind"] != "viagem", line["numero"]))
    balance, out = Decimal("0.00"), []
    for line in lines:
        if not line["cancelled"]:
            balance += line["credit"] or 0
            balance -= line["debit"] or 0
        out.append(LedgerLine(balance=balance, **line))
    return out


def composition_text(contract) -> str:
    """`ABC1D23 (Cavalo trator, 3 eixos) + DEF4G56 (Implemento (reboque), 3 eixos)`; the plates alone on contracts
    opened before kinds and axles were kept."""
    vehicles = contract.veiculos or [{"placa": p, "tipo_veiculo": None, "eixos": None} for p in contract.placas]
    parts = []
    for v in vehicles:
        details = ", ".join(filter(None, (VEHICLE_KIND_LABELS.get(v.get("tipo_veiculo")),
                                          f"{v['eixos']} eixos" if v.get("eixos") else None)))
        parts.append(f"{formatting.fmt.plate(v['placa'])}" + (f" ({details})" if details else ""))
    return " + ".join(parts)


def payment_text(contract) -> str:
    kind = PAYMENT_LABELS.get(contract.tipo_pagamento, contract.tipo_pagamento or "não informado")
    if contract.tipo_pagamento == "pix":
        return f"{kind}: {contract.chave_pix or 'sem chave'}" + (f" ({contract.tipo_chave_pix})"
                                                                 if contract.tipo_chave_pix else "")
    if contract.banco or contract.conta:
        return (f"{kind}: banco {contract.banco or '—'}, agência {contract.agencia or '—'}, "
                f"conta {contract.conta or '—'}")
    return kind


def holder_text(contract) -> str:
    if not contract.cpf_cnpj_owner or contract.cpf_cnpj_owner == contract.contratado_cpf_cnpj:
        return "o próprio TAC"
    relation = HOLDER_RELATIONSHIPS.get(contract.titular_parentesco or "", "sem parentesco informado")
    return f"{formatting.fmt.cpf_cnpj(contract.cpf_cnpj_owner)} ({relation})"


def distance_text(route: dict) -> str:
    """A consolidated route's distance with how it was obtained; "—" on routes stored before distances were kept."""
    km = route.get("distancia_km")
    if not km:
        return "—"
    return f"{formatting.fmt.number(Decimal(str(km)), 1)} km ({route.get('distancia_metodo') or '—'})"


# --- what a held contract lacks (its `bloqueios`), in words ----------------------------------------------------------

# Each gap's subject as the completion form names it, and the input the page points to.
GAP_SUBJECTS = {"valor_contratado": ("Valor contratado", "valor_contratado"),
                "pagamento.tipo_pagamento": ("Forma de pagamento do TAC", "tipo_pagamento"),
                "pagamento.chave_pix": ("Chave PIX", "chave_pix"), "pagamento.banco": ("Banco", "banco"),
                "pagamento.agencia": ("Agência", "agencia"), "pagamento.conta": ("Conta", "conta"),
                "pagamento.cpf_cnpj_owner": ("Titular do pagamento", "cpf_cnpj_owner")}
# The API's words inside a gap's message (`Pagamento em conta_corrente sem agencia`), as the page writes them.
GAP_WORDS = {**{value: label.lower() for value, label in PAYMENT_LABELS.items() if value != "pix"},
             "agencia": "agência", "Agencia": "Agência", "TAC_EQUIPARADO": "ETC equiparada a TAC",
             "TAC EQUIPARADO": "ETC equiparada a TAC"}
GAP_WORD = re.compile(r"\b(?:" + "|".join(re.escape(word) for word in sorted(GAP_WORDS, key=len, reverse=True))
                      + r")\b")


def _gap_subject(campo: str, contract) -> tuple[str, str]:
    """(what is missing, the completion form's input) of a gap's `campo` (`veiculos[1].eixos`: the trailer's)."""
    if campo.startswith("veiculos["):
        index = int(campo[len("veiculos["):].split("]", 1)[0])
        plates = contract.placas or []
        plate = formatting.fmt.plate(plates[index]) if index < len(plates) else ""
        return (f"Eixos do veículo {plate}".strip(), "eixos_cavalo" if index == 0 else "eixos_reboques")
    return GAP_SUBJECTS.get(campo, ("Dados da declaração", ""))


def missing_items(contract) -> list[dict]:
    """What a held contract lacks for its declaration, one item per gap: the subject, the message in words (the
    API's `mensagem` with its codes turned into labels) and the id of the completion form's input."""
    items = []
    for gap in contract.bloqueios or []:
        subject, input_name = _gap_subject(gap.get("campo") or "", contract)
        text = GAP_WORD.sub(lambda m: GAP_WORDS[m.group(0)], gap.get("mensagem") or "")
        items.append({"campo": gap.get("campo") or "", "subject": subject, "text": text, "input": input_name})
    return items
