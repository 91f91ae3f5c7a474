"""Registry pickers of the CIOT creation form: contratado, contratantes and destinatário from the partners, the
contratado from the drivers (a TAC driving his own truck, with the CNH flag), vehicles from the fleet, searched as
the user types (the kit's `picker` combobox, static/js/app.js); and "Salvar como parceiro" for a party typed in.

A search answers the listbox's options; each option carries the inputs it fills (`data-fill`: input name → value,
the names being body paths of the target: `contratado_rntrc`, `vehicles[2].axles`). Picking fills them in the
browser and nothing is saved; the form is posted as if typed. Searches read only the company's records
(company_select); saving goes through domain.partners.services.create_partner.
"""
import json
import re

from flask import render_template, request
from flask_login import current_user
from sqlalchemy.orm import selectinload

from blueprints.web.access import roles_required
from blueprints.web.ciot_blueprint import ACTORS, bp
from blueprints.web.ciot_form import field_label
from blueprints.web.forms_adapter import read_form
from core.db import db
from core.errors import AppError, NotFound
from core.formatting import fmt
from core.validators import strip_punctuation
from domain.fleet.models import Driver, Vehicle
from domain.fleet.queries import drivers_stmt, vehicles_stmt
from domain.partners import services as partners
from domain.partners.models import Partner
from domain.partners.queries import partners_stmt
from domain.partners.schemas import PartnerCreate

OPTIONS = 8
TARGET = re.compile(r"^(contratado|destinatario|contratantes\[\d{1,3}\]|vehicles\[\d{1,3}\])$")
# Which registry each target searches.
SOURCES = {"contratado": ("parceiros", "motoristas"), "destinatario": ("parceiros",),
           "contratantes": ("parceiros",), "vehicles": ("veiculos",)}
# The partner's RNTRC category as the form's "Tipo do contratado" and "ETC equiparada a TAC".
CATEGORY_INPUTS = {"TAC": ("TAC", ""), "ETC": ("ETC", "false"), "CTC": ("CTC", ""), "TAC_EQUIPARADO": ("ETC", "true")}
# The inputs "Salvar como parceiro" reads per target: (document, name, rntrc) and the partner's role.
PARTY_INPUTS = {"contratado": (("contratado_cpf_cnpj", "contratado_nome", "contratado_rntrc"), "contratado"),
                "destinatario": (("destinatario_cpf_cnpj", "destinatario_nome", None), "destinatario"),
                "contratantes": (("{row}.cpf_cnpj", "{row}.nome", "{row}.rntrc"), "contratante")}


def _target(allowed=None) -> tuple[str, str]:
    """(target, its kind: contratado | destinatario | contratantes | vehicles) from `?alvo=`; 404 otherwise."""
    target = request.args.get("alvo", "")
    if not TARGET.match(target):
        raise NotFound()
    kind = target.split("[", 1)[0]
    if allowed is not None and kind not in allowed:
        raise NotFound()
    return target, kind


# --- what an option fills ----------------------------------------------------------------------------------------

def partner_fill(partner: Partner, target: str, kind: str) -> dict:
    doc = fmt.cpf_cnpj(partner.cpf_cnpj)
    if kind == "destinatario":
        return {"destinatario_cpf_cnpj": doc, "destinatario_nome": partner.legal_name}
    if kind == "contratantes":
        return {f"{target}.cpf_cnpj": doc, f"{target}.nome": partner.legal_name, f"{target}.rntrc": partner.rntrc or ""}
    fill = {"contratado_cpf_cnpj": doc, "contratado_nome": partner.legal_name,
            "contratado_rntrc": partner.rntrc or ""}
    if partner.rntrc_categoria in CATEGORY_INPUTS:
        fill["contratado_tipo"], fill["equiparado_tac"] = CATEGORY_INPUTS[partner.rntrc_categoria]
    return fill | _bank_fill(partner)


def _bank_fill(partner: Partner) -> dict:
    """The partner's first bank account as the operation's payment data (bank and/or PIX)."""
    account = partner.bank_accounts[0] if partner.bank_accounts else None
    if account is None:
        return {}
    fill = {"cpf_cnpj_owner": fmt.cpf_cnpj(account.holder_document or partner.cpf_cnpj)}
    if account.bank_code:
        fill |= {"bank_code": account.bank_code, "agency": account.agency or "",
                 "account_number": account.account or ""}
    if account.pix_key:
        fill |= {"chave_pix": account.pix_key, "tipo_chave_pix": account.pix_key_type or ""}
    return fill


# The fleet's vehicle type is free text ("Cavalo mecânico", "Carreta LS", "Truck"): the CIOT kind it implies, by
# the first word that names one; a type that names none leaves the kind for the user to choose.
VEHICLE_KIND_WORDS = (
    (re.compile(r"cavalo|trator", re.I), "cavalo_trator"),
    (re.compile(r"carreta|reboque|semirreboque|semi-reboque|implemento|bitrem|rodotrem|prancha|dolly", re.I),
     "implemento"),
    (re.compile(r"truck|toco|caminh[aã]o|vuc|3/4|bitruck|utilit[aá]rio|van|furg[aã]o", re.I), "automotor"),
)


def vehicle_kind_of(vehicle_type: str | None) -> str | None:
    for words, kind in VEHICLE_KIND_WORDS:
        if vehicle_type and words.search(vehicle_type):
            return kind
    return None


def vehicle_fill(vehicle, target: str) -> dict:
    fill = {f"{target}.plate": fmt.plate(vehicle.plate), f"{target}.axles": str(vehicle.axles or "")}
    kind = vehicle_kind_of(vehicle.vehicle_type)
    return fill | ({f"{target}.vehicle_kind": kind} if kind else {})


