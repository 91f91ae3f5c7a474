"""Table-driven tests of the CIOT validation rules (domain/ciot/rules, docs/ciot-rules.md).

Every case starts from one valid baseline body (tests/domain/ciot/baseline.py: a TAC lotação with zero items),
applies a body mutation and a context override, and asserts whether ONE rule code fires (and where).
Every rule of the registry has at least one case that passes and one that fires (test_every_rule_is_covered).
"""
import re
from dataclasses import replace
from datetime import date, timedelta

import pytest

from domain.antt_floor.services import check_price_against_floor
from domain.ciot.rules import RULES, RULES_BY_CODE, ValidationResult, Violation, catalogue, validate_operation
from tests.domain.ciot.baseline import (
    ALNUM_CNPJ,
    AS_EQUATED_BODY,
    AS_EQUATED_CTX,
    AS_ETC_BODY,
    AS_ETC_CTX,
    AS_OWN_FLEET_BODY,
    AS_OWN_FLEET_CTX,
    CALLER_CNPJ,
    CONTRATADO_CPF,
    DESTINATARIO_CNPJ,
    EMITTER_CNPJ,
    ETC_CNPJ,
    NFE_KEY,
    NO_ROOT_BANK,
    OTHER_CPF,
    SECOND_CNPJ,
    TODAY,
    A,
    D,
    M,
    S,
    access_key,
    baseline_body,
    build,
    fmt_cnpj,
    fmt_cpf,
    registered_etc,
    run,
)


def day(n: int) -> str:
    return (TODAY + timedelta(days=n)).isoformat()


def bad_digit(doc: str) -> str:
    """Same document with the last check digit changed."""
    return doc[:-1] + str((int(doc[-1]) + 1) % 10)


PIX_ITEM = {"kind": "parcela", "tipo_pagamento": "pix", "indicador_pagamento": "prazo", "amount": 10.0,
            "due_date": day(6)}
BANK_ITEM = {"kind": "parcela", "tipo_pagamento": "conta_corrente", "indicador_pagamento": "prazo", "amount": 10.0,
             "due_date": day(6)}
CARD_ITEM = {"kind": "parcela", "tipo_pagamento": "cartao_pre_pago_ip", "indicador_pagamento": "prazo",
             "amount": 10.0, "due_date": day(6)}
IMPLEMENTO = {"plate": "GHI2J34", "vehicle_kind": "implemento"}
SECOND = {"cpf_cnpj": SECOND_CNPJ, "nome": "Segundo Contratante Ltda"}
NO_PAYMENTS = S("payments", [])
CTE_KEY = access_key(model="57", series=2, number=777)
MDFE_KEY = access_key(model="58", series=3, number=888)


# VAL04 reads the floor tables (loaded from data/antt_piso_minimo.csv) through the check the service passes.
FLOOR = {"floor_check": check_price_against_floor}


def case(code, name, body=None, ctx=None, fires=True, field=None):
    return pytest.param(code, body, ctx or {}, fires, field, id=f"{code}-{'fires' if fires else 'passes'}-{name}")


