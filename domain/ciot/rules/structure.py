"""Platform codes of the parties and the composition: modality coherence and the structural checks of the
authority's manual (DCS PEF) on who is hired and with which vehicles.

MOD modality, CAD identification (CPF/CNPJ, RNTRC), VEI composition. The trip (LOC, CRG, DAT, DOC) is in
rules/trip.py. Codes and severities are listed in docs/ciot-rules.md.
"""

from core.validators import (
    PLATE_RE,
    FieldInvalid,
    clean_rntrc,
)
from domain.ciot.modality import normalize_category, normalize_doc
from domain.ciot.rules.base import BLOCKER, RULES, WARNING, RuleContext
from domain.ciot.rules.helpers import (
    MOTORISED,
    doc_problem,
    nth,
    nth_f,
    repeats,
    text,
)

MAX_VEHICLES = 5
AXLES_MOTORISED = (2, 4)
AXLES_TRAILER = (1, 4)


# --- MOD: modality ---------------------------------------------------------------------------------

@RULES.rule("MOD01", WARNING, "Modalidade do corpo contradiz a categoria RNTRC do parceiro (a do parceiro vale)")
def mod01(ctx: RuleContext):
    if ctx.modality.source != "partner":
        return
    category = normalize_category(ctx.contratado_categoria)
    sent = ctx.data.contratado_tipo
    harmless = sent == "TAC" and ctx.modality.equiparado  # TAC_EQUIPARADO is handled as a TAC anyway
    if sent and sent != ctx.modality.contratado_tipo and not harmless:
        yield ("contratado_tipo",
               f"contratado_tipo={sent} foi ignorado: o parceiro contratado está cadastrado com categoria RNTRC "
               f"{category}, que define a modalidade ({ctx.modality.contratado_tipo}"
               f"{' equiparada a TAC' if ctx.modality.equiparado else ''}). Corrija o cadastro do parceiro se a "
               "categoria estiver errada.")
    flag = ctx.data.equiparado_tac
    if ctx.modality.contratado_tipo == "ETC" and flag is not None and flag != ctx.modality.equiparado:
        yield ("equiparado_tac", _mod01_flag_message(flag, category))


def _mod01_flag_message(flag: bool, category: str) -> str:
    """What to do depends on the registry: a partner already registered as an ETC equated to a TAC needs nothing
    more (the operation is handled as equated); only one registered as a plain ETC is told how to equate it."""
    if not flag:
        return ("equiparado_tac=false foi ignorado: o parceiro contratado está cadastrado como ETC equiparada a TAC "
                "(categoria RNTRC TAC_EQUIPARADO) e a operação segue como equiparada. Se a empresa não for "
                "equiparada, mude a categoria RNTRC do parceiro para ETC.")
    return (f"equiparado_tac=true foi ignorado: o parceiro contratado está cadastrado com categoria RNTRC {category}. "
            "Para ETC equiparada a TAC, cadastre o parceiro com a categoria TAC_EQUIPARADO.")


@RULES.rule("MOD02", WARNING, "Modalidade do contratado não determinada")
def mod02(ctx: RuleContext):
    if ctx.modality.contratado_tipo is None and not ctx.own_fleet:
        yield ("contratado_tipo",
               "Não foi possível determinar a modalidade do contratado (TAC, ETC ou CTC): informe contratado_tipo "
               "ou cadastre o parceiro com a categoria RNTRC. Sem ela, as regras de TAC (titular da conta, "
               "adiantamento) e de emissão em nome da ETC não são verificadas.")


# --- CAD: identification ---------------------------------------------------------------------------

def _doc_fields(ctx: RuleContext):
    """(field path, value, label) of every CPF/CNPJ of the body. A CPF is accepted everywhere, emitter_cnpj
    included (an NF-e can be issued by a rural producer's CPF)."""
    data = ctx.data
    yield "contratado_cpf_cnpj", data.contratado_cpf_cnpj, "do contratado"
    yield "destinatario_cpf_cnpj", data.destinatario_cpf_cnpj, "do destinatário"
    yield "cpf_cnpj_owner", data.cpf_cnpj_owner, "do titular da conta"
    for index, item in enumerate(data.contratantes):
        yield f"contratantes[{index}].cpf_cnpj", item.cpf_cnpj, f"do {nth(index)} contratante"
    for index, item in enumerate(data.payments):
        yield f"payments[{index}].titular_cpf_cnpj", item.titular_cpf_cnpj, f"do titular da {nth_f(index)} parcela"
        yield (f"payments[{index}].contratante_cpf_cnpj", item.contratante_cpf_cnpj,
               f"do contratante da {nth_f(index)} parcela")
    for index, item in enumerate(data.documents):
        yield f"documents[{index}].emitter_cnpj", item.emitter_cnpj, f"do emitente do {nth(index)} documento"


