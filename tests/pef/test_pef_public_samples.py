"""What we send, held against the public clients of the same service rather than against our own test server (which
checks only what we taught it). The element names and nesting below are facts read from Unimake/DFe's CIOT test
resources (`source/Unimake.DFe.Test/CIOT/Resources/declaracaoOperacaoTransporte.xml` , an XML
serialisation of the same JSON fields; its `Veiculos/Veiculo` and
`OrigemDestino/ParOrigemDestino` wrappers are JSON lists here) and rumbleh/laravel-ciot-antt's declaration builder.
Where the two disagree, docs/ciot-pef.md says which we follow; those deliberate deviations are listed here too, so a
new field nobody checked fails this test. (The identifier request, `{"CpfCnpj": <declarant>}` as the sample
`gerarIdOperacaoTransporte.xml` has it, is asserted in test_pef_identifier.py.)

The cancellation, closing and rectification bodies, as sent to the PEF test server through the API, are compared
element by element (names, nesting, presence) with Unimake's `cancelamentoOperacaoTransporte.xml`,
`encerramentoOperacaoTransporte.xml` and `retificacaoOperacaoTransporte.xml`; where ours differs, the difference is
listed with its reason (docs/ciot-pef.md, "Cancel, close and rectify against the samples"), and any other fails."""
from core.db import db
from domain.ciot.clock import now_local
from domain.ciot.pef import payloads
from domain.ciot.provider import Issuer
from domain.tenancy.models import Company
from tests.fixtures.ciot import load_op

# DeclaracaoOperacaoTransporte as the public sample writes it (ProvedorCIOT is the SOAP envelope's, not JSON's).
SAMPLE_ROOT = {"IdOperacaoTransporte", "TipoOperacao", "CpfCnpjContratado", "RNTRCContratado", "CpfCnpjContratante",
               "RNTRCContratante", "CpfCnpjDestinatario", "ValorFrete", "DataDeclaracao", "IndContingencia",
               "DataInicioViagem", "DataFimViagem", "Veiculos", "OrigemDestino", "DadosCarga", "InfPagamento",
               "InfIndicadoresOperacionais"}
SAMPLE_VEHICLE = {"Placa", "RNTRCVeiculo", "NumeroEixos"}
SAMPLE_ROUTE = {"Origem", "Destino", "DistanciaPercorrida"}
SAMPLE_PLACE = {"CodigoMunicipio", "Cep", "Latitude", "Longitude"}  # + Origem / Destino
SAMPLE_CARGO = {"CodigoNaturezaCarga", "PesoCarga", "CodigoTipoCarga", "ContratantesCargFrac"}
SAMPLE_PAYMENT = {"TipoPagamento", "ChavePix", "CpfCnpjCreditado", "IdentificadorPix", "IndPagamento",
                  "NumeroParcela", "DataVencimento", "ValorParcela"}
SAMPLE_INDICATORS = {"IndAltoDesempenho", "IndRetornoVazio", "ComposicaoVeicular"}
# Fields of the manual the Unimake sample does not show, each sent by rumbleh's builder or named by the manual.
ALSO_NAMED = {
    "root": {"JustificativaContingencia"},  # rumbleh; only with IndContingencia true
    "vehicle": {"RNTRC"},  # rumbleh's spelling of the vehicle's RNTRC (docs/ciot-pef.md, disagreement 1)
    "route": {"QtdViagens"},  # rumbleh (TAC agregado routes)
    "payment": {"CodigoInstituicaoFinanceira", "NumeroAgencia", "NumeroConta", "CodigoPagamento"},  # rumbleh
}


def declaration_of(op, company) -> dict:
    return payloads.operation_declaration(op, Issuer.from_company(company), "123456789012", now_local())