CASES = [
    # --- contract codes -----------------------------------------------------------------------------
    case("DS01", "formatted", S("destinatario_cpf_cnpj", fmt_cnpj(DESTINATARIO_CNPJ)), fires=False),
    case("DS01", "absent", D("destinatario_cpf_cnpj"), field="destinatario_cpf_cnpj"),
    case("DS01", "blank", S("destinatario_cpf_cnpj", "  "), field="destinatario_cpf_cnpj"),

    case("DC04", "same value as integer", S("documents[0].freight_value", 5000), fires=False),
    case("DC04", "no freight_value on document", D("documents[0].freight_value"), fires=False),
    case("DC04", "one centavo less", S("documents[0].freight_value", 4999.99), field="documents[0].freight_value"),
    case("DC04", "goods value instead of freight", S("documents[0].freight_value", 180000.0),
         field="documents[0].freight_value"),
    case("DC04", "operation without valor_frete", D("valor_frete"), field="documents[0].freight_value"),

    case("TR05", "formatted owner", S("cpf_cnpj_owner", fmt_cpf(CONTRATADO_CPF)), fires=False),
    case("TR05", "owner absent is PRV03's", D("cpf_cnpj_owner"), fires=False),
    case("TR05", "ETC is not checked", M(AS_ETC_BODY, S("cpf_cnpj_owner", OTHER_CPF)), AS_ETC_CTX, fires=False),
    case("TR05", "own fleet is not checked", M(AS_OWN_FLEET_BODY, S("cpf_cnpj_owner", OTHER_CPF)),
         AS_OWN_FLEET_CTX, fires=False),
    case("TR05", "other owner", S("cpf_cnpj_owner", OTHER_CPF), field="cpf_cnpj_owner"),
    case("TR05", "equated ETC with other owner", M(AS_EQUATED_BODY, S("cpf_cnpj_owner", OTHER_CPF)),
         AS_EQUATED_CTX, field="cpf_cnpj_owner"),
    case("TR05", "spouse declared", M(S("cpf_cnpj_owner", OTHER_CPF), S("titular_parentesco", "conjuge")),
         fires=False),
    case("TR05", "relative declared, but a company", M(S("cpf_cnpj_owner", SECOND_CNPJ),
                                                       S("titular_parentesco", "parente_1_grau")),
         field="cpf_cnpj_owner"),
    case("TR05", "vehicles own_fleet does not switch off TAC checks",
         M(S("vehicles[1].own_fleet", True), S("cpf_cnpj_owner", OTHER_CPF)), field="cpf_cnpj_owner"),

    case("TR06", "ETC in the body", M(AS_ETC_BODY, S("equiparado_tac", True)), {"contratado_categoria": None},
         fires=False),
    case("TR06", "partner TAC_EQUIPARADO", AS_EQUATED_BODY, AS_EQUATED_CTX, fires=False),
    case("TR06", "false with TAC", S("equiparado_tac", False), fires=False),
    case("TR06", "TAC in the body", S("equiparado_tac", True), {"contratado_categoria": None},
         field="equiparado_tac"),
    case("TR06", "partner TAC", S("equiparado_tac", True), field="equiparado_tac"),
    case("TR06", "CTC in the body", M(S("contratado_cpf_cnpj", ETC_CNPJ), S("contratado_tipo", "CTC"),
                                      S("equiparado_tac", True)), {"contratado_categoria": None},
         field="equiparado_tac"),
    case("TR06", "no tipo with a CNPJ", M(S("contratado_cpf_cnpj", ETC_CNPJ), D("contratado_tipo"),
                                          S("equiparado_tac", True)), {"contratado_categoria": None},
         field="equiparado_tac"),

    case("PG13", "holder formatted", S("payments[0].titular_cpf_cnpj", fmt_cpf(CONTRATADO_CPF)), fires=False),
    case("PG13", "ETC is not checked", M(AS_ETC_BODY, S("payments[0].titular_cpf_cnpj", OTHER_CPF)), AS_ETC_CTX,
         fires=False),
    case("PG13", "second-degree relative declared", M(S("payments[0].titular_cpf_cnpj", OTHER_CPF),
                                                      S("payments[0].titular_parentesco", "parente_2_grau")),
         fires=False),
    case("PG13", "first installment", S("payments[0].titular_cpf_cnpj", OTHER_CPF),
         field="payments[0].titular_cpf_cnpj"),
    case("PG13", "second installment", S("payments[1].titular_cpf_cnpj", OTHER_CPF),
         field="payments[1].titular_cpf_cnpj"),
    case("PG13", "equated ETC paid to its owner's CPF", M(AS_EQUATED_BODY,
                                                          S("payments[0].titular_cpf_cnpj", CONTRATADO_CPF)),
         AS_EQUATED_CTX, field="payments[0].titular_cpf_cnpj"),

    case("PG14", "pix", S("tipo_pagamento", "pix"), fires=False),
    case("PG14", "ETC may use outros", M(AS_ETC_BODY, S("tipo_pagamento", "outros"),
                                         S("payments[1].tipo_pagamento", "outros")), AS_ETC_CTX, fires=False),
    case("PG14", "root", S("tipo_pagamento", "outros"), field="tipo_pagamento"),
    case("PG14", "installment", S("payments[1].tipo_pagamento", "outros"), field="payments[1].tipo_pagamento"),
    case("PG14", "equated", M(AS_EQUATED_BODY, S("payments[0].tipo_pagamento", "outros")), AS_EQUATED_CTX,
         field="payments[0].tipo_pagamento"),

    case("PG17", "exactly 30 percent", None, fires=False),
    case("PG17", "one centavo above", M(S("payments[0].amount", 1500.01), S("payments[1].amount", 3499.99)),
         field="payments"),
    case("PG17", "two advances add up above", A("payments", {**BANK_ITEM, "kind": "adiantamento", "amount": 0.01}),
         field="payments"),
    case("PG17", "repeating decimal limit, below", M(S("valor_frete", 3333.33), S("payments[0].amount", 999.99)),
         fires=False),
    case("PG17", "repeating decimal limit, above", M(S("valor_frete", 3333.33), S("payments[0].amount", 1000.00)),
         field="payments"),
    case("PG17", "company allows 40", S("payments[0].amount", 2000.0), {"max_advance_percent": 40}, fires=False),
    case("PG17", "company allows 20", None, {"max_advance_percent": 20}, field="payments"),
    case("PG17", "saldo is not an advance", S("payments[1].kind", "adiantamento"), {"max_advance_percent": 100},
         fires=False),
    case("PG17", "ETC is not checked", M(AS_ETC_BODY, S("payments[0].amount", 4000.0)), AS_ETC_CTX, fires=False),
    case("PG17", "equated", M(AS_EQUATED_BODY, S("payments[0].amount", 4000.0)), AS_EQUATED_CTX, field="payments"),
    case("PG17", "no valor_frete: cannot check", M(D("valor_frete"), S("payments[0].amount", 4000.0)), fires=False),

    case("PRV02", "bank item without data, root complete", D("payments[0].conta"), fires=False),
    case("PRV02", "root from the fallback covers other bank items", M(NO_ROOT_BANK, A("payments", BANK_ITEM)),
         fires=False),
    case("PRV02", "pix item without code, root chave_pix", M(D("payments[1].codigo_pagamento"),
                                                             S("chave_pix", CONTRATADO_CPF)), fires=False),
    case("PRV02", "no payments, pix at the root", M(NO_PAYMENTS, S("tipo_pagamento", "pix"),
                                                    S("chave_pix", "joao@example.com")), fires=False),
    case("PRV02", "no payments and no form, root bank data", NO_PAYMENTS, fires=False),
    case("PRV02", "ETC is not checked", M(AS_ETC_BODY, NO_ROOT_BANK, D("payments[0].banco"),
                                          D("payments[1].codigo_pagamento")), AS_ETC_CTX, fires=False),
    case("PRV02", "bank item incomplete and fallback incomplete", M(NO_ROOT_BANK, D("payments[0].conta")),
         field="payments[0].conta"),
    case("PRV02", "root incomplete and a bank item without data", M(D("agency"), A("payments", BANK_ITEM)),
         field="payments[2].banco"),
    case("PRV02", "pix item without any key", D("payments[1].codigo_pagamento"),
         field="payments[1].codigo_pagamento"),
    case("PRV02", "no payments, pix without chave_pix", M(NO_PAYMENTS, S("tipo_pagamento", "pix")),
         field="chave_pix"),
    case("PRV02", "no payments, conta_corrente without agency", M(NO_PAYMENTS, D("agency")), field="agency"),
    case("PRV02", "no payment data at all", M(NO_PAYMENTS, NO_ROOT_BANK, D("tipo_pagamento")),
         field="bank_code"),
    case("PRV02", "equated", M(AS_EQUATED_BODY, D("payments[1].codigo_pagamento")), AS_EQUATED_CTX,
         field="payments[1].codigo_pagamento"),

    case("PRV03", "explicit owner (TR05 territory)", S("cpf_cnpj_owner", OTHER_CPF), fires=False),
    case("PRV03", "fallback holder is the contracted party", NO_ROOT_BANK, fires=False),
    case("PRV03", "ETC is not checked", M(AS_ETC_BODY, NO_ROOT_BANK, D("payments[0].titular_cpf_cnpj")),
         AS_ETC_CTX, fires=False),
    case("PRV03", "own fleet is not checked", M(AS_OWN_FLEET_BODY, D("cpf_cnpj_owner")), AS_OWN_FLEET_CTX,
         fires=False),
    case("PRV03", "root bank data without owner", D("cpf_cnpj_owner"), field="cpf_cnpj_owner"),
    case("PRV03", "fallback holder is a declared companion",
         M(NO_ROOT_BANK, S("payments[0].titular_cpf_cnpj", OTHER_CPF), S("payments[0].titular_parentesco",
                                                                         "companheiro")), fires=False),
    case("PRV03", "PIX only: no account, no holder to declare",
         M(NO_ROOT_BANK, S("tipo_pagamento", "pix"), S("chave_pix", CONTRATADO_CPF),
           S("payments[0]", {**PIX_ITEM, "kind": "adiantamento", "amount": 1500.0})),
         fires=False),
    case("PRV03", "fallback holder differs", M(NO_ROOT_BANK, S("payments[0].titular_cpf_cnpj", OTHER_CPF)),
         field="payments[0].titular_cpf_cnpj"),
    case("PRV03", "fallback item without holder", M(NO_ROOT_BANK, D("payments[0].titular_cpf_cnpj")),
         field="payments[0].titular_cpf_cnpj"),
    case("PRV03", "nothing anywhere", M(NO_ROOT_BANK, D("payments[0].titular_cpf_cnpj"), D("payments[0].banco"),
                                        D("payments[0].agencia"), D("payments[0].conta")), field="cpf_cnpj_owner"),

    case("PRV04", "present", S("codigo_natureza_carga", "0123"), fires=False),
    case("PRV04", "absent", D("codigo_natureza_carga"), field="codigo_natureza_carga"),
    case("PRV04", "blank", S("codigo_natureza_carga", "   "), field="codigo_natureza_carga"),

    case("EMISSOR_ETC_NAO_CADASTRADA", "registered with state registration", AS_ETC_BODY, AS_ETC_CTX, fires=False),
    case("EMISSOR_ETC_NAO_CADASTRADA", "equated ETC: caller issues", AS_EQUATED_BODY, AS_EQUATED_CTX, fires=False),
    case("EMISSOR_ETC_NAO_CADASTRADA", "own fleet: caller issues", AS_OWN_FLEET_BODY,
         {"contratado_categoria": "ETC"}, fires=False),
    case("EMISSOR_ETC_NAO_CADASTRADA", "CTC: not an ETC", M(S("contratado_cpf_cnpj", ETC_CNPJ),
                                                            S("contratado_tipo", "CTC")),
         {"contratado_categoria": "CTC"}, fires=False),
    case("EMISSOR_ETC_NAO_CADASTRADA", "not registered", AS_ETC_BODY, {**AS_ETC_CTX, "contratado_etc_company": None},
         field="contratado_cpf_cnpj"),
    case("EMISSOR_ETC_NAO_CADASTRADA", "no state registration", AS_ETC_BODY,
         {**AS_ETC_CTX, "contratado_etc_company": registered_etc(state_registration=None)},
         field="contratado_cpf_cnpj"),
    case("EMISSOR_ETC_NAO_CADASTRADA", "body ETC without partner", AS_ETC_BODY, {"contratado_categoria": None},
         field="contratado_cpf_cnpj"),

    case("EMISSOR_ETC_SEM_CREDENCIAIS", "homolog credentials", AS_ETC_BODY,
         {**AS_ETC_CTX, "contratado_etc_company": registered_etc(has_credentials={"homolog": True})}, fires=False),
    case("EMISSOR_ETC_SEM_CREDENCIAIS", "not registered is the other code", AS_ETC_BODY,
         {**AS_ETC_CTX, "contratado_etc_company": None}, fires=False),
    case("EMISSOR_ETC_SEM_CREDENCIAIS", "producao without producao credentials", AS_ETC_BODY,
         {**AS_ETC_CTX, "environment": "producao",
          "contratado_etc_company": registered_etc(has_credentials={"homolog": True, "producao": False})},
         field="contratado_cpf_cnpj"),
    case("EMISSOR_ETC_SEM_CREDENCIAIS", "no credentials", AS_ETC_BODY,
         {**AS_ETC_CTX, "contratado_etc_company": registered_etc(has_credentials={})}, field="contratado_cpf_cnpj"),

    # --- MOD: modality ----------------------------------------------------------------------------------
    case("MOD01", "body TAC for TAC_EQUIPARADO partner", AS_EQUATED_BODY, AS_EQUATED_CTX, fires=False),
    case("MOD01", "no partner category", S("contratado_tipo", "CTC"), {"contratado_categoria": None}, fires=False),
    case("MOD01", "body TAC, partner ETC", S("contratado_tipo", "TAC"), AS_ETC_CTX, field="contratado_tipo"),
    case("MOD01", "equiparado_tac ignored for partner ETC", M(AS_ETC_BODY, S("equiparado_tac", True)), AS_ETC_CTX,
         field="equiparado_tac"),
    case("MOD01", "equiparado_tac=false for TAC_EQUIPARADO", M(AS_EQUATED_BODY, S("equiparado_tac", False)),
         AS_EQUATED_CTX, field="equiparado_tac"),

    case("MOD02", "CPF without tipo is a TAC", D("contratado_tipo"), {"contratado_categoria": None}, fires=False),
    case("MOD02", "own fleet", AS_OWN_FLEET_BODY, AS_OWN_FLEET_CTX, fires=False),
    case("MOD02", "CNPJ without tipo nor partner", M(S("contratado_cpf_cnpj", ETC_CNPJ), D("contratado_tipo")),
         {"contratado_categoria": None}, field="contratado_tipo"),

    # --- CAD: identification ----------------------------------------------------------------------------
    case("CAD01", "alphanumeric CNPJ", S("destinatario_cpf_cnpj", ALNUM_CNPJ), fires=False),
    case("CAD01", "formatted contratante", S("contratantes[0].cpf_cnpj", fmt_cnpj(CALLER_CNPJ)), fires=False),
    case("CAD01", "CPF as NF-e emitter (rural producer)", M(S("documents[0].emitter_cnpj", OTHER_CPF),
                                                             D("documents[0].access_key")), fires=False),
    case("CAD01", "contratado", S("contratado_cpf_cnpj", bad_digit(CONTRATADO_CPF)), field="contratado_cpf_cnpj"),
    case("CAD01", "destinatario", S("destinatario_cpf_cnpj", bad_digit(DESTINATARIO_CNPJ)),
         field="destinatario_cpf_cnpj"),
    case("CAD01", "destinatario repeated digits", S("destinatario_cpf_cnpj", "111.111.111-11"),
         field="destinatario_cpf_cnpj"),
    case("CAD01", "destinatario wrong length", S("destinatario_cpf_cnpj", "1234567890"),
         field="destinatario_cpf_cnpj"),
    case("CAD01", "alphanumeric CNPJ with wrong digit", S("destinatario_cpf_cnpj", bad_digit(ALNUM_CNPJ)),
         field="destinatario_cpf_cnpj"),
    case("CAD01", "owner", S("cpf_cnpj_owner", bad_digit(CONTRATADO_CPF)), field="cpf_cnpj_owner"),
    case("CAD01", "contratante", S("contratantes[0].cpf_cnpj", bad_digit(CALLER_CNPJ)),
         field="contratantes[0].cpf_cnpj"),
    case("CAD01", "payment holder", S("payments[0].titular_cpf_cnpj", bad_digit(CONTRATADO_CPF)),
         field="payments[0].titular_cpf_cnpj"),
    case("CAD01", "payment contratante", S("payments[1].contratante_cpf_cnpj", bad_digit(CALLER_CNPJ)),
         field="payments[1].contratante_cpf_cnpj"),
    case("CAD01", "document emitter", S("documents[0].emitter_cnpj", bad_digit(EMITTER_CNPJ)),
         field="documents[0].emitter_cnpj"),

    case("CAD02", "9 digits", S("contratado_rntrc", "012345678"), fires=False),
    case("CAD02", "formatted", S("contratado_rntrc", "01.234.567-8"), fires=False),
    case("CAD02", "vehicle without rntrc", D("vehicles[0].rntrc"), fires=False),
    case("CAD02", "contratado with 7 digits", S("contratado_rntrc", "1234567"), field="contratado_rntrc"),
    case("CAD02", "contratado with 10 digits", S("contratado_rntrc", "0123456789"), field="contratado_rntrc"),
    case("CAD02", "vehicle with letters", S("vehicles[0].rntrc", "ABC123456"), field="vehicles[0].rntrc"),
    case("CAD02", "contratante", S("contratantes[0].rntrc", "12"), field="contratantes[0].rntrc"),

    case("CAD03", "CPF as TAC", None, fires=False),
    case("CAD03", "CNPJ as ETC", AS_ETC_BODY, AS_ETC_CTX, fires=False),
    case("CAD03", "CPF with partner ETC", None, {"contratado_categoria": "ETC"}, field="contratado_cpf_cnpj"),
    case("CAD03", "CPF with partner TAC_EQUIPARADO", None, {"contratado_categoria": "TAC_EQUIPARADO"},
         field="contratado_cpf_cnpj"),
    case("CAD03", "CPF with body CTC", S("contratado_tipo", "CTC"), {"contratado_categoria": None},
         field="contratado_cpf_cnpj"),

    case("CAD04", "CNPJ as equated ETC", AS_EQUATED_BODY, AS_EQUATED_CTX, fires=False),
    case("CAD04", "CNPJ with partner TAC", S("contratado_cpf_cnpj", ETC_CNPJ), field="contratado_cpf_cnpj"),

    # --- VEI: composition -------------------------------------------------------------------------------
    case("VEI01", "lower case with hyphen", S("vehicles[0].plate", "abc-1d23"), fires=False),
    case("VEI01", "digits in the letters", S("vehicles[0].plate", "AB12345"), field="vehicles[0].plate"),
    case("VEI01", "four letters", S("vehicles[1].plate", "ABCD123"), field="vehicles[1].plate"),

    case("VEI02", "five vehicles", M(*[A("vehicles", {**IMPLEMENTO, "plate": f"GHI2J3{n}"}) for n in range(3)]),
         fires=False),
    case("VEI02", "six vehicles", M(*[A("vehicles", {**IMPLEMENTO, "plate": f"GHI2J3{n}"}) for n in range(4)]),
         field="vehicles"),

    case("VEI03", "single truck", S("vehicles", [{"plate": "ABC1D23", "vehicle_kind": "automotor"}]), fires=False),
    case("VEI03", "truck and trailer", S("vehicles[0].vehicle_kind", "automotor"), fires=False),
    case("VEI03", "no motorised unit", S("vehicles[0].vehicle_kind", "implemento"), field="vehicles"),
    case("VEI03", "two motorised units", S("vehicles[1].vehicle_kind", "automotor"),
         field="vehicles[1].vehicle_kind"),

    case("VEI04", "distinct plates", A("vehicles", IMPLEMENTO), fires=False),
    case("VEI04", "same plate twice", A("vehicles", {**IMPLEMENTO, "plate": "def4567"}), field="vehicles[2].plate"),

    case("VEI05", "own fleet, own vehicles", AS_OWN_FLEET_BODY, AS_OWN_FLEET_CTX, fires=False),
    case("VEI05", "TAC vehicle not own fleet", S("vehicles[1].own_fleet", False), fires=False),
    case("VEI05", "own fleet with a third-party vehicle", M(AS_OWN_FLEET_BODY, S("vehicles[1].own_fleet", False)),
         AS_OWN_FLEET_CTX, field="vehicles[1].own_fleet"),

    case("VEI06", "motorised 2 and trailer 1", M(S("vehicles[0].axles", 2), S("vehicles[1].axles", 1)),
         fires=False),
    case("VEI06", "both at 4", M(S("vehicles[0].axles", 4), S("vehicles[1].axles", 4)), fires=False),
    case("VEI06", "motorised with 1 axle", S("vehicles[0].axles", 1), field="vehicles[0].axles"),
    case("VEI06", "truck with 5 axles", M(S("vehicles[0].vehicle_kind", "automotor"), S("vehicles[0].axles", 5)),
         field="vehicles[0].axles"),
    case("VEI06", "trailer with the composition total", S("vehicles[1].axles", 6), field="vehicles[1].axles"),

    case("VEI07", "every vehicle with axles", None, fires=False),
    case("VEI07", "fracionada without axles (B101)", M(S("tipo_operacao", "fracionada"), D("vehicles[0].axles")),
         field="vehicles[0].axles"),
    case("VEI07", "lotacao trailer without axles", D("vehicles[1].axles"), field="vehicles[1].axles"),
    case("VEI07", "lotacao tractor without axles", D("vehicles[0].axles"), field="vehicles[0].axles"),
    case("VEI07", "traction only: trailer axles needed too", M(S("composicao_contratada", "apenas_tracao"),
                                                               D("vehicles[1].axles")), field="vehicles[1].axles"),
    case("VEI07", "traction only: tractor axles needed", M(S("composicao_contratada", "apenas_tracao"),
                                                           D("vehicles[0].axles")), field="vehicles[0].axles"),

    case("VEI08", "rigid truck alone", S("vehicles", [{"plate": "ABC1D23", "vehicle_kind": "automotor",
                                                       "axles": 3}]), fires=False),
    case("VEI08", "tractor with two trailers", A("vehicles", {**IMPLEMENTO, "axles": 2}), fires=False),
    case("VEI08", "tractor alone", S("vehicles", [{"plate": "ABC1D23", "vehicle_kind": "cavalo_trator",
                                                   "axles": 3}]), field="vehicles[0].vehicle_kind"),

    # --- LOC: origin / destination ----------------------------------------------------------------------
    case("LOC01", "both present", None, fires=False),
    case("LOC01", "no origem", D("origem"), field="origem"),
    case("LOC01", "no destino", D("destino"), field="destino"),

    case("LOC02", "both cep", M(S("origem", {"tipo": "cep", "cep": "01310-100"}),
                                S("destino", {"tipo": "cep", "cep": "20040020"})), fires=False),
    case("LOC02", "municipio to cep", S("destino", {"tipo": "cep", "cep": "20040020"}), field="destino.tipo"),

    case("LOC03", "lower-case uf", S("origem.uf", "sp"), fires=False),
    case("LOC03", "unknown code", S("origem.codigo_municipio", "3550309"), field="origem.codigo_municipio"),
    case("LOC03", "code of another state", S("destino.uf", "SP"), field="destino.codigo_municipio"),
    case("LOC03", "no uf", D("origem.uf"), field="origem.uf"),
    case("LOC03", "invalid uf", S("origem.uf", "XX"), field="origem.uf"),
    case("LOC03", "no code", D("destino.codigo_municipio"), field="destino.codigo_municipio"),
    case("LOC03", "six digits", S("destino.codigo_municipio", "330455"), field="destino.codigo_municipio"),

    case("LOC04", "formatted cep", M(S("origem", {"tipo": "cep", "cep": "01310-100"}),
                                     S("destino", {"tipo": "cep", "cep": "20040-020"})), fires=False),
    case("LOC04", "short cep", M(S("origem", {"tipo": "cep", "cep": "1310100"}),
                                 S("destino", {"tipo": "cep", "cep": "20040020"})), field="origem.cep"),
    case("LOC04", "no cep", M(S("origem", {"tipo": "cep", "cep": "01310100"}), S("destino", {"tipo": "cep"})),
         field="destino.cep"),

    case("LOC05", "both coordinates", M(S("origem", {"tipo": "latlng", "lat": -23.55, "lng": -46.63}),
                                        S("destino", {"tipo": "latlng", "lat": -22.9, "lng": -43.2})), fires=False),
    case("LOC05", "no lng", M(S("origem", {"tipo": "latlng", "lat": -23.55, "lng": -46.63}),
                              S("destino", {"tipo": "latlng", "lat": -22.9})), field="destino.lng"),

    # --- CRG: cargo and route -------------------------------------------------------------------------
    case("CRG01", "fracionada with distance", S("tipo_operacao", "fracionada"), fires=False),
    case("CRG01", "absent", D("distancia_km"), field="distancia_km"),
    case("CRG01", "zero", S("distancia_km", 0), field="distancia_km"),

    case("CRG02", "just below the limit", S("peso_carga", 9999999.98), fires=False),
    case("CRG02", "absent", D("peso_carga"), field="peso_carga"),
    case("CRG02", "zero", S("peso_carga", 0), field="peso_carga"),
    case("CRG02", "at the limit", S("peso_carga", 9999999.99), field="peso_carga"),

    case("CRG03", "fracionada with its cargo type", S("tipo_operacao", "fracionada"), fires=False),
    case("CRG03", "fracionada without cargo type (#15.3)", M(S("tipo_operacao", "fracionada"),
                                                             D("codigo_tipo_carga")), field="codigo_tipo_carga"),
    case("CRG03", "twelfth cargo type", S("codigo_tipo_carga", 12), fires=False),
    case("CRG03", "lotacao without cargo type", D("codigo_tipo_carga"), field="codigo_tipo_carga"),
    case("CRG03", "cargo type outside the floor tables", S("codigo_tipo_carga", 13), field="codigo_tipo_carga"),
    case("CRG03", "cargo type zero", S("codigo_tipo_carga", 0), field="codigo_tipo_carga"),
    case("CRG03", "traction only, high performance", M(S("composicao_contratada", "apenas_tracao"),
                                                       S("alto_desempenho", True)), fires=False),
    case("CRG03", "indicators left to the derivation", M(D("composicao_contratada"), D("alto_desempenho")),
         fires=False),

    # --- DAT: dates --------------------------------------------------------------------------------------
    case("DAT01", "30 days ahead", M(S("data_declaracao", day(30)), S("viagem_inicio", day(30)),
                                     S("viagem_fim", day(31))), fires=False),
    case("DAT01", "31 days ahead", M(S("data_declaracao", day(31)), S("viagem_inicio", day(31)),
                                     S("viagem_fim", day(32))), field="data_declaracao"),

    case("DAT02", "30 days ago", S("data_declaracao", day(-30)), fires=False),
    case("DAT02", "31 days ago", S("data_declaracao", day(-31)), field="data_declaracao"),

    case("DAT03", "both present", None, fires=False),
    case("DAT03", "no start", D("viagem_inicio"), field="viagem_inicio"),
    case("DAT03", "no end", D("viagem_fim"), field="viagem_fim"),

    case("DAT04", "same day, dates only", M(S("viagem_inicio", day(1)), S("viagem_fim", day(1))), fires=False),
    case("DAT04", "end before start", M(S("viagem_inicio", f"{day(2)}T10:00:00"),
                                        S("viagem_fim", f"{day(2)}T09:59:00")), field="viagem_fim"),
    case("DAT04", "offsets compared on the wall clock", M(S("viagem_inicio", f"{day(1)}T10:00:00-03:00"),
                                                          S("viagem_fim", f"{day(1)}T09:00:00")),
         field="viagem_fim"),

    case("DAT05", "exactly 90 days", M(S("viagem_inicio", f"{day(1)}T08:00:00"),
                                       S("viagem_fim", f"{day(91)}T08:00:00")), fires=False),
    case("DAT05", "90 calendar days ending in the afternoon", M(S("viagem_inicio", f"{day(1)}T08:00:00"),
                                                                S("viagem_fim", f"{day(91)}T17:30:00")),
         fires=False),
    case("DAT05", "91 calendar days, less than 91 x 24 h", M(S("viagem_inicio", f"{day(1)}T20:00:00"),
                                                             S("viagem_fim", f"{day(92)}T06:00:00")),
         field="viagem_fim"),

    case("DAT06", "starts on the declaration day", S("viagem_inicio", f"{day(0)}T06:00:00"), fires=False),
    case("DAT06", "started the day before", S("viagem_inicio", day(-1)), field="viagem_inicio"),
    case("DAT06", "default declaration is today", M(D("data_declaracao"), S("viagem_inicio", day(-1))),
         field="viagem_inicio"),

    case("DAT07", "starts 30 days after today", M(S("viagem_inicio", day(30)), S("viagem_fim", day(32))),
         fires=False),
    case("DAT07", "starts 31 days after today", M(S("viagem_inicio", day(31)), S("viagem_fim", day(32))),
         field="viagem_inicio"),
    case("DAT07", "declared 10 days ahead, starts 31 days after today (B22: today, not the declaration)",
         M(S("data_declaracao", day(10)), S("viagem_inicio", day(31)), S("viagem_fim", day(32))),
         field="viagem_inicio"),
    case("DAT07", "contingency is not checked", M(S("viagem_inicio", day(31)), S("viagem_fim", day(32)),
                                                  S("contingencia", True),
                                                  S("justificativa_contingencia", "ANTT fora do ar")), fires=False),
    case("DAT10", "255 characters", M(S("contingencia", True), S("justificativa_contingencia", "x" * 255)),
         fires=False),
    case("DAT10", "256 characters (B4)", M(S("contingencia", True), S("justificativa_contingencia", "x" * 256)),
         field="justificativa_contingencia"),

    case("DAT08", "starts today", S("viagem_inicio", f"{day(0)}T06:00:00"), fires=False),
    case("DAT08", "started yesterday in contingency", M(S("data_declaracao", day(-1)), S("viagem_inicio", day(-1)),
                                                        S("contingencia", True),
                                                        S("justificativa_contingencia", "ANTT fora do ar")),
         fires=False),
    case("DAT08", "started yesterday", M(S("data_declaracao", day(-2)), S("viagem_inicio", day(-1))),
         field="viagem_inicio"),

    case("DAT09", "justification with contingency", M(S("contingencia", True),
                                                      S("justificativa_contingencia", "ANTT fora do ar")),
         fires=False),
    case("DAT09", "blank justification", S("justificativa_contingencia", "  "), fires=False),
    case("DAT09", "justification without contingency", S("justificativa_contingencia", "ANTT fora do ar"),
         field="justificativa_contingencia"),

    # --- DOC: fiscal documents ---------------------------------------------------------------------------
    case("DOC01", "key with spaces", S("documents[0].access_key", " ".join(
        NFE_KEY[i:i + 4] for i in range(0, 44, 4))), fires=False),
    case("DOC01", "no key", D("documents[0].access_key"), fires=False),
    case("DOC01", "43 digits", S("documents[0].access_key", NFE_KEY[:43]), field="documents[0].access_key"),
    case("DOC01", "letters", S("documents[0].access_key", NFE_KEY[:43] + "X"), field="documents[0].access_key"),
    case("DOC01", "wrong check digit", S("documents[0].access_key", bad_digit(NFE_KEY)),
         field="documents[0].access_key"),

    case("DOC02", "CT-e key for a cte", A("documents", {"kind": "cte", "access_key": CTE_KEY}), fires=False),
    case("DOC02", "MDF-e key for an mdfe", A("documents", {"kind": "mdfe", "access_key": MDFE_KEY}), fires=False),
    case("DOC02", "NF-e key declared as cte", S("documents[0].kind", "cte"), field="documents[0].access_key"),
    case("DOC02", "CT-e key declared as nfe", A("documents", {"kind": "nfe", "access_key": CTE_KEY}),
         field="documents[1].access_key"),

    case("DOC03", "fracionada without documents", M(S("tipo_operacao", "fracionada"), S("documents", [])),
         fires=False),
    case("DOC03", "lotacao without documents", S("documents", []), field="documents"),

    case("DOC04", "two documents", A("documents", {"kind": "cte", "access_key": CTE_KEY}), fires=False),
    case("DOC04", "same key twice", A("documents", {"kind": "nfe", "access_key": NFE_KEY}),
         field="documents[1].access_key"),

    case("DOC05", "number with leading zeros", S("documents[0].number", "000012345"), fires=False),
    case("DOC05", "no emitter, number or series", D("documents[0].emitter_cnpj", "documents[0].number",
                                                    "documents[0].series"), fires=False),
    case("DOC05", "other emitter", S("documents[0].emitter_cnpj", DESTINATARIO_CNPJ),
         field="documents[0].emitter_cnpj"),
    case("DOC05", "other number", S("documents[0].number", "12346"), field="documents[0].number"),
    case("DOC05", "other series", S("documents[0].series", "2"), field="documents[0].series"),

    # --- CTR: contracting parties ------------------------------------------------------------------------
    case("CTR01", "second contratante", M(A("contratantes", {**SECOND, "papel": "solidario"}),
                                          S("payments[0].contratante_index", 1)), fires=False),
    case("CTR01", "index past the end", S("payments[0].contratante_index", 1),
         field="payments[0].contratante_index"),

    case("CTR02", "formatted document of a contratante", S("payments[0].contratante_cpf_cnpj",
                                                           fmt_cnpj(CALLER_CNPJ)), fires=False),
    case("CTR02", "not a contratante", S("payments[1].contratante_cpf_cnpj", DESTINATARIO_CNPJ),
         field="payments[1].contratante_cpf_cnpj"),

    case("CTR03", "both point to the same", M(A("contratantes", {**SECOND, "papel": "solidario"}),
                                              S("payments[0].contratante_index", 1),
                                              S("payments[0].contratante_cpf_cnpj", SECOND_CNPJ)), fires=False),
    case("CTR03", "index and document disagree", M(A("contratantes", {**SECOND, "papel": "solidario"}),
                                                   S("payments[0].contratante_cpf_cnpj", SECOND_CNPJ)),
         field="payments[0].contratante_cpf_cnpj"),

    case("CTR04", "no papel anywhere", M(D("contratantes[0].papel"), A("contratantes", SECOND)), fires=False),
    case("CTR04", "explicit principal second", M(D("contratantes[0].papel"),
                                                 A("contratantes", {**SECOND, "papel": "principal"})), fires=False),
    case("CTR04", "two principals", A("contratantes", {**SECOND, "papel": "principal"}),
         field="contratantes[1].papel"),
    case("CTR04", "first is not principal and nobody is", S("contratantes[0].papel", "solidario"),
         field="contratantes[0].papel"),

    case("CTR05", "60 + 40", M(S("contratantes[0].percentual", 60), A("contratantes", {**SECOND, "percentual": 40})),
         fires=False),
    case("CTR05", "60 + 40.01", M(S("contratantes[0].percentual", 60),
                                  A("contratantes", {**SECOND, "percentual": 40.01})), field="contratantes"),

    case("CTR06", "lotacao with only the company", None, fires=False),
    case("CTR08", "fracionada with shippers only", M(S("tipo_operacao", "fracionada"),
                                                     S("contratantes[0].cpf_cnpj", SECOND_CNPJ),
                                                     S("payments[1].contratante_cpf_cnpj", SECOND_CNPJ)),
         fires=False),
    case("CTR08", "lotacao with the company", None, fires=False),
    case("CTR08", "fracionada with the company among the shippers (B119)",
         M(S("tipo_operacao", "fracionada"), A("contratantes", SECOND)), field="contratantes[0].cpf_cnpj"),
    case("CTR06", "fracionada with a shipper", M(S("tipo_operacao", "fracionada"), A("contratantes", SECOND)),
         fires=False),
    case("CTR06", "fracionada with only the company", S("tipo_operacao", "fracionada"), field="contratantes"),
    case("CTR06", "fracionada with the company formatted", M(S("tipo_operacao", "fracionada"),
                                                             S("contratantes[0].cpf_cnpj", fmt_cnpj(CALLER_CNPJ))),
         field="contratantes"),

    case("CTR07", "two different", A("contratantes", SECOND), fires=False),
    case("CTR07", "same CNPJ, once formatted", A("contratantes", {**SECOND, "cpf_cnpj": fmt_cnpj(CALLER_CNPJ)}),
         field="contratantes[1].cpf_cnpj"),

    # --- VAL: amounts ------------------------------------------------------------------------------------
    case("VAL01", "positive amounts", None, fires=False),
    case("VAL01", "valor_frete zero", S("valor_frete", 0), field="valor_frete"),
    case("VAL01", "installment zero", A("payments", {**PIX_ITEM, "amount": 0, "codigo_pagamento": CONTRATADO_CPF}),
         field="payments[2].amount"),

    case("VAL02", "toll voucher is not freight", A("payments", {**PIX_ITEM, "kind": "pedagio",
                                                                "codigo_pagamento": CONTRATADO_CPF}), fires=False),
    case("VAL02", "no freight installments", NO_PAYMENTS, fires=False),
    case("VAL02", "installments short of the freight", S("payments[1].amount", 3400.0), field="payments"),

    case("VAL04", "above the floor", None, FLOOR, fires=False),
    case("VAL04", "below the floor", S("valor_frete", 3000.0), FLOOR, field="valor_frete"),
    case("VAL04", "below the floor, table B counts the combination's loaded axles",
         M(S("valor_frete", 3000.0), S("composicao_contratada", "apenas_tracao")), FLOOR, field="valor_frete"),
    case("VAL04", "below the floor, table C", M(S("valor_frete", 3000.0), S("alto_desempenho", True)), FLOOR,
         field="valor_frete"),
    case("VAL04", "below the floor, table D", M(S("valor_frete", 2000.0), S("alto_desempenho", True),
                                                S("composicao_contratada", "apenas_tracao")), FLOOR,
         field="valor_frete"),
    case("VAL04", "above the floor, but not with the empty return", M(S("retorno_vazio", True)), FLOOR,
         field="valor_frete"),
    case("VAL05", "floor computed", None, FLOOR, fires=False),
    case("VAL05", "no coefficient for 8 loaded axles in table A",
         M(S("vehicles[0].axles", 4), S("vehicles[1].axles", 4)), FLOOR, field="vehicles"),
    case("VAL04", "below, but fracionada is exempt", M(S("valor_frete", 3000.0), S("tipo_operacao", "fracionada")),
         FLOOR, fires=False),
    case("VAL04", "below, distance unknown", M(S("valor_frete", 3000.0), D("distancia_km")), FLOOR, fires=False),
    case("VAL04", "below, axles unknown", M(S("valor_frete", 3000.0), D("vehicles[1].axles")), FLOOR, fires=False),
    case("VAL04", "below, no act in force on the declaration date",
         M(S("valor_frete", 3000.0), S("data_declaracao", "2025-12-01")), FLOOR, fires=False),
    case("VAL04", "below, no floor check given", S("valor_frete", 3000.0), fires=False),
    case("VAL03", "present", None, fires=False),
    case("VAL03", "TAC without valor_frete", D("valor_frete"), field="valor_frete"),
    case("VAL03", "ETC without valor_frete", M(AS_ETC_BODY, D("valor_frete")), AS_ETC_CTX, field="valor_frete"),
    case("VAL03", "CTC without valor_frete", M(S("contratado_cpf_cnpj", ETC_CNPJ), S("contratado_tipo", "CTC"),
                                               D("valor_frete")), {"contratado_categoria": "CTC"},
         field="valor_frete"),

    # --- PAG: payment data -------------------------------------------------------------------------------
    case("PAG01", "absent bank data", M(NO_ROOT_BANK, D("payments[0].banco", "payments[0].agencia")), fires=False),
    case("PAG01", "one-digit bank code", S("bank_code", "1"), field="bank_code"),
    case("PAG01", "bank name instead of code", S("payments[0].banco", "BB"), field="payments[0].banco"),
    case("PAG01", "agency with check digit", S("payments[0].agencia", "1234-5"), field="payments[0].agencia"),
    case("PAG01", "ETC too", M(AS_ETC_BODY, S("agency", "12a4")), AS_ETC_CTX, field="agency"),

    case("PAG02", "card with its code", A("payments", {**CARD_ITEM, "codigo_pagamento": "6370000000000001"}),
         fires=False),
    case("PAG08", "card with its issuer code", M(NO_ROOT_BANK, A("payments", {**CARD_ITEM, "banco": "237",
                                                                            "codigo_pagamento": "6370000000000001"})),
         fires=False),
    case("PAG08", "card, issuer code from the operation's bank_code", A("payments", CARD_ITEM), fires=False),
    case("PAG08", "card without issuer code (B92)", M(NO_ROOT_BANK, A("payments", {
        **CARD_ITEM, "codigo_pagamento": "6370000000000001"})), field="payments[2].banco"),
    case("PAG08", "card at the root without bank_code", M(NO_PAYMENTS, S("indicador_pagamento", "vista"),
                                                          S("tipo_pagamento", "cartao_pre_pago_ip"),
                                                          D("bank_code", "agency", "account_number")),
         field="bank_code"),
    case("PAG07", "the carrier's own account", None, fires=False),
    case("PAG07", "spouse's account: passes with the reminder", M(S("cpf_cnpj_owner", OTHER_CPF),
                                                                   S("titular_parentesco", "conjuge")),
         field="cpf_cnpj_owner"),
    case("PAG07", "relative in an installment", M(S("payments[0].titular_cpf_cnpj", OTHER_CPF),
                                                   S("payments[0].titular_parentesco", "parente_1_grau")),
         field="payments[0].titular_cpf_cnpj"),
    case("PAG02", "card without code", A("payments", CARD_ITEM), field="payments[2].codigo_pagamento"),
    case("PAG02", "ETC card without code", M(AS_ETC_BODY, A("payments", CARD_ITEM)), AS_ETC_CTX,
         field="payments[2].codigo_pagamento"),

    case("PAG03", "no payments, bank form with root bank data", NO_PAYMENTS, fires=False),
    case("PAG03", "card code on a card payment", A("payments", {**CARD_ITEM, "codigo_pagamento": "6370000000000001"}),
         fires=False),
    case("PAG03", "PIX with bank fields", S("payments[1].banco", "001"), field="payments[1].banco"),
    case("PAG03", "bank payment with a PIX key", S("payments[0].codigo_pagamento", CONTRATADO_CPF),
         field="payments[0].codigo_pagamento"),
    case("PAG03", "outros with bank fields", M(AS_ETC_BODY, S("payments[0].tipo_pagamento", "outros")), AS_ETC_CTX,
         field="payments[0].banco"),
    case("PAG03", "no payments, root pix with bank data", M(NO_PAYMENTS, S("tipo_pagamento", "pix"),
                                                            S("chave_pix", CONTRATADO_CPF)), field="bank_code"),
    case("PAG03", "no payments, root bank form with chave_pix", M(NO_PAYMENTS, S("chave_pix", CONTRATADO_CPF)),
         field="chave_pix"),

    case("PAG03", "bank payment with a PIX key type", S("payments[0].tipo_chave_pix", "cpf"),
         field="payments[0].tipo_chave_pix"),

    case("PAG04", "ETC with root bank data and owner", AS_ETC_BODY, AS_ETC_CTX, fires=False),
    case("PAG04", "TAC is PRV02's", M(NO_ROOT_BANK, D("payments[0].conta")), fires=False),
    case("PAG04", "own fleet is not checked", M(AS_OWN_FLEET_BODY, NO_ROOT_BANK, D("payments[0].conta")),
         AS_OWN_FLEET_CTX, fires=False),
    case("PAG04", "ETC bank payment incomplete", M(AS_ETC_BODY, NO_ROOT_BANK, D("payments[0].conta")), AS_ETC_CTX,
         field="payments[0].conta"),
    case("PAG04", "ETC PIX without key", M(AS_ETC_BODY, D("payments[1].codigo_pagamento")), AS_ETC_CTX,
         field="payments[1].codigo_pagamento"),
    case("PAG04", "ETC without payee anywhere", M(AS_ETC_BODY, D("cpf_cnpj_owner"),
                                                  D("payments[0].titular_cpf_cnpj")), AS_ETC_CTX,
         field="payments[1].titular_cpf_cnpj"),
    case("PAG04", "CTC without payee", M(S("contratado_cpf_cnpj", ETC_CNPJ), S("contratado_tipo", "CTC"),
                                         D("cpf_cnpj_owner"), D("payments[0].titular_cpf_cnpj")),
         {"contratado_categoria": "CTC"}, field="payments[0].titular_cpf_cnpj"),

    # --- derived fields: information items (domain/ciot/derivations.py fills, the context says what) --------
    case("DRV01", "type sent by the client", None, fires=False),
    case("DRV01", "installment key type derived", None, {"derived": ("payments[1].tipo_chave_pix",)},
         field="payments[1].tipo_chave_pix"),
    case("DRV01", "root key type derived", M(S("chave_pix", "joao@example.com"), S("tipo_chave_pix", "email")),
         {"derived": ("tipo_chave_pix",)}, field="tipo_chave_pix"),
    case("DRV02", "composition sent", None, fires=False),
    case("DRV02", "composition assumed", None, {"derived": ("composicao_contratada",)},
         field="composicao_contratada"),
    case("DRV03", "high performance sent", None, fires=False),
    case("DRV03", "high performance assumed false", None, {"derived": ("alto_desempenho",)}, field="alto_desempenho"),
    case("DRV04", "empty return sent", S("retorno_vazio", False), fires=False),
    case("DRV04", "empty return assumed false", S("retorno_vazio", False), {"derived": ("retorno_vazio",)},
         field="retorno_vazio"),
    case("DRV04", "empty return assumed for containers", M(S("retorno_vazio", True), S("codigo_tipo_carga", 4)),
         {"derived": ("retorno_vazio",)}, field="retorno_vazio"),
    case("DRV05", "axles sent", None, fires=False),
    case("DRV05", "axles from the fleet registry", None, {"derived": ("vehicles[1].axles",)},
         field="vehicles[1].axles"),
    case("DRV06", "distance informed", None, {"distance_method": "informada"}, fires=False),
    case("DRV06", "estimate is CRG04's", None, {"derived": ("distancia_km",), "distance_method": "estimada"},
         fires=False),
    case("DRV06", "routed by the engine", None, {"derived": ("distancia_km",), "distance_method": "rota"},
         field="distancia_km"),
    case("CRG04", "routed distance needs no confirmation", None,
         {"derived": ("distancia_km",), "distance_method": "rota"}, fires=False),
    case("CRG04", "estimated distance to confirm", None,
         {"derived": ("distancia_km",), "distance_method": "estimada"}, field="distancia_km"),

    case("PAG05", "vista without installments", M(NO_PAYMENTS, S("indicador_pagamento", "vista")), fires=False),
    case("PAG05", "no indicator", D("indicador_pagamento"), fires=False),
    case("PAG05", "prazo without installments", NO_PAYMENTS, field="indicador_pagamento"),
    case("PAG05", "vista with installments", S("indicador_pagamento", "vista"), field="indicador_pagamento"),
]

