"""A valid CIOT creation body (a TAC lotação that produces zero validation items) and mutation helpers,
for the table-driven rule tests. Pure: no database."""
import copy
import re
from datetime import date, timedelta

from core.formatting import cpf_cnpj
from core.validators import access_key_check_digit, cnpj_check_digits, cpf_check_digits
from domain.ciot.rules import IssuerInfo, RuleContext, validate_operation
from domain.ciot.schemas import OperationCreate

TODAY = date(2026, 11, 16)


def make_cpf(base9: str) -> str:
    return base9 + cpf_check_digits(base9)


def make_cnpj(base12: str) -> str:
    return base12 + cnpj_check_digits(base12)


fmt_cpf = fmt_cnpj = cpf_cnpj  # typed the punctuated way


CONTRATADO_CPF = make_cpf("529982247")       # 52998224725, the TAC
OTHER_CPF = make_cpf("111444777")            # somebody else
CALLER_CNPJ = make_cnpj("112223330001")      # the caller company (an ETC)
DESTINATARIO_CNPJ = make_cnpj("445556660001")
EMITTER_CNPJ = make_cnpj("778889990001")
ETC_CNPJ = make_cnpj("334445550001")         # a contracted ETC
SECOND_CNPJ = make_cnpj("556667770001")      # a second contratante
ALNUM_CNPJ = make_cnpj("12ABC34501DE")       # 2026 alphanumeric form (…35)


def access_key(model: str = "55", emitter: str = EMITTER_CNPJ, series: int = 1, number: int = 12345,
               uf: str = "35", aamm: str = "2611") -> str:
    first43 = f"{uf}{aamm}{emitter}{model}{series:03d}{number:09d}1{87654321:08d}"
    assert len(first43) == 43
    return first43 + str(access_key_check_digit(first43))


NFE_KEY = access_key()


def baseline_body(today: date = TODAY) -> dict:
    """TAC lotação SP → RJ, R$ 5.000,00 with a 30 % advance (exactly at the limit), bank data at the root and in
    the advance, the balance by PIX, one NF-e. Zero validation items."""
    day = lambda n: (today + timedelta(days=n)).isoformat()  # noqa: E731
    return {
        "environment": "homolog",
        "external_id": "ERP-123",
        "tipo_operacao": "lotacao",
        "contratado_cpf_cnpj": fmt_cpf(CONTRATADO_CPF),   # formatted is accepted
        "contratado_rntrc": "12345678",                   # 8 digits: left-padded
        "contratado_tipo": "TAC",
        "contratado_nome": "João da Silva",
        "origem": {"tipo": "municipio", "uf": "SP", "codigo_municipio": "3550308", "municipio_nome": "São Paulo"},
        "destino": {"tipo": "municipio", "uf": "RJ", "codigo_municipio": "3304557",
                    "municipio_nome": "Rio de Janeiro"},
        "distancia_km": 430,
        "codigo_natureza_carga": "0001",
        "codigo_tipo_carga": 5,                           # carga geral (floor tables)
        "composicao_contratada": "completa",
        "alto_desempenho": False,
        "retorno_vazio": False,
        "peso_carga": 20000,
        "valor_frete": 5000.00,
        "destinatario_cpf_cnpj": fmt_cnpj(DESTINATARIO_CNPJ),
        "destinatario_nome": "Comercial Destino Ltda",
        "bank_code": "001", "agency": "1234", "account_number": "56789-0", "cpf_cnpj_owner": CONTRATADO_CPF,
        "data_declaracao": today.isoformat(),
        "viagem_inicio": day(1),
        "viagem_fim": f"{day(3)}T18:00:00",
        "tipo_pagamento": "conta_corrente",
        "indicador_pagamento": "prazo",
        "contratantes": [{"cpf_cnpj": CALLER_CNPJ, "nome": "Transportadora Contratante SA", "papel": "principal",
                          "percentual": 100, "rntrc": "087654321"}],
        "vehicles": [
            {"plate": "ABC1D23", "vehicle_kind": "cavalo_trator", "rntrc": "012345678", "axles": 3, "own_fleet": True},
            {"plate": "DEF-4567", "vehicle_kind": "implemento", "axles": 3, "own_fleet": True},
        ],
        "payments": [
            {"kind": "adiantamento", "contratante_index": 0, "tipo_pagamento": "conta_corrente",
             "indicador_pagamento": "vista", "amount": 1500.00, "due_date": day(1),
             "banco": "001", "agencia": "1234", "conta": "56789-0", "titular_cpf_cnpj": fmt_cpf(CONTRATADO_CPF)},
            {"kind": "saldo", "contratante_cpf_cnpj": fmt_cnpj(CALLER_CNPJ), "tipo_pagamento": "pix",
             "indicador_pagamento": "prazo", "amount": 3500.00, "due_date": day(5),
             "codigo_pagamento": CONTRATADO_CPF, "tipo_chave_pix": "cpf"},
        ],
        "documents": [{"kind": "nfe", "access_key": NFE_KEY, "number": "12345", "series": "1",
                       "emitter_cnpj": fmt_cnpj(EMITTER_CNPJ), "emitter_name": "Indústria Origem SA",
                       "freight_value": 5000.00, "cargo_weight_kg": 20000}],
    }


