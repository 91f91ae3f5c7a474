"""Platform codes: contracting parties (CTR), amounts (VAL) and payment data formats (PAG)."""
import re
from decimal import Decimal

from domain.antt_floor.catalog import table_for
from domain.ciot.modality import normalize_doc
from domain.ciot.rules.base import BLOCKER, RULES, WARNING, RuleContext
from domain.ciot.rules.contract import _who, fallback_holder, payment_data_gaps, tac_rules
from domain.ciot.rules.helpers import BANK_TYPES, money, nth, nth_f, number, repeats, text
from domain.payee.checks import RELATIVE, holder_check, pix_key_kind, pix_key_problem

FREIGHT_KINDS = ("adiantamento", "saldo", "parcela")  # pedagio (toll voucher) and ajuste are not the freight


def _contratante_docs(ctx: RuleContext) -> list[str | None]:
    return [normalize_doc(item.cpf_cnpj) for item in ctx.data.contratantes]


# --- CTR: contracting parties ----------------------------------------------------------------------

@RULES.rule("CTR01", BLOCKER, "contratante_index fora da lista de contratantes")
def ctr01(ctx: RuleContext):
    count = len(ctx.data.contratantes)
    for index, payment in enumerate(ctx.data.payments):
        if payment.contratante_index is not None and payment.contratante_index >= count:
            valid = "índice 0" if count == 1 else f"índices de 0 a {count - 1}"
            yield (f"payments[{index}].contratante_index",
                   f"A {nth_f(index)} parcela aponta contratante_index={payment.contratante_index}, mas a operação "
                   f"tem {count} contratante{'s' if count != 1 else ''} ({valid}, na ordem de contratantes).")


@RULES.rule("CTR02", BLOCKER, "contratante_cpf_cnpj do pagamento não está entre os contratantes")
def ctr02(ctx: RuleContext):
    docs = set(_contratante_docs(ctx))
    for index, payment in enumerate(ctx.data.payments):
        doc = normalize_doc(payment.contratante_cpf_cnpj)
        if doc and doc not in docs:
            yield (f"payments[{index}].contratante_cpf_cnpj",
                   f"O contratante da {nth_f(index)} parcela ({doc}) não está na lista de contratantes da operação: "
                   "informe um CPF/CNPJ de contratantes[] ou use contratante_index.")


@RULES.rule("CTR03", BLOCKER, "contratante_index e contratante_cpf_cnpj apontam contratantes diferentes")
def ctr03(ctx: RuleContext):
    docs = _contratante_docs(ctx)
    for index, payment in enumerate(ctx.data.payments):
        position, doc = payment.contratante_index, normalize_doc(payment.contratante_cpf_cnpj)
        if position is None or doc is None or position >= len(docs) or doc not in docs:
            continue  # CTR01 / CTR02 report those
        if docs[position] != doc:
            yield (f"payments[{index}].contratante_cpf_cnpj",
                   f"Na {nth_f(index)} parcela, contratante_index={position} aponta {docs[position]}, mas "
                   f"contratante_cpf_cnpj é {doc}: informe só um dos dois, ou os dois do mesmo contratante.")


@RULES.rule("CTR04", BLOCKER, "Exatamente um contratante principal")
def ctr04(ctx: RuleContext):
    items = ctx.data.contratantes
    principals = [i for i, item in enumerate(items) if item.papel == "principal"]
    if not principals and items and items[0].papel is not None:
        yield ("contratantes[0].papel",
               "Nenhum contratante tem papel principal: marque um contratante com papel=principal (sem papel, o "
               "primeiro da lista é o principal).")
    for index in principals[1:]:
        yield (f"contratantes[{index}].papel",
               f"Há {len(principals)} contratantes com papel principal (posições "
               f"{', '.join(nth(i) for i in principals)}): deve haver exatamente um; use solidario ou intermediario "
               "para os demais.")
        break


@RULES.rule("CTR05", BLOCKER, "Soma dos percentuais dos contratantes acima de 100%")
def ctr05(ctx: RuleContext):
    values = [item.percentual for item in ctx.data.contratantes if item.percentual is not None]
    total = sum(values, Decimal(0))
    if total > 100:
        yield ("contratantes",
               f"A soma de percentual dos contratantes é {number(total)}%: não pode passar de 100%.")