PIX_KEYS_OK = [("cpf", fmt_cpf(CONTRATADO_CPF)), ("cnpj", fmt_cnpj(CALLER_CNPJ)), ("email", "joao@example.com"),
               ("telefone", "+55 (11) 91234-5678"), ("aleatoria", "123e4567-e89b-12d3-a456-426614174000")]
PIX_KEYS_BAD = [("cpf", bad_digit(CONTRATADO_CPF)), ("cpf", CALLER_CNPJ), ("cnpj", CONTRATADO_CPF),
                ("email", "joao.example.com"), ("telefone", "11912345678"), ("aleatoria", "123e4567")]
CASES += [
    case("PAG06", f"{kind} key", M(S("payments[1].codigo_pagamento", key), S("payments[1].tipo_chave_pix", kind)),
         fires=False) for kind, key in PIX_KEYS_OK
] + [
    case("PAG06", f"{kind} type with {key}", M(S("payments[1].codigo_pagamento", key),
                                               S("payments[1].tipo_chave_pix", kind)),
         field="payments[1].codigo_pagamento") for kind, key in PIX_KEYS_BAD
] + [
    case("PAG06", "card code needs no type", A("payments", {**CARD_ITEM, "codigo_pagamento": "6370000000000001"}),
         fires=False),
    case("PAG06", "installment key without type: derived, not asked", D("payments[1].tipo_chave_pix"),
         fires=False),
    case("PAG06", "root key without type: derived, not asked", S("chave_pix", CONTRATADO_CPF), fires=False),
    case("PAG06", "installment key fitting no format", M(S("payments[1].codigo_pagamento", "chave-do-joao"),
                                                          D("payments[1].tipo_chave_pix")),
         field="payments[1].codigo_pagamento"),
    case("PAG06", "root key fitting no format", S("chave_pix", bad_digit(CONTRATADO_CPF)), field="chave_pix"),
    case("PAG06", "root type without key", S("tipo_chave_pix", "email"), field="chave_pix"),
    case("PAG06", "root key with its type", M(S("chave_pix", "joao@example.com"), S("tipo_chave_pix", "email")),
         fires=False),
]

