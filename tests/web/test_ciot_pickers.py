"""Registry pickers of the CIOT creation form (blueprints/web/ciot_pickers.py): what each search offers and what an
option fills, the CNH flag of drivers, "Salvar como parceiro", roles and tenancy."""
import html as html_lib
import json
import re
from datetime import timedelta

import pytest
import sqlalchemy as sa

from core.clock import brasilia_today
from core.db import db
from domain.partners.models import Partner
from tests.fixtures.core import csrf_from

HX = {"HX-Request": "true"}


@pytest.fixture
def operador(login, make_user, company):
    client = login(make_user(company, role="operador"))
    client.csrf = csrf_from(client.get("/ciot/nova").get_data(as_text=True))
    return client


def options(client, source, target, q):
    response = client.get(f"/ciot/nova/cadastro/{source}", query_string={"alvo": target, "q": q}, headers=HX)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    page = response.get_data(as_text=True)
    found = []
    for attrs, body in re.findall(r'<li role="option" id="[^"]+"([^>]*)>(.*?)</li>', page, re.S):
        fill = json.loads(html_lib.unescape(re.search(r'data-fill="([^"]*)"', attrs).group(1)))
        note = re.search(r'data-note="([^"]*)"', attrs)
        found.append({"fill": fill, "text": re.sub(r"<[^>]+>|\s+", " ", body).strip(),
                      "note": html_lib.unescape(note.group(1)) if note else None})
    return found, page


def save(client, target, data):
    return client.post("/ciot/nova/parceiro", query_string={"alvo": target}, data=data,
                       headers=HX | {"X-CSRFToken": client.csrf})


def partners_named(name):
    return db.session.scalars(sa.select(Partner).where(Partner.legal_name == name)
                              .execution_options(cross_tenant=True)).all()


def test_the_form_has_a_combobox_per_party_and_vehicle(operador):
    html = operador.get("/ciot/nova").get_data(as_text=True)
    for picker_id, url in (("pick-contratado", "/ciot/nova/cadastro/parceiros?alvo=contratado"),
                           ("pick-contratado-motorista", "/ciot/nova/cadastro/motoristas?alvo=contratado"),
                           ("pick-destinatario", "/ciot/nova/cadastro/parceiros?alvo=destinatario"),
                           ("pick-contratantes-0", "/ciot/nova/cadastro/parceiros?alvo=contratantes%5B0%5D"),
                           ("pick-vehicles-0", "/ciot/nova/cadastro/veiculos?alvo=vehicles%5B0%5D")):
        tag = re.search(rf'<input id="{picker_id}"[^>]*>', html).group(0)
        assert 'role="combobox"' in tag and f'aria-controls="{picker_id}-list"' in tag, picker_id
        assert 'aria-expanded="false"' in tag and f'hx-get="{url}"' in tag, picker_id
        assert f'form="{picker_id}-search"' in tag  # belongs to no form: never posted with the operation
        assert re.search(rf'<ul id="{picker_id}-list" class="picker-list" role="listbox"', html)
    row = operador.get("/ciot/nova/linha/contratantes?index=4", headers=HX).get_data(as_text=True)
    assert 'id="pick-contratantes-4"' in row and "alvo=contratantes%5B4%5D" in row and "Salvar como parceiro" in row


def test_partner_fills_the_contratado_with_rntrc_category_and_bank_data(operador, make_partner, make_bank_account,
                                                                         make_company):
    carrier = make_partner(person_kind="pf", cpf_cnpj="52998224725", legal_name="João Transportes da Silva",
                           rntrc="012345678", rntrc_categoria="TAC", roles=["contratado"])
    make_bank_account(carrier, bank_code="001", agency="1234", account="56789-0", pix_key="52998224725")
    make_partner(make_company(), legal_name="João Transportes de Outra Empresa")  # never offered
    found, _ = options(operador, "parceiros", "contratado", "joão transp")
    assert len(found) == 1 and "João Transportes da Silva" in found[0]["text"]
    assert "529.982.247-25" in found[0]["text"] and "RNTRC 012345678" in found[0]["text"]
    assert found[0]["fill"] == {
        "contratado_cpf_cnpj": "529.982.247-25", "contratado_nome": "João Transportes da Silva",
        "contratado_rntrc": "012345678", "contratado_tipo": "TAC", "equiparado_tac": "",
        "cpf_cnpj_owner": "529.982.247-25", "bank_code": "001", "agency": "1234", "account_number": "56789-0",
        "chave_pix": "52998224725", "tipo_chave_pix": "cpf"}