@RULES.rule("CTR06", BLOCKER, "Fracionada: ao menos um contratante além da própria empresa",
            when=lambda ctx: ctx.data.tipo_operacao == "fracionada")
def ctr06(ctx: RuleContext):
    own = normalize_doc(ctx.company.cnpj if ctx.company else None)
    if all(doc == own for doc in _contratante_docs(ctx)):
        yield ("contratantes",
               "Operação fracionada: informe ao menos um contratante além da própria empresa (os embarcadores cujas "
               "cargas compõem a viagem).")


@RULES.rule("CTR07", BLOCKER, "Contratante repetido")
def ctr07(ctx: RuleContext):
    docs = _contratante_docs(ctx)
    for index, first in repeats(docs):
        yield (f"contratantes[{index}].cpf_cnpj",
               f"O {nth(index)} contratante ({docs[index]}) repete o {nth(first)}: informe cada contratante uma "
               "única vez.")


@RULES.rule("CTR08", BLOCKER, "Fracionada: contratante da carga igual ao contratante da operação (B119)",
            when=lambda ctx: ctx.data.tipo_operacao == "fracionada")
def ctr08(ctx: RuleContext):
    """In a fracionada the operation's contratante is the declaring company (it consolidates the cargo) and
    `contratantes` are the shippers of the cargo (the manual's ContratantesCargaFracionada, #15.4): the manual refuses
    the operation's own contratante among them (B119). CTR06 covers a list of only the company."""
    own = normalize_doc(ctx.company.cnpj if ctx.company else None)
    docs = _contratante_docs(ctx)
    if not own or all(doc == own for doc in docs):
        return
    for index, doc in enumerate(docs):
        if doc == own:
            yield (f"contratantes[{index}].cpf_cnpj",
                   f"O {nth(index)} contratante ({doc}) é a própria empresa, contratante da operação fracionada: a "
                   "ANTT recusa o contratante da operação entre os contratantes da carga fracionada (regra B119). "
                   "Informe só os embarcadores cujas cargas compõem a viagem.")


# --- VAL: amounts ----------------------------------------------------------------------------------

@RULES.rule("VAL01", BLOCKER, "Valor zerado (valor_frete ou parcela)")
def val01(ctx: RuleContext):
    if ctx.data.valor_frete is not None and ctx.data.valor_frete == 0:
        yield "valor_frete", "valor_frete informado como zero: informe o valor total do frete contratado."
    for index, payment in enumerate(ctx.data.payments):
        if payment.amount == 0:
            yield (f"payments[{index}].amount",
                   f"A {nth_f(index)} parcela ({payment.kind}) tem valor zero: informe o valor ou remova a parcela.")


@RULES.rule("VAL02", WARNING, "Parcelas do frete não somam o valor_frete")
def val02(ctx: RuleContext):
    total = ctx.data.valor_frete
    amounts = [p.amount for p in ctx.data.payments if p.kind in FREIGHT_KINDS]
    if not total or not amounts:
        return
    paid = sum(amounts, Decimal(0))
    if paid != total:
        yield ("payments",
               f"As parcelas de frete (adiantamento, saldo, parcela) somam {money(paid)} e o valor_frete é "
               f"{money(total)} (diferença de {money(abs(total - paid))}). Confira os valores; pedágio e ajustes "
               "não entram nessa soma.")


@RULES.rule("VAL03", BLOCKER, "valor_frete obrigatório")
def val03(ctx: RuleContext):
    if ctx.data.valor_frete is None:
        yield ("valor_frete",
               "Informe valor_frete (valor total do frete contratado): a ANTT exige o valor do frete na declaração, "
               "qualquer que seja o tipo do contratado.")