FIELD_PATH = re.compile(r"^$|^[a-z_]+(\[\d+\])?(\.[a-z_]+(\[\d+\])?)*$")


@pytest.mark.parametrize("code, body, ctx, fires, field", CASES)
def test_rule(code, body, ctx, fires, field):
    result = run(body, ctx)
    mine = [item for item in result.items if item.code == code]
    assert bool(mine) is fires, [item.as_dict() for item in result.items]
    if field is not None:
        assert field in [item.field for item in mine], [item.as_dict() for item in mine]
    rule = RULES_BY_CODE[code]
    for item in result.items:
        assert item.severity == RULES_BY_CODE[item.code].severity
        assert FIELD_PATH.match(item.field), item.field
        assert item.message.strip() and item.message.endswith("."), item.message
    assert rule.code == code


def test_every_rule_is_covered_both_ways():
    seen = {(param.values[0], param.values[3]) for param in CASES}
    missing = [(rule.code, outcome) for rule in RULES for outcome in (True, False) if (rule.code, outcome) not in seen]
    assert not missing, missing
    assert {param.values[0] for param in CASES} <= set(RULES_BY_CODE)


def test_contract_codes_and_severities():
    contract = {"DS01": "blocker", "DC04": "warning", "TR05": "blocker", "TR06": "blocker", "PG13": "blocker",
                "PG14": "blocker", "PG17": "blocker", "PRV02": "blocker", "PRV03": "blocker", "PRV04": "blocker",
                "EMISSOR_ETC_NAO_CADASTRADA": "blocker", "EMISSOR_ETC_SEM_CREDENCIAIS": "blocker"}
    assert {code: RULES_BY_CODE[code].severity for code in contract} == contract
    assert [rule.code for rule in RULES][:len(contract)] == list(contract)
    assert len({rule.code for rule in RULES}) == len(RULES)
    assert all(rule.severity in ("blocker", "warning", "info") for rule in RULES)
    assert [entry["code"] for entry in catalogue()] == [rule.code for rule in RULES]


