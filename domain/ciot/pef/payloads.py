"""Our records as the JSON of the manual DCS PEF v1.1 (field names as in the manual's JSON examples; the
tolerant spelling choices, e.g. `ContratantesCargFrac` and the vehicle's `RNTRC`, follow those examples). Where each
field comes from is listed in docs/ciot-pef.md. Money and weights go as text with two decimals; dates as
`yyyy-MM-dd`, the declaration's moment as `yyyy-MM-ddTHH:mm:ss-03:00` (Brasília, with its offset).
"""
import uuid
from datetime import date, datetime, time
from decimal import Decimal

from core.validators import resolve_ibge_code
from domain.ciot.provider import normalize_rntrc

TIPO_OPERACAO = {"lotacao": 1, "fracionada": 2, "agregado": 3}
TIPO_PAGAMENTO = {"cartao_pre_pago_ip": 1, "conta_corrente": 2, "conta_poupanca": 3, "conta_pagamento": 4,
                  "outros": 5, "pix": 6}
BANK_TYPES = (1, 2, 3, 4)
IND_PAGAMENTO = {"vista": 0, "prazo": 1}


def money(value) -> str:
    return f"{Decimal(str(value or 0)):.2f}"


def day(value) -> str | None:
    if value is None:
        return None
    return (value.date() if isinstance(value, datetime) else value).isoformat()


# Brasília's offset (no daylight saving since 2019). DataDeclaracao carries it: the authority compares the moment with
# its clock within a tolerance, and a moment without offset (or in UTC) is refused as out of it (docs/ciot-pef.md,
# disagreement 6).
BRASILIA_OFFSET = "-03:00"


def moment(value: date | datetime) -> str:
    """A Brasília moment (naive, as the clock gives it) as `yyyy-MM-ddTHH:mm:ss-03:00`."""
    if not isinstance(value, datetime):
        value = datetime.combine(value, time(0, 0))
    return value.strftime("%Y-%m-%dT%H:%M:%S") + BRASILIA_OFFSET


def digits(value) -> str:
    return "".join(ch for ch in str(value or "") if ch.isdigit())


def without_none(values: dict) -> dict:
    return {key: value for key, value in values.items() if value is not None}


# --- declaration of an operation (lotação 1, fracionada 2) -----------------------------------------------------

def principal_contratante(op):
    rows = list(op.contratantes or [])
    return next((row for row in rows if row.papel == "principal"), rows[0] if rows else None)


def operation_contratante(op, issuer) -> tuple[str, str | None]:
    """(CpfCnpjContratante, RNTRCContratante). A fracionada is the declaring company's own operation: it consolidates
    the shippers' cargo, so it is the contratante and the shippers go in ContratantesCargFrac (our rules CTR06/CTR08,
    the manual's B119); the authority checks it against the certificate's holder. A lotação is hired by its principal
    contratante (else the first; else the declaring company)."""
    if op.tipo_operacao == "fracionada":
        return digits(issuer.cnpj), None
    principal = principal_contratante(op)
    if principal is None:
        return digits(issuer.cnpj), None
    return digits(principal.cpf_cnpj), normalize_rntrc(principal.rntrc) if principal.rntrc else None


def operation_declaration(op, issuer, id_operacao: str, declared: datetime) -> dict:
    tipo = TIPO_OPERACAO[op.tipo_operacao]
    contratante_doc, contratante_rntrc = operation_contratante(op, issuer)
    payload = without_none({
        "IdOperacaoTransporte": id_operacao,
        "TipoOperacao": tipo,
        "CpfCnpjContratado": digits(op.contratado_cpf_cnpj),
        "RNTRCContratado": normalize_rntrc(op.contratado_rntrc),
        "CpfCnpjContratante": contratante_doc,
        "RNTRCContratante": contratante_rntrc,
        "CpfCnpjDestinatario": digits(op.destinatario_cpf_cnpj) or None,
        "ValorFrete": money(op.valor_frete),
        "DataDeclaracao": moment(declared),
        "IndContingencia": bool(op.contingencia),
        "JustificativaContingencia": op.justificativa_contingencia if op.contingencia else None,
        "DataInicioViagem": day(op.viagem_inicio),
        "DataFimViagem": day(op.viagem_fim),
    })
    payload["Veiculos"] = [vehicle(row.plate, row.rntrc, row.axles) for row in op.vehicles]
    payload["OrigemDestino"] = [route(op.origem or {}, op.destino or {}, op.distancia_km)]
    payload["DadosCarga"] = cargo(op, contratante_doc)
    payload["InfPagamento"] = payments(op)
    if tipo == 1:
        payload["InfIndicadoresOperacionais"] = indicators(op)
    return payload