def test_an_equiparada_etc_and_a_partner_without_bank_data(operador, make_partner):
    make_partner(legal_name="Frota Equiparada Ltda", rntrc="123456789", rntrc_categoria="TAC_EQUIPARADO")
    [option], _ = options(operador, "parceiros", "contratado", "equiparada")
    assert option["fill"]["contratado_tipo"] == "ETC" and option["fill"]["equiparado_tac"] == "true"
    assert "bank_code" not in option["fill"]  # nothing to fill: what was typed stays


def test_partner_fills_a_contratante_row_and_the_destinatario(operador, make_partner):
    make_partner(cpf_cnpj="11222333000181", legal_name="Embarcadora Contratante SA", rntrc="987654321")
    [row], _ = options(operador, "parceiros", "contratantes[3]", "11.222.333")
    assert row["fill"] == {"contratantes[3].cpf_cnpj": "11.222.333/0001-81",
                           "contratantes[3].nome": "Embarcadora Contratante SA", "contratantes[3].rntrc": "987654321"}
    [dest], _ = options(operador, "parceiros", "destinatario", "embarcadora")
    assert dest["fill"] == {"destinatario_cpf_cnpj": "11.222.333/0001-81",
                            "destinatario_nome": "Embarcadora Contratante SA"}


def test_vehicle_fills_plate_and_axles_of_active_vehicles_only(operador, make_vehicle, make_company):
    make_vehicle(plate="ABC1D23", axles=3, brand="Scania")
    make_vehicle(plate="ABC1D99", status="inativo")
    make_vehicle(make_company(), plate="ABC1D24")
    found, _ = options(operador, "veiculos", "vehicles[1]", "abc1d")
    assert [o["fill"] for o in found] == [{"vehicles[1].plate": "ABC1D23", "vehicles[1].axles": "3",
                                           "vehicles[1].vehicle_kind": "automotor"}]  # the fixture's "truck"
    assert "3 eixos" in found[0]["text"] and "Scania" in found[0]["text"]


@pytest.mark.parametrize(("vehicle_type", "kind"), [
    ("Cavalo mecânico 6x2", "cavalo_trator"), ("Carreta LS", "implemento"), ("Semirreboque graneleiro", "implemento"),
    ("Bitrem", "implemento"), ("Truck", "automotor"), ("Caminhão toco", "automotor"), ("VUC", "automotor"),
    ("Outro", None), ("", None), (None, None)])
def test_the_fleet_type_gives_the_ciot_vehicle_kind_when_it_names_one(vehicle_type, kind):
    from blueprints.web.ciot_pickers import vehicle_kind_of
    assert vehicle_kind_of(vehicle_type) == kind


def test_a_vehicle_whose_type_names_no_kind_leaves_the_kind_to_choose(operador, make_vehicle):
    make_vehicle(plate="XYZ9K88", vehicle_type="Especial")
    found, _ = options(operador, "veiculos", "vehicles[0]", "xyz9k")
    assert "vehicles[0].vehicle_kind" not in found[0]["fill"] and found[0]["fill"]["vehicles[0].plate"] == "XYZ9K88"


def test_driver_shows_the_cnh_flag_where_it_is_chosen(operador, make_driver):
    today = brasilia_today()
    make_driver(name="Ana Vencida", cnh_expires_at=(today - timedelta(days=1)).isoformat())
    make_driver(name="Ana Vencendo", cnh_expires_at=(today + timedelta(days=12)).isoformat())
    make_driver(name="Ana Em Dia", cnh_expires_at=(today + timedelta(days=300)).isoformat())
    found, page = options(operador, "motoristas", "contratado", "ana")
    by_name = {o["fill"]["contratado_nome"]: o for o in found}
    assert set(by_name) == {"Ana Vencida", "Ana Vencendo", "Ana Em Dia"}
    assert "CNH vencida" in by_name["Ana Vencida"]["text"] and by_name["Ana Vencida"]["note"].startswith(
        "Motorista Ana Vencida: CNH vencida em ")
    assert "CNH vence em 12 dias" in by_name["Ana Vencendo"]["text"]
    assert "CNH" not in by_name["Ana Em Dia"]["text"] and "CNH válida até" in by_name["Ana Em Dia"]["note"]
    assert page.count('data-cnh="danger"') == 1 and page.count('data-cnh="warn"') == 1


