"""Vehicle and driver pages: list with live search and status filter, "Carregar mais", create/edit with the
API schemas' messages inline, duplicates (409 of the service) shown under the key field, deactivate/reactivate."""
import re
import uuid
from datetime import date
from decimal import Decimal

import pytest

from core.db import db
from core.tenancy import tenant_scope
from domain.fleet.models import Driver, Vehicle
from domain.fleet.schemas import renavam_check_digit
from tests.fixtures.partners import unique_cpf, unique_plate
from tests.web.test_cadastros_helpers import field_errors, fragment, post, row_ids, text, walk_list


@pytest.fixture
def admin(login, make_user, company):
    user = make_user(company, role="admin")
    client = login(user)
    client.user = user
    return client


def fetch(company, model, record_id):
    db.session.expire_all()
    with tenant_scope(company.id):
        return db.session.get(model, uuid.UUID(str(record_id)))


def count(company, model) -> int:
    with tenant_scope(company.id):
        return len(db.session.execute(db.select(model.id)).all())


def valid_renavam(first10="0123456789") -> str:
    return first10 + str(renavam_check_digit(first10))


def vehicle_form(**overrides) -> dict:
    data = {"plate": unique_plate(), "vehicle_type": "truck", "renavam": "", "brand": "Volvo", "model": "FH 540",
            "year": "2021", "capacity_kg": "23000", "status": "ativo", "notes": ""}
    data.update(overrides)
    return data


def driver_form(**overrides) -> dict:
    data = {"name": "João da Silva", "cpf": unique_cpf(), "phone": "+5511987654321", "cnh_number": "",
            "cnh_category": "", "cnh_expires_at": ""}
    data.update(overrides)
    return data


def created_id(response) -> str:
    assert response.status_code == 200, text(response)
    return response.headers["HX-Redirect"].rsplit("/", 1)[-1]


# --- Vehicles: list ----------------------------------------------------------------------------

def test_vehicle_list_search_by_plate_brand_or_model(admin, make_vehicle, make_company):
    volvo = make_vehicle(plate="ABC1D23", brand="Volvo", model="FH")
    scania = make_vehicle(plate="XYZ9876", brand="Scania", model="R450")
    make_vehicle(make_company(), plate="ABC1D24", brand="Volvo")
    assert row_ids(text(fragment(admin, "/veiculos", "results", q="abc-1d"))) == [str(volvo.id)]
    assert row_ids(text(fragment(admin, "/veiculos", "results", q="r450"))) == [str(scania.id)]
    # not the other company's Volvo
    assert row_ids(text(fragment(admin, "/veiculos", "results", q="volvo"))) == [str(volvo.id)]
    empty = text(fragment(admin, "/veiculos", "results", q="nada"))
    assert row_ids(empty) == [] and "Nenhum veículo encontrado" in empty


def test_vehicle_list_shows_plates_formatted(admin, make_vehicle):
    make_vehicle(plate="KLM4321")
    rows = text(fragment(admin, "/veiculos", "results"))
    assert 'class="plate">KLM-4321</a>' in rows and "KLM4321" not in rows


def test_vehicle_status_filter(admin, make_vehicle):
    active = make_vehicle()
    shop = make_vehicle(status="manutencao")
    gone = make_vehicle(status="inativo")
    assert row_ids(text(fragment(admin, "/veiculos", "results", status="manutencao"))) == [str(shop.id)]
    assert row_ids(text(fragment(admin, "/veiculos", "results", status="inativo"))) == [str(gone.id)]
    assert set(row_ids(text(admin.get("/veiculos")))) == {str(active.id), str(shop.id), str(gone.id)}
    assert admin.get("/veiculos", query_string={"status": "sumido"}).status_code == 400
    # the filter form as a browser sends it: "Todos" is an empty value, not a bad one
    everything = fragment(admin, "/veiculos", "results", q="", status="")
    assert everything.status_code == 200 and len(row_ids(text(everything))) == 3


def test_vehicle_list_shows_formatted_values(admin, make_vehicle):
    make_vehicle(plate="ABC1D23", capacity_kg="23000.5", year=2020)
    html = text(admin.get("/veiculos"))
    assert "ABC1D23" in html and "23.000,5 kg" in html and "2020" in html


