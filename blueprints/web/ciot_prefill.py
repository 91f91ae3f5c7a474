"""What the CIOT creation form starts with and what it fills by itself, so a dispatcher types only what is new.

- `initial_form`: a new operation (company environment, lotação, today's declaration, one tractor row).
- `copy_form`: "Nova operação a partir desta", a repeat trip. It keeps the parties, route, vehicles, how it is
  paid, and the previous trip's distance and weight as defaults; it moves the trip to today (same time of day,
  same duration) and every instalment's due date by the same offset from the start; it leaves the freight, the
  instalment amounts and the documents (one empty row of the previous kind) to fill.
- `due_date_warnings`: the instalments due before the trip starts or after it ends (a repeat trip's moved dates
  included), said in the live panel; a warning, never a refusal (an advance may be paid before departure).
- On every post: vehicle rows without axles take them from the fleet registry (`fill_registry_axles`), and an
  empty balance instalment is the freight minus the other instalments (`fill_balance`).
"""
from datetime import date, datetime, timedelta
from decimal import Decimal

from blueprints.web.ciot_form import DECIMAL_PLACES, ROW_FIELDS, TOP_TYPES, DraftForm
from core.formatting import day, decimal_input, parse_decimal
from core.validators import FieldInvalid
from domain.ciot.presentation import PAYMENT_KIND_LABELS

NOT_COPIED = {"external_id", "data_declaracao", "viagem_inicio", "viagem_fim", "valor_frete"}
ROW_NOT_COPIED = {"contratantes": {"valor_frete"}, "payments": {"amount", "due_date"}}
TRIP_INPUT = "%Y-%m-%dT%H:%M"  # a datetime-local input's value


def initial_form(company, today) -> DraftForm:
    values = {"environment": company.ciot_environment, "tipo_operacao": "lotacao",
              "data_declaracao": today.isoformat(), "origem.tipo": "municipio", "destino.tipo": "municipio",
              "vehicles[0].vehicle_kind": "cavalo_trator"}
    return DraftForm(values=values)


def _as_input(value, kind: str) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if kind in DECIMAL_PLACES:
        return decimal_input(value, DECIMAL_PLACES[kind])
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _moment(value) -> datetime | None:
    """A record's trip moment (`2026-11-24T08:00:00-03:00`, Brasília wall clock) as a naive wall-clock time."""
    return datetime.fromisoformat(value).replace(tzinfo=None) if value else None


def _copy_trip_dates(form: DraftForm, record: dict, today: date) -> None:
    """The trip starts today at the previous trip's time and lasts as long; instalments fall due as many days
    after the start as before."""
    start, end = _moment(record.get("viagem_inicio")), _moment(record.get("viagem_fim"))
    if start is None:
        return
    new_start = datetime.combine(today, start.time())
    form.values["viagem_inicio"] = new_start.strftime(TRIP_INPUT)
    if end is not None and end >= start:
        form.values["viagem_fim"] = (new_start + (end - start)).strftime(TRIP_INPUT)
    for index, payment in enumerate(record.get("payments") or []):
        if payment.get("due_date"):
            offset = date.fromisoformat(payment["due_date"]) - start.date()
            form.values[f"payments[{index}].due_date"] = (today + max(offset, timedelta(0))).isoformat()


def _record_values(form: DraftForm, record: dict, kinds, skip=frozenset(), row_skip=None) -> dict:
    """Put an operation's record (serializers.operation_record) into the form's inputs: the top-level fields but
    `skip`, both places, and the rows of `kinds` but their `row_skip` fields. Returns the rows per list."""
    for name, kind in TOP_TYPES.items():
        if name not in skip and record.get(name) not in (None, ""):
            form.values[name] = (_moment(record[name]).strftime(TRIP_INPUT) if kind == "datetime"
                                 else _as_input(record[name], kind))
    for side in ("origem", "destino"):
        for key, value in (record.get(side) or {}).items():
            form.values[f"{side}.{key}"] = _as_input(value, "text")
    rows = {kind: [] for kind in ROW_FIELDS}
    for kind in kinds:
        for index, item in enumerate(record.get(kind) or []):
            rows[kind].append(index)
            for f in ROW_FIELDS[kind]:
                if f.name not in (row_skip or {}).get(kind, ()) and item.get(f.name) not in (None, ""):
                    form.values[f"{kind}[{index}].{f.name}"] = _as_input(item[f.name], f.type)
    return rows


