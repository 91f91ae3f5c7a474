"""Partners API: /partners (docs/api/partners-fleet.md)."""
import re
from datetime import datetime, timedelta, timezone

import pytest

from core.db import db
from core.tenancy import cross_tenant, tenant_scope
from domain.partners import services
from domain.partners.models import Partner
from domain.partners.schemas import PartnerCreate
from tests.fixtures.partners import assert_invalid, cnpj_from, unique_cpf, unique_partner_cnpj, walk_pages

CNPJ = "11222333000181"
CPF = "52998224725"
ALNUM_CNPJ = "12ABC34501DE35"
ISO_Z = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$")


def body(**overrides):
    data = {"person_kind": "pj", "cpf_cnpj": unique_partner_cnpj(), "legal_name": "Transportes Andorinha Ltda"}
    data.update(overrides)
    return data


# --- Create ------------------------------------------------------------------------------------

def test_create_with_every_field_normalises_and_returns_the_record(api):
    response = api.post("/partners", json={
        "person_kind": "pj", "cpf_cnpj": CNPJ, "legal_name": "  Transportes São João Ltda ",
        "trade_name": "São João", "ie": "110.042.490.114", "ie_isento": False, "rntrc": "12345678",
        "rntrc_categoria": "ETC", "email": "Contato@SaoJoao.com.br", "phone": "(11) 3456-7890",
        "whatsapp": "11 98765-4321", "cep": "01310-100", "uf": "sp", "municipio_codigo": "3550308",
        "municipio_nome": "São Paulo", "logradouro": "Av. Paulista", "numero": "1000", "complemento": "cj 12",
        "bairro": "Bela Vista", "roles": ["tomador", "contratante", "tomador"], "notes": "Paga em 30 dias.",
        "is_active": True,
    })
    assert response.status_code == 201, response.get_json()
    data = response.get_json()["data"]
    assert data == {
        "id": data["id"], "person_kind": "pj", "cpf_cnpj": CNPJ, "legal_name": "Transportes São João Ltda",
        "trade_name": "São João", "ie": "110042490114", "ie_isento": False, "rntrc": "012345678",
        "rntrc_categoria": "ETC", "email": "contato@saojoao.com.br", "phone": "+551134567890",
        "whatsapp": "+5511987654321", "cep": "01310100", "uf": "SP", "municipio_codigo": "3550308",
        "municipio_nome": "São Paulo", "logradouro": "Av. Paulista", "numero": "1000", "complemento": "cj 12",
        "bairro": "Bela Vista", "roles": ["tomador", "contratante"], "notes": "Paga em 30 dias.",
        "is_active": True, "created_at": data["created_at"], "updated_at": data["updated_at"],
    }
    assert ISO_Z.match(data["created_at"]) and ISO_Z.match(data["updated_at"])
    assert "bank_accounts" not in data


def test_create_minimal_gets_defaults(api):
    response = api.post("/partners", json={"person_kind": "pf", "cpf_cnpj": CPF, "legal_name": "Maria da Silva"})
    assert response.status_code == 201
    data = response.get_json()["data"]
    assert (data["roles"], data["is_active"], data["ie_isento"], data["trade_name"]) == ([], True, False, None)


@pytest.mark.parametrize("field", ["person_kind", "cpf_cnpj", "legal_name"])
def test_create_requires(api, field):
    data = body()
    del data[field]
    assert_invalid(api.post("/partners", json=data), field)


def test_municipality_alone_fills_uf_and_name(api):
    data = api.post("/partners", json=body(municipio_codigo="3304557")).get_json()["data"]
    assert (data["uf"], data["municipio_nome"]) == ("RJ", "Rio de Janeiro")