def test_vehicle_load_more(admin, company, make_vehicle):
    from domain.fleet import services
    with tenant_scope(company.id):
        services.bulk_create_vehicles(company, [{"plate": unique_plate()} for _ in range(120)])
        db.session.commit()
    seen = walk_list(admin, "/veiculos")
    assert len(seen) == len(set(seen)) == 120
    assert len(walk_list(admin, "/veiculos", limit=7)) == 120


def test_load_more_without_htmx_is_a_full_page(admin, make_vehicle):
    for _ in range(3):
        make_vehicle()
    html = text(admin.get("/veiculos", query_string={"limit": 2}))
    assert len(row_ids(html)) == 2
    page2 = admin.get(_more(html))
    assert page2.status_code == 200 and "<html" in text(page2) and len(row_ids(text(page2))) == 1


def _more(html):
    return re.search(r'<a class="button" href="([^"]+)" hx-get', html).group(1).replace("&amp;", "&")


# --- Vehicles: create / edit -----------------------------------------------------------------------

def test_create_vehicle(admin, company):
    renavam = valid_renavam()
    response = post(admin, "/veiculos/novo", vehicle_form(plate="abc-1d23", renavam=renavam, capacity_kg="23.000,50",
                                                       status="manutencao", notes="  baú  ", axles="3"))
    vehicle = fetch(company, Vehicle, created_id(response))
    assert vehicle.axles == 3
    assert (vehicle.plate, vehicle.renavam, vehicle.capacity_kg, vehicle.status, vehicle.notes) == (
        "ABC1D23", renavam, Decimal("23000.50"), "manutencao", "baú")
    assert vehicle.year == 2021 and vehicle.created_by_user_id == admin.user.id
    assert "Veículo cadastrado." in text(admin.get(f"/veiculos/{vehicle.id}"))


def test_vehicle_edit_form_shows_numbers_the_pt_br_way_and_saves_them_unchanged(admin, make_vehicle, company):
    vehicle = make_vehicle(plate="ABC1D23", capacity_kg="23000.5")
    html = text(admin.get(f"/veiculos/{vehicle.id}"))
    assert re.search(r'name="capacity_kg"[^>]*value="23.000,5"|value="23.000,5"[^>]*name="capacity_kg"', html)
    assert 'inputmode="decimal"' in html and 'data-mask="plate"' in html
    form = vehicle_form(plate="ABC1D23", capacity_kg="23.000,5")
    form["renavam"] = vehicle.renavam or ""
    saved = post(admin, f"/veiculos/{vehicle.id}", form)  # as htmx posts it: a 200 naming the page to go to
    assert saved.status_code == 200 and saved.headers.get("HX-Redirect") == f"/veiculos/{vehicle.id}", text(saved)
    assert fetch(company, Vehicle, vehicle.id).capacity_kg == Decimal("23000.5")


@pytest.mark.parametrize("overrides, field, message", [
    ({"plate": "AB-12"}, "plate", "Placa inválida: use AAA9999 ou o padrão Mercosul AAA9A99."),
    ({"plate": ""}, "plate", "Placa inválida"),
    ({"renavam": "12345678901"}, "renavam", "RENAVAM inválido (dígito verificador não confere)."),
    ({"renavam": "123"}, "renavam", "RENAVAM deve ter 11 dígitos"),
    ({"year": "1900"}, "year", "Ano de fabricação deve estar entre 1950"),
    ({"year": "dois mil"}, "year", "Deve ser um número inteiro."),
    ({"capacity_kg": "muito"}, "capacity_kg", "Número inválido: use vírgula para os decimais"),
    ({"capacity_kg": "23000.50"}, "capacity_kg", "Número inválido: use vírgula para os decimais"),  # never 2.300.050
    ({"capacity_kg": "1,2345"}, "capacity_kg", "Use no máximo 3 casa(s) decimal(is)"),
    ({"capacity_kg": "12,3,4"}, "capacity_kg", "Número inválido: use vírgula para os decimais"),
    ({"capacity_kg": "1,234.56"}, "capacity_kg", "Número inválido: use vírgula para os decimais"),  # English typing
    ({"capacity_kg": "1e5"}, "capacity_kg", "Número inválido: use vírgula para os decimais"),
    ({"capacity_kg": "-5"}, "capacity_kg", "Deve ser maior ou igual a 0."),
    ({"axles": "0"}, "axles", "Deve ser maior ou igual a 1."),
    ({"status": "vendido"}, "status", "Valor não permitido"),
    ({"brand": "x" * 61}, "brand", "Deve ter no máximo 60 caracteres."),
    ({"notes": "x" * 2001}, "notes", "Deve ter no máximo 2000 caracteres."),
])
def test_create_vehicle_errors_inline(admin, company, overrides, field, message):
    response = post(admin, "/veiculos/novo", vehicle_form(**overrides))
    assert response.status_code == 422
    html = text(response)
    assert 'id="vehicle-form"' in html and "<html" not in html
    assert any(message in e for e in field_errors(html, field)), (field, field_errors(html, field))
    assert count(company, Vehicle) == 0


