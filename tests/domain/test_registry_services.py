"""Services of partners, bank accounts, vehicles and drivers, as the pages and the import call them."""
import uuid

import pytest
import sqlalchemy as sa

from core.db import db
from core.errors import Conflict, InvalidBody, TenancyViolation
from core.schemas import validate_data
from core.tenancy import read_rows, tenant_scope
from domain.fleet import services as fleet
from domain.fleet.models import Driver, Vehicle
from domain.fleet.schemas import (
    DriverCreate,
    DriverUpdate,
    VehicleCreate,
    VehicleUpdate,
    clean_renavam,
    validate_driver_row,
    validate_vehicle_row,
)
from domain.partners import services as partners
from domain.partners.models import Partner, PartnerBankAccount, search_key
from domain.partners.schemas import (
    BankAccountCreate,
    BankAccountUpdate,
    PartnerCreate,
    PartnerUpdate,
    validate_partner_row,
)
from tests.fixtures.partners import unique_cpf, unique_partner_cnpj, unique_plate

CPF = "52998224725"


# --- Races on the unique keys become the same 409 ----------------------------------------------

def test_partner_insert_race_is_409_with_the_winner(company, race):
    winner = uuid.uuid4()
    fired = race("partners.cpf_cnpj =", lambda conn: conn.execute(Partner.__table__.insert().values(
        id=winner, company_id=company.id, person_kind="pf", cpf_cnpj=CPF, legal_name="Venceu")))
    with tenant_scope(company.id), pytest.raises(Conflict) as caught:
        partners.create_partner(company, PartnerCreate(person_kind="pf", cpf_cnpj=CPF, legal_name="Perdeu"))
    assert fired
    assert caught.value.code == "partner_cpf_cnpj_exists"
    assert caught.value.extra == {"existing_id": str(winner)}


def test_vehicle_insert_race_is_409(company, race):
    winner = uuid.uuid4()
    race("vehicles.plate IN", lambda conn: conn.execute(Vehicle.__table__.insert().values(
        id=winner, company_id=company.id, plate="ABC1234")))
    with tenant_scope(company.id), pytest.raises(Conflict) as caught:
        fleet.create_vehicle(company, VehicleCreate(plate="ABC1234"))
    assert caught.value.code == "vehicle_plate_exists" and caught.value.extra["existing_id"] == str(winner)


def test_insert_race_keeps_the_transactions_other_work(company, race):
    """Only the savepoint is rolled back. (PostgreSQL only: on SQLite our earlier write holds the database
    lock, so no other writer can win the race in the first place.)"""
    if db.engine.dialect.name == "sqlite":
        pytest.skip("SQLite serialises writers: the race cannot happen after a write")
    winner = uuid.uuid4()
    race("drivers.cpf IN", lambda conn: conn.execute(Driver.__table__.insert().values(
        id=winner, company_id=company.id, name="Venceu", phone="+5511987654321", cpf=CPF)))
    with tenant_scope(company.id):
        earlier = fleet.create_vehicle(company, VehicleCreate(plate="ABC1234"))
        with pytest.raises(Conflict) as caught:
            fleet.create_driver(company, DriverCreate(name="Perdeu", phone="+5511987654321", cpf=CPF))
        assert caught.value.code == "driver_cpf_exists" and caught.value.extra["existing_id"] == str(winner)
        db.session.commit()
        assert db.session.get(Vehicle, earlier.id) is not None


def test_vehicle_update_race_is_409(company, make_vehicle, race):
    vehicle = make_vehicle(plate="AAA1111")
    winner = uuid.uuid4()
    with tenant_scope(company.id):
        vehicle = db.session.get(Vehicle, vehicle.id)
        race("vehicles.plate IN", lambda conn: conn.execute(Vehicle.__table__.insert().values(
            id=winner, company_id=company.id, plate="BBB2222")))
        with pytest.raises(Conflict) as caught:
            fleet.update_vehicle(vehicle, VehicleUpdate(plate="BBB2222"))
        assert caught.value.extra["existing_id"] == str(winner)