@RULES.rule("CAD01", BLOCKER, "CPF/CNPJ inválido (formato ou dígito verificador)")
def cad01(ctx: RuleContext):
    for field_path, value, label in _doc_fields(ctx):
        if not normalize_doc(value):
            continue
        problem = doc_problem(value)
        if problem:
            yield field_path, f"CPF/CNPJ {label} inválido ({normalize_doc(value)}): {problem}."


def _rntrc_fields(ctx: RuleContext):
    yield "contratado_rntrc", ctx.data.contratado_rntrc, "do contratado"
    for index, vehicle in enumerate(ctx.data.vehicles):
        yield f"vehicles[{index}].rntrc", vehicle.rntrc, f"do veículo {vehicle.plate}"
    for index, item in enumerate(ctx.data.contratantes):
        yield f"contratantes[{index}].rntrc", item.rntrc, f"do {nth(index)} contratante"


@RULES.rule("CAD02", BLOCKER, "RNTRC com formato inválido (9 dígitos; 8 completados com zero)")
def cad02(ctx: RuleContext):
    for field_path, value, label in _rntrc_fields(ctx):
        if not text(value):
            continue
        try:
            clean_rntrc(value)
        except FieldInvalid:
            yield field_path, (f"RNTRC {label} inválido ({value}): informe 9 dígitos "
                               "(ou 8, completados com zero à esquerda).")


@RULES.rule("CAD03", BLOCKER, "Contratado com CPF não pode ser ETC ou CTC")
def cad03(ctx: RuleContext):
    tipo = ctx.modality.contratado_tipo
    if len(ctx.contratado or "") == 11 and tipo in ("ETC", "CTC"):
        origin = ("pela categoria RNTRC do parceiro" if ctx.modality.source == "partner"
                  else "em contratado_tipo")
        yield ("contratado_cpf_cnpj",
               f"O contratado tem CPF ({ctx.contratado}), mas a modalidade informada {origin} é {tipo}"
               f"{' equiparada a TAC' if ctx.modality.equiparado else ''}: pessoa física só pode ser TAC. "
               "Corrija o CPF/CNPJ do contratado ou a modalidade.")


@RULES.rule("CAD04", WARNING, "Contratado TAC com CNPJ")
def cad04(ctx: RuleContext):
    if len(ctx.contratado or "") == 14 and ctx.modality.contratado_tipo == "TAC":
        yield ("contratado_cpf_cnpj",
               f"O contratado é TAC mas tem CNPJ ({ctx.contratado}); no RNTRC o TAC é pessoa física (CPF). "
               "Confira: se for empresa equiparada a TAC, use a categoria TAC_EQUIPARADO (ou contratado_tipo=ETC "
               "com equiparado_tac=true).")


# --- VEI: composition ------------------------------------------------------------------------------

@RULES.rule("VEI01", BLOCKER, "Placa inválida")
def vei01(ctx: RuleContext):
    for index, vehicle in enumerate(ctx.data.vehicles):
        if not PLATE_RE.fullmatch(vehicle.plate or ""):
            yield (f"vehicles[{index}].plate",
                   f"Placa do {nth(index)} veículo inválida ({vehicle.plate}): "
                   "use AAA9999 ou o padrão Mercosul AAA9A99.")


@RULES.rule("VEI02", BLOCKER, "Composição com mais de 5 veículos")
def vei02(ctx: RuleContext):
    count = len(ctx.data.vehicles)
    if count > MAX_VEHICLES:
        yield ("vehicles",
               f"A composição tem {count} veículos; a ANTT aceita no máximo {MAX_VEHICLES} (uma unidade motora e "
               "seus implementos).")