def driver_fill(driver) -> dict:
    return {"contratado_cpf_cnpj": fmt.cpf_cnpj(driver.cpf), "contratado_nome": driver.name}


def cnh_note(expires_at) -> tuple[str, str]:
    """(message, badge tone) for a chosen driver's licence: expired or expiring within 30 days is flagged."""
    state = fmt.expiry(expires_at)
    if state == "expired":
        return f"CNH vencida em {fmt.day(expires_at)}", "danger"
    if state == "soon":
        return f"CNH vence {fmt.days_left(expires_at)} ({fmt.day(expires_at)})", "warn"
    return (f"CNH válida até {fmt.day(expires_at)}", "ok") if expires_at else ("CNH sem validade cadastrada", "muted")


# --- search ----------------------------------------------------------------------------------------------------

def _options(source: str, query: str, target: str, kind: str) -> list[dict]:
    company = current_user.company
    if source == "parceiros":
        stmt = partners_stmt(company, q=query, only_active=True).options(selectinload(Partner.bank_accounts))
        found = db.session.scalars(stmt.order_by(Partner.legal_name).limit(OPTIONS)).all()
        return [{"label": p.legal_name, "detail": " · ".join(filter(None, (
            fmt.cpf_cnpj(p.cpf_cnpj), f"RNTRC {p.rntrc}" if p.rntrc else "", p.rntrc_categoria or ""))),
            "fill": partner_fill(p, target, kind)} for p in found]
    if source == "veiculos":
        found = db.session.scalars(vehicles_stmt(company, q=query, status="ativo").order_by(Vehicle.plate)
                                   .limit(OPTIONS)).all()
        return [{"label": fmt.plate(v.plate), "detail": " · ".join(filter(None, (
            v.vehicle_type, f"{v.axles} eixos" if v.axles else "", " ".join(filter(None, (v.brand, v.model)))))),
            "fill": vehicle_fill(v, target)} for v in found]
    found = db.session.scalars(drivers_stmt(company, q=query, status="ativo").order_by(Driver.name)
                               .limit(OPTIONS)).all()
    options = []
    for d in found:
        note, tone = cnh_note(d.cnh_expires_at)
        flag = fmt.cnh_flag(d.cnh_expires_at) or None
        options.append({"label": d.name, "detail": f"CPF {fmt.cpf_cnpj(d.cpf)}", "fill": driver_fill(d),
                        "note": f"Motorista {d.name}: {note}.", "tone": tone, "flag": flag})
    return options


@bp.get("/nova/cadastro/<source>")
@roles_required(*ACTORS)
def registry_search(source):
    """The picker's options for `?q=` (at least 2 characters), filling the inputs of `?alvo=`."""
    target, kind = _target()
    if source not in SOURCES[kind]:
        raise NotFound()
    query = (request.args.get("q") or "").strip()
    options = _options(source, query, target, kind) if len(query) >= 2 else None
    for index, option in enumerate(options or []):
        option["id"] = f"pick-{re.sub(r'[^a-z0-9]+', '-', target)}-{source}-{index}"
        option["fill_json"] = json.dumps(option["fill"], ensure_ascii=False)
    return render_template("ciot/_picker_options.html", options=options, source=source, query=query)


# --- "Salvar como parceiro" -----------------------------------------------------------------------------------

def _party_data(target: str, kind: str) -> tuple[dict, dict]:
    """The partner body typed in the target's inputs, and {partner field: input name} to report errors."""
    (doc_name, name_name, rntrc_name), role = PARTY_INPUTS[kind]
    names = {"cpf_cnpj": doc_name, "legal_name": name_name, "rntrc": rntrc_name}
    names = {field: name.format(row=target) for field, name in names.items() if name}
    values = {field: (request.form.get(name) or "").strip() for field, name in names.items()}
    values["cpf_cnpj"] = strip_punctuation(values["cpf_cnpj"])  # typed masked; partners store digits
    data = {field: value for field, value in values.items() if value}
    data |= {"person_kind": "pf" if len(values["cpf_cnpj"]) == 11 else "pj", "roles": [role]}
    category = request.form.get("contratado_tipo") if kind == "contratado" else None
    if category in ("TAC", "ETC", "CTC") and data.get("rntrc"):
        data["rntrc_categoria"] = "TAC_EQUIPARADO" if request.form.get("equiparado_tac") == "true" else category
    return data, names


@bp.post("/nova/parceiro")
@roles_required(*ACTORS)
def save_party():
    """Save the contratado, the destinatário or a contratante typed in the form as a partner of the company."""
    target, kind = _target(allowed=PARTY_INPUTS)
    data, names = _party_data(target, kind)
    body, errors = read_form(PartnerCreate, data)
    if errors:
        problems = [f"{field_label(names.get(e.field.split('.')[0], e.field))}: {e.message}" for e in errors]
        return render_template("ciot/_picker_saved.html", ok=False, problems=problems), 422
    try:
        partner = partners.create_partner(current_user.company, body, actor=current_user._get_current_object())
        name = partner.legal_name
    except AppError as exc:
        problems = [exc.message]
        if exc.code == "partner_cpf_cnpj_exists":
            problems = ["Este CPF/CNPJ já está no cadastro de parceiros: busque-o no campo acima."]
        return render_template("ciot/_picker_saved.html", ok=False, problems=problems), 422
    return render_template("ciot/_picker_saved.html", ok=True, name=name)