# Each field rule: a value that passes (and what is stored) and one that fails.
FIELD_RULES = [
    # field, good value, stored as, bad value
    ("cpf_cnpj", CNPJ, CNPJ, "11222333000182"),                      # CNPJ check digit
    ("cpf_cnpj", ALNUM_CNPJ, ALNUM_CNPJ, "12ABC34501DE36"),          # alphanumeric CNPJ (2026)
    ("cpf_cnpj", CNPJ, CNPJ, "11.222.333/0001-81"),                  # digits only: punctuation is a 400
    ("cpf_cnpj", CNPJ, CNPJ, "1122233300018"),                       # 13 characters
    ("legal_name", "A" * 200, "A" * 200, "A" * 201),
    ("legal_name", "Nome", "Nome", "   "),
    ("legal_name", "Nome", "Nome", 123),
    ("trade_name", "B" * 200, "B" * 200, "B" * 201),
    ("ie", "110.042.490.114", "110042490114", "1" * 21),
    ("ie", "P0110042490114", "P0110042490114", "!!"),
    ("ie_isento", True, True, "talvez"),
    ("rntrc", "123456789", "123456789", "1234567"),
    ("rntrc", "12345678", "012345678", "1234567890"),
    ("rntrc_categoria", "TAC_EQUIPARADO", "TAC_EQUIPARADO", "MEI"),
    ("rntrc_categoria", "CTC", "CTC", "tac"),
    ("email", "Fin@Example.com", "fin@example.com", "fin@"),
    ("email", "a@b.co", "a@b.co", "a" * 250 + "@b.co"),
    ("phone", "+55 11 3456-7890", "+551134567890", "123"),
    ("whatsapp", "(21) 99876-5432", "+5521998765432", "99999"),
    ("phone", "+5511987654321", "+5511987654321", "9" * 40),
    ("cep", "01310-100", "01310100", "0131010"),
    ("uf", "mg", "MG", "XX"),
    ("municipio_codigo", "3550308", "3550308", "9999999"),
    ("municipio_codigo", "3550308", "3550308", "355030"),
    ("municipio_nome", "C" * 120, "C" * 120, "C" * 121),
    ("logradouro", "L" * 200, "L" * 200, "L" * 201),
    ("numero", "1" * 20, "1" * 20, "1" * 21),
    ("complemento", "C" * 100, "C" * 100, "C" * 101),
    ("bairro", "B" * 100, "B" * 100, "B" * 101),
    ("roles", ["contratado", "fornecedor", "cliente_frete", "destinatario", "remetente"],
     ["contratado", "fornecedor", "cliente_frete", "destinatario", "remetente"], ["motorista"]),
    ("roles", [], [], "tomador"),
    ("notes", "N" * 2000, "N" * 2000, "N" * 2001),
    ("is_active", False, False, "nem"),
]


@pytest.mark.parametrize("field,good,stored,bad", FIELD_RULES,
                         ids=[f"{r[0]}-{i}" for i, r in enumerate(FIELD_RULES)])
def test_field_rule(api, field, good, stored, bad):
    extra = {"uf": "SP"} if field == "municipio_codigo" else {}
    ok = api.post("/partners", json=body(**{field: good}, **extra))
    assert ok.status_code == 201, ok.get_json()
    assert ok.get_json()["data"][field] == stored
    assert_invalid(api.post("/partners", json=body(**{field: bad}, **extra)), field)


@pytest.mark.parametrize("kind,document,ok", [
    ("pf", CPF, True), ("pj", CNPJ, True), ("pj", ALNUM_CNPJ, True), ("pf", CNPJ, False), ("pj", CPF, False),
])
def test_person_kind_must_match_the_document(api, kind, document, ok):
    response = api.post("/partners", json=body(person_kind=kind, cpf_cnpj=document))
    if ok:
        assert response.status_code == 201
    else:
        assert_invalid(response, "person_kind")


@pytest.mark.parametrize("document", ["11111111111", "52998224724", "00000000000000", "529982247"])
def test_invalid_cpf_is_rejected(api, document):
    assert_invalid(api.post("/partners", json=body(person_kind="pf", cpf_cnpj=document)), "cpf_cnpj")


@pytest.mark.parametrize("kind", ["pessoa", "PF", None])
def test_person_kind_enum(api, kind):
    assert_invalid(api.post("/partners", json=body(person_kind=kind)), "person_kind")


def test_municipality_must_be_in_the_uf(api):
    assert api.post("/partners", json=body(uf="RJ", municipio_codigo="3304557")).status_code == 201
    error = assert_invalid(api.post("/partners", json=body(uf="RJ", municipio_codigo="3550308")), "municipio_codigo")
    assert error["error"]["details"][0]["code"] == "municipality_uf_mismatch"


def test_state_registration_and_exemption_exclude_each_other(api):
    assert api.post("/partners", json=body(ie_isento=True)).status_code == 201
    assert_invalid(api.post("/partners", json=body(ie_isento=True, ie="110042490114")), "ie")


def test_blank_optional_fields_are_stored_as_null(api):
    data = api.post("/partners", json=body(trade_name="", email="  ", cep="", uf="")).get_json()["data"]
    assert (data["trade_name"], data["email"], data["cep"], data["uf"]) == (None, None, None, None)


