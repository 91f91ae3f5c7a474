"""Methodologies: create (version 1), save a new version (old ones never change), the starter templates every
company gets, and the lookups the simulations use."""
import json
import uuid
from collections import OrderedDict

import sqlalchemy as sa

from core.actors import actor_label
from core.db import db, utcnow
from core.errors import AppError, Forbidden, NotFound
from core.tenancy import company_rows, cross_tenant, current_company_id, read_rows
from domain.simulations.definitions import Compiled, check_definition
from domain.simulations.models import Methodology, MethodologyVersion
from domain.simulations.schemas import MethodologyDefinition
from domain.simulations.taxes import DATA_DIR

TEMPLATES_FILE = DATA_DIR / "methodology_templates.json"
NOT_FOUND_MESSAGE = "Metodologia não encontrada."
FORBIDDEN_MESSAGE = "Esta metodologia pertence a outra empresa."


def starter_templates() -> list[dict]:
    with open(TEMPLATES_FILE, encoding="utf-8") as fh:
        return json.load(fh)


def install_templates(company, *, actor="sistema") -> list[Methodology]:
    """The starter methodologies (version 1) the company does not have yet: run for every new company, by the
    migration for the existing ones and by `flask simulations install-templates`."""
    have = {row.template for row in db.session.execute(db.select(Methodology.template)
                                                       .where(Methodology.template.is_not(None)))}
    created = []
    for template in starter_templates():
        if template["template"] not in have:
            definition = MethodologyDefinition.model_validate(template)
            created.append(create_methodology(company, definition, actor=actor, template=template["template"]))
    return created


def create_methodology(company, definition: MethodologyDefinition, *, actor=None,
                       template: str | None = None) -> Methodology:
    inputs, components = checked_definition(definition)
    methodology = Methodology(id=uuid.uuid4(), company_id=company.id, name=definition.name, current_version=1,
                              template=template)
    db.session.add(methodology)
    db.session.flush()
    _write_version(methodology, 1, definition, inputs, components, actor)
    return methodology


def save_version(methodology: Methodology, definition: MethodologyDefinition, *, actor=None) -> MethodologyVersion:
    """Editing writes version n+1 (the methodology row is locked by the caller: `find_methodology(for_update=True)`);
    earlier versions and the simulations that used them stay as they were."""
    inputs, components = checked_definition(definition)
    methodology.current_version += 1
    methodology.name = definition.name
    methodology.updated_at = utcnow()
    return _write_version(methodology, methodology.current_version, definition, inputs, components, actor)


def checked_definition(definition: MethodologyDefinition) -> tuple[list, list]:
    inputs = [_plain(item.model_dump()) for item in definition.inputs]
    components = [item.model_dump() for item in definition.components]
    _, errors = check_definition(inputs, components)
    if errors:
        raise AppError("A metodologia tem erros: " + "; ".join(f"{e.field}: {e.message}" for e in errors[:5]),
                       code="invalid_methodology", status=422, details=errors)
    return inputs, components


def _plain(item: dict) -> dict:
    """JSON-ready input definition: integral numbers as ints (what the list shows), enum options as dicts."""
    for name in ("min", "max", "default"):
        value = item.get(name)
        if isinstance(value, float) and value.is_integer():
            item[name] = int(value)
    return item


def _write_version(methodology, number: int, definition, inputs, components, actor) -> MethodologyVersion:
    version = MethodologyVersion(id=uuid.uuid4(), company_id=methodology.company_id, methodology_id=methodology.id,
                                 version=number, name=definition.name, description=definition.description,
                                 inputs=inputs, components=components, tax_mode=definition.tax_mode,
                                 created_at=utcnow(), created_by=actor_label(actor))
    db.session.add(version)
    db.session.flush()
    return version


# --- Lookups -------------------------------------------------------------------------------------------------------

def find_methodology(methodology_id, *, for_update: bool = False, foreign_is_forbidden: bool = False) -> Methodology:
    """The company's methodology: 404 when no company has it, and when another company does (like every foreign
    id), except for a simulation (`foreign_is_forbidden`): 403 there, the API's one named exception to "another
    company's record looks missing" (docs/api/simulations.md)."""
    try:
        key = uuid.UUID(str(methodology_id))
    except ValueError:
        raise NotFound(NOT_FOUND_MESSAGE) from None
    stmt = db.select(Methodology).where(Methodology.id == key)
    found = db.session.execute(stmt.with_for_update() if for_update else stmt).scalar_one_or_none()
    if found is not None:
        return found
    if not foreign_is_forbidden:
        raise NotFound(NOT_FOUND_MESSAGE)
    owner = db.session.execute(cross_tenant(db.select(Methodology.company_id).where(Methodology.id == key))).first()
    if owner is not None and owner.company_id != current_company_id():
        raise Forbidden(FORBIDDEN_MESSAGE, code="forbidden")
    raise NotFound(NOT_FOUND_MESSAGE)


VERSION_COLUMNS = (MethodologyVersion.id, MethodologyVersion.methodology_id, MethodologyVersion.version,
                   MethodologyVersion.tax_mode, MethodologyVersion.inputs, MethodologyVersion.components)


def find_current_version(company, methodology_id):
    """The current version (the highest: versions only grow) of the company's methodology, as a plain row read in
    one SELECT of one table (the simulation's hot path); 404/403 as find_methodology."""
    try:
        key = uuid.UUID(str(methodology_id))
    except ValueError:
        raise NotFound(NOT_FOUND_MESSAGE) from None
    found = read_rows(_current_version_select(), {"company_id": company.id, "methodology_id": key}).first()
    if found is None:
        find_methodology(key, foreign_is_forbidden=True)  # raises 403 or 404
        raise NotFound(NOT_FOUND_MESSAGE)
    return found


def _current_version_select() -> sa.Select:
    # A `company_rows` statement (`read_rows` checks each call's :company_id against the scope); the methodology id
    # is bound per call.
    return (company_rows(MethodologyVersion, *VERSION_COLUMNS)
            .where(MethodologyVersion.methodology_id == sa.bindparam("methodology_id"))
            .order_by(MethodologyVersion.version.desc()).limit(1))


def find_version(methodology: Methodology, number: int | None = None) -> MethodologyVersion:
    number = number or methodology.current_version
    found = db.session.execute(db.select(MethodologyVersion).where(
        MethodologyVersion.methodology_id == methodology.id, MethodologyVersion.version == number)).scalar_one_or_none()
    if found is None:
        raise NotFound(f"A metodologia não tem a versão {number}.")
    return found


_COMPILED: OrderedDict = OrderedDict()


def compiled(version) -> Compiled:
    """The checked, parsed definition of a version; cached by version id (a version never changes)."""
    hit = _COMPILED.get(version.id)
    if hit is None:
        hit, errors = check_definition(list(version.inputs), list(version.components))
        if hit is None:  # saved before a rule tightened: say so rather than fail with a 500
            raise AppError("A versão da metodologia não é mais válida: salve uma nova versão.",
                           code="invalid_methodology", status=422, details=errors)
        _COMPILED[version.id] = hit
        if len(_COMPILED) > 256:
            _COMPILED.popitem(last=False)
    return hit


def sample_inputs(version: MethodologyVersion) -> dict:
    """Each input's default (the editor's preview starts from them)."""
    return {item["key"]: item.get("default") for item in version.inputs if item.get("default") is not None}


__all__ = ["compiled", "create_methodology", "find_current_version", "find_methodology",
           "find_version", "install_templates", "sample_inputs", "save_version", "starter_templates"]