def vehicle(plate: str, rntrc: str | None, axles: int | None) -> dict:
    return without_none({"Placa": plate, "RNTRC": normalize_rntrc(rntrc) if rntrc else None,
                         "NumeroEixos": str(axles) if axles else None})


def place(location: dict, side: str) -> dict:
    """A location by the most specific form it has (coordinates, then CEP, then IBGE municipality)."""
    if location.get("tipo") == "latlng" and location.get("lat") is not None:
        return {f"Latitude{side}": f"{location['lat']:.6f}", f"Longitude{side}": f"{location['lng']:.6f}"}
    if location.get("tipo") == "cep" and location.get("cep"):
        return {f"Cep{side}": digits(location["cep"])}
    code = location.get("codigo_municipio") or resolve_ibge_code(location.get("municipio_nome") or "",
                                                                 location.get("uf") or "")
    return without_none({f"CodigoMunicipio{side}": code})


def route(origem: dict, destino: dict, distance, trips: int | None = None) -> dict:
    return without_none({"Origem": place(origem, "Origem"), "Destino": place(destino, "Destino"),
                         "DistanciaPercorrida": int(Decimal(str(distance))) if distance is not None else None,
                         "QtdViagens": trips})


def fractional_contractors(op, contratante_doc: str) -> list[str]:
    """Who hired the fractional load: the contratantes (the shippers), then the documents' issuers, never the
    operation's contratante, the declaring company (rule B119)."""
    found = [digits(row.cpf_cnpj) for row in op.contratantes] + [digits(d.emitter_cnpj) for d in op.documents]
    unique = []
    for doc in found:
        if doc and doc != contratante_doc and doc not in unique:
            unique.append(doc)
    return unique


def cargo(op, contratante_doc: str, *, weight=None) -> dict:
    data = without_none({
        "CodigoNaturezaCarga": op.codigo_natureza_carga,
        "PesoCarga": money(weight if weight is not None else op.peso_carga),
        "CodigoTipoCarga": str(op.codigo_tipo_carga) if op.codigo_tipo_carga else None,
    })
    if op.tipo_operacao == "fracionada":
        data["ContratantesCargFrac"] = fractional_contractors(op, contratante_doc)
    return data


def indicators(op) -> dict:
    kinds = [row.vehicle_kind for row in op.vehicles]
    return {
        "IndAltoDesempenho": bool(op.alto_desempenho),
        "IndRetornoVazio": bool(getattr(op, "retorno_vazio", False)),
        "ComposicaoVeicular": "implemento" in kinds and op.composicao_contratada != "apenas_tracao",
    }