def test_driver_bulk_race_turns_the_lost_key_into_a_conflict(company, race):
    cpfs = [unique_cpf() for _ in range(3)]
    winner = uuid.uuid4()
    race("drivers.cpf IN", lambda conn: conn.execute(Driver.__table__.insert().values(
        id=winner, company_id=company.id, name="Venceu", phone="+5511987654321", cpf=cpfs[1])))
    items = [{"name": f"M{i}", "phone": "+5511987654321", "cpf": cpf} for i, cpf in enumerate(cpfs)]
    with tenant_scope(company.id):
        result = fleet.bulk_create_drivers(company, items)
        db.session.commit()
        assert [d.cpf for d in result.created] == [cpfs[0], cpfs[2]]
        assert [(c.index, c.key, c.existing_id) for c in result.conflicts] == [(1, cpfs[1], winner)]
        assert db.session.execute(sa.select(sa.func.count()).select_from(Driver)).scalar() == 3


def test_rollback_undoes_a_service_write(company):
    """The savepoint must not commit on its own (pysqlite opens no transaction before a SAVEPOINT)."""
    with tenant_scope(company.id):
        fleet.create_vehicle(company, VehicleCreate(plate="ABC1234"))
        db.session.rollback()
        assert db.session.execute(sa.select(Vehicle.id)).first() is None


# --- Row validation for pages and import -------------------------------------------------------

def test_validate_rows_return_the_model_or_the_errors():
    vehicle, errors = validate_vehicle_row({"plate": "abc-1234", "year": "2020"})
    assert (vehicle.plate, vehicle.year, errors) == ("ABC1234", 2020, [])
    vehicle, errors = validate_vehicle_row({"plate": "nope", "year": 1900})
    assert vehicle is None and sorted(e.field for e in errors) == ["plate", "year"]
    driver, errors = validate_driver_row({"name": "Ana", "phone": "+5511987654321", "cpf": CPF})
    assert driver.cpf == CPF and errors == []
    driver, errors = validate_driver_row({"name": "Ana"})
    assert driver is None and sorted(e.field for e in errors) == ["cpf", "phone"]
    partner, errors = validate_partner_row({"person_kind": "pf", "cpf_cnpj": "11222333000181", "legal_name": "X"})
    assert partner is None and [(e.field, e.code) for e in errors] == [("person_kind", "person_kind_mismatch")]


def test_bulk_vehicles_for_the_import(company, make_vehicle):
    existing = make_vehicle(plate="ABC1234")
    rows = [{"plate": "abc-1234"}, {"plate": "DEF5678", "year": 2020}, {"plate": "def-5678"}, {"plate": "??"}]
    with tenant_scope(company.id):
        result = fleet.bulk_create_vehicles(company, rows)
        db.session.commit()
        assert [v.plate for v in result.created] == ["DEF5678"]
        assert [(c.index, c.key, c.existing_id) for c in result.conflicts] == [
            (0, "ABC1234", existing.id), (2, "DEF5678", result.created[0].id)]
        assert [(e.index, [d.field for d in e.error.details]) for e in result.errors] == [(3, ["plate"])]


def test_bulk_refuses_more_than_200(company):
    with tenant_scope(company.id), pytest.raises(InvalidBody):
        fleet.bulk_create_drivers(company, [{}] * 201)


def test_actor_user_is_recorded(company, make_user):
    user = make_user(company, role="operador")
    with tenant_scope(company.id):
        partner = partners.create_partner(company, PartnerCreate(person_kind="pf", cpf_cnpj=CPF, legal_name="X"),
                                          actor=user)
        driver = fleet.create_driver(company, DriverCreate(name="A", phone="+5511987654321", cpf=CPF), actor=user)
        vehicle = fleet.create_vehicle(company, VehicleCreate(plate=unique_plate()))
        assert (partner.created_by_user_id, driver.created_by_user_id, vehicle.created_by_user_id) == (
            user.id, user.id, None)


def test_update_with_explicit_sent_fields(company, make_partner):
    """A page posts the whole form: only `sent_fields` are applied (others keep their stored value)."""
    partner = make_partner(trade_name="Mantido", email="a@example.com")
    form = PartnerUpdate(trade_name="Ignorado", email=None)
    with tenant_scope(company.id):
        partner = db.session.get(Partner, partner.id)
        partners.update_partner(partner, form, sent_fields={"email"})
        assert (partner.trade_name, partner.email) == ("Mantido", None)