def test_documented_codes_match_registry():
    """docs/ciot-rules.md lists exactly the registry's codes with their severities."""
    from pathlib import Path
    doc = (Path(__file__).resolve().parents[3] / "docs" / "ciot-rules.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `([A-Z0-9_]+)` \| (blocker|warning|info) \|", doc, flags=re.M))
    assert rows == {rule.code: rule.severity for rule in RULES}


@pytest.mark.parametrize("today", [TODAY, date(2024, 2, 29), date(2026, 12, 31), date(2027, 1, 1), date.today()],
                         ids=str)
def test_baseline_is_clean_whatever_the_day(today):
    result = run(today=today)
    assert result.items == []
    assert result.as_dict() == {"items": [], "summary": {"ok": True, "blockers": 0, "warnings": 0}}


@pytest.mark.parametrize("body, ctx", [
    (AS_ETC_BODY, AS_ETC_CTX),
    (AS_EQUATED_BODY, AS_EQUATED_CTX),
    (AS_OWN_FLEET_BODY, AS_OWN_FLEET_CTX),
    (AS_EQUATED_BODY, {"contratado_categoria": None}),                              # equated, from the body
    (D("contratado_tipo"), {"contratado_categoria": None}),                         # CPF: inferred TAC
    (None, {"environment": "producao"}),  # the caller's credentials are checked at emission, not here
], ids=["etc", "equated-partner", "own-fleet", "equated-body", "tac-inferred", "producao"])
def test_other_modality_baselines_are_clean(body, ctx):
    assert run(body, ctx).as_dict()["items"] == []


