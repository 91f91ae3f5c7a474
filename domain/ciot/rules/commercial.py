"""Platform codes: contracting parties (CTR), amounts (VAL) and payment data formats (PAG)."""
import re
from decimal import Decimal

from domain.ciot.modality import normalize_doc
from domain.ciot.rules.base import BLOCKER, RULES, WARNING, RuleContext
from domain.ciot.rules.contract import tac_rules
from domain.ciot.rules.helpers import money, nth, nth_f, number, text

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


@RULES.rule("VAL03", WARNING, "valor_frete não informado (TAC ou equiparado)", when=tac_rules)
def val03(ctx: RuleContext):
    if ctx.data.valor_frete is None:
        yield ("valor_frete",
               "Informe valor_frete (valor total do frete): sem ele não é possível verificar o limite de adiantamento "
               "(PG17) nem o frete dos documentos (DC04).")


# --- PAG: payment data -----------------------------------------------------------------------------

def _bank_fields(ctx: RuleContext):
    yield "bank_code", "agency", ctx.data.bank_code, ctx.data.agency, "da operação"
    for index, payment in enumerate(ctx.data.payments):
        yield (f"payments[{index}].banco", f"payments[{index}].agencia", payment.banco, payment.agencia,
               f"da {nth_f(index)} parcela")


@RULES.rule("PAG01", BLOCKER, "Código do banco (3 dígitos) ou agência (só dígitos) com formato inválido")
def pag01(ctx: RuleContext):
    for bank_path, agency_path, bank, agency, label in _bank_fields(ctx):
        bank, agency = text(bank), text(agency)
        if bank and not re.fullmatch(r"\d{3}", bank):
            yield (bank_path,
                   f"Código do banco {label} inválido ({bank}): informe o código COMPE de 3 dígitos (ex.: 001, 237, 341).")
        if agency and not re.fullmatch(r"\d{1,10}", agency):
            yield (agency_path,
                   f"Agência {label} inválida ({agency}): informe apenas os dígitos da agência, sem o dígito "
                   "verificador separado por hífen.")


@RULES.rule("PAG02", WARNING, "Cartão pré-pago sem código do cartão (TAC ou equiparado)", when=tac_rules)
def pag02(ctx: RuleContext):
    for index, payment in enumerate(ctx.data.payments):
        if payment.tipo_pagamento == "cartao_pre_pago_ip" and not text(payment.codigo_pagamento):
            yield (f"payments[{index}].codigo_pagamento",
                   f"A {nth_f(index)} parcela é em cartão pré-pago: informe o código do cartão do contratado em "
                   "codigo_pagamento.")
