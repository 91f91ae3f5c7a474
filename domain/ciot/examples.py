"""The documented creation body of a CIOT operation (docs/api/ciot.md and the OpenAPI example): only fields of the
public contract, a TAC lotação São Paulo → Rio de Janeiro above the ANTT floor, dates relative to the day it is
used, so it reaches `pronto_emissao` on any day. tests/api/test_ciot_documented_example.py posts the document's own
copy and checks it is this one."""
from datetime import date, timedelta

# Documents with valid check digits (the example's CPF/CNPJ are the usual test numbers, no real party).
CONTRATADO_CPF = "52998224725"
CONTRATANTE_CNPJ = "11222333000181"
DESTINATARIO_CNPJ = "44555666000181"
EMITTER_CNPJ = "77888999000181"
NFE_ACCESS_KEY = "35261177888999000181550010000123451876543211"


def example_dates(today: date) -> dict:
    """The shell variables of the documented example: $INICIO (tomorrow), $FIM (in 3 days), $VENCIMENTO (in 5)."""
    return {"INICIO": (today + timedelta(days=1)).isoformat(), "FIM": (today + timedelta(days=3)).isoformat(),
            "VENCIMENTO": (today + timedelta(days=5)).isoformat()}


def creation_example(today: date) -> dict:
    """Root bank data for the advance, PIX for the balance; `data_declaracao` omitted (today); cargo type, axles
    and distance informed; composition, high performance, empty return and the PIX key type left to the platform
    (they show as information items)."""
    dates = example_dates(today)
    return {
        "external_id": "ERP-4711",
        "tipo_operacao": "lotacao",
        "contratado_cpf_cnpj": "529.982.247-25",
        "contratado_rntrc": "012345678",
        "contratado_tipo": "TAC",
        "contratado_nome": "João da Silva",
        "origem": {"tipo": "municipio", "uf": "SP", "codigo_municipio": "3550308", "municipio_nome": "São Paulo"},
        "destino": {"tipo": "municipio", "uf": "RJ", "codigo_municipio": "3304557",
                    "municipio_nome": "Rio de Janeiro"},
        "distancia_km": 430,
        "codigo_natureza_carga": "0001",
        "codigo_tipo_carga": 5,
        "peso_carga": 20000,
        "valor_frete": 5000.00,
        "destinatario_cpf_cnpj": DESTINATARIO_CNPJ,
        "destinatario_nome": "Comercial Destino Ltda",
        "bank_code": "001",
        "agency": "1234",
        "account_number": "56789-0",
        "cpf_cnpj_owner": CONTRATADO_CPF,
        "viagem_inicio": dates["INICIO"],
        "viagem_fim": f"{dates['FIM']}T18:00:00",
        "tipo_pagamento": "conta_corrente",
        "indicador_pagamento": "prazo",
        "contratantes": [{"cpf_cnpj": CONTRATANTE_CNPJ, "nome": "Embarcadora Contratante SA", "papel": "principal"}],
        "vehicles": [
            {"plate": "ABC1D23", "vehicle_kind": "cavalo_trator", "rntrc": "012345678", "axles": 3},
            {"plate": "DEF4567", "vehicle_kind": "implemento", "axles": 3},
        ],
        "payments": [
            {"kind": "adiantamento", "contratante_index": 0, "tipo_pagamento": "conta_corrente",
             "indicador_pagamento": "vista", "amount": 1500.00, "due_date": dates["INICIO"],
             "banco": "001", "agencia": "1234", "conta": "56789-0", "titular_cpf_cnpj": CONTRATADO_CPF},
            {"kind": "saldo", "contratante_index": 0, "tipo_pagamento": "pix", "indicador_pagamento": "prazo",
             "amount": 3500.00, "due_date": dates["VENCIMENTO"], "codigo_pagamento": CONTRATADO_CPF},
        ],
        "documents": [{"kind": "nfe", "access_key": NFE_ACCESS_KEY, "number": "12345", "series": "1",
                       "emitter_cnpj": EMITTER_CNPJ, "emitter_name": "Indústria Origem SA",
                       "freight_value": 5000.00, "cargo_weight_kg": 20000}],
    }


def pix_only_example(today: date) -> dict:
    """The same trip paid by PIX only: the key at the root, no bank data, payments without their own keys."""
    body = creation_example(today)
    for name in ("bank_code", "agency", "account_number", "cpf_cnpj_owner"):
        body.pop(name)
    body.update({"tipo_pagamento": "pix", "chave_pix": "529.982.247-25"})
    body["payments"] = [
        {"kind": "adiantamento", "contratante_index": 0, "tipo_pagamento": "pix", "indicador_pagamento": "vista",
         "amount": 1500.00, "due_date": example_dates(today)["INICIO"]},
        {"kind": "saldo", "contratante_index": 0, "tipo_pagamento": "pix", "indicador_pagamento": "prazo",
         "amount": 3500.00, "due_date": example_dates(today)["VENCIMENTO"]},
    ]
    return body