def test_baseline_with_shifted_dates_only_moves_date_rules():
    """Validating the same stored body later only adds date findings, never other codes."""
    body = baseline_body(TODAY)
    ctx = build(context={"today": TODAY + timedelta(days=45)})
    ctx.data = ctx.data.model_validate(body)
    codes = set(validate_operation(ctx).codes)
    assert codes == {"DAT02", "DAT08"}


def test_validation_is_deterministic_and_does_not_touch_the_body():
    ctx = build(M(S("cpf_cnpj_owner", OTHER_CPF), D("destino"), S("payments[0].amount", 4000.0)))
    before = ctx.data.model_dump()
    first, second = validate_operation(ctx), validate_operation(ctx)
    assert first.as_dict() == second.as_dict()
    assert ctx.data.model_dump() == before
    assert first.codes == ["TR05", "PG17", "LOC01", "VAL02"]


def test_result_summary_and_serialisation():
    result = run(M(D("destinatario_cpf_cnpj"), S("documents[0].freight_value", 1.0)))
    assert result.summary() == {"ok": False, "blockers": 1, "warnings": 1}
    assert (result.blockers, result.warnings, result.ok) == (1, 1, False)
    first = result.as_dict()["items"][0]
    assert first == {"code": "DS01", "severity": "blocker", "field": "destinatario_cpf_cnpj",
                     "message": first["message"]}
    warnings_only = ValidationResult([Violation("DC04", "warning", "", "Aviso.")])
    assert warnings_only.ok and warnings_only.summary() == {"ok": True, "blockers": 0, "warnings": 1}


