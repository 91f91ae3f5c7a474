"""Reads that must not grow with a company's volume (bench/bench_volume.py): bounded counts on the dashboard and the
freight board, the CIOT list reading only its columns, the CIOT search by exact code and by parts."""
import re

import sqlalchemy as sa

from core.counting import COUNT_CAP, AtLeast
from core.db import db
from core.tenancy import tenant_scope
from domain.fleet.models import Vehicle
from domain.freights.models import Freight


def _vehicles(company, count: int) -> None:
    with tenant_scope(company.id):
        db.session.execute(sa.insert(Vehicle), [
            {"plate": f"VOL{i:04d}", "status": "ativo"} for i in range(count)])
        db.session.commit()


def _freights(company, status: str, count: int) -> None:
    with tenant_scope(company.id):
        db.session.execute(sa.insert(Freight), [
            {"code": f"FRT-{status[:3]}{i:05d}", "status": status, "visibility": "privado", "origin_city": "Campinas",
             "origin_state": "SP", "destination_city": "Curitiba", "destination_state": "PR",
             "search_text": f"frt-{i} campinas curitiba"} for i in range(count)])
        db.session.commit()


def _stat(html: str, label: str) -> str:
    return re.search(r'<span class="value">([^<]*)</span><span class="label">' + label, html).group(1)


def test_at_least_prints_past_the_cap_and_counts_as_its_number():
    assert str(AtLeast(COUNT_CAP)) == "999+" and AtLeast(COUNT_CAP) == COUNT_CAP and AtLeast(COUNT_CAP)


def test_dashboard_counts_stop_at_the_cap_and_never_count_a_neighbours_rows(login, make_user, make_company,
                                                                              company):
    neighbour = make_company()
    _vehicles(company, COUNT_CAP)
    _vehicles(neighbour, 7)
    big = login(make_user(company)).get("/").get_data(as_text=True)
    small = login(make_user(neighbour)).get("/").get_data(as_text=True)
    assert _stat(big, "Veículos") == "999+"
    assert _stat(small, "Veículos") == "7"
    assert _stat(small, "Usuários") == "1"


def test_dashboard_counts_below_the_cap_are_exact(login, make_user, company):
    _vehicles(company, COUNT_CAP - 1)
    assert _stat(login(make_user(company)).get("/").get_data(as_text=True), "Veículos") == "999"


def test_freight_board_counts_each_status_of_the_company_only_up_to_the_cap(login, make_user, make_company,
                                                                           company):
    from domain.freights.queries import counts_by_status
    neighbour = make_company()
    _freights(company, "draft", 3)
    _freights(company, "delivered", COUNT_CAP)
    _freights(neighbour, "draft", 5)
    _freights(neighbour, "cancelled", 2)
    with tenant_scope(company.id):
        counts = counts_by_status()
    assert counts == {"draft": 3, "delivered": COUNT_CAP} and isinstance(counts["delivered"], AtLeast)
    html = login(make_user(company)).get("/fretes-operacao/").get_data(as_text=True)
    assert "(999+)" in html and "(3)" in html and "(5)" not in html and "(2)" not in html


def test_ciot_list_reads_one_statement_of_rows_without_the_children(login, make_user, make_operation, company,
                                                                    query_counter):
    from domain.ciot.queries import list_operations
    for _ in range(3):
        make_operation()
    with tenant_scope(company.id), query_counter() as statements:
        page = list_operations(limit=50)
        assert statements() == 1
    assert len(page.items) == 3 and not hasattr(page.items[0], "vehicles")
    html = login(make_user(company)).get("/ciot/").get_data(as_text=True)
    assert html.count('data-code="CIOT-') == 3