def caller(**overrides) -> IssuerInfo:
    values = {"cnpj": CALLER_CNPJ, "state_registration": "123456789",
              "has_credentials": {"homolog": True, "producao": False}}
    values.update(overrides)
    return IssuerInfo(**values)


def registered_etc(**overrides) -> IssuerInfo:
    values = {"cnpj": ETC_CNPJ, "state_registration": "987654321",
              "has_credentials": {"homolog": True, "producao": True}}
    values.update(overrides)
    return IssuerInfo(**values)


def baseline_context(today: date = TODAY) -> dict:
    return {"environment": "homolog", "company": caller(), "contratado_categoria": "TAC",
            "contratado_etc_company": None, "today": today, "max_advance_percent": 30}


# --- mutations: functions over the body dict (or the context kwargs) --------------------------------

_TOKEN = re.compile(r"([a-z_]+)|\[(\d+)\]")


def _walk(path: str):
    return [name if name else int(index) for name, index in _TOKEN.findall(path)]


def _parent(body: dict, path: str):
    tokens = _walk(path)
    node = body
    for token in tokens[:-1]:
        node = node[token]
    return node, tokens[-1]


def S(path: str, value):
    """Set a value ("payments[0].amount")."""
    def apply(body):
        node, last = _parent(body, path)
        node[last] = value
    return apply


def D(*paths: str):
    """Delete keys (absent from the body)."""
    def apply(body):
        for path in paths:
            node, last = _parent(body, path)
            del node[last]
    return apply


def A(path: str, item):
    """Append to a list."""
    def apply(body):
        node, last = _parent(body, path)
        node[last].append(copy.deepcopy(item))
    return apply


def M(*mutations):
    """Several mutations in order."""
    def apply(body):
        for mutation in mutations:
            mutation(body)
    return apply


def build(body_mutation=None, context: dict | None = None, today: date = TODAY) -> RuleContext:
    body = baseline_body(today)
    if body_mutation:
        body_mutation(body)
    kwargs = baseline_context(today)
    kwargs.update(context or {})
    return RuleContext(data=OperationCreate.model_validate(body), **kwargs)


def run(body_mutation=None, context: dict | None = None, today: date = TODAY):
    return validate_operation(build(body_mutation, context, today))


# Ready-made modality setups ------------------------------------------------------------------------

AS_ETC_BODY = M(S("contratado_cpf_cnpj", ETC_CNPJ), S("contratado_tipo", "ETC"))
AS_ETC_CTX = {"contratado_categoria": "ETC", "contratado_etc_company": registered_etc()}
AS_EQUATED_BODY = M(S("contratado_cpf_cnpj", ETC_CNPJ), S("contratado_tipo", "ETC"), S("equiparado_tac", True),
                    S("cpf_cnpj_owner", ETC_CNPJ), S("payments[0].titular_cpf_cnpj", ETC_CNPJ),
                    S("payments[1].codigo_pagamento", ETC_CNPJ), S("payments[1].tipo_chave_pix", "cnpj"))
AS_EQUATED_CTX = {"contratado_categoria": "TAC_EQUIPARADO"}
AS_OWN_FLEET_BODY = M(S("contratado_cpf_cnpj", CALLER_CNPJ), D("contratado_tipo"))
AS_OWN_FLEET_CTX = {"contratado_categoria": None}
NO_ROOT_BANK = D("bank_code", "agency", "account_number", "cpf_cnpj_owner")