def test_messages_name_values_in_brazilian_format():
    result = run(M(S("payments[0].amount", 1600.0), S("payments[1].amount", 3400.0)))
    (item,) = [i for i in result.items if i.code == "PG17"]
    assert "R$ 1.600,00 (32% do frete)" in item.message
    assert "30% do valor do frete (R$ 1.500,00 de R$ 5.000,00)" in item.message
    (limit,) = [i for i in run(M(S("valor_frete", 3333.33), S("payments[0].amount", 1000.0))).items
                if i.code == "PG17"]
    assert "R$ 1.000,00 (30,01% do frete)" in limit.message and "(R$ 999,99 de R$ 3.333,33)" in limit.message
    (dc04,) = run(S("documents[0].freight_value", 1234567.5)).items
    assert "R$ 1.234.567,50" in dc04.message and "R$ 5.000,00" in dc04.message


def test_rule_objects_expose_applies_and_check():
    ctx = build(S("cpf_cnpj_owner", OTHER_CPF))
    tr05 = RULES_BY_CODE["TR05"]
    assert tr05.applies(ctx)
    assert [v.field for v in tr05.check(ctx)] == ["cpf_cnpj_owner"]
    etc = build(AS_ETC_BODY, AS_ETC_CTX)
    assert not tr05.applies(etc)
    assert RULES_BY_CODE["EMISSOR_ETC_NAO_CADASTRADA"].applies(etc)