def test_several_errors_at_once(admin):
    html = text(post(admin, "/veiculos/novo", vehicle_form(plate="x", year="1800", renavam="1")))
    assert field_errors(html, "plate") and field_errors(html, "year") and field_errors(html, "renavam")
    assert not field_errors(html, "brand")


def test_duplicate_plate_shown_under_plate(admin, make_vehicle, company):
    make_vehicle(plate="ABC1D23")
    response = post(admin, "/veiculos/novo", vehicle_form(plate="abc1d23"))
    assert response.status_code == 422
    assert field_errors(text(response), "plate") == ["Placa já cadastrada."]
    assert count(company, Vehicle) == 1


def test_edit_vehicle(admin, make_vehicle, company):
    vehicle = make_vehicle(plate="ABC1D23", brand="Volvo", notes="x")
    form = text(admin.get(f"/veiculos/{vehicle.id}"))
    assert 'value="ABC1D23"' in form and 'value="Volvo"' in form
    response = post(admin, f"/veiculos/{vehicle.id}", vehicle_form(plate="ABC1D23", brand="Scania", notes="",
                                                                 year="", capacity_kg=""))
    assert response.headers["HX-Redirect"] == f"/veiculos/{vehicle.id}"
    saved = fetch(company, Vehicle, vehicle.id)
    assert (saved.brand, saved.notes, saved.year, saved.capacity_kg) == ("Scania", None, None, None)


def test_edit_vehicle_errors(admin, make_vehicle, company):
    vehicle = make_vehicle(plate="ABC1D23")
    make_vehicle(plate="XYZ9876")
    response = post(admin, f"/veiculos/{vehicle.id}", vehicle_form(plate="XYZ-9876"))
    assert response.status_code == 422 and field_errors(text(response), "plate") == ["Placa já cadastrada."]
    response = post(admin, f"/veiculos/{vehicle.id}", vehicle_form(plate="ABC1D23", year="3000"), htmx=False)
    assert response.status_code == 422 and "<html" in text(response) and field_errors(text(response), "year")
    assert fetch(company, Vehicle, vehicle.id).plate == "ABC1D23"


def test_vehicle_deactivate_and_reactivate(admin, make_vehicle, company):
    vehicle = make_vehicle()
    assert post(admin, f"/veiculos/{vehicle.id}/desativar").headers["HX-Redirect"] == f"/veiculos/{vehicle.id}"
    assert fetch(company, Vehicle, vehicle.id).status == "inativo"
    html = text(admin.get(f"/veiculos/{vehicle.id}"))
    assert "Veículo desativado (inativo)." in html and "Reativar" in html and ">Desativar<" not in html
    assert post(admin, f"/veiculos/{vehicle.id}/reativar", htmx=False).status_code == 302
    assert fetch(company, Vehicle, vehicle.id).status == "ativo"


def test_maintenance_vehicle_can_be_deactivated(admin, make_vehicle, company):
    vehicle = make_vehicle(status="manutencao")
    assert "Desativar" in text(admin.get(f"/veiculos/{vehicle.id}"))
    post(admin, f"/veiculos/{vehicle.id}/desativar")
    assert fetch(company, Vehicle, vehicle.id).status == "inativo"


# --- Drivers -----------------------------------------------------------------------------------

def test_driver_list_search_and_filter(admin, make_driver):
    ana = make_driver(name="Ana Souza", cpf="52998224725")
    bruno = make_driver(name="Bruno Lima", status="inativo")
    assert row_ids(text(fragment(admin, "/motoristas", "results", q="souza"))) == [str(ana.id)]
    assert row_ids(text(fragment(admin, "/motoristas", "results", q="529.982"))) == [str(ana.id)]
    assert row_ids(text(fragment(admin, "/motoristas", "results", status="inativo"))) == [str(bruno.id)]
    assert row_ids(text(fragment(admin, "/motoristas", "results", q=" ", status=""))) == [str(bruno.id), str(ana.id)]
    html = text(admin.get("/motoristas"))
    assert "529.982.247-25" in html


