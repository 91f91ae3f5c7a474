"""What the declaration of a TAC agregado carries, as the authority's manual asks: the freight value
(`valor_contratado` > 0), the TAC's payment (PIX with a key valid for its type, or a bank account; the holder the TAC
or a relative as the law allows) and the composition's vehicles with kind and axles (one motorised unit; a tractor
with its trailers).

The request is never refused for what the declaration lacks (a body the API took before these checks stays
accepted): the contract is opened and **held** (`bloqueios`, one `{campo, mensagem}` per gap) without being sent to
the authority, and POST /retificar (or the page's form) completes it; it is declared as soon as nothing is missing.
What a request states that is plainly contradictory (a vehicle not in the composition, a trailer as motorised unit,
axles out of range) is a 400 naming the field, as in operations. The payment checks are the operations' ones
(domain.payee.checks)."""
import sqlalchemy as sa

from core.db import db
from core.errors import InvalidBody
from domain.ciot.rules.helpers import MOTORISED
from domain.ciot.rules.structure import AXLES_MOTORISED, AXLES_TRAILER
from domain.fleet.models import Vehicle
from domain.payee.checks import (
    HOLDER_RELATIONSHIPS,
    account_problem,
    agency_problem,
    bank_code_problem,
    bank_data_gaps,
    holder_check,
    pix_key_kind,
    pix_key_problem,
)

PAYMENT_FIELDS = ("tipo_pagamento", "chave_pix", "tipo_chave_pix", "banco", "agencia", "conta", "cpf_cnpj_owner",
                  "titular_parentesco")
BANK_PAYMENTS = ("conta_corrente", "conta_poupanca", "conta_pagamento")
CARD_PAYMENT = "cartao_pre_pago_ip"
KIND_LABELS = {"automotor": "caminhão (automotor)", "cavalo_trator": "cavalo trator", "implemento": "implemento"}


# --- the composition -------------------------------------------------------------------------------------------

def _fleet_axles(plates: list[str]) -> dict[str, int]:
    """Axles of the company's fleet vehicles with these plates (tenant-scoped), where the registry has them."""
    rows = db.session.execute(sa.select(Vehicle.plate, Vehicle.axles).where(Vehicle.plate.in_(plates))).all()
    return {plate: axles for plate, axles in rows if axles}


def _default_kind(index: int, trailers: int) -> str:
    if index:
        return "implemento"
    return "cavalo_trator" if trailers else "automotor"


def _check_vehicle(index: int, kind: str, axles: int | None, trailers: int, plate: str, field: str) -> None:
    """400 naming `field` (the request's veiculos[i], or the plate's field) for what is against the manual (as
    operations' VEI03, VEI06, VEI08); `index` is the plate's place in the composition (0: the tractor)."""
    if index == 0 and kind not in MOTORISED:
        raise InvalidBody.for_field(f"{field}.tipo_veiculo", f"A placa do cavalo ({plate}) é a unidade motora: "
                                    "automotor ou cavalo_trator.")
    if index and kind != "implemento":
        raise InvalidBody.for_field(f"{field}.tipo_veiculo", f"O reboque {plate} é um implemento: a composição tem "
                                    "exatamente uma unidade motora.")
    if kind == "cavalo_trator" and not trailers:
        raise InvalidBody.for_field(f"{field}.tipo_veiculo", f"O veículo {plate} é um cavalo trator e a composição "
                                    "não tem reboque: informe o implemento em placas_reboques, ou use automotor.")
    low, high = AXLES_MOTORISED if kind in MOTORISED else AXLES_TRAILER
    if axles is not None and not low <= axles <= high:
        raise InvalidBody.for_field(f"{field}.eixos", f"O veículo {plate} ({KIND_LABELS[kind]}) tem {axles} eixos: "
                                    f"a ANTT aceita de {low} a {high}. Informe os eixos deste veículo, não o total "
                                    "da composição.")