def floor_inputs(data, today) -> dict | None:
    """What the ANTT floor needs, read from a lotação declaration (a body or an operation record: attributes only),
    or None when something is missing: the table from composicao_contratada and alto_desempenho, the cargo type
    number, the loaded axles of the whole combination (tables B and D too: their header counts the loaded axles of
    the combination even when only the traction unit is hired), distancia_km, the empty return and the declaration
    date (the day the freight is contracted)."""
    if data.tipo_operacao != "lotacao":
        return None
    axles = [vehicle.axles for vehicle in data.vehicles]
    if (not axles or None in axles or None in (data.codigo_tipo_carga, data.composicao_contratada,
                                               data.alto_desempenho, data.distancia_km)
            or data.distancia_km <= 0):
        return None
    return {"on_date": data.data_declaracao or today, "cargo_type": data.codigo_tipo_carga,
            "table": table_for(whole_composition=data.composicao_contratada == "completa",
                               high_performance=bool(data.alto_desempenho)),
            "loaded_axles": sum(axles), "distance_km": data.distancia_km,
            "empty_return": bool(getattr(data, "retorno_vazio", False))}


def below_floor_message(check, subject: str = "valor_frete") -> str:
    """The refusal of a price below the floor: value, floor, act, table, cargo type, axles and distance."""
    return (f"{check.message(subject)[:-1]}; faltam {money(check.shortfall)}. Piso em vigor desde "
            f"{check.floor.act.starts_on:%d/%m/%Y} (Lei 13.703/2018, Res. ANTT 5.867/2020); a ANTT recusa a "
            "declaração com frete abaixo do piso (regra B80). Pedágio é pago à parte.")


def _floor_applies(ctx: RuleContext) -> bool:
    return ctx.floor_check is not None and ctx.data.tipo_operacao == "lotacao"


def floor_of(ctx: RuleContext) -> tuple[dict | None, object]:
    """(the floor's inputs, the value checked against the floor) of the declaration, looked up once per validation
    (VAL04 and VAL05 both read it): (None, None) when the value or an input is missing; the check is None when the
    tables have no figure for the inputs."""
    return ctx.once("floor", _floor_check)


def _floor_check(ctx: RuleContext) -> tuple[dict | None, object]:
    inputs = floor_inputs(ctx.data, ctx.today)
    if not ctx.data.valor_frete or inputs is None:
        return None, None
    return inputs, ctx.floor_check(ctx.data.valor_frete, **inputs)


@RULES.rule("VAL04", BLOCKER, "valor_frete abaixo do piso mínimo de frete da ANTT (B80)", when=_floor_applies)
def val04(ctx: RuleContext):
    _, check = floor_of(ctx)
    if check is not None and check.below:
        yield "valor_frete", below_floor_message(check)


@RULES.rule("VAL05", WARNING, "Piso mínimo da ANTT não calculado para os dados da composição", when=_floor_applies)
def val05(ctx: RuleContext):
    """The floor inputs are complete but the tables have no figure for them (an axle count the official tables leave
    empty for that table and cargo type): say so instead of skipping the check silently."""
    inputs, check = floor_of(ctx)
    if inputs is not None and check is None:
        yield ("vehicles",
               f"Piso mínimo não calculado: as tabelas da ANTT não têm coeficiente para {inputs['loaded_axles']} "
               f"eixos carregados na tabela {inputs['table']} para o tipo de carga {inputs['cargo_type']}. Confira "
               "os eixos dos veículos, o tipo de carga e a composição contratada; a ANTT confere o piso na emissão.")


# --- PAG: payment data -----------------------------------------------------------------------------

def _bank_fields(ctx: RuleContext):
    yield "bank_code", "agency", ctx.data.bank_code, ctx.data.agency, "da operação"
    for index, payment in enumerate(ctx.data.payments):
        yield (f"payments[{index}].banco", f"payments[{index}].agencia", payment.banco, payment.agencia,
               f"da {nth_f(index)} parcela")


@RULES.rule("PAG01", BLOCKER, "Código do banco (3 dígitos) ou agência (só dígitos) com formato inválido")
def pag01(ctx: RuleContext):
    for bank_path, agency_path, raw_bank, raw_agency, label in _bank_fields(ctx):
        bank, agency = text(raw_bank), text(raw_agency)
        if bank and not re.fullmatch(r"\d{3}", bank):
            yield (bank_path,
                   f"Código do banco {label} inválido ({bank}): informe o código COMPE de 3 dígitos "
                   "(ex.: 001, 237, 341).")
        if agency and not re.fullmatch(r"\d{1,10}", agency):
            yield (agency_path,
                   f"Agência {label} inválida ({agency}): informe apenas os dígitos da agência, sem o dígito "
                   "verificador separado por hífen.")