def test_protected_fields_are_refused(api, make_partner):
    assert_invalid(api.post("/partners", json=body(company_id="x")), "company_id")
    # Bank accounts are read-only through the API: sending them is refused rather than silently ignored.
    assert_invalid(api.post("/partners", json=body(bank_accounts=[])), "bank_accounts")
    partner = make_partner()
    assert_invalid(api.patch(f"/partners/{partner.id}", json={"bank_accounts": [{"pix_key": "a@b.co"}]}),
                   "bank_accounts")


# --- Duplicates --------------------------------------------------------------------------------

def test_duplicate_document_is_409_with_existing_id(api, make_partner):
    existing = make_partner(cpf_cnpj=CNPJ)
    response = api.post("/partners", json=body(cpf_cnpj=CNPJ, legal_name="Outro nome"))
    assert response.status_code == 409
    error = response.get_json()["error"]
    assert (error["code"], error["existing_id"]) == ("partner_cpf_cnpj_exists", str(existing.id))


def test_same_document_in_another_company_is_allowed(api, make_company, make_partner):
    make_partner(make_company(), cpf_cnpj=CNPJ)
    assert api.post("/partners", json=body(cpf_cnpj=CNPJ)).status_code == 201


def test_inactive_partner_still_holds_its_document(api, make_partner):
    existing = make_partner(cpf_cnpj=CNPJ, is_active=False)
    response = api.post("/partners", json=body(cpf_cnpj=CNPJ))
    assert response.status_code == 409
    assert response.get_json()["error"]["existing_id"] == str(existing.id)


# --- Read --------------------------------------------------------------------------------------

def test_get_includes_bank_accounts(api, make_partner, make_bank_account):
    partner = make_partner()
    first = make_bank_account(partner)
    second = make_bank_account(partner, bank_code=None, agency=None, account=None, pix_key="fin@example.com")
    data = api.get(f"/partners/{partner.id}").get_json()["data"]
    assert [a["id"] for a in data["bank_accounts"]] == [str(first.id), str(second.id)]
    assert data["bank_accounts"][0] == {
        "id": str(first.id), "bank_code": "341", "agency": "1234", "account": "56789-0", "account_type": "corrente",
        "pix_key": None, "pix_key_type": None, "holder_name": None, "holder_document": None,
        "created_at": data["bank_accounts"][0]["created_at"], "updated_at": data["bank_accounts"][0]["updated_at"],
    }
    assert (data["bank_accounts"][1]["pix_key"], data["bank_accounts"][1]["pix_key_type"]) == ("fin@example.com",
                                                                                                "email")


@pytest.mark.parametrize("partner_id", ["not-a-uuid", "00000000-0000-0000-0000-000000000000"])
def test_unknown_id_is_404(api, partner_id):
    response = api.get(f"/partners/{partner_id}")
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"


def test_there_is_no_delete(api, make_partner):
    partner = make_partner()
    response = api.delete(f"/partners/{partner.id}")
    assert response.status_code == 405
    assert response.get_json()["error"]["code"] == "method_not_allowed"
    assert api.get(f"/partners/{partner.id}").status_code == 200


# --- Update ------------------------------------------------------------------------------------

def test_patch_changes_only_the_sent_fields(api, make_partner):
    partner = make_partner(trade_name="Antigo", email="a@example.com", roles=["tomador"])
    before = api.get(f"/partners/{partner.id}").get_json()["data"]
    response = api.patch(f"/partners/{partner.id}", json={"trade_name": "Novo", "email": None, "roles": ["fornecedor"]})
    assert response.status_code == 200, response.get_json()
    after = response.get_json()["data"]
    assert (after["trade_name"], after["email"], after["roles"]) == ("Novo", None, ["fornecedor"])
    unchanged = {k: v for k, v in before.items() if k not in ("trade_name", "email", "roles", "updated_at",
                                                               "bank_accounts")}
    assert {k: after[k] for k in unchanged} == unchanged
    assert after["updated_at"] > before["updated_at"]


def test_patch_validates_each_field(api, make_partner):
    partner = make_partner()
    assert_invalid(api.patch(f"/partners/{partner.id}", json={"email": "nope"}), "email")
    assert_invalid(api.patch(f"/partners/{partner.id}", json={"legal_name": "x" * 201}), "legal_name")