def test_update_refuses_to_null_a_required_column(company, make_partner, make_driver):
    """A caller naming a field in sent_fields that its model left unset gets a 400, not a database error."""
    partner, driver = make_partner(), make_driver()
    with tenant_scope(company.id):
        partner = db.session.get(Partner, partner.id)
        with pytest.raises(InvalidBody) as caught:
            partners.update_partner(partner, PartnerUpdate(trade_name="X"), sent_fields={"trade_name", "is_active"})
        assert [d.field for d in caught.value.details] == ["is_active"]
        driver = db.session.get(Driver, driver.id)
        with pytest.raises(InvalidBody) as caught:
            fleet.update_driver(driver, DriverUpdate(), sent_fields={"name"})
        assert [d.field for d in caught.value.details] == ["name"]


def test_set_partner_active_and_search_text(company, make_partner):
    partner = make_partner(legal_name="Transportes Conceição", trade_name="Expresso-Sul")
    with tenant_scope(company.id):
        partner = db.session.get(Partner, partner.id)
        assert partner.search_text == search_key("Transportes Conceição", "Expresso-Sul", partner.cpf_cnpj)
        assert "conceicao" in partner.search_text and "expressosul" in partner.search_text
        partners.set_partner_active(partner, False)
        partners.update_partner(partner, PartnerUpdate(legal_name="Novo Nome"))
        db.session.flush()
        assert partner.is_active is False and partner.search_text.startswith("novo nome")


@pytest.mark.parametrize("value,expected", [("79831854647", "79831854647"), ("639884962", "00639884962"),
                                            ("86769597308", "86769597308"), ("98765432103", "98765432103")])
def test_renavam_check_digit(value, expected):
    assert clean_renavam(value) == expected


# --- Bank accounts -----------------------------------------------------------------------------

BANK_RULES = [
    # field, good value, stored as, bad value
    ("bank_code", "001", "001", "1"),
    ("bank_code", "237", "237", "2370"),
    ("agency", "1234-5", "1234-5", "12345678"),
    ("agency", "0001", "0001", "12a4"),
    ("account", "12345-6", "12345-6", "12345-67"),
    ("account", "1234567-x", "1234567-X", "conta"),
    ("account_type", "poupanca", "poupanca", "investimento"),
    ("pix_key", "Fin@Example.com", "fin@example.com", "fin@"),
    ("pix_key", "+5511987654321", "+5511987654321", "+55"),
    ("pix_key", "529.982.247-25", CPF, "529.982.247-24"),
    ("pix_key", "11222333000181", "11222333000181", "11222333000180"),
    ("pix_key", "123E4567-E89B-12D3-A456-426614174000", "123e4567-e89b-12d3-a456-426614174000", "abc"),
    ("holder_document", "529.982.247-25", CPF, "123"),
    ("holder_name", "N" * 200, "N" * 200, "N" * 201),
]


@pytest.mark.parametrize("field,good,stored,bad", BANK_RULES, ids=[f"{r[0]}-{i}" for i, r in enumerate(BANK_RULES)])
def test_bank_account_field_rule(field, good, stored, bad):
    base = {"bank_code": "341", "agency": "1234", "account": "5678-9"}
    account, errors = validate_data(BankAccountCreate, {**base, field: good})
    assert errors == [] and getattr(account, field) == stored
    account, errors = validate_data(BankAccountCreate, {**base, field: bad})
    assert account is None and [e.field for e in errors] == [field]


@pytest.mark.parametrize("data,field", [
    ({"bank_code": "341", "agency": "1234"}, "account"),
    ({"account": "1-1"}, "bank_code"),
    ({}, "pix_key"),
    ({"holder_name": "Fulano"}, "pix_key"),
])
def test_bank_account_needs_bank_data_or_pix(data, field):
    instance, errors = validate_data(BankAccountCreate, data)
    assert instance is None and [e.field for e in errors] == [field]