@RULES.rule("PAG02", BLOCKER, "Cartão pré-pago sem código do cartão")
def pag02(ctx: RuleContext):
    for index, payment in enumerate(ctx.data.payments):
        if payment.tipo_pagamento == "cartao_pre_pago_ip" and not text(payment.codigo_pagamento):
            yield (f"payments[{index}].codigo_pagamento",
                   f"A {nth_f(index)} parcela é em cartão pré-pago: informe o código do cartão do contratado em "
                   "codigo_pagamento.")


BANK_ITEM_FIELDS = ("banco", "agencia", "conta")


def _pix_fields(holder, key_name: str) -> list[str]:
    names = [key_name, "tipo_chave_pix"]
    return [name for name in names if text(getattr(holder, name, None))]


def _bank_fields_sent(holder, names) -> list[str]:
    return [name for name in names if text(getattr(holder, name, None))]


def _exclusive(form: str | None, bank: list[str], pix: list[str]) -> tuple[list[str], str] | None:
    """The fields a payment form must not carry, with the reason; None when coherent."""
    if form == "pix" and bank:
        return bank, "pagamento PIX não leva dados bancários"
    if form in BANK_TYPES and pix:
        return pix, f"pagamento em {form} não leva chave PIX"
    if form == "outros" and (bank or pix):
        return bank + pix, "forma 'outros' não leva dados bancários nem chave PIX"
    return None


@RULES.rule("PAG03", BLOCKER, "PIX e dados bancários são exclusivos; 'outros' não leva nenhum dos dois")
def pag03(ctx: RuleContext):
    data = ctx.data
    if not data.payments:
        clash = _exclusive(data.tipo_pagamento, _bank_fields_sent(data, ("bank_code", "agency", "account_number")),
                           _pix_fields(data, "chave_pix"))
        if clash:
            names, reason = clash
            yield names[0], f"Na operação (sem parcelas), {reason}: remova {', '.join(names)}."
    for index, payment in enumerate(data.payments):
        pix = _pix_fields(payment, "codigo_pagamento") if payment.tipo_pagamento != "cartao_pre_pago_ip" else []
        clash = _exclusive(payment.tipo_pagamento, _bank_fields_sent(payment, BANK_ITEM_FIELDS), pix)
        if clash:
            names, reason = clash
            yield (f"payments[{index}].{names[0]}",
                   f"Na {nth_f(index)} parcela, {reason}: remova {', '.join(names)}.")


def etc_or_ctc(ctx: RuleContext) -> bool:
    return not ctx.tac_rules and not ctx.own_fleet


@RULES.rule("PAG04", BLOCKER, "Dados de pagamento e CPF/CNPJ do favorecido em todo pagamento (ETC e CTC)",
            when=etc_or_ctc)
def pag04(ctx: RuleContext):
    who = ctx.modality.contratado_tipo or "contratado"
    yield from payment_data_gaps(ctx, who)
    if ctx.bank["cpf_cnpj_owner"]:
        return
    if not ctx.data.payments:
        yield ("cpf_cnpj_owner",
               f"Informe o CPF/CNPJ do favorecido do pagamento ({who}) em cpf_cnpj_owner.")
    for index, payment in enumerate(ctx.data.payments):
        if not normalize_doc(payment.titular_cpf_cnpj):
            yield (f"payments[{index}].titular_cpf_cnpj",
                   f"A {nth_f(index)} parcela não tem o CPF/CNPJ do favorecido: informe titular_cpf_cnpj na parcela "
                   "ou cpf_cnpj_owner na operação.")


@RULES.rule("PAG05", BLOCKER, "Pagamento a prazo exige parcelas; à vista, não tem parcelas")
def pag05(ctx: RuleContext):
    indicator, count = ctx.data.indicador_pagamento, len(ctx.data.payments)
    if indicator == "prazo" and not count:
        yield ("indicador_pagamento",
               "Pagamento a prazo exige as parcelas: informe-as, ou indique pagamento à vista.")
    elif indicator == "vista" and count:
        yield ("indicador_pagamento",
               f"Pagamento à vista não tem parcelas, mas a operação tem {count}: indique pagamento a prazo ou "
               "remova as parcelas.")


