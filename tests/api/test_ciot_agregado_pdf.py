"""GET /ciot-agregado/operations/{id}/pdf in every status, read back with pypdf: cover, identification, trips,
debits (cancelled ones with their reason), the balance, the consolidated routes once closed, the company's
branding, and the HOMOLOGAÇÃO watermark only in homologation."""
import pytest

from core.db import db
from domain.tenancy import services as tenancy
from tests.api.test_ciot_pdf import pdf_pages, pdf_text
from tests.fixtures.agregado import agregado_body, debit_body, trip_body

BASE = "/ciot-agregado/operations"


def _pdf(api, agregado_id) -> str:
    response = api.get(f"{BASE}/{agregado_id}/pdf")
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert response.mimetype == "application/pdf"
    return response


def test_open_contract_pdf_has_cover_identification_ledger_and_balance(api, open_agregado, company):
    tenancy.update_branding(company, legal_name="Transportes Marca Própria", footer="Rodapé da marca — SAC 0800")
    db.session.commit()
    agg = open_agregado()
    one = f"{BASE}/{agg['id']}"
    api.post(one + "/viagens", json=trip_body(valor=1234.56, peso_carga=20000))
    cancelled = api.post(one + "/viagens", json=trip_body(valor=99, origem_municipio_nome="Santos")).get_json()["data"]
    api.post(f"{one}/viagens/{cancelled['id']}/cancel", json={"motivo": "Viagem não realizada"})
    api.post(one + "/debitos", json=debit_body(valor=234.56, motivo="Adiantamento para diesel"))
    response = _pdf(api, agg["id"])
    assert response.headers["Content-Disposition"] == f'attachment; filename="{agg["code"]}-{agg["codigo_ciot"]}.pdf"'
    pages = pdf_pages(response.data)
    text = "\n".join(pages)
    for expected in ("Contrato de Agregado", agg["code"], agg["codigo_ciot"], "Aberto", "João Agregado da Silva",
                     "ABC1D23", "DEF4G56", "TAC (autônomo)", "Identificação", "Composição", "Campinas/SP → Niterói/RJ",
                     "Embarcadora SA", "R$ 1.234,56", "20.000 kg", "Cancelada: Viagem não realizada",
                     "Adiantamento para diesel", "R$ 234,56", "Saldo", "R$ 1.000,00", "Transportes Marca Própria",
                     "Rodapé da marca — SAC 0800"):
        assert expected in text, expected
    assert "Rotas consolidadas" not in text
    # the cover alone identifies the contract and states the balance (the closing's PDF test checks routes)
    cover = pages[0]
    for expected in (agg["code"], agg["codigo_ciot"], "Contratado (TAC)", "João Agregado da Silva", "RNTRC",
                     "ABC1D23 (Cavalo trator, 3 eixos) + DEF4G56 (Implemento (reboque), 3 eixos)",
                     "Valor contratado", "R$ 15.000,00", "Contratante", "Créditos (viagens ativas)", "R$ 1.234,56",
                     "Débitos (ativos)", "R$ 234,56", "Saldo do transportador", "R$ 1.000,00",
                     "Vale-pedágio (custo do embarcador, fora do saldo)"):
        assert expected in cover, expected
    assert "Embarcadora SA" not in cover  # the ledger starts after the cover
    for page in pages:
        assert "HOMOLOGAÇÃO" in page


def test_closed_contract_pdf_has_the_consolidated_routes(api, open_agregado):
    agg = open_agregado()
    one = f"{BASE}/{agg['id']}"
    api.post(one + "/viagens", json=trip_body(valor=100, peso_carga=1000))
    api.post(one + "/viagens", json=trip_body(valor=200, peso_carga=2000))
    api.post(one + "/encerrar", json={"peso_carga_final": 3000, "motivo": "Fim da safra"})
    text = pdf_text(_pdf(api, agg["id"]).data)
    for expected in ("Encerrado", "Rotas consolidadas", "Campinas/SP → Niterói/RJ", "3.000 kg", "R$ 300,00",
                     "Fim da safra", "527,7 km\n(estimada)"):
        assert expected in text, expected


def test_cancelled_contract_pdf_says_so(api, open_agregado):
    agg = open_agregado()
    api.post(f"{BASE}/{agg['id']}/cancel", json={"motivo": "Contrato desfeito"})
    text = pdf_text(_pdf(api, agg["id"]).data)
    assert "Cancelado" in text and "Contrato desfeito" in text and "Nenhuma viagem lançada" in text


@pytest.fixture
def production(app, company, monkeypatch):
    # This installation ships no production provider; the simulator stands in for it (configuration, not a mock).
    monkeypatch.setitem(app.config, "CIOT_PROVIDER_PRODUCAO", "domain.ciot.provider.HomologSimulator")
    tenancy.set_ciot_credentials(company, "producao", {"usuario": "u", "senha": "s"})
    tenancy.update_company(company, ciot_environment="producao")
    db.session.commit()


def test_production_contract_has_no_watermark(api, make_tac, production):
    agg = api.post(BASE, json=agregado_body(make_tac())).get_json()["data"]
    assert agg["environment"] == "producao"
    text = pdf_text(_pdf(api, agg["id"]).data)
    assert agg["codigo_ciot"] in text and "produção" in text and "HOMOLOGAÇÃO" not in text


def test_another_companys_pdf_is_404(api, make_company, make_api, make_tac):
    other = make_company()
    agg = make_api(other).post(BASE, json=agregado_body(make_tac(other))).get_json()["data"]
    assert api.get(f"{BASE}/{agg['id']}/pdf").status_code == 404
