"""Search-as-you-type pickers shared by the forms (the kit's `picker`, docs/pages.md "Registry picker"):

- `GET /busca/municipios?q=…&nome=…&uf=…&codigo=…`: municipalities of the shipped IBGE table by name; picking one
  fills the inputs the form names in `nome`, `uf` and `codigo` (any of them) with its name, UF and IBGE code.
- `GET /busca/cadastro/<parceiros|motoristas|veiculos>?q=…&campo=…`: the company's active partners, drivers or
  vehicles; picking one fills the (hidden) input named in `campo` with its id. The form never embeds the registry.

An input name is a form's own (`origin_city`, `origem.uf`, `municipio_codigo`): checked by its shape, never
trusted as markup (the fill is JSON in an attribute, escaped). Reads only; searches read the company's records.
"""
import json
import re

from flask import Blueprint, abort, render_template, request
from flask_login import current_user, login_required

from core.db import db
from core.formatting import fmt
from core.validators import search_municipalities
from domain.fleet.models import Driver, Vehicle
from domain.fleet.queries import drivers_stmt, vehicles_stmt
from domain.partners.models import Partner
from domain.partners.queries import partners_stmt

bp = Blueprint("pickers", __name__, url_prefix="/busca")

OPTIONS = 8
INPUT_NAME = re.compile(r"^[a-z_]{1,40}(\[\d{1,3}\])?(\.[a-z_]{1,40})?$")
MUNICIPALITY_INPUTS = ("nome", "uf", "codigo")


def _input_name(arg: str, required: bool = False) -> str | None:
    name = request.args.get(arg) or None
    if (name is None and required) or (name is not None and not INPUT_NAME.match(name)):
        abort(404)
    return name


def _answer(options, query: str, prefix: str):
    for index, option in enumerate(options or []):
        option["id"] = f"{prefix}-{index}"
        option["fill_json"] = json.dumps(option["fill"], ensure_ascii=False)
    return render_template("ciot/_picker_options.html", options=options, query=query)


@bp.get("/municipios")
@login_required
def municipalities():
    targets = {part: _input_name(part) for part in MUNICIPALITY_INPUTS}
    if not any(targets.values()):
        abort(404)
    query = (request.args.get("q") or "").strip()
    options = None
    if len(query) >= 2:
        options = [{"label": f"{name} – {uf}", "detail": f"IBGE {code}",
                    "fill": {target: value for target, value in zip(
                        (targets["nome"], targets["uf"], targets["codigo"]), (name, uf, code), strict=True) if target}}
                   for code, name, uf in search_municipalities(query, OPTIONS)]
    return _answer(options, query, "pick-municipio-" + re.sub(r"[^a-z0-9]+", "-", next(filter(None, targets.values()))))


def registry_options(source: str, query: str, target: str) -> list[dict]:
    """The company's active records matching `query`, each filling `target` with its id."""
    company = current_user.company
    if source == "parceiros":
        found = db.session.scalars(partners_stmt(company, q=query, only_active=True).order_by(Partner.legal_name)
                                   .limit(OPTIONS)).all()
        return [{"label": p.legal_name, "detail": fmt.cpf_cnpj(p.cpf_cnpj), "fill": {target: str(p.id)}}
                for p in found]
    if source == "veiculos":
        found = db.session.scalars(vehicles_stmt(company, q=query, status="ativo").order_by(Vehicle.plate)
                                   .limit(OPTIONS)).all()
        return [{"label": fmt.plate(v.plate), "detail": " · ".join(filter(None, (v.vehicle_type, v.brand))) or "—",
                 "fill": {target: str(v.id)}} for v in found]
    found = db.session.scalars(drivers_stmt(company, q=query, status="ativo").order_by(Driver.name)
                               .limit(OPTIONS)).all()
    options = []
    for d in found:
        flag = fmt.cnh_flag(d.cnh_expires_at) or None
        tone = "danger" if fmt.expiry(d.cnh_expires_at) == "expired" else "warn"
        options.append({"label": d.name, "detail": f"CPF {fmt.cpf_cnpj(d.cpf)}", "fill": {target: str(d.id)},
                        "flag": flag, "tone": tone, "note": f"Motorista {d.name}: {flag}." if flag else None})
    return options


@bp.get("/cadastro/<source>")
@login_required
def registry(source):
    if source not in ("parceiros", "motoristas", "veiculos"):
        abort(404)
    target = _input_name("campo", required=True)
    query = (request.args.get("q") or "").strip()
    options = registry_options(source, query, target) if len(query) >= 2 else None
    return _answer(options, query, f"pick-{source}-{target.replace('_', '-')}")