def unknown_names(body: dict) -> list[str]:
    """Every name in `body` that neither public client nor the listed deviations use, with its path."""
    found = [f"/{name}" for name in set(body) - SAMPLE_ROOT - ALSO_NAMED["root"]]
    for vehicle in body.get("Veiculos", []):
        found += [f"/Veiculos/{name}" for name in set(vehicle) - SAMPLE_VEHICLE - ALSO_NAMED["vehicle"]]
    for pair in body.get("OrigemDestino", []):
        found += [f"/OrigemDestino/{name}" for name in set(pair) - SAMPLE_ROUTE - ALSO_NAMED["route"]]
        for side in ("Origem", "Destino"):
            names = {name.removesuffix(side) for name in pair.get(side, {})}
            found += [f"/OrigemDestino/{side}/{name}{side}" for name in names - SAMPLE_PLACE]
    found += [f"/DadosCarga/{name}" for name in set(body.get("DadosCarga", {})) - SAMPLE_CARGO]
    for payment in body.get("InfPagamento", []):
        found += [f"/InfPagamento/{name}" for name in set(payment) - SAMPLE_PAYMENT - ALSO_NAMED["payment"]]
    found += [f"/InfIndicadoresOperacionais/{name}"
              for name in set(body.get("InfIndicadoresOperacionais", {})) - SAMPLE_INDICATORS]
    return sorted(found)


def test_a_lotacao_and_a_fracionada_use_only_the_public_clients_names(make_operation, company):
    for tipo in ("lotacao", "fracionada"):
        body = declaration_of(load_op(make_operation(tipo_operacao=tipo).id), db.session.get(Company, company.id))
        assert unknown_names(body) == [], tipo
        # the shapes the sample has: lists of vehicles, of route pairs and of payments; the shippers a list of
        # documents; PIX payments carry their key and identifier
        assert isinstance(body["Veiculos"], list) and isinstance(body["OrigemDestino"], list)
        assert isinstance(body["InfPagamento"], list) and body["InfPagamento"]
        if tipo == "fracionada":
            assert all(doc.isdigit() for doc in body["DadosCarga"]["ContratantesCargFrac"])
        for payment in body["InfPagamento"]:
            if payment["TipoPagamento"] == 6:
                assert payment["ChavePix"] and payment["IdentificadorPix"]


# Values of Unimake's declaracaoOperacaoTransporte.xml, for their form (XML text; JSON numbers and booleans here).
SAMPLE_VALUES = {"TipoOperacao": 1, "ValorFrete": "1500.50", "DataDeclaracao": "2026-05-25T10:00:00-03:00",
                 "IndContingencia": False, "DataInicioViagem": "2026-05-25", "DataFimViagem": "2026-05-26"}
SAMPLE_ROUTE_VALUES = {"DistanciaPercorrida": 500}


def form(value) -> str:
    """A value's form: its type, and for text each digit as 9 and each letter as A (`2026-05-25` → `9999-99-99`)."""
    if isinstance(value, bool | int):
        return type(value).__name__
    return "".join("9" if ch.isdigit() else "A" if ch.isalpha() else ch for ch in str(value))


def test_a_declarations_values_have_the_samples_form(make_operation, company):
    # The moment with Brasília's offset as the sample writes it (a third public client, built against the
    # homologation service, reports a moment without offset refused as out of the authority's tolerance).
    body = declaration_of(load_op(make_operation(tipo_operacao="lotacao").id), db.session.get(Company, company.id))
    assert {name: form(body[name]) for name in SAMPLE_VALUES if name in body} == {
        name: form(value) for name, value in SAMPLE_VALUES.items() if name in body}
    assert form(body["OrigemDestino"][0]["DistanciaPercorrida"]) == form(SAMPLE_ROUTE_VALUES["DistanciaPercorrida"])
    assert {"DataDeclaracao", "ValorFrete", "TipoOperacao", "IndContingencia"} <= set(body)


def test_the_form_check_tells_a_moment_without_offset():
    assert form("2026-12-07T10:00:00") != form(SAMPLE_VALUES["DataDeclaracao"])
    assert form("1500.5") != form(SAMPLE_VALUES["ValorFrete"]) and form(500.0) != form(500)