@RULES.rule("VEI03", BLOCKER, "Composição deve ter exatamente uma unidade motora (automotor ou cavalo_trator)")
def vei03(ctx: RuleContext):
    motor = [i for i, v in enumerate(ctx.data.vehicles) if v.vehicle_kind in MOTORISED]
    if not motor:
        yield ("vehicles",
               "A composição não tem unidade motora: informe um veículo com vehicle_kind automotor ou cavalo_trator.")
    for index in motor[1:]:
        plates = ", ".join(ctx.data.vehicles[i].plate for i in motor)
        yield (f"vehicles[{index}].vehicle_kind",
               f"A composição tem {len(motor)} unidades motoras ({plates}); a ANTT aceita exatamente uma. Os demais "
               "veículos devem ser implementos, ou declare outra operação.")
        break


@RULES.rule("VEI04", BLOCKER, "Placa repetida na composição")
def vei04(ctx: RuleContext):
    plates = [vehicle.plate for vehicle in ctx.data.vehicles]
    for index, first in repeats(plates):
        yield (f"vehicles[{index}].plate",
               f"A placa {plates[index]} já foi informada no {nth(first)} veículo: informe cada veículo da "
               "composição uma única vez.")


@RULES.rule("VEI05", WARNING, "Frota própria com veículo marcado como não próprio")
def vei05(ctx: RuleContext):
    if not ctx.own_fleet:
        return
    for index, vehicle in enumerate(ctx.data.vehicles):
        if vehicle.own_fleet is False:
            yield (f"vehicles[{index}].own_fleet",
                   f"O contratado é a própria empresa (frota própria), mas o veículo {vehicle.plate} está com "
                   "own_fleet=false. Se o veículo é de terceiro (TAC ou outra transportadora), declare esse "
                   "terceiro como contratado.")


def _axle_range(vehicle) -> tuple[int, int]:
    return AXLES_MOTORISED if vehicle.vehicle_kind in MOTORISED else AXLES_TRAILER


@RULES.rule("VEI06", BLOCKER, "Eixos fora da faixa do tipo de veículo (unidade motora 2 a 4, implemento 1 a 4)")
def vei06(ctx: RuleContext):
    for index, vehicle in enumerate(ctx.data.vehicles):
        low, high = _axle_range(vehicle)
        if vehicle.axles is not None and not low <= vehicle.axles <= high:
            kind = "unidade motora" if vehicle.vehicle_kind in MOTORISED else "implemento"
            yield (f"vehicles[{index}].axles",
                   f"O veículo {vehicle.plate} ({kind}) tem {vehicle.axles} eixos informados: a ANTT aceita de "
                   f"{low} a {high} eixos por {kind}. Informe os eixos deste veículo (não o total da composição).")


@RULES.rule("VEI07", BLOCKER, "Eixos obrigatórios em todo veículo de operação de carga (B101; base do piso mínimo)")
def vei07(ctx: RuleContext):
    for index, vehicle in enumerate(ctx.data.vehicles):
        if vehicle.axles is None:
            yield (f"vehicles[{index}].axles",
                   f"Informe o número de eixos do veículo {vehicle.plate} (vehicles[{index}].axles) ou cadastre-o na "
                   "frota com os eixos: a ANTT exige os eixos de todo veículo de uma operação de carga (regra B101), "
                   "e na lotação o piso mínimo de frete é calculado pelos eixos carregados da composição.")


@RULES.rule("VEI08", BLOCKER, "Cavalo trator sem implemento (semirreboque)")
def vei08(ctx: RuleContext):
    vehicles = ctx.data.vehicles
    trailers = [v for v in vehicles if v.vehicle_kind == "implemento"]
    for index, vehicle in enumerate(vehicles):
        if vehicle.vehicle_kind == "cavalo_trator" and not trailers:
            yield (f"vehicles[{index}].vehicle_kind",
                   f"O veículo {vehicle.plate} é um cavalo trator e a composição não tem implemento: informe ao "
                   "menos um implemento (semirreboque) ou, se for caminhão sem reboque, use vehicle_kind automotor.")


# --- LOC: origin / destination ---------------------------------------------------------------------