def test_short_or_unmatched_queries_say_so(operador, make_partner):
    _, short = options(operador, "parceiros", "contratado", "a")
    assert "Digite ao menos 2 letras" in short and 'aria-disabled="true"' in short
    _, none = options(operador, "parceiros", "contratado", "ninguém")
    assert "Nada encontrado para “ninguém”" in none


@pytest.mark.parametrize(("source", "target"), [
    ("veiculos", "contratado"), ("motoristas", "destinatario"), ("parceiros", "vehicles[0]"),
    ("clientes", "contratado"), ("parceiros", "motorista"), ("parceiros", "contratantes[x]"), ("parceiros", ""),
])
def test_unknown_sources_and_targets_are_404(operador, source, target):
    assert operador.get(f"/ciot/nova/cadastro/{source}", query_string={"alvo": target, "q": "ab"}).status_code == 404


def test_save_the_contratado_typed_in_as_a_partner(operador, company):
    response = save(operador, "contratado", {"contratado_cpf_cnpj": "529.982.247-25", "contratado_nome": "João Novo",
                                             "contratado_rntrc": "012345678", "contratado_tipo": "TAC",
                                             "valor_frete": "5.000,00"})
    assert response.status_code == 200 and "Parceiro “João Novo” salvo" in response.get_data(as_text=True)
    [partner] = partners_named("João Novo")
    assert (partner.company_id, partner.cpf_cnpj, partner.person_kind) == (company.id, "52998224725", "pf")
    assert (partner.rntrc, partner.rntrc_categoria, partner.roles) == ("012345678", "TAC", ["contratado"])
    found, _ = options(operador, "parceiros", "contratado", "joão novo")
    assert found[0]["fill"]["contratado_rntrc"] == "012345678"  # picked next time

    again = save(operador, "contratado", {"contratado_cpf_cnpj": "52998224725", "contratado_nome": "João Novo"})
    assert again.status_code == 422 and "já está no cadastro de parceiros" in again.get_data(as_text=True)
    assert len(partners_named("João Novo")) == 1


def test_save_a_contratante_row_and_the_destinatario(operador):
    assert save(operador, "contratantes[2]", {"contratantes[2].cpf_cnpj": "11.222.333/0001-81",
                                              "contratantes[2].nome": "Embarcadora Nova SA"}).status_code == 200
    [contratante] = partners_named("Embarcadora Nova SA")
    assert contratante.person_kind == "pj" and contratante.roles == ["contratante"]
    assert save(operador, "destinatario", {"destinatario_cpf_cnpj": "44.555.666/0001-81",
                                           "destinatario_nome": "Destino Novo Ltda"}).status_code == 200
    assert partners_named("Destino Novo Ltda")[0].roles == ["destinatario"]


def test_save_refuses_what_is_missing_or_wrong_by_its_label_and_stores_nothing(operador):
    response = save(operador, "contratado", {"contratado_cpf_cnpj": "529.982.247-00", "contratado_nome": ""})
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and "Não foi salvo como parceiro" in page
    assert "CPF/CNPJ do contratado" in page and "Nome do contratado" in page and "cpf_cnpj" not in page
    assert db.session.scalar(sa.select(sa.func.count()).select_from(Partner).execution_options(
        cross_tenant=True)) == 0
    assert save(operador, "vehicles[0]", {}).status_code == 404


def test_reading_roles_cannot_search_or_save(login, make_user, company):
    reader = login(make_user(company, role="leitura"))
    assert reader.get("/ciot/nova/cadastro/parceiros?alvo=contratado&q=ab").status_code == 403
    csrf = csrf_from(reader.get("/").get_data(as_text=True))
    response = reader.post("/ciot/nova/parceiro?alvo=contratado", headers={"X-CSRFToken": csrf},
                           data={"contratado_cpf_cnpj": "52998224725", "contratado_nome": "X"})
    assert response.status_code == 403