@pytest.mark.parametrize("field", ["person_kind", "cpf_cnpj", "legal_name", "ie_isento", "roles", "is_active"])
def test_patch_cannot_null_a_required_field(api, make_partner, field):
    partner = make_partner()
    assert_invalid(api.patch(f"/partners/{partner.id}", json={field: None}), field)


def test_patch_validates_the_merged_record(api, make_partner):
    partner = make_partner(person_kind="pj", uf="SP", municipio_codigo="3550308")
    # Each half alone contradicts what is stored; the error names the field that was sent.
    assert_invalid(api.patch(f"/partners/{partner.id}", json={"cpf_cnpj": CPF}), "cpf_cnpj")
    assert_invalid(api.patch(f"/partners/{partner.id}", json={"person_kind": "pf"}), "person_kind")
    assert_invalid(api.patch(f"/partners/{partner.id}", json={"uf": "RJ"}), "uf")
    assert_invalid(api.patch(f"/partners/{partner.id}", json={"ie": "110042490114", "ie_isento": True}), "ie")
    response = api.patch(f"/partners/{partner.id}", json={"person_kind": "pf", "cpf_cnpj": CPF})
    assert response.status_code == 200
    assert response.get_json()["data"]["person_kind"] == "pf"


def test_patch_municipality_moves_uf_and_name(api, make_partner):
    partner = make_partner(municipio_codigo="3550308")
    data = api.patch(f"/partners/{partner.id}", json={"municipio_codigo": "3304557"}).get_json()["data"]
    assert (data["uf"], data["municipio_nome"]) == ("RJ", "Rio de Janeiro")


def test_patch_to_a_document_in_use_is_409(api, make_partner):
    taken = make_partner()
    partner = make_partner()
    response = api.patch(f"/partners/{partner.id}", json={"cpf_cnpj": taken.cpf_cnpj})
    assert response.status_code == 409
    assert response.get_json()["error"]["existing_id"] == str(taken.id)
    assert api.patch(f"/partners/{partner.id}", json={"cpf_cnpj": partner.cpf_cnpj}).status_code == 200


def test_patch_is_active_false_deactivates(api, make_partner):
    partner = make_partner()
    assert api.patch(f"/partners/{partner.id}", json={"is_active": False}).get_json()["data"]["is_active"] is False


# --- List --------------------------------------------------------------------------------------

def test_list_envelope_newest_first_without_bank_accounts(api, make_partner, make_bank_account):
    first, second = make_partner(), make_partner()
    make_bank_account(first)
    body_ = api.get("/partners").get_json()
    assert [p["id"] for p in body_["data"]] == [str(second.id), str(first.id)]
    assert body_["page"] == {"next_cursor": None, "has_more": False}
    assert all("bank_accounts" not in p for p in body_["data"])



def test_list_item_is_the_detail_without_bank_accounts(api, make_partner, make_bank_account):
    """One serialisation: the list's row and the detail's object answer the same fields and values."""
    partner = make_partner(roles=["contratante", "fornecedor"], trade_name="Andorinha", notes="Paga em 30 dias.")
    make_bank_account(partner)
    detail = api.get(f"/partners/{partner.id}").get_json()["data"]
    listed = api.get("/partners").get_json()["data"][0]
    assert len(detail.pop("bank_accounts")) == 1
    assert listed == detail
    assert detail["created_at"].endswith("Z") and len(detail["created_at"]) == len("2026-11-27T10:00:00.000000Z")

@pytest.mark.parametrize("q,expected", [
    ("andorinha", {"andorinha"}),
    ("SAO JOAO", {"sao_joao"}),                  # accents and case ignored
    ("joão", {"sao_joao"}),
    ("Expresso", {"trade"}),                      # trade_name
    ("11.222.333", {"andorinha"}),                # part of the CNPJ, punctuation ignored
    ("8224725", {"pf"}),                          # end of the CPF
    ("transportes joao", {"sao_joao"}),           # every word must match
    ("%", set()),                                 # LIKE wildcards are literal
    ("_", set()),
])
def test_list_q_searches_names_and_document(api, make_partner, q, expected):
    ids = {
        "andorinha": make_partner(legal_name="Transportes Andorinha", cpf_cnpj=CNPJ),
        "sao_joao": make_partner(legal_name="Transportes São João"),
        "trade": make_partner(legal_name="Fulano Ltda", trade_name="Expresso Azul"),
        "pf": make_partner(person_kind="pf", cpf_cnpj=CPF, legal_name="Maria"),
    }
    found = {p["id"] for p in api.get("/partners", query_string={"q": q}).get_json()["data"]}
    assert found == {str(ids[name].id) for name in expected}