def test_the_check_finds_a_name_no_public_client_uses():
    body = {"IdOperacaoTransporte": "1", "Veiculos": [{"Placa": "ABC1D23", "Eixos": "2"}],
            "OrigemDestino": [{"Origem": {"CodigoMunicipioOrigem": "4106902"}, "Destino": {"MunicipioDestino": "x"}}],
            "InfPagamento": [{"TipoPagamento": 6, "Pix": "k"}], "Contratantes": []}
    assert unknown_names(body) == ["/Contratantes", "/InfPagamento/Pix", "/OrigemDestino/Destino/MunicipioDestino",
                                   "/Veiculos/Eixos"]



def test_the_homologation_cases_use_only_the_public_clients_names(company):
    """`flask ciot homologacao` builds its lotação and fracionada in memory: what it sends is held to the same names."""
    from domain.ciot.pef.homologation import Carrier, operation_case
    record = db.session.get(Company, company.id)
    for tipo in ("lotacao", "fracionada"):
        body = declaration_of(operation_case(record, Carrier(), tipo), record)
        assert unknown_names(body) == [], tipo
        assert body["InfPagamento"][0]["ChavePix"] and body["InfPagamento"][0]["IdentificadorPix"]


# --- cancel, close, rectify ----------------------------------------------------------------------------------------
# The three samples' shapes: element → nested shape (None: a value). Their XML list wrapper
# `OrigemDestino/ParOrigemDestino` is the JSON list `OrigemDestino` (a one-item list here); `ProvedorCIOT`, in one
# version of the rectification sample, belongs to the SOAP envelope, not to the JSON body.
SAMPLE_PAIR_PLACES = {"Origem": {"CodigoMunicipioOrigem": None, "CepOrigem": None},
                      "Destino": {"CodigoMunicipioDestino": None, "CepDestino": None}}
SAMPLES = {
    "CancelamentoOperacaoTransporte": {"CodigoIdentificacaoOperacao": None, "MotivoCancelamento": None},
    "EncerramentoOperacaoTransporte": {
        "CodigoIdentificacaoOperacao": None,
        "OrigemDestino": [{**SAMPLE_PAIR_PLACES, "DistanciaPercorrida": None, "QtdViagens": None}],
        "DadosCarga": {"PesoTotalCarga": None}},
    "RetificacaoOperacaoTransporte": {
        "CodigoIdentificacaoOperacao": None, "ValorFrete": None, "DataFimViagem": None,
        "OrigemDestino": [dict(SAMPLE_PAIR_PLACES)],
        "DadosCarga": {"CodigoNaturezaCarga": None, "PesoCarga": None, "CodigoTipoCarga": None}},
}
# Our deliberate differences, by case: (names we send that the sample lacks, names of the sample we leave out).
ONE_KIND_PER_SIDE = ["/OrigemDestino[]/Destino/CepDestino", "/OrigemDestino[]/Origem/CepOrigem"]  # disagreement 5
DEVIATIONS = {
    "cancel (operation)": ([], []),
    "cancel (TAC agregado)": ([], []),
    "close (fracionada)": ([], ["/OrigemDestino"]),  # rule B44: no routes for lotação or fracionada
    "close (TAC agregado)": ([], ONE_KIND_PER_SIDE),
    # the fracionada's shippers in its cargo (rumbleh's DadosCarga, the manual's item 5, rule B119); the routes and
    # the trip's end only for a TAC agregado, or when the end changes (rules B57/B64)
    "rectify (fracionada)": (["/DadosCarga/ContratantesCargFrac"], ["/DataFimViagem", "/OrigemDestino"]),
    # a TAC agregado declares no cargo (rules B56/B62), so its rectification carries none
    "rectify (TAC agregado)": ([], ["/DadosCarga", *ONE_KIND_PER_SIDE]),
}


