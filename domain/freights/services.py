"""Business actions on freights. Each validates, flushes and leaves the commit to the caller (the API decorator,
a page helper or a job): one transaction per action.

Codes `FRT-000001` are gapless per company (core.counters). A status change is recorded in the freight's history
(from, to, who, note) and emits `freight.status_changed` to the events outbox in the same transaction.
"""
import secrets
import uuid
from itertools import takewhile

import sqlalchemy as sa

from core.actors import actor_label
from core.clock import brasilia_today
from core.counters import FREIGHT, next_counter_value
from core.db import db, utcnow
from core.errors import FieldError, InvalidBody, InvalidStatus, NotFound, Unprocessable
from core.events import emit_event
from core.responses import dump
from core.tenancy import get_owned, get_referenced
from core.validators import fold, resolve_ibge_code
from domain.common import actor_user_id
from domain.fleet.models import Driver, Vehicle
from domain.freights.floor import check_publishable, refresh_antt_floor
from domain.freights.models import Freight, FreightStatusChange
from domain.freights.presentation import STATUS_LABELS as FREIGHT_STATUS_LABELS
from domain.freights.schemas import FreightCreate, FreightUpdate, Location, date_order_message
from domain.freights.serializers import FreightStatusChangedData
from domain.freights.states import FLOW, NEXT_OFFERED, REQUIRES, TERMINAL
from domain.partners.models import Partner
from domain.simulations.services import link_to_freight

PLAIN_FIELDS = ("cargo_type", "weight_kg", "vehicle_type", "price", "pickup_at", "pickup_until", "delivery_at",
                "delivery_until", "notes", "distance_km", "loaded_axles", "antt_table")
REFERENCE_FIELDS = ("carrier_id", "driver_id", "vehicle_id", "simulation_id")


def next_code(company_id) -> str:
    return f"FRT-{next_counter_value(FREIGHT, company_id):06d}"


def find_freight(ref: str, *, for_update: bool = False) -> Freight:
    """The company's freight by uuid or by code (`FRT-000123`, any case); NotFound otherwise."""
    ref = (ref or "").strip()
    if ref.upper().startswith("FRT-"):
        stmt = db.select(Freight).where(Freight.code == ref.upper())
        if for_update:
            stmt = stmt.with_for_update()
        found = db.session.execute(stmt).scalar_one_or_none()
        if found is None:
            raise NotFound("Frete não encontrado.")
        return found
    return get_owned(Freight, ref, for_update=for_update)


def lock_freight(ref: str) -> Freight:
    """The freight, locked until the transaction ends, read after the lock. The lock is a write (an UPDATE of
    updated_at): a row lock on PostgreSQL, the database write lock on SQLite (where FOR UPDATE does not exist), so
    concurrent actions on one freight (accepts) run one after the other on both."""
    freight_id = find_freight(ref).id
    db.session.execute(sa.update(Freight).where(Freight.id == freight_id).values(updated_at=utcnow())
                       .execution_options(synchronize_session=False))
    return db.session.execute(db.select(Freight).where(Freight.id == freight_id)
                              .execution_options(populate_existing=True)).scalar_one()


# --- Create / update ---------------------------------------------------------------------------

def create_freight(company, data: FreightCreate, *, actor=None, status: str = "draft") -> Freight:
    freight = Freight(id=uuid.uuid4(), company_id=company.id, status=status, visibility=data.visibility or "privado",
                      created_by_user_id=actor_user_id(actor))
    _set_location(freight, "origin", data.origin)
    _set_location(freight, "destination", data.destination)
    for name in PLAIN_FIELDS:
        setattr(freight, name, getattr(data, name))
    _set_references(freight, data, REFERENCE_FIELDS)
    freight.code = next_code(company.id)
    refresh_antt_floor(freight)
    check_publishable(freight)
    _refresh_public_slug(freight)
    _refresh_search(freight)
    db.session.add(freight)
    _record_change(freight, None, status, "Frete criado.", actor)
    db.session.flush()
    _link_simulation(freight, None)
    return freight