def test_context_is_a_plain_dataclass():
    ctx = build()
    changed = replace(ctx, environment="producao")
    assert changed.environment == "producao" and changed.modality == ctx.modality
    assert ctx.contratado == CONTRATADO_CPF and ctx.tac_rules and not ctx.own_fleet


def test_floor_refusal_names_value_floor_act_table_cargo_axles_and_distance():
    from datetime import date as day_
    from decimal import Decimal

    from domain.antt_floor.services import floor_for
    floor = floor_for(on_date=TODAY, table="A", cargo_type=5, loaded_axles=6, distance_km=430)
    result = run(S("valor_frete", 3000.0), FLOOR)
    (item,) = [i for i in result.items if i.code == "VAL04"]
    assert item.severity == "blocker"
    assert "5.000" not in item.message and "R$ 3.000,00" in item.message and "Carga geral" in item.message
    assert "430 km" in item.message or "430,00 km" in item.message
    assert f"piso mínimo da ANTT de R$ {floor.value:,.2f}".replace(",", "X").replace(".", ",").replace("X", ".") \
        in item.message
    assert floor.act.name in item.message and "tabela A" in item.message and "6 eixos" in item.message
    assert floor.act.starts_on < TODAY and floor.act.starts_on == day_(2026, 9, 30)
    assert Decimal(3000) < floor.value
    at_floor = run(S("valor_frete", float(floor.value)), FLOOR)
    assert "VAL04" not in at_floor.codes