def payments(op) -> list[dict]:
    """One InfPagamento per payment of the operation; an operation without payment rows sends its own
    payment data (tipo_pagamento, bank or PIX) for the whole freight. A PIX payment without a key of its own is paid
    to the operation's key (the documented PIX variant: the key at the root, every payment by PIX)."""
    rows = list(op.payments or [])
    if not rows:
        return [payment_entry(
            tipo=op.tipo_pagamento or "conta_corrente", indicador=op.indicador_pagamento or "vista",
            creditado=op.cpf_cnpj_owner or op.contratado_cpf_cnpj, banco=op.bank_code, agencia=op.agency,
            conta=op.account_number, chave_pix=op.chave_pix, pix_id=pix_identifier(op.id), parcela=None)]
    # Instalments are numbered among the payments a prazo (an advance paid à vista is no instalment).
    numbers = {id(row): number for number, row in
               enumerate((row for row in rows if row.indicador_pagamento == "prazo"), start=1)}
    return [payment_entry(
        tipo=row.tipo_pagamento, indicador=row.indicador_pagamento,
        creditado=row.titular_cpf_cnpj or op.cpf_cnpj_owner or op.contratado_cpf_cnpj, banco=row.banco,
        agencia=row.agencia, conta=row.conta,
        chave_pix=(row.codigo_pagamento or op.chave_pix) if row.tipo_pagamento == "pix" else None,
        pix_id=pix_identifier(row.id), parcela=(numbers.get(id(row)), row.due_date, row.amount),
        codigo_pagamento=row.codigo_pagamento if row.tipo_pagamento != "pix" else None)
        for row in rows]


def pix_identifier(record_id) -> str:
    """IdentificadorPix (#16.8): the identifier the PIX transfer of this payment carries (its txid: letters and
    digits, 26 to 35 of them), our payment's id without hyphens; stable, so a retried declaration sends the same one.
    Not the key's kind (docs/ciot-pef.md "IdentificadorPix")."""
    return uuid.UUID(str(record_id)).hex


def payment_entry(*, tipo, indicador, creditado, banco, agencia, conta, chave_pix, pix_id, parcela,
                  codigo_pagamento=None) -> dict:
    code = TIPO_PAGAMENTO.get(tipo, 5)
    ind = IND_PAGAMENTO.get(indicador, 0)
    entry = without_none({
        "TipoPagamento": code,
        "CodigoInstituicaoFinanceira": digits(banco) or None if code in BANK_TYPES else None,
        "NumeroAgencia": digits(agencia) or None if code in BANK_TYPES else None,
        # the account, or for the prepaid card (1) the card's number (#16.4: the means of payment's identifier)
        "NumeroConta": (conta or None) if code in BANK_TYPES else None,
        "ChavePix": chave_pix if code == 6 else None,
        "IdentificadorPix": pix_id if code == 6 else None,
        "CpfCnpjCreditado": digits(creditado) or None,
        "CodigoPagamento": codigo_pagamento if code in (1, 5) else None,  # the card's code, or the other form's
        "IndPagamento": ind,
    })
    if ind == 1 and parcela is not None:  # a prazo: the instalment, flattened as in the manual's example
        number, due, amount = parcela
        entry.update({"NumeroParcela": str(number), "DataVencimento": day(due), "ValorParcela": money(amount)})
    return entry


# --- declaration of a TAC agregado contract (3) -----------------------------------------------------------------

def aggregate_declaration(contract, issuer, id_operacao: str, declared: datetime, axles: dict) -> dict:
    """TAC agregado: no trip start (the authority takes the declaration's), no destinatário, routes, cargo nor
    indicators (rules B56/B62); the end is the contract's expected closing day."""
    plates = contract.placas
    payload = without_none({
        "IdOperacaoTransporte": id_operacao,
        "TipoOperacao": 3,
        "CpfCnpjContratado": digits(contract.contratado_cpf_cnpj),
        "RNTRCContratado": normalize_rntrc(contract.contratado_rntrc),
        "CpfCnpjContratante": issuer.cnpj,
        "ValorFrete": money(contract.valor_contratado),
        "DataDeclaracao": moment(declared),
        "IndContingencia": False,
        "DataFimViagem": day(contract.data_prevista_encerramento),
    })
    payload["Veiculos"] = [vehicle(plate, contract.contratado_rntrc if index == 0 else None, axles.get(plate))
                           for index, plate in enumerate(plates)]
    tipo = contract.tipo_pagamento or ("pix" if contract.chave_pix else "outros")
    payload["InfPagamento"] = [payment_entry(
        tipo=tipo, indicador="vista", creditado=contract.cpf_cnpj_owner or contract.contratado_cpf_cnpj,
        banco=getattr(contract, "banco", None), agencia=getattr(contract, "agencia", None),
        conta=getattr(contract, "conta", None), chave_pix=contract.chave_pix, pix_id=pix_identifier(contract.id),
        parcela=None)]
    return payload