def update_freight(freight: Freight, data: FreightUpdate, *, sent_fields=None) -> Freight:
    """PATCH: only the fields sent (`sent_fields`, else those set in `data`) change; null clears an optional one."""
    sent = set(data.model_fields_set if sent_fields is None else sent_fields)
    previous_simulation = freight.simulation_id
    if freight.status in TERMINAL:
        raise InvalidStatus(f"Frete {FREIGHT_STATUS_LABELS[freight.status].lower()} não pode ser alterado.")
    for side in ("origin", "destination"):
        if side in sent:
            if getattr(data, side) is None:
                raise InvalidBody.for_field(side, "Campo obrigatório; não pode ser removido.", code="required")
            _set_location(freight, side, getattr(data, side))
    for name in PLAIN_FIELDS:
        if name in sent:
            setattr(freight, name, getattr(data, name))
    if "visibility" in sent:
        if data.visibility is None:
            raise InvalidBody.for_field("visibility", "Use privado ou publico.", code="required")
        freight.visibility = data.visibility
    _set_references(freight, data, [name for name in REFERENCE_FIELDS if name in sent])
    _check_windows(freight)
    refresh_antt_floor(freight)
    check_publishable(freight)
    _refresh_public_slug(freight)
    _refresh_search(freight)
    db.session.flush()
    _link_simulation(freight, previous_simulation)
    return freight


def _link_simulation(freight: Freight, previous) -> None:
    """A newly set simulation_id converts that saved simulation (simulation.converted); the simulations area checks
    it is the company's and not already another freight's."""
    if freight.simulation_id is not None and freight.simulation_id != previous:
        link_to_freight(freight, freight.simulation_id)


def _set_location(freight: Freight, side: str, location: Location) -> None:
    """City and UF as sent; the IBGE code as sent (checked against the UF by the schema) or found by the name
    (accents and case aside), else left empty: an unknown name never refuses the freight."""
    code = location.ibge_code or resolve_ibge_code(location.city, location.state)
    setattr(freight, f"{side}_city", location.city)
    setattr(freight, f"{side}_state", location.state)
    setattr(freight, f"{side}_ibge", code)


def _set_references(freight: Freight, data, names) -> None:
    for name in names:
        value = getattr(data, name)
        if name == "simulation_id":
            freight.simulation_id = _uuid_or_invalid(value, name) if value else None
        elif name == "carrier_id":
            freight.carrier_id = _owned_id(Partner, value, name, "Transportador") if value else None
            if value:
                carrier = db.session.get(Partner, freight.carrier_id)
                freight.carrier_name, freight.carrier_phone = carrier.trade_name or carrier.legal_name, carrier.phone
            else:
                freight.carrier_name = freight.carrier_phone = None
        elif name == "driver_id":
            freight.driver_id = assignable_driver(value).id if value else None
        elif name == "vehicle_id":
            freight.vehicle_id = assignable_vehicle(value).id if value else None


def _uuid_or_invalid(value, field: str) -> uuid.UUID:
    try:
        return uuid.UUID(str(value))
    except ValueError:
        raise InvalidBody.for_field(field, "Identificador inválido (uuid).", code="uuid_parsing") from None


def _owned_id(model, value, field: str, label: str) -> uuid.UUID:
    """The id of the company's record, or 404 naming the field (another company's id looks missing:
    docs/api/README.md, "Ids")."""
    return get_referenced(model, value, field, label).id


def assignable_driver(driver_id) -> Driver:
    """An active driver of the company whose CNH is not expired; else 422 naming driver_id (404 when it is not
    the company's)."""
    driver = db.session.get(Driver, _owned_id(Driver, driver_id, "driver_id", "Motorista"))
    if driver.status != "ativo":
        raise _unassignable("driver_id", "driver_inactive", f"O motorista {driver.name} está inativo.")
    if driver.cnh_expires_at is not None and driver.cnh_expires_at < brasilia_today():  # a Brazilian calendar date
        raise _unassignable("driver_id", "driver_cnh_expired",
                            f"A CNH de {driver.name} venceu em {driver.cnh_expires_at:%d/%m/%Y}.")
    return driver


def assignable_vehicle(vehicle_id) -> Vehicle:
    """An active vehicle of the company (not inactive, not in maintenance); else 422 naming vehicle_id (404 when it
    is not the company's)."""
    vehicle = db.session.get(Vehicle, _owned_id(Vehicle, vehicle_id, "vehicle_id", "Veículo"))
    if vehicle.status != "ativo":
        state = "em manutenção" if vehicle.status == "manutencao" else "inativo"
        raise _unassignable("vehicle_id", "vehicle_inactive", f"O veículo {vehicle.plate} está {state}.")
    return vehicle