def edit_form(company, today, record: dict) -> DraftForm:
    """The creation form holding a saved operation as it is (every field, every row): the operation's page
    "Corrigir dados", for every status the PATCH accepts."""
    form = initial_form(company, today)
    form.rows = _record_values(form, record, tuple(ROW_FIELDS))
    return form


def copy_form(company, today, record: dict) -> DraftForm:
    """The creation form prefilled from an operation's record (serializers.operation_record): a repeat trip."""
    form = initial_form(company, today)
    rows = _record_values(form, record, ("contratantes", "vehicles", "payments"), NOT_COPIED, ROW_NOT_COPIED)
    previous_documents = record.get("documents") or []
    if previous_documents:  # a new trip carries new documents: one empty row of the kind used last time
        rows["documents"] = [0]
        form.values["documents[0].kind"] = previous_documents[0].get("kind") or "nfe"
    form.rows = rows
    _copy_trip_dates(form, record, today)
    return form


def _input_day(value: str) -> date | None:
    """The date of a date or datetime-local input's value; None when empty or unreadable (the schema reports it)."""
    try:
        return date.fromisoformat(value[:10]) if value else None
    except ValueError:
        return None


def due_date_warnings(form: DraftForm) -> list[str]:
    """What to tell about instalments due outside the trip (before its start day or after its end day)."""
    start, end = _input_day(form.value("viagem_inicio")), _input_day(form.value("viagem_fim"))
    if start is None:
        return []
    warnings = []
    for position, index in enumerate(form.rows.get("payments", []), start=1):
        due = _input_day(form.value(f"payments[{index}].due_date"))
        kind = PAYMENT_KIND_LABELS.get(form.value(f"payments[{index}].kind"), "parcela").lower()
        if due is not None and due < start:
            warnings.append(f"Pagamento {position} ({kind}) vence em {day(due)}, antes do início da viagem "
                            f"({day(start)}).")
        elif due is not None and end is not None and due > end:
            warnings.append(f"Pagamento {position} ({kind}) vence em {day(due)}, depois do fim da viagem "
                            f"({day(end)}).")
    return warnings


def _plate_key(value: str) -> str:
    return (value or "").replace("-", "").replace(" ", "").upper()


def fill_registry_axles(form: DraftForm, axles_by_plate) -> DraftForm:
    """Vehicle rows without axles take them from the fleet registry: `axles_by_plate(plates)` → {plate: axles}."""
    rows = {i: _plate_key(form.value(f"vehicles[{i}].plate")) for i in form.rows.get("vehicles", [])
            if not form.value(f"vehicles[{i}].axles")}
    known = axles_by_plate([plate for plate in rows.values() if plate]) if any(rows.values()) else {}
    for index, plate in rows.items():
        if plate in known:
            form.values[f"vehicles[{index}].axles"] = str(known[plate])
    return form


def _amount(form: DraftForm, name: str) -> Decimal | None:
    try:
        return parse_decimal(form.value(name), 2)
    except FieldInvalid:
        return None  # unreadable: body() reports it on its input; nothing is computed from it


def fill_balance(form: DraftForm) -> DraftForm:
    """One balance instalment (`saldo`) left empty is the freight minus the other instalments, when all of them
    can be read and the difference is positive; anything else is left as typed for the rules to report."""
    payments = form.rows.get("payments", [])
    balances = [i for i in payments if form.value(f"payments[{i}].kind") == "saldo"]
    if len(balances) != 1 or form.value(f"payments[{balances[0]}].amount"):
        return form
    freight = _amount(form, "valor_frete")
    others = [_amount(form, f"payments[{i}].amount") for i in payments if i != balances[0]]
    if freight is None or any(amount is None for amount in others):
        return form
    balance = freight - sum(others, Decimal(0))
    if balance > 0:
        form.values[f"payments[{balances[0]}].amount"] = decimal_input(balance, 2)
    return form