# --- after the declaration: cancel, close, rectify ------------------------------------------------------------

def ciot_with_code(codigo_ciot: str, codigo_verificador: str | None) -> str:
    """The 16-digit identifier cancel, close and rectify send: the CIOT and its 4-digit verification code."""
    return f"{codigo_ciot}{codigo_verificador or ''}"


def cancellation(ciot16: str, motivo: str) -> dict:
    return {"CodigoIdentificacaoOperacao": ciot16, "MotivoCancelamento": (motivo or "")[:500]}


def operation_closing(op, ciot16: str, closing: dict) -> dict:
    """Lotação and fracionada: the total weight carried (PesoTotalCarga) and no routes (rule B44)."""
    return {"CodigoIdentificacaoOperacao": ciot16,
            "DadosCarga": {"PesoTotalCarga": money(closing.get("peso_carga_final"))}}


def aggregate_closing(ciot16: str, closing: dict) -> dict:
    """TAC agregado: every consolidated route with its distance and number of trips (rule B43)."""
    routes = []
    for item in closing.get("rotas") or []:
        origem = {"tipo": "municipio", "uf": item.get("origem_uf"), "municipio_nome": item.get("origem_municipio_nome"),
                  "codigo_municipio": item.get("origem_codigo_ibge") or item.get("origem_codigo_municipio")}
        destino = {"tipo": "municipio", "uf": item.get("destino_uf"),
                   "municipio_nome": item.get("destino_municipio_nome"),
                   "codigo_municipio": item.get("destino_codigo_ibge") or item.get("destino_codigo_municipio")}
        distance = item.get("distancia_km") or item.get("distancia_total_km")
        routes.append(route(origem, destino, distance, int(item.get("quantidade_viagens") or 0)))
    payload = {"CodigoIdentificacaoOperacao": ciot16, "OrigemDestino": routes}
    if closing.get("peso_carga_final") is not None:
        payload["DadosCarga"] = {"PesoTotalCarga": money(closing["peso_carga_final"])}
    return payload


def rectification(op, issuer, ciot16: str, changes: dict) -> dict:
    """Fracionada (lotação cannot be rectified, rule B121): the freight value, the trip end and the cargo, as they
    are after the changes."""
    contratante_doc, _ = operation_contratante(op, issuer)
    payload = {"CodigoIdentificacaoOperacao": ciot16,
               "ValorFrete": money(changes.get("valor_frete", op.valor_frete))}
    if "viagem_fim" in changes and changes["viagem_fim"] is not None:
        payload["DataFimViagem"] = day(changes["viagem_fim"])
    payload["DadosCarga"] = cargo(op, contratante_doc, weight=changes.get("peso_carga", op.peso_carga))
    return payload


def aggregate_rectification(contract, ciot16: str, changes: dict) -> dict:
    """TAC agregado: the value, the end date and the route, as they are after the changes (rules B57/B64: end date
    and route are required for this type; a request without a route is refused before it is recorded,
    domain/ciot_agregado/rectification.py `_require_route`)."""
    def now(name):
        return changes.get(name, getattr(contract, name, None))

    def side(name):
        return {"tipo": "municipio", "uf": now(f"{name}_uf"), "municipio_nome": now(f"{name}_municipio_nome"),
                "codigo_municipio": now(f"{name}_codigo_ibge")}
    return {"CodigoIdentificacaoOperacao": ciot16, "ValorFrete": money(now("valor_contratado")),
            "DataFimViagem": day(now("data_prevista_encerramento")),
            "OrigemDestino": [route(side("origem"), side("destino"), now("distancia_km"))]}