def _axles_fit(kind: str, axles: int | None) -> bool:
    low, high = AXLES_MOTORISED if kind in MOTORISED else AXLES_TRAILER
    return axles is not None and low <= axles <= high


def composition(placa_cavalo: str, placas_reboques: list[str], veiculos) -> list[dict]:
    """[{placa, tipo_veiculo, eixos, eixos_origem}] of the composition, the tractor first: what the request says of
    each plate (`veiculos`), else the composition's kind and the fleet registry's axles (eixos null when neither
    knows them: a gap of the declaration). 400 for a vehicle outside the composition or one the manual refuses."""
    plates = [placa_cavalo, *placas_reboques]
    given, fields = {}, {}
    for index, vehicle in enumerate(veiculos or []):
        if vehicle.placa not in plates:
            raise InvalidBody.for_field(f"veiculos[{index}].placa", f"A placa {vehicle.placa} não está na composição "
                                        f"({', '.join(plates)}): informe placa_cavalo e placas_reboques.")
        given[vehicle.placa], fields[vehicle.placa] = vehicle, f"veiculos[{index}]"
    fleet = _fleet_axles(plates)
    out = []
    for index, plate in enumerate(plates):
        stated = given.get(plate)
        kind = (stated.tipo_veiculo if stated else None) or _default_kind(index, len(placas_reboques))
        field = fields.get(plate) or ("placa_cavalo" if index == 0 else f"placas_reboques[{index - 1}]")
        _check_vehicle(index, kind, stated.eixos if stated else None, len(placas_reboques), plate, field)
        if stated and stated.eixos:
            axles, source = stated.eixos, "informado"
        elif _axles_fit(kind, fleet.get(plate)):
            axles, source = fleet[plate], "frota"
        else:  # not in the fleet, or registered with the composition's total: asked for (a gap, not a refusal)
            axles, source = None, None
        out.append({"placa": plate, "tipo_veiculo": kind, "eixos": axles, "eixos_origem": source})
    return out


# --- payment -----------------------------------------------------------------------------------------------------

def payment_values(pagamento) -> dict:
    """The payment fields as stored on the contract (None when not given); the PIX key's type is read from the key
    when not given (domain.payee.checks.pix_key_kind)."""
    values = {name: getattr(pagamento, name, None) if pagamento else None for name in PAYMENT_FIELDS}
    if values["chave_pix"] and not values["tipo_chave_pix"]:
        values["tipo_chave_pix"] = pix_key_kind(values["chave_pix"])
    return values


def _gap(campo: str, mensagem: str) -> dict:
    return {"campo": campo, "mensagem": mensagem}


def _pix_gaps(contract) -> list[dict]:
    key = contract.chave_pix
    if not key:
        return [_gap("pagamento.chave_pix", "Pagamento PIX sem chave: informe a chave PIX do TAC.")]
    if not contract.tipo_chave_pix:
        return [_gap("pagamento.chave_pix", f"Chave PIX '{key}' inválida: use CPF, CNPJ, e-mail, telefone "
                                            "(+55 com DDD) ou chave aleatória (UUID).")]
    problem = pix_key_problem(key, contract.tipo_chave_pix)
    return [_gap("pagamento.chave_pix", f"Chave PIX '{key}' {problem}.")] if problem else []


def _bank_gaps(contract) -> list[dict]:
    gaps = [_gap(f"pagamento.{name}", f"Pagamento em {contract.tipo_pagamento} sem {name}: informe banco, agência e "
                                      "conta do TAC.")
            for name in bank_data_gaps(contract.banco, contract.agencia, contract.conta)]
    for name, problem in (("banco", bank_code_problem(contract.banco)), ("agencia", agency_problem(contract.agencia)),
                          ("conta", account_problem(contract.conta))):
        if problem:
            gaps.append(_gap(f"pagamento.{name}", f"{name.capitalize()} inválido(a): {problem}."))
    return gaps