def _pix_keys(ctx: RuleContext):
    """(key path, type path, key, type, label) of every PIX key place: the root default and each PIX payment."""
    data = ctx.data
    yield "chave_pix", "tipo_chave_pix", text(data.chave_pix), data.tipo_chave_pix, "da operação"
    for index, payment in enumerate(data.payments):
        if payment.tipo_pagamento == "pix":
            yield (f"payments[{index}].codigo_pagamento", f"payments[{index}].tipo_chave_pix",
                   text(payment.codigo_pagamento), payment.tipo_chave_pix, f"da {nth_f(index)} parcela")


@RULES.rule("PAG06", BLOCKER, "Chave PIX fora de todo formato, ou fora do formato do tipo informado")
def pag06(ctx: RuleContext):
    """The type is derived from the key's format when omitted (domain/ciot/derivations.py): only a key that fits
    no format, a key that contradicts its explicit type, or a type without a key is refused."""
    for key_path, type_path, key, kind, label in _pix_keys(ctx):
        if key and not kind:
            if pix_key_kind(key) is None:
                yield (key_path,
                       f"A chave PIX {label} ({key}) não tem o formato de nenhum tipo de chave: CPF ou CNPJ com "
                       "dígitos verificadores válidos, e-mail, telefone +55 com DDD, ou chave aleatória (UUID).")
        elif kind and not key:
            yield (key_path, f"O tipo da chave PIX {label} foi informado ({kind}), mas a chave não: informe "
                             f"{key_path} ou remova {type_path}.")
        elif key and kind:
            problem = pix_key_problem(key, kind)
            if problem:
                yield key_path, f"A chave PIX {label} ({key}) {problem}: corrija a chave ou {type_path}."


@RULES.rule("PAG07", WARNING, "Titular da conta é parente do contratado: guarde o comprovante do vínculo",
            when=tac_rules)
def pag07(ctx: RuleContext):
    places = []
    if normalize_doc(ctx.data.cpf_cnpj_owner):
        places.append(("cpf_cnpj_owner", ctx.data.cpf_cnpj_owner, ctx.data.titular_parentesco, "da operação"))
    else:
        field_path, owner, relationship, _origin = fallback_holder(ctx)
        if field_path == "cpf_cnpj_owner" and owner:
            places.append((field_path, owner, relationship, "da operação"))
    for index, payment in enumerate(ctx.data.payments):
        places.append((f"payments[{index}].titular_cpf_cnpj", payment.titular_cpf_cnpj, payment.titular_parentesco,
                       f"da {nth_f(index)} parcela"))
    for field_path, holder, relationship, label in places:
        check = holder_check(normalize_doc(holder), ctx.contratado, relationship, who=_who(ctx))
        if check.status == RELATIVE:
            yield field_path, f"Titular da conta {label}: {check.message}."


@RULES.rule("PAG08", BLOCKER, "Cartão pré-pago sem o código da instituição emissora do cartão (B92)")
def pag08(ctx: RuleContext):
    """The manual asks CodigoInstituicaoFinanceira for every card payment (TipoPagamento 1, rule B92): the card
    issuer's code in `banco` of the payment, or the operation's bank_code."""
    data = ctx.data
    root = text(data.bank_code)
    if not data.payments and data.tipo_pagamento == "cartao_pre_pago_ip" and not root:
        yield ("bank_code", "Pagamento em cartão pré-pago: informe em bank_code o código da instituição emissora do "
                            "cartão (3 dígitos), exigido pela ANTT (regra B92).")
    for index, payment in enumerate(data.payments):
        if payment.tipo_pagamento == "cartao_pre_pago_ip" and not text(payment.banco) and not root:
            yield (f"payments[{index}].banco",
                   f"A {nth_f(index)} parcela é em cartão pré-pago: informe em banco o código da instituição "
                   "emissora do cartão (3 dígitos), exigido pela ANTT (regra B92), ou bank_code na operação.")