def differences(ours, sample, path: str = "") -> tuple[list[str], list[str]]:
    """(paths of names in `ours` the sample does not have, or nested otherwise; paths of the sample's names `ours`
    lacks), element by element."""
    if isinstance(sample, list):
        if not isinstance(ours, list) or not ours:
            return [f"{path} (not a list)"], []
        extra, missing = set(), set()
        for item in ours:  # each item of ours against the sample's one
            more, less = differences(item, sample[0], f"{path}[]")
            extra.update(more)
            missing.update(less)
        return sorted(extra), sorted(missing)
    if isinstance(sample, dict):
        if not isinstance(ours, dict):
            return [f"{path} (not an object)"], []
        extra = [f"{path}/{name}" for name in set(ours) - set(sample)]
        missing = [f"{path}/{name}" for name in set(sample) - set(ours)]
        for name in set(ours) & set(sample):
            more, less = differences(ours[name], sample[name], f"{path}/{name}")
            extra += more
            missing += less
        return sorted(extra), sorted(missing)
    if isinstance(ours, (dict, list)):
        return [f"{path} (nested, the sample's is a value)"], []
    return [], []


def sent(pef, service: str) -> dict:
    return pef.server.calls(service)[-1]["request"]


def test_cancel_close_and_rectify_bodies_match_the_public_samples(api, make_operation, make_tac, pef, legacy):
    from tests.fixtures.agregado import agregado_body, trip_body
    bodies = {}
    ops = [make_operation(status="emitido", tipo_operacao="fracionada") for _ in range(3)]
    assert api.post(f"/ciot/operations/{ops[0].id}/cancel", json={"motivo": "Carga desistida"}).status_code == 200
    bodies["cancel (operation)"] = sent(pef, "CancelamentoOperacaoTransporte")
    assert api.post(f"/ciot/operations/{ops[1].id}/encerrar", json={"peso_carga_final": 19000}).status_code == 200
    bodies["close (fracionada)"] = sent(pef, "EncerramentoOperacaoTransporte")
    assert api.post(f"/ciot/operations/{ops[2].id}/retificar", json={"peso_carga": 21000}).status_code == 200
    bodies["rectify (fracionada)"] = sent(pef, "RetificacaoOperacaoTransporte")

    base = "/ciot-agregado/operations"
    cancelled, rectified, closed = (api.post(base, json=agregado_body(make_tac())).get_json()["data"]["id"]
                                    for _ in range(3))
    assert api.post(f"{base}/{cancelled}/cancel", json={"motivo": "Desistência"}).status_code == 200
    bodies["cancel (TAC agregado)"] = sent(pef, "CancelamentoOperacaoTransporte")
    assert api.post(f"{base}/{rectified}/retificar", json={"valor_contratado": 16000}).status_code == 200
    bodies["rectify (TAC agregado)"] = sent(pef, "RetificacaoOperacaoTransporte")
    assert api.post(f"{base}/{closed}/viagens", json=trip_body()).status_code == 201
    assert api.post(f"{base}/{closed}/encerrar", json={"peso_carga_final": 12000, "motivo": "Fim do período"}
                    ).status_code == 200
    bodies["close (TAC agregado)"] = sent(pef, "EncerramentoOperacaoTransporte")

    services = {"cancel": "CancelamentoOperacaoTransporte", "close": "EncerramentoOperacaoTransporte",
                "rectify": "RetificacaoOperacaoTransporte"}
    found = {case: differences(body, SAMPLES[services[case.split()[0]]]) for case, body in bodies.items()}
    assert found == {case: (sorted(extra), sorted(missing)) for case, (extra, missing) in DEVIATIONS.items()}


def test_the_element_check_finds_a_name_or_a_nesting_the_sample_does_not_have():
    closing = {"CodigoIdentificacaoOperacao": "1", "DadosCarga": [{"PesoTotalCarga": "1.00"}],
               "OrigemDestino": [{"Origem": {"CodigoMunicipioOrigem": "1"}, "Destino": {"Municipio": "x"},
                                  "DistanciaPercorrida": {"km": 1}, "QtdViagens": 1}], "PesoCarga": "1.00"}
    assert differences(closing, SAMPLES["EncerramentoOperacaoTransporte"]) == (
        ["/DadosCarga (not an object)", "/OrigemDestino[]/Destino/Municipio",
         "/OrigemDestino[]/DistanciaPercorrida (nested, the sample's is a value)", "/PesoCarga"],
        ["/OrigemDestino[]/Destino/CepDestino", "/OrigemDestino[]/Destino/CodigoMunicipioDestino",
         "/OrigemDestino[]/Origem/CepOrigem"])
