"""Registry pages: who may read and who may write, tenancy on every route, and statements per list page."""
import pytest

from core.db import db
from core.tenancy import tenant_scope
from domain.fleet import services as fleet
from domain.fleet.models import Driver, Vehicle
from domain.partners.models import Partner
from tests.fixtures.partners import unique_cpf, unique_plate
from tests.web.test_cadastros_helpers import post, text


@pytest.fixture
def records(make_partner, make_bank_account, make_vehicle, make_driver):
    """One of each kind for the default `company`."""
    partner = make_partner()
    return {"partner": partner, "account": make_bank_account(partner), "vehicle": make_vehicle(),
            "driver": make_driver()}


def read_routes(r) -> list[str]:
    p, _a, v, d = r["partner"].id, r["account"].id, r["vehicle"].id, r["driver"].id
    return ["/parceiros", f"/parceiros/{p}", f"/parceiros/{p}/contas", "/veiculos", f"/veiculos/{v}",
            "/motoristas", f"/motoristas/{d}"]


def write_routes(r) -> list[str]:
    p, a, v, d = r["partner"].id, r["account"].id, r["vehicle"].id, r["driver"].id
    return ["/parceiros/novo", f"/parceiros/{p}", f"/parceiros/{p}/desativar", f"/parceiros/{p}/reativar",
            f"/parceiros/{p}/contas", f"/parceiros/{p}/contas/{a}", f"/parceiros/{p}/contas/{a}/excluir",
            "/veiculos/novo", f"/veiculos/{v}", f"/veiculos/{v}/desativar", f"/veiculos/{v}/reativar",
            "/motoristas/novo", f"/motoristas/{d}", f"/motoristas/{d}/desativar", f"/motoristas/{d}/reativar",
            "/veiculos/importar"]


def editor_get_routes(r) -> list[str]:
    p, a = r["partner"].id, r["account"].id
    return ["/parceiros/novo", "/veiculos/novo", "/motoristas/novo", f"/parceiros/{p}/contas/nova",
            f"/parceiros/{p}/contas/{a}/editar", "/veiculos/importar"]


# --- Roles ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("role", ["leitura", "financeiro"])
def test_read_only_roles_see_pages_without_edit_controls(login, make_user, company, records, role):
    client = login(make_user(company, role=role))
    for path in read_routes(records):
        response = client.get(path)
        assert response.status_code == 200, path
        html = text(response)
        for control in ("Novo parceiro", "Novo veículo", "Novo motorista", "Importar planilha", "Desativar",
                        "Reativar", "Salvar alterações", "Adicionar conta", "Editar</button>", "Remover</button>",
                        'type="submit" class="primary"'):
            assert control not in html, (path, control)
    detail = text(client.get(f"/veiculos/{records['vehicle'].id}"))
    assert 'disabled id="plate"' in detail  # the data is shown, read-only


@pytest.mark.parametrize("role", ["leitura", "financeiro"])
def test_read_only_roles_get_403_on_every_write(login, make_user, company, records, role):
    client = login(make_user(company, role=role))
    for path in write_routes(records):
        response = post(client, path, {"plate": unique_plate(), "name": "X", "legal_name": "X"})
        assert response.status_code == 403, path
    for path in editor_get_routes(records):
        assert client.get(path).status_code == 403, path
    db.session.expire_all()
    with tenant_scope(company.id):
        assert db.session.get(Vehicle, records["vehicle"].id).status == "ativo"
        assert db.session.get(Partner, records["partner"].id).is_active
        assert len(db.session.get(Partner, records["partner"].id).bank_accounts) == 1


def test_operator_edits(login, make_user, company, records):
    client = login(make_user(company, role="operador"))
    assert "Novo veículo" in text(client.get("/veiculos"))
    response = post(client, "/motoristas/novo", {"name": "Operado", "cpf": unique_cpf(), "phone": "+5511987654321"})
    assert response.status_code == 200 and "HX-Redirect" in response.headers
    assert post(client, f"/veiculos/{records['vehicle'].id}/desativar").status_code == 200


def test_anonymous_is_sent_to_login(app, records):
    client = app.test_client()
    for path in read_routes(records):
        response = client.get(path)
        assert response.status_code == 302 and "/login" in response.headers["Location"], path


def test_sidebar_links_to_the_pages(login, make_user, company):
    html = text(login(make_user(company, role="leitura")).get("/"))
    for href in ('href="/parceiros"', 'href="/veiculos"', 'href="/motoristas"'):
        assert href in html


# --- Tenancy ---------------------------------------------------------------------------------------

def test_another_company_ids_are_404_on_every_route(login, make_user, company, make_company, make_partner,
                                                    make_bank_account, make_vehicle, make_driver):
    other = make_company()
    partner = make_partner(other)
    theirs = {"partner": partner, "account": make_bank_account(partner), "vehicle": make_vehicle(other),
              "driver": make_driver(other)}
    client = login(make_user(company, role="admin"))
    p, _a = theirs["partner"].id, theirs["account"].id
    gets = [path for path in read_routes(theirs) + editor_get_routes(theirs) if path.count("/") > 1
            and not path.endswith(("/novo", "/importar"))]
    assert len(gets) == 6
    for path in gets:
        assert client.get(path).status_code == 404, path
    posts = [path for path in write_routes(theirs) if not path.endswith(("/novo", "/importar"))]
    assert len(posts) == 12
    for path in posts:
        assert post(client, path, {"plate": unique_plate(), "legal_name": "Roubado",
                                   "bank_code": "001", "agency": "1", "account": "1"}).status_code == 404, path
    db.session.expire_all()
    with tenant_scope(other.id):
        assert db.session.get(Partner, p).legal_name == partner.legal_name and db.session.get(Partner, p).is_active
        assert len(db.session.get(Partner, p).bank_accounts) == 1
        assert db.session.get(Vehicle, theirs["vehicle"].id).status == "ativo"
        assert db.session.get(Driver, theirs["driver"].id).status == "ativo"


def test_own_partner_with_another_company_account_is_404(login, make_user, company, make_company, make_partner,
                                                         make_bank_account):
    mine = make_partner()
    their_account = make_bank_account(make_partner(make_company()))
    client = login(make_user(company))
    assert client.get(f"/parceiros/{mine.id}/contas/{their_account.id}/editar").status_code == 404
    assert post(client, f"/parceiros/{mine.id}/contas/{their_account.id}/excluir").status_code == 404


@pytest.mark.parametrize("path", ["/veiculos/nao-e-uuid", "/motoristas/123", "/parceiros/%00"])
def test_malformed_ids_are_404(login, make_user, company, path):
    assert login(make_user(company)).get(path).status_code == 404


# --- Statements per list page --------------------------------------------------------------------

def test_list_pages_use_a_constant_number_of_statements(login, make_user, company, make_partner, make_bank_account,
                                                        query_counter):
    client = login(make_user(company))
    with tenant_scope(company.id):
        fleet.bulk_create_vehicles(company, [{"plate": unique_plate()} for _ in range(200)])
        fleet.bulk_create_drivers(company, [{"name": f"M {i}", "cpf": unique_cpf(), "phone": "+5511987654321"}
                                            for i in range(200)])
        db.session.commit()
    for _ in range(3):
        make_bank_account(make_partner(roles=["contratado"]))
    counts = {}
    for path in ("/veiculos", "/motoristas", "/parceiros"):
        for limit in (1, 200):
            with query_counter() as statements:
                response = client.get(path, query_string={"limit": limit})
            assert response.status_code == 200
            counts[(path, limit)] = statements()
        assert counts[(path, 1)] == counts[(path, 200)] <= 3, counts
