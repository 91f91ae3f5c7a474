"""The validation codes of the contract (listed in docs/ciot-rules.md), in the contract's order.

Modality gates: `tac_rules` = TAC or ETC treated as TAC, and not own fleet (docs/ciot-rules.md).
"""
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal

from domain.ciot.modality import normalize_doc
from domain.ciot.rules.base import BLOCKER, RULES, WARNING, RuleContext
from domain.ciot.rules.helpers import BANK_TYPES, KIND_LABEL, money, nth, nth_f, number, text
from domain.payee.checks import holder_check


def tac_rules(ctx: RuleContext) -> bool:
    return ctx.tac_rules


def issued_by_contratado(ctx: RuleContext) -> bool:
    return ctx.issued_by_contratado


def _who(ctx: RuleContext) -> str:
    if ctx.modality.equiparado:
        return "ETC equiparada a TAC"
    return "TAC"


@RULES.rule("DS01", BLOCKER, "CPF/CNPJ do destinatário obrigatório")
def ds01(ctx: RuleContext):
    if not ctx.data.destinatario_cpf_cnpj:
        yield ("destinatario_cpf_cnpj",
               "Informe o CPF/CNPJ do destinatário da carga (destinatario_cpf_cnpj): a ANTT exige o destinatário "
               "na declaração da operação.")


@RULES.rule("DC04", WARNING, "Frete do documento difere do valor_frete da operação")
def dc04(ctx: RuleContext):
    total = ctx.data.valor_frete
    for index, doc in enumerate(ctx.data.documents):
        if doc.freight_value is None or doc.freight_value == total:
            continue
        label = KIND_LABEL.get(doc.kind, doc.kind)
        if total is None:
            detail = "e a operação não tem valor_frete informado"
        else:
            detail = f"e o valor_frete da operação é {money(total)}"
        yield (f"documents[{index}].freight_value",
               f"O frete informado no {nth(index)} documento ({label}) é {money(doc.freight_value)} {detail}. "
               "Informe em freight_value o valor do frete da operação (não o valor da mercadoria).")


@RULES.rule("TR05", BLOCKER, "Titular da conta (cpf_cnpj_owner) deve ser o contratado (TAC ou equiparado), o "
            "cônjuge, o companheiro ou parente até o 2º grau declarado em titular_parentesco", when=tac_rules)
def tr05(ctx: RuleContext):
    owner = normalize_doc(ctx.data.cpf_cnpj_owner)
    check = holder_check(owner, ctx.contratado, ctx.data.titular_parentesco, who=_who(ctx))
    if not check.ok:
        yield ("cpf_cnpj_owner",
               f"Titular da conta (cpf_cnpj_owner) recusado: {check.message}. Corrija cpf_cnpj_owner e os dados "
               "bancários.")


@RULES.rule("TR06", BLOCKER, "equiparado_tac=true exige contratado ETC")
def tr06(ctx: RuleContext):
    if ctx.data.equiparado_tac is not True or ctx.modality.contratado_tipo == "ETC":
        return
    tipo = ctx.modality.contratado_tipo
    if ctx.modality.source == "partner":
        yield ("equiparado_tac",
               f"equiparado_tac=true exige contratado ETC, mas o parceiro contratado está cadastrado com categoria "
               f"RNTRC {ctx.contratado_categoria}. Remova equiparado_tac ou ajuste a categoria do parceiro "
               "(TAC_EQUIPARADO para ETC equiparada a TAC).")
    elif tipo is None:
        yield ("equiparado_tac",
               "equiparado_tac=true exige contratado_tipo=ETC, que não foi informado. Informe contratado_tipo=ETC.")
    else:
        yield ("equiparado_tac",
               f"equiparado_tac=true exige contratado_tipo=ETC (informado: {tipo}). Informe contratado_tipo=ETC "
               "ou remova equiparado_tac.")


@RULES.rule("PG13", BLOCKER, "Titular do pagamento não é o contratado (TAC ou equiparado) nem parente declarado",
            when=tac_rules)
def pg13(ctx: RuleContext):
    for index, payment in enumerate(ctx.data.payments):
        holder = normalize_doc(payment.titular_cpf_cnpj)
        check = holder_check(holder, ctx.contratado, payment.titular_parentesco, who=_who(ctx))
        if not check.ok:
            yield (f"payments[{index}].titular_cpf_cnpj",
                   f"Titular da {nth_f(index)} parcela recusado: {check.message}. Corrija titular_cpf_cnpj e os "
                   "dados bancários da parcela.")