def test_list_filters_role_and_only_active(api, make_partner):
    tomador = make_partner(roles=["tomador", "contratante"])
    contratado = make_partner(roles=["contratado"])
    inactive = make_partner(roles=["contratante"], is_active=False)

    def ids(**params):
        return {p["id"] for p in api.get("/partners", query_string=params).get_json()["data"]}

    assert ids(role="contratante") == {str(tomador.id), str(inactive.id)}
    assert ids(role="contratado") == {str(contratado.id)}
    assert ids(only_active="true") == {str(tomador.id), str(contratado.id)}
    assert ids(role="contratante", only_active="true") == {str(tomador.id)}
    assert ids(only_active="false") == {str(tomador.id), str(contratado.id), str(inactive.id)}
    assert_invalid(api.get("/partners", query_string={"role": "motorista"}), "role", code="invalid_query")
    assert_invalid(api.get("/partners", query_string={"only_active": "talvez"}), "only_active", code="invalid_query")


def test_role_filter_follows_a_change_of_roles(api, make_partner):
    partner = make_partner(roles=["tomador"])

    def ids(role):
        return {p["id"] for p in api.get("/partners", query_string={"role": role}).get_json()["data"]}

    assert (ids("tomador"), ids("fornecedor")) == ({str(partner.id)}, set())
    assert api.patch(f"/partners/{partner.id}", json={"roles": ["fornecedor", "remetente"]}).status_code == 200
    assert (ids("tomador"), ids("fornecedor"), ids("remetente")) == (set(), {str(partner.id)}, {str(partner.id)})
    assert api.patch(f"/partners/{partner.id}", json={"roles": []}).status_code == 200
    assert [ids(role) for role in ("tomador", "fornecedor", "remetente")] == [set(), set(), set()]


def test_list_created_before_returns_older_records(api, make_partner):
    old, middle, new = make_partner(), make_partner(), make_partner()
    middle_at = api.get(f"/partners/{middle.id}").get_json()["data"]["created_at"]

    def ids(value):
        response = api.get("/partners", query_string={"created_before": value})
        assert response.status_code == 200, response.get_json()
        return [p["id"] for p in response.get_json()["data"]]

    assert ids(middle_at) == [str(old.id)]
    # The same instant written with an offset.
    moment = datetime.fromisoformat(middle_at.replace("Z", "+00:00")).astimezone(timezone(timedelta(hours=-3)))
    assert ids(moment.isoformat()) == [str(old.id)]
    assert ids("2999-01-01T00:00:00Z") == [str(new.id), str(middle.id), str(old.id)]
    assert ids("2000-01-01T00:00:00Z") == []
    assert_invalid(api.get("/partners", query_string={"created_before": "ontem"}), "created_before",
                   code="invalid_query")


@pytest.mark.parametrize("limit", ["0", "201", "-1", "abc"])
def test_list_limit_out_of_range(api, limit):
    assert_invalid(api.get("/partners", query_string={"limit": limit}), "limit", code="invalid_query")


@pytest.mark.parametrize("cursor,code", [("garbage", "invalid_cursor"), ("eyJrIjoxfQ.abc", "invalid_cursor"),
                                         ("x" * 513, "invalid_query")])
def test_list_invalid_cursor(api, cursor, code):
    assert_invalid(api.get("/partners", query_string={"cursor": cursor}), "cursor", code=code)


def test_cursor_of_another_list_is_refused(api, make_partner, make_vehicle):
    for _ in range(2):
        make_vehicle()
    cursor = api.get("/vehicles", query_string={"limit": 1}).get_json()["page"]["next_cursor"]
    response = api.get("/partners", query_string={"cursor": cursor})
    assert response.status_code == 400 and response.get_json()["error"]["code"] == "invalid_cursor"


def test_pagination_walk_with_concurrent_inserts(api, make_partner):
    existing = [str(make_partner().id) for _ in range(7)]
    inserted = []
    seen = walk_pages(api, "/partners", limit=3, between=lambda n: inserted.extend(
        str(make_partner().id) for _ in range(2)))
    assert len(seen) == len(set(seen)), "a page repeated a record"
    assert set(existing) <= set(seen), "a page skipped a record"
    assert seen[:7] == existing[::-1]
    assert inserted and not set(inserted) & set(seen)  # newer rows belong before the first page


