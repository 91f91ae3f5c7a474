"""What we send, held against the public clients of the same service rather than against our own test server (which
checks only what we taught it). The element names and nesting below are facts read from Unimake/DFe's CIOT test
resources (`source/Unimake.DFe.Test/CIOT/Resources/declaracaoOperacaoTransporte.xml` , an XML
serialisation of the same JSON fields; its `Veiculos/Veiculo` and
`OrigemDestino/ParOrigemDestino` wrappers are JSON lists here) and rumbleh/laravel-ciot-antt's declaration builder.
Where the two disagree, docs/ciot-pef.md says which we follow; those deliberate deviations are listed here too, so a
new field nobody checked fails this test. (The identifier request, `{"CpfCnpj": <declarant>}` as the sample
`gerarIdOperacaoTransporte.xml` has it, is asserted in test_pef_identifier.py.)"""
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