def test_bank_account_services(company, make_partner):
    partner = make_partner()
    with tenant_scope(company.id):
        partner = db.session.get(Partner, partner.id)
        account = partners.create_bank_account(partner, BankAccountCreate(bank_code="341", agency="1234",
                                                                          account="5678-9"))
        assert (account.account_type, account.pix_key_type, account.company_id) == ("corrente", None, company.id)
        partners.update_bank_account(account, BankAccountUpdate(pix_key="+5511987654321"))
        assert (account.pix_key, account.pix_key_type, account.bank_code) == ("+5511987654321", "telefone", "341")
        partners.update_bank_account(account, BankAccountUpdate(bank_code=None, agency=None, account=None))
        assert (account.bank_code, account.account_type) == (None, None)
        with pytest.raises(InvalidBody) as caught:
            partners.update_bank_account(account, BankAccountUpdate(pix_key=None))
        assert [d.field for d in caught.value.details] == ["pix_key"]
        with pytest.raises(InvalidBody) as caught:
            partners.update_bank_account(account, BankAccountUpdate(bank_code="001"))
        assert [d.field for d in caught.value.details] == ["agency"]
        db.session.commit()
        assert [a.id for a in partner.bank_accounts] == [account.id]
        partners.delete_bank_account(account)
        db.session.commit()
        assert db.session.execute(sa.select(PartnerBankAccount.id)).first() is None


def test_partner_conflicts_carry_the_existing_id(company, make_partner):
    existing = make_partner(cpf_cnpj=unique_partner_cnpj())
    with tenant_scope(company.id), pytest.raises(Conflict) as caught:
        partners.create_partner(company, PartnerCreate(person_kind="pj", cpf_cnpj=existing.cpf_cnpj, legal_name="Y"))
    assert caught.value.as_body()["error"]["existing_id"] == str(existing.id)


# --- Tenancy: the scope filters every lookup (no hand-written company filter) -----------------------------

def test_lookups_and_lists_see_only_the_scoped_company(company, make_company, make_vehicle, make_driver,
                                                      make_partner):
    from domain.fleet.queries import (
        driver_ids_by_cpf,
        driver_listing,
        drivers_stmt,
        vehicle_ids_by_plate,
        vehicle_listing,
        vehicles_stmt,
    )
    from domain.partners.queries import find_partner_id, partner_listing, partners_stmt
    other = make_company()
    plate, cpf, cnpj = unique_plate(), unique_cpf(), unique_partner_cnpj()
    theirs = (make_vehicle(other, plate=plate), make_driver(other, cpf=cpf), make_partner(other, cpf_cnpj=cnpj))
    with tenant_scope(company.id):  # the same keys exist only in the other company
        assert vehicle_ids_by_plate([plate]) == {} and driver_ids_by_cpf([cpf]) == {}
        assert find_partner_id(cnpj) is None
        assert db.session.execute(vehicles_stmt(company, columns=(Vehicle.id,))).all() == []
        assert db.session.execute(drivers_stmt(company)).all() == []
        assert db.session.execute(partners_stmt(company)).all() == []
        for listing in (vehicle_listing(company.id), driver_listing(company.id), partner_listing(company.id)):
            assert db.session.execute(listing.stmt, listing.params).all() == []
            assert read_rows(listing.stmt, listing.params).all() == []
        with pytest.raises(TenancyViolation):  # a list of the other company, asked for inside this scope
            theirs_listing = vehicle_listing(other.id)
            read_rows(theirs_listing.stmt, theirs_listing.params)
        with pytest.raises(TenancyViolation):
            db.session.execute(vehicles_stmt(other)).all()
    with tenant_scope(other.id):
        assert vehicle_ids_by_plate([plate]) == {plate: theirs[0].id}
        assert driver_ids_by_cpf([cpf]) == {cpf: theirs[1].id} and find_partner_id(cnpj) == theirs[2].id
        assert [row.id for row in db.session.execute(vehicles_stmt(other, columns=(Vehicle.id,)))] == [theirs[0].id]
        assert [v.id for v in db.session.scalars(vehicles_stmt(other))] == [theirs[0].id]  # whole objects
        listing = vehicle_listing(other.id, columns=(Vehicle.id,))
        assert [row.id for row in read_rows(listing.stmt, listing.params)] == [theirs[0].id]


def test_the_same_key_in_another_company_is_not_a_duplicate(company, make_company, make_vehicle):
    other = make_company()
    plate = unique_plate()
    make_vehicle(other, plate=plate)
    assert make_vehicle(company, plate=plate).company_id == company.id
    with pytest.raises(Conflict):
        make_vehicle(company, plate=plate)