def test_driver_load_more(admin, make_driver):
    ids = [str(make_driver().id) for _ in range(5)]
    assert walk_list(admin, "/motoristas", limit=2) == ids[::-1]


def test_create_driver_with_formatted_cpf_and_local_phone(admin, company):
    cpf = unique_cpf()
    response = post(admin, "/motoristas/novo", driver_form(
        cpf=f"{cpf[:3]}.{cpf[3:6]}.{cpf[6:9]}-{cpf[9:]}", phone="(11) 98765-4321", cnh_number="12345678901",
        cnh_category="E", cnh_expires_at="2030-05-01", has_mopp="y"))
    driver = fetch(company, Driver, created_id(response))
    assert (driver.cpf, driver.phone, driver.cnh_category, driver.cnh_expires_at, driver.has_mopp) == (
        cpf, "+5511987654321", "E", date(2030, 5, 1), True)
    assert driver.created_by_user_id == admin.user.id


@pytest.mark.parametrize("overrides, field, message", [
    ({"cpf": "111.444.777-00"}, "cpf", "CPF inválido (dígito verificador não confere)."),
    ({"cpf": "123"}, "cpf", "CPF deve ter 11 dígitos."),
    ({"phone": "12345"}, "phone", "Telefone deve estar no formato E.164"),
    ({"phone": ""}, "phone", "Telefone deve estar no formato E.164"),
    ({"name": ""}, "name", "Deve ter pelo menos 1 caracteres."),
    ({"cnh_number": "123"}, "cnh_number", "Número da CNH (registro) deve ter 11 dígitos."),
    ({"cnh_category": "Z"}, "cnh_category", "Valor não permitido"),
    ({"cnh_expires_at": "31/12/2030"}, "cnh_expires_at", "Data inválida"),
])
def test_create_driver_errors_inline(admin, company, overrides, field, message):
    response = post(admin, "/motoristas/novo", driver_form(**overrides))
    assert response.status_code == 422
    assert any(message in e for e in field_errors(text(response), field)), field_errors(text(response), field)
    assert count(company, Driver) == 0


def test_duplicate_cpf_shown_under_cpf(admin, make_driver, company):
    driver = make_driver()
    response = post(admin, "/motoristas/novo", driver_form(cpf=driver.cpf))
    assert response.status_code == 422 and field_errors(text(response), "cpf") == ["CPF já cadastrado."]


def test_edit_driver(admin, make_driver, company):
    driver = make_driver(name="Carlos", cnh_expires_at="2029-01-31", cnh_category="C")
    html = text(admin.get(f"/motoristas/{driver.id}"))
    assert 'value="2029-01-31"' in html and '<option selected value="C">' in html
    response = post(admin, f"/motoristas/{driver.id}", driver_form(cpf=driver.cpf, name="Carlos Alberto",
                                                                    cnh_category="", cnh_expires_at=""))
    assert response.status_code == 200, text(response)
    saved = fetch(company, Driver, driver.id)
    assert (saved.name, saved.cnh_category, saved.cnh_expires_at, saved.status) == (
        "Carlos Alberto", None, None, "ativo")
    bad = post(admin, f"/motoristas/{driver.id}", driver_form(cpf=driver.cpf, phone="abc"))
    assert bad.status_code == 422 and field_errors(text(bad), "phone")


def test_driver_deactivate_and_reactivate(admin, make_driver, company):
    driver = make_driver()
    post(admin, f"/motoristas/{driver.id}/desativar")
    assert fetch(company, Driver, driver.id).status == "inativo"
    assert "Reativar" in text(admin.get(f"/motoristas/{driver.id}"))
    post(admin, f"/motoristas/{driver.id}/reativar")
    assert fetch(company, Driver, driver.id).status == "ativo"


def test_page_created_records_are_the_api_records(admin, api):
    vehicle_id = created_id(post(admin, "/veiculos/novo", vehicle_form(plate="QWE1R23")))
    body = api.get(f"/vehicles/{vehicle_id}").get_json()["data"]
    assert body["plate"] == "QWE1R23" and body["capacity_kg"] == 23000.0
    conflict = api.post("/vehicles", json={"plate": "QWE-1R23"})
    assert conflict.status_code == 409 and conflict.get_json()["error"]["existing_id"] == vehicle_id