@RULES.rule("PG14", BLOCKER, "Forma de pagamento `outros` não permitida para TAC ou equiparado", when=tac_rules)
def pg14(ctx: RuleContext):
    hint = ("use pix, conta_corrente, conta_poupanca, conta_pagamento ou cartao_pre_pago_ip "
            "(meios de pagamento eletrônico de frete aceitos pela ANTT)")
    if ctx.data.tipo_pagamento == "outros":
        yield ("tipo_pagamento",
               f"Forma de pagamento 'outros' não é permitida para contratado {_who(ctx)}: {hint}.")
    for index, payment in enumerate(ctx.data.payments):
        if payment.tipo_pagamento == "outros":
            yield (f"payments[{index}].tipo_pagamento",
                   f"A {nth_f(index)} parcela usa a forma de pagamento 'outros', não permitida para contratado "
                   f"{_who(ctx)}: {hint}.")


@RULES.rule("PG17", BLOCKER, "Adiantamento acima do limite percentual do valor do frete (TAC ou equiparado)",
            when=tac_rules)
def pg17(ctx: RuleContext):
    total = ctx.data.valor_frete
    advances = [p.amount for p in ctx.data.payments if p.kind == "adiantamento"]
    if not advances or not total:
        return  # without valor_frete the limit cannot be checked: VAL03 warns
    setting = ctx.max_advance_percent
    limit_percent = Decimal(str(30 if setting is None else setting))
    advance = sum(advances, Decimal(0))
    if advance * 100 > total * limit_percent:  # exact: no rounding of the limit
        share = (advance * 100 / total).quantize(Decimal("0.01"), rounding=ROUND_CEILING)  # 30.0002 → 30,01
        limit = (total * limit_percent / 100).quantize(Decimal("0.01"), rounding=ROUND_FLOOR)  # largest allowed
        yield ("payments",
               f"Os adiantamentos somam {money(advance)} ({number(share)}% do frete), acima do limite de "
               f"{number(limit_percent)}% do valor do frete ({money(limit)} de {money(total)}) para contratado "
               f"{_who(ctx)}. Reduza o adiantamento e transfira a diferença para o saldo.")


def payment_data_gaps(ctx: RuleContext, who: str):
    """(field, message) for every payment without the data its form needs: bank forms need banco, agencia and
    conta in the item or complete root bank data (after the fallback); PIX needs the item's key or the root
    chave_pix; without payments, the root form decides. Shared by PRV02 (TAC rules) and PAG04 (ETC, CTC)."""
    data, bank = ctx.data, ctx.bank
    root_missing = [name for name in ("bank_code", "agency", "account_number") if not bank[name]]
    root_label = "bank_code, agency e account_number na operação"
    if not data.payments:
        form = data.tipo_pagamento
        if form == "pix" and not text(data.chave_pix):
            yield ("chave_pix", "Pagamento por PIX: informe a chave PIX do contratado em chave_pix.")
        elif form in BANK_TYPES and root_missing:
            yield (root_missing[0],
                   f"Pagamento em {form}: informe {root_label} (faltando: {', '.join(root_missing)}).")
        elif form is None and root_missing and not text(data.chave_pix):
            yield (root_missing[0],
                   f"Contratado {who} sem dados de pagamento: informe {root_label}, ou chave_pix, "
                   "ou as parcelas em payments.")
        return
    for index, payment in enumerate(data.payments):
        if payment.tipo_pagamento in BANK_TYPES:
            item_missing = [name for name in ("banco", "agencia", "conta") if not text(getattr(payment, name))]
            if item_missing and root_missing:
                yield (f"payments[{index}].{item_missing[0]}",
                       f"A {nth_f(index)} parcela ({payment.tipo_pagamento}) não tem dados bancários completos: "
                       f"informe banco, agencia e conta na parcela (faltando: {', '.join(item_missing)}) "
                       f"ou {root_label}.")
        elif payment.tipo_pagamento == "pix" and not text(payment.codigo_pagamento) and not text(data.chave_pix):
            yield (f"payments[{index}].codigo_pagamento",
                   f"A {nth_f(index)} parcela é PIX sem chave: informe a chave PIX do contratado em "
                   "codigo_pagamento da parcela ou chave_pix na operação.")


@RULES.rule("PRV02", BLOCKER, "TAC ou equiparado: dados bancários ou chave PIX obrigatórios para os pagamentos",
            when=tac_rules)
def prv02(ctx: RuleContext):
    yield from payment_data_gaps(ctx, _who(ctx))