def _card_gaps(contract) -> list[dict]:
    """A prepaid card (cartão pré-pago IP) names its issuing institution (`banco`) and the card's number (`conta`),
    as the manual's items 16.2 and 16.4 ask for it (the authority refuses it without them, rule B92)."""
    gaps = []
    if not contract.banco:
        gaps.append(_gap("pagamento.banco", "Pagamento em cartão pré-pago sem a instituição emissora: informe o código "
                                            "da instituição (banco) do cartão do TAC."))
    elif bank_code_problem(contract.banco):
        gaps.append(_gap("pagamento.banco", f"Banco inválido(a): {bank_code_problem(contract.banco)}."))
    if not contract.conta:
        gaps.append(_gap("pagamento.conta", "Pagamento em cartão pré-pago sem o número do cartão: informe-o em "
                                            "conta."))
    return gaps


def _holder_gaps(contract) -> list[dict]:
    check = holder_check(contract.cpf_cnpj_owner, contract.contratado_cpf_cnpj, contract.titular_parentesco,
                         who=contract.contratado_categoria.replace("_", " "))
    if check.ok:
        return []
    return [_gap("pagamento.cpf_cnpj_owner", f"Titular do pagamento não aceito: {check.message}.")]


def payment_gaps(contract) -> list[dict]:
    """What the TAC's payment lacks for the declaration (the operations' checks, domain.payee.checks)."""
    if not contract.tipo_pagamento:
        return [_gap("pagamento.tipo_pagamento", "Informe como o TAC é pago: PIX (chave) ou conta (banco, agência e "
                                                 "conta).")]
    gaps = []
    if contract.tipo_pagamento == "pix":
        gaps += _pix_gaps(contract)
    elif contract.tipo_pagamento in BANK_PAYMENTS:
        gaps += _bank_gaps(contract)
    elif contract.tipo_pagamento == CARD_PAYMENT:
        gaps += _card_gaps(contract)
    return gaps + _holder_gaps(contract)


def holder_note(contract) -> str | None:
    """The reminder to keep the proof when the holder is the TAC's relative (None otherwise)."""
    if not contract.titular_parentesco or contract.titular_parentesco not in HOLDER_RELATIONSHIPS:
        return None
    check = holder_check(contract.cpf_cnpj_owner, contract.contratado_cpf_cnpj, contract.titular_parentesco)
    return check.message if check.ok and check.message else None


# --- all of it -----------------------------------------------------------------------------------------------------

def repeated_plate_gaps(contract) -> list[dict]:
    """A plate twice in the composition (the tractor's repeated as a trailer, or a trailer twice): the authority
    refuses repeated plates (rule B5), even when the plate is in the fleet."""
    seen, gaps = set(), []
    for index, plate in enumerate(contract.placas):
        if plate in seen:
            gaps.append(_gap(f"placas_reboques[{index - 1}]", f"A placa {plate} aparece mais de uma vez na composição: "
                                                              "informe cada veículo uma única vez."))
        seen.add(plate)
    return gaps


def declaration_gaps(contract) -> list[dict]:
    """Every gap of the contract's declaration, in the form's order: value, payment, vehicles (plates, axles)."""
    gaps = []
    if not contract.valor_contratado or contract.valor_contratado <= 0:
        gaps.append(_gap("valor_contratado", "Informe o valor contratado do frete (maior que zero): a ANTT o exige "
                                             "na declaração do TAC agregado."))
    gaps += payment_gaps(contract)
    gaps += repeated_plate_gaps(contract)
    for index, vehicle in enumerate(contract.veiculos or []):
        if not vehicle.get("eixos"):
            gaps.append(_gap(f"veiculos[{index}].eixos", f"Informe os eixos do veículo {vehicle['placa']} "
                                                         f"({KIND_LABELS[vehicle['tipo_veiculo']]}): a placa não "
                                                         "está na frota com eixos cadastrados."))
    return gaps