def test_pagination_keeps_filters(api, make_partner):
    wanted = [str(make_partner(roles=["tomador"]).id) for _ in range(5)]
    for _ in range(3):
        make_partner(roles=["fornecedor"])
    assert walk_pages(api, "/partners", limit=2, params={"role": "tomador"}) == wanted[::-1]


def test_list_query_count_does_not_grow_with_the_page(api, company, make_bank_account, query_counter):
    with tenant_scope(company.id):
        partners = [services.create_partner(company, PartnerCreate(person_kind="pj", cpf_cnpj=unique_partner_cnpj(),
                                                                   legal_name=f"P{i}", roles=["tomador"]))
                    for i in range(200)]
        db.session.commit()
    for partner in partners[:3]:
        make_bank_account(partner)
    api.get("/partners", query_string={"limit": 1})  # warm up (key last-use write)
    counts = {}
    for limit in (1, 200):
        with query_counter() as count:
            response = api.get("/partners", query_string={"limit": limit})
        assert len(response.get_json()["data"]) == limit
        counts[limit] = count()
    assert counts[1] == counts[200] <= 4, counts


# --- Authorisation and tenancy -----------------------------------------------------------------

def test_read_only_key_cannot_write(make_api, company, make_partner):
    partner = make_partner()
    reader = make_api(company, scopes=("read",))
    assert reader.get("/partners").status_code == 200
    assert reader.get(f"/partners/{partner.id}").status_code == 200
    for response in (reader.post("/partners", json=body()),
                     reader.patch(f"/partners/{partner.id}", json={"legal_name": "X"})):
        assert response.status_code == 403
        assert response.get_json()["error"]["code"] == "insufficient_scope"
    assert api_count(company) == 1


def test_write_only_key_cannot_read(make_api, company):
    writer = make_api(company, scopes=("write",))
    response = writer.get("/partners")
    assert response.status_code == 403 and response.get_json()["error"]["code"] == "insufficient_scope"


def test_missing_key_is_401(app):
    from tests.fixtures.core import ApiClient
    response = ApiClient(app.test_client(), None).get("/partners")
    assert response.status_code == 401


def api_count(company) -> int:
    with tenant_scope(company.id):
        return len(db.session.execute(db.select(Partner.id)).all())


def test_another_companys_partner_is_404_and_untouched(api, make_company, make_partner, make_bank_account):
    other = make_company()
    theirs = make_partner(other, legal_name="Deles Ltda", trade_name="Deles")
    make_bank_account(theirs)
    mine = make_partner()
    assert api.get(f"/partners/{theirs.id}").status_code == 404
    response = api.patch(f"/partners/{theirs.id}", json={"legal_name": "Roubado", "is_active": False})
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "not_found"
    assert api.delete(f"/partners/{theirs.id}").status_code == 405
    row = db.session.execute(cross_tenant(db.select(Partner).where(Partner.id == theirs.id))
                             .execution_options(populate_existing=True)).scalar_one()
    assert (row.legal_name, row.is_active, row.company_id) == ("Deles Ltda", True, other.id)
    listed = [p["id"] for p in api.get("/partners").get_json()["data"]]
    assert listed == [str(mine.id)]
    assert api.get("/partners", query_string={"q": "deles"}).get_json()["data"] == []
    assert api.post("/partners", json=body(cpf_cnpj=theirs.cpf_cnpj)).status_code == 201


def test_patch_cannot_move_a_partner_to_another_company(api, make_company, make_partner):
    partner = make_partner()
    other = make_company()
    assert_invalid(api.patch(f"/partners/{partner.id}", json={"company_id": str(other.id)}), "company_id")


def test_idempotent_create_replays(api):
    data = body(cpf_cnpj=cnpj_from("998877660001"))
    first = api.post("/partners", json=data, headers={"Idempotency-Key": "p-1"})
    again = api.post("/partners", json=data, headers={"Idempotency-Key": "p-1"})
    assert first.status_code == again.status_code == 201
    assert first.get_json() == again.get_json()
    assert again.headers.get("Idempotent-Replayed") == "true"


def test_unique_cpf_helper_is_valid():
    from core.validators import is_valid_cpf
    assert all(is_valid_cpf(unique_cpf()) for _ in range(50))
