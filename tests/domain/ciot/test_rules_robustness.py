"""Property test: whatever a body that passes the schema contains, the engine answers items, never raises
(docs/decisions.md §1: bad input never yields a 5xx), and every item is well formed."""
import re
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from domain.ciot.rules import RULES_BY_CODE, RuleContext, validate_operation
from domain.ciot.schemas import OperationCreate
from tests.domain.ciot.baseline import (
    CALLER_CNPJ,
    CONTRATADO_CPF,
    ETC_CNPJ,
    NFE_KEY,
    OTHER_CPF,
    TODAY,
    baseline_body,
    baseline_context,
    registered_etc,
)

FIELD_PATH = re.compile(r"^$|^[a-z_]+(\[\d+\])?(\.[a-z_]+(\[\d+\])?)*$")

docs = st.one_of(st.none(), st.sampled_from([CONTRATADO_CPF, OTHER_CPF, CALLER_CNPJ, ETC_CNPJ, "", "123"]),
                 st.text(alphabet="0123456789ABCZ./- ", max_size=18))
money = st.one_of(st.none(), st.decimals(min_value=0, max_value=100000, places=2, allow_nan=False))
short = st.one_of(st.none(), st.text(alphabet="0123456789AB- ", max_size=6))
moments = st.one_of(
    st.none(),
    st.integers(-400, 400).map(lambda n: (TODAY + timedelta(days=n)).isoformat()),
    st.tuples(st.integers(-5, 120), st.sampled_from(["", "Z", "-03:00"])).map(
        lambda t: f"{(TODAY + timedelta(days=t[0])).isoformat()}T10:30:00{t[1]}"),
)
location = st.one_of(st.none(), st.fixed_dictionaries({
    "tipo": st.sampled_from(["municipio", "cep", "latlng"]),
    "uf": st.one_of(st.none(), st.sampled_from(["SP", "RJ", "sp", "XX", ""])),
    "codigo_municipio": st.one_of(st.none(), st.sampled_from(["3550308", "3304557", "123", "abcdefg", ""])),
    "cep": st.one_of(st.none(), st.sampled_from(["01310-100", "123", ""])),
    "lat": st.one_of(st.none(), st.floats(-90, 90)),
    "lng": st.one_of(st.none(), st.floats(-180, 180)),
}))
payment = st.fixed_dictionaries({
    "kind": st.sampled_from(["adiantamento", "saldo", "parcela", "pedagio", "ajuste"]),
    "contratante_index": st.one_of(st.none(), st.integers(0, 5)),
    "contratante_cpf_cnpj": docs,
    "tipo_pagamento": st.sampled_from(["pix", "conta_corrente", "cartao_pre_pago_ip", "conta_poupanca",
                                       "conta_pagamento", "outros"]),
    "indicador_pagamento": st.sampled_from(["vista", "prazo"]),
    "amount": st.decimals(min_value=0, max_value=10000, places=2, allow_nan=False).map(str),
    "due_date": st.just(TODAY.isoformat()),
    "banco": short, "agencia": short, "conta": short, "titular_cpf_cnpj": docs,
    "codigo_pagamento": st.one_of(st.none(), st.just("chave")),
})
document = st.fixed_dictionaries({
    "kind": st.sampled_from(["nfe", "cte", "mdfe"]),
    "access_key": st.one_of(st.none(), st.just(NFE_KEY), st.text(alphabet="0123456789 ", max_size=50)),
    "number": short, "series": st.one_of(st.none(), st.sampled_from(["1", "01", "A"])),
    "emitter_cnpj": docs, "freight_value": money.map(lambda v: None if v is None else str(v)),
})
vehicle = st.fixed_dictionaries({
    "plate": st.sampled_from(["ABC1D23", "DEF4567", "AB12345", "abc-1234"]),
    "vehicle_kind": st.sampled_from(["automotor", "implemento", "cavalo_trator"]),
    "rntrc": st.one_of(st.none(), st.sampled_from(["12345678", "1", "ABCDEFGHI"])),
    "own_fleet": st.one_of(st.none(), st.booleans()),
})
contratante = st.fixed_dictionaries({
    "cpf_cnpj": st.sampled_from([CALLER_CNPJ, ETC_CNPJ, "11.222.333/0001-00", "x"]),
    "nome": st.just("Contratante"),
    "papel": st.one_of(st.none(), st.sampled_from(["principal", "solidario", "intermediario"])),
    "percentual": st.one_of(st.none(), st.decimals(min_value=0, max_value=100, places=2).map(str)),
})

overrides = st.fixed_dictionaries({}, optional={
    "contratado_cpf_cnpj": st.sampled_from([CONTRATADO_CPF, CALLER_CNPJ, ETC_CNPJ, "52998224700", "1"]),
    "contratado_tipo": st.one_of(st.none(), st.sampled_from(["TAC", "ETC", "CTC"])),
    "equiparado_tac": st.one_of(st.none(), st.booleans()),
    "tipo_operacao": st.sampled_from(["lotacao", "fracionada"]),
    "destinatario_cpf_cnpj": docs, "cpf_cnpj_owner": docs,
    "bank_code": short, "agency": short, "account_number": short,
    "valor_frete": money.map(lambda v: None if v is None else str(v)),
    "codigo_natureza_carga": st.one_of(st.none(), st.just("0001"), st.just(" ")),
    "origem": location, "destino": location,
    "data_declaracao": st.one_of(st.none(), st.integers(-100, 100).map(
        lambda n: (TODAY + timedelta(days=n)).isoformat())),
    "viagem_inicio": moments, "viagem_fim": moments,
    "chave_pix": st.one_of(st.none(), st.just("chave")),
    "tipo_pagamento": st.one_of(st.none(), st.sampled_from(["pix", "conta_corrente", "outros",
                                                            "cartao_pre_pago_ip"])),
    "contratantes": st.lists(contratante, min_size=1, max_size=3),
    "vehicles": st.lists(vehicle, min_size=1, max_size=7),
    "payments": st.lists(payment, max_size=4),
    "documents": st.lists(document, max_size=3),
})
contexts = st.fixed_dictionaries({}, optional={
    "contratado_categoria": st.one_of(st.none(), st.sampled_from(["TAC", "ETC", "CTC", "TAC_EQUIPARADO", "X"])),
    "contratado_etc_company": st.one_of(st.none(), st.just(registered_etc()),
                                        st.just(registered_etc(state_registration=None, has_credentials={}))),
    "environment": st.sampled_from(["homolog", "producao"]),
    "max_advance_percent": st.integers(0, 100),
})


@pytest.mark.slow
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(overrides, contexts)
def test_engine_never_raises_and_items_are_well_formed(changes, ctx_changes):
    body = baseline_body()
    body.update(changes)
    try:
        data = OperationCreate.model_validate(body)
    except ValidationError:
        return  # a 400 at the API, not the engine's business
    kwargs = baseline_context()
    kwargs.update(ctx_changes)
    result = validate_operation(RuleContext(data=data, **kwargs))
    for item in result.items:
        assert item.code in RULES_BY_CODE
        assert item.severity == RULES_BY_CODE[item.code].severity
        assert FIELD_PATH.match(item.field), item
        assert item.message.endswith("."), item
    summary = result.summary()
    assert summary["blockers"] + summary["warnings"] == len(result.items)
    assert summary["ok"] is (summary["blockers"] == 0)