def fallback_holder(ctx: RuleContext):
    """(field path, holder, relationship, origin) of the account holder sent to the provider when cpf_cnpj_owner is
    absent at the root: the holder of the payment the bank data falls back to (None, None, None, None without)."""
    source = ctx.bank_source
    if source and source.startswith("payments["):
        index = int(source[9:-1])
        payment = ctx.data.payments[index]
        return (f"{source}.titular_cpf_cnpj", ctx.bank["cpf_cnpj_owner"], payment.titular_parentesco,
                f"da {nth_f(index)} parcela com dados bancários ({source})")
    return "cpf_cnpj_owner", ctx.bank["cpf_cnpj_owner"], None, None


def _pays_into_accounts(ctx: RuleContext) -> bool:
    """Some payment goes to a bank account or a card (so an account holder exists), or bank data was sent."""
    forms = [payment.tipo_pagamento for payment in ctx.data.payments] or [ctx.data.tipo_pagamento]
    return ctx.bank_source is not None or any(form != "pix" for form in forms)


@RULES.rule("PRV03", BLOCKER, "Titular da conta (após o fallback das parcelas): o contratado, ou parente declarado",
            when=tac_rules)
def prv03(ctx: RuleContext):
    if normalize_doc(ctx.data.cpf_cnpj_owner):
        return  # an explicit root owner is TR05's
    field_path, owner, relationship, origin = fallback_holder(ctx)
    if not owner and not _pays_into_accounts(ctx):
        return  # PIX only: the key says where the money goes; there is no account whose holder to declare
    if not owner:
        where = (f"cpf_cnpj_owner não foi informado e os dados bancários vêm {origin}, sem titular_cpf_cnpj"
                 if origin else "cpf_cnpj_owner não foi informado")
        yield (field_path,
               f"Titular da conta obrigatório para contratado {_who(ctx)}: {where}. Informe o titular "
               f"(o contratado, {ctx.contratado}, ou parente com titular_parentesco) em cpf_cnpj_owner ou em "
               "titular_cpf_cnpj da parcela.")
        return
    check = holder_check(owner, ctx.contratado, relationship, who=_who(ctx))
    if not check.ok:
        yield (field_path,
               f"cpf_cnpj_owner não foi informado, então o titular da conta enviado ao emissor é o {origin}: "
               f"{check.message}. Corrija o titular da parcela ou informe cpf_cnpj_owner e os dados bancários na "
               "operação.")


@RULES.rule("PRV04", BLOCKER, "Código da natureza da carga obrigatório")
def prv04(ctx: RuleContext):
    if not text(ctx.data.codigo_natureza_carga):
        yield ("codigo_natureza_carga",
               "Informe codigo_natureza_carga (código da natureza da carga da tabela da ANTT).")


@RULES.rule("EMISSOR_ETC_NAO_CADASTRADA", BLOCKER, "ETC contratada não cadastrada como empresa emissora",
            when=issued_by_contratado)
def emissor_etc_nao_cadastrada(ctx: RuleContext):
    etc = ctx.contratado_etc_company
    if etc is None:
        equated_hint = ("cadastre o parceiro com a categoria TAC_EQUIPARADO" if ctx.modality.source == "partner"
                        else "informe equiparado_tac=true")
        yield ("contratado_cpf_cnpj",
               f"A ETC contratada ({ctx.contratado}) não está cadastrada como empresa na plataforma. Para ETC "
               "contratada, o CIOT é emitido em nome dela: cadastre a empresa (CNPJ e inscrição estadual) com "
               f"credenciais CIOT; se for ETC equiparada a TAC, {equated_hint}.")
    elif not text(etc.state_registration):
        yield ("contratado_cpf_cnpj",
               f"A ETC contratada ({ctx.contratado}) está cadastrada sem inscrição estadual. O CIOT é emitido em "
               "nome dela: complete a inscrição estadual no cadastro da empresa.")


@RULES.rule("EMISSOR_ETC_SEM_CREDENCIAIS", BLOCKER, "ETC contratada sem credenciais CIOT no ambiente da operação",
            when=issued_by_contratado)
def emissor_etc_sem_credenciais(ctx: RuleContext):
    etc = ctx.contratado_etc_company
    if etc is not None and not (etc.has_credentials or {}).get(ctx.environment):
        label = "produção" if ctx.environment == "producao" else "homologação"
        yield ("contratado_cpf_cnpj",
               f"A ETC contratada ({ctx.contratado}) não tem credenciais CIOT de {label}. "
               "O CIOT é emitido em nome dela: configure as credenciais no cadastro da empresa.")