def test_ciot_search_finds_an_exact_code_a_part_of_it_a_name_and_a_document(login, make_user, make_operation,
                                                                           make_company, company):
    first = make_operation(contratado_nome="Transportes Andorinha")
    emitted = make_operation(status="emitido")
    make_operation(make_company())  # the neighbour's CIOT-000001 is never found
    client = login(make_user(company))

    def codes(q):
        return re.findall(r'data-code="([^"]+)"', client.get("/ciot/", query_string={"q": q}).get_data(as_text=True))

    assert codes(first.code) == [first.code] and codes(first.code.lower()) == [first.code]
    assert sorted(codes("000")) == ["CIOT-000001", "CIOT-000002"]
    assert codes("andorinha") == [first.code]
    assert first.code in codes(first.contratado_cpf_cnpj[2:9])
    assert codes(emitted.codigo_ciot) == [emitted.code] and codes(emitted.codigo_ciot[3:9]) == [emitted.code]
    assert codes("CIOT-999999") == [] and codes("nada-assim") == []


def _lead(freight, name, seconds_ago):
    from datetime import timedelta

    from core.db import utcnow
    from domain.marketplace.models import MarketplaceLead
    with tenant_scope(freight.company_id):
        db.session.add(MarketplaceLead(company_id=freight.company_id, freight_id=freight.id, driver_name=name,
                                       driver_phone="+5541999998888", status="novo",
                                       created_at=utcnow() - timedelta(seconds=seconds_ago)))
        db.session.commit()


def test_leads_freight_filter_lists_the_freights_of_the_newest_leads_and_the_chosen_one(
        login, make_user, make_freight, company, monkeypatch):
    from domain.marketplace import queries
    old, new = (make_freight(visibility="publico", status="published") for _ in range(2))
    _lead(old, "Motorista Antigo", 60)
    _lead(new, "Motorista Novo", 1)
    client = login(make_user(company, role="operador"))

    def options(path="/leads"):
        return re.findall(r'<option[^>]*value="([0-9a-f-]{36})"', client.get(path).get_data(as_text=True))

    assert sorted(options()) == sorted([str(old.id), str(new.id)])
    monkeypatch.setattr(queries, "LEADS_FOR_FILTER", 1)
    assert options() == [str(new.id)]
    assert sorted(options(f"/leads?freight_id={old.id}")) == sorted([str(old.id), str(new.id)])


def test_sitemap_is_rendered_once_per_max_age(app, make_freight, query_counter, monkeypatch):
    from blueprints.web import marketplace
    monkeypatch.setitem(app.config, "SITEMAP_CACHE_SECONDS", 600)
    monkeypatch.setattr(marketplace, "_sitemaps", {})
    first = make_freight(visibility="publico", status="published")
    visitor = app.test_client()
    response = visitor.get("/sitemap.xml")
    assert first.public_slug in response.get_data(as_text=True) and response.cache_control.max_age == 600
    later = make_freight(visibility="publico", status="published")
    with query_counter() as statements:
        cached = visitor.get("/sitemap.xml").get_data(as_text=True)
        assert statements() == 0
    assert first.public_slug in cached and later.public_slug not in cached
    monkeypatch.setitem(app.config, "SITEMAP_CACHE_SECONDS", 0)
    fresh = visitor.get("/sitemap.xml")
    assert later.public_slug in fresh.get_data(as_text=True) and fresh.cache_control.max_age is None


def test_dashboard_reads_its_counters_in_one_statement(login, make_user, make_company, company, query_counter):
    """Every counter of the dashboard (what the company has, what needs attention) comes from one statement
    (core.counting.capped_counts): under load each round trip also waits for the interpreter lock, so the page's
    count of statements shows in its latency (bench/README.md, issue 38). Nine counters were nine statements."""
    neighbour = make_company()
    _vehicles(company, 4)
    _vehicles(neighbour, 9)
    client = login(make_user(company))
    client.get("/")
    with query_counter() as statements:
        html = client.get("/").get_data(as_text=True)
        # the session's user; the charts (freights by status, pickups, CIOT months, payables, receivables); the
        # counters; the expiring licences' list
        assert statements() <= 8
    assert _stat(html, "Veículos") == "4" and _stat(html, "Usuários") == "1"