def _unassignable(field: str, code: str, message: str) -> Unprocessable:
    return Unprocessable(message, code=code, details=[FieldError(field, code, message)])


def _check_windows(freight: Freight) -> None:
    for start, end in (("pickup_at", "pickup_until"), ("delivery_at", "delivery_until"), ("pickup_at", "delivery_at")):
        first, last = getattr(freight, start), getattr(freight, end)
        if first and last and first > last:
            raise InvalidBody.for_field(end, date_order_message(start), code="date_order")


def _refresh_public_slug(freight: Freight) -> None:
    """A public freight gets a readable slug once (origem-destino-xxxxxx); it is kept if it goes private again,
    so links already shared keep pointing at it."""
    if freight.visibility == "publico" and not freight.public_slug:
        base = "-".join(fold(part).replace(" ", "-") for part in (freight.origin_city, freight.origin_state,
                                                                    freight.destination_city,
                                                                    freight.destination_state))
        base = "".join(c for c in base if c.isalnum() or c == "-")[:90].strip("-")
        freight.public_slug = f"{base}-{secrets.token_hex(3)}"


def _refresh_search(freight: Freight) -> None:
    freight.search_text = fold(" ".join(p for p in (freight.code, freight.origin_city, freight.destination_city)
                                        if p))[:300]


# --- Status ------------------------------------------------------------------------------------

def change_status(freight: Freight, status: str, *, note: str | None = None, actor=None) -> Freight:
    """PATCH /freights/{id}/status: any status, except out of delivered/cancelled (422 invalid_status); assigned
    needs a carrier, picked_up/in_transit a driver and a vehicle (422 naming what is missing). Same status: no-op."""
    if status == freight.status:
        return freight
    if freight.status in TERMINAL:
        raise InvalidStatus(f"O frete está {FREIGHT_STATUS_LABELS[freight.status].lower()}; o status não pode mais "
                            "mudar.", details=[FieldError("status", "invalid_status", "Status final.")])
    missing = missing_for(freight, status)
    if missing:
        names = " e ".join(label for _, label in missing)
        raise Unprocessable(f"Para {FREIGHT_STATUS_LABELS[status].lower()} o frete precisa de {names}.",
                            code="assignment_required",
                            details=[FieldError("carrier_id" if f == "carrier" else f, "required",
                                                f"Informe o {label}.") for f, label in missing])
    if status in ("picked_up", "in_transit"):  # they may have become unassignable since
        assignable_driver(freight.driver_id)
        assignable_vehicle(freight.vehicle_id)
    set_status(freight, status, note=note, actor=actor)
    return freight


def missing_for(freight: Freight, status: str) -> list[tuple[str, str]]:
    """What `freight` lacks to move to `status` (field, pt-BR name): a carrier, a driver, a vehicle."""
    return [(field, label) for field, label in REQUIRES.get(status, {}).items()
            if not (freight.carrier_id or freight.carrier_name if field == "carrier" else getattr(freight, field))]


def next_statuses(freight: Freight, ahead: int = NEXT_OFFERED) -> list[str]:
    """The statuses the freight page offers as buttons: the next `ahead` steps of the flow, up to the first one the
    freight cannot take yet (a carrier, a driver or a vehicle missing), then cancelling; none once it is delivered
    or cancelled. Only what the page suggests: `change_status` (the API's) still takes any status its rules allow,
    a correction backwards included."""
    if freight.status in TERMINAL:
        return []
    later = FLOW[FLOW.index(freight.status) + 1:][:ahead]
    return list(takewhile(lambda status: not missing_for(freight, status), later)) + ["cancelled"]


def set_status(freight: Freight, status: str, *, note: str | None = None, actor=None) -> None:
    """Record and announce a status change (the rules are the caller's)."""
    previous = freight.status
    freight.status = status
    freight.updated_at = utcnow()
    _record_change(freight, previous, status, note, actor)
    emit_event(freight.company_id, "freight.status_changed", dump(FreightStatusChangedData, {
        "id": freight.id, "code": freight.code, "from": previous, "to": status, "note": note}))
    db.session.flush()


def _record_change(freight: Freight, previous, status: str, note, actor) -> None:
    db.session.add(FreightStatusChange(id=uuid.uuid4(), company_id=freight.company_id, freight_id=freight.id,
                                       from_status=previous, to_status=status, note=note,
                                       actor=actor_label(actor), created_at=utcnow()))
