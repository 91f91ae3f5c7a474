"""Business actions on companies, users and API keys. Callers commit."""
import json
import re
import uuid
from functools import lru_cache
from types import SimpleNamespace

from flask import current_app
from werkzeug.security import check_password_hash, generate_password_hash

from core import apikeys, crypto
from core.db import db, utcnow
from core.errors import Conflict, InvalidBody, NotFound, Unprocessable
from core.logos import checked_logo
from core.pdf import Branding
from core.signals import company_created
from core.tenancy import cross_tenant
from core.validators import FieldInvalid, clean_email, clean_uf, normalize_cnpj
from domain.tenancy.inputs import Problems
from domain.tenancy.models import (
    CIOT_ENVIRONMENTS,
    CIOT_FLOWS,
    FEATURES,
    MODULES,
    ROLES,
    SCOPES,
    TAX_REGIMES,
    ApiKey,
    Company,
    User,
)
from domain.tenancy.passwords import hash_password
from domain.tenancy.sessions import end_all_sessions

HEX_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")


def create_company(*, name: str, cnpj: str, modules=(), features=(), ciot_flow: str | None = None,
                   ciot_environment: str | None = None, tax_regime: str | None = None,
                   tax_state: str | None = None) -> Company:
    """A new company. It is announced with `core.signals.company_created`, in the same transaction, so the areas
    that keep starter data per company add it (the simulations area its price methodologies)."""
    digits = normalize_cnpj(cnpj, field="cnpj")
    if db.session.execute(cross_tenant(db.select(Company.id).where(Company.cnpj == digits))).first():
        raise Conflict("Já existe uma empresa com este CNPJ.", code="company_cnpj_exists")
    company = Company(cnpj=digits, legal_name=_required_text(name, "name"), modules=[], features=[])
    db.session.add(company)
    update_company(company, modules=modules, features=features, ciot_flow=ciot_flow,
                   ciot_environment=ciot_environment, tax_regime=tax_regime, tax_state=tax_state)
    company_created.send(company)  # e.g. the simulations area installs its starter methodologies
    return company


def update_company(company: Company, *, name=None, modules=None, features=None, ciot_flow=None,
                   ciot_environment=None, state_registration=None, tax_regime=None, tax_state=None) -> Company:
    if name is not None:
        company.legal_name = _required_text(name, "name")
    if modules is not None:
        company.modules = _choices(modules, MODULES, "module")
    if features is not None:
        company.features = _choices(features, FEATURES, "feature")
    if ciot_flow is not None:
        company.ciot_flow = _choice(ciot_flow, CIOT_FLOWS, "ciot_flow")
    if ciot_environment is not None:
        company.ciot_environment = _choice(ciot_environment, CIOT_ENVIRONMENTS, "ciot_environment")
    if state_registration is not None:
        company.state_registration = state_registration.strip() or None
    if tax_regime is not None:
        company.tax_regime = _choice(tax_regime, TAX_REGIMES, "tax_regime")
    if tax_state is not None:
        company.tax_state = _uf(tax_state, "tax_state") if tax_state.strip() else None
    db.session.flush()
    return company


def set_ciot_credentials(company: Company, environment: str, credentials: dict | None) -> None:
    """Provider credentials per environment, encrypted at rest. None removes them."""
    _choice(environment, CIOT_ENVIRONMENTS, "environment")
    stored = dict(company.ciot_credentials or {})
    if credentials:
        stored[environment] = crypto.encrypt(json.dumps(credentials))
    else:
        stored.pop(environment, None)
    company.ciot_credentials = stored
    db.session.flush()


def get_ciot_credentials(company: Company, environment: str) -> dict | None:
    token = (company.ciot_credentials or {}).get(environment)
    return json.loads(crypto.decrypt(token)) if token else None


def checked_branding(*, legal_name=None, footer=None, primary_color=None, secondary_color=None,
                     logo: bytes | None = None, remove_logo: bool = False) -> dict:
    """The company's PDF identity as typed, checked (texts' lengths, `#RRGGBB` colours, the logo by
    `checked_logo`), every problem reported together (InvalidBody); the `brand_*` values to store, only those
    sent (None: unchanged). What `update_branding` writes and the branding page's live preview shows."""
    problems = Problems()
    problems.check_length("legal_name", legal_name, 200)
    problems.check_length("footer", footer, 500)
    for field, value in (("primary_color", primary_color), ("secondary_color", secondary_color)):
        if value is not None and not HEX_COLOR.match(value):
            problems.add(field, "invalid_color", "Use uma cor no formato #RRGGBB.")
    logo_mime = None
    if logo is not None:
        try:
            logo, logo_mime = checked_logo(logo)
        except InvalidBody as exc:
            problems.errors.extend(exc.details)
    problems.raise_any()
    values = {}
    if legal_name is not None:
        values["brand_legal_name"] = legal_name.strip() or None
    if footer is not None:
        values["brand_footer"] = footer.strip() or None
    for field, value in (("primary_color", primary_color), ("secondary_color", secondary_color)):
        if value is not None:
            values[f"brand_{field}"] = value.lower()
    if remove_logo:
        values["brand_logo"], values["brand_logo_mime"] = None, None
    if logo is not None:
        values["brand_logo"], values["brand_logo_mime"] = logo, logo_mime
    return values


def update_branding(company: Company, **typed) -> Company:
    """The company's PDF identity (`checked_branding`'s arguments); nothing changes when any of it is refused."""
    for name, value in checked_branding(**typed).items():
        setattr(company, name, value)
    db.session.flush()
    return company


def branding_preview(company: Company, **typed):
    """The company's PDF identity with the typed values over the stored ones (`checked_branding`'s arguments and
    refusals), for the branding page's live preview: nothing is written, the company is left as it was."""
    stored = {name: getattr(company, name) for name in ("legal_name", "cnpj", "brand_legal_name", "brand_footer",
                                                        "brand_primary_color", "brand_secondary_color",
                                                        "brand_logo", "brand_logo_mime")}
    return Branding.for_company(SimpleNamespace(**(stored | checked_branding(**typed))))


def create_user(company: Company, *, email: str, password: str, role: str, name: str = "") -> User:
    """A new user of `company`; every problem with the input is reported at once (422 on the page, the CLI's
    message), a taken e-mail (in any company) is a Conflict."""
    problems = Problems()
    email = problems.read("email", email, clean_email, required="Informe o e-mail.",
                          sentence="Informe um e-mail válido.")
    problems.check_password("password", password)
    problems.check_length("name", name, 120)
    if role not in ROLES:
        problems.add("role", "invalid_choice", f"Valor deve ser um de: {', '.join(ROLES)}.")
    problems.raise_any()
    if db.session.execute(cross_tenant(db.select(User.id).where(User.email == email))).first():
        raise Conflict("Já existe um usuário com este e-mail.", code="user_email_exists")
    user = User(company_id=company.id, email=email, name=(name or "").strip(), role=role,
                password_hash=hash_password(password))
    db.session.add(user)
    db.session.flush()
    return user


def set_user_role(user: User, role: str, *, actor: User | None = None) -> User:
    """Change a user's role; an admin (`actor`) cannot take the admin role from themself (422 self_demotion),
    so a company always keeps the admin who is acting."""
    role = _choice(role, ROLES, "role")
    if actor is not None and user.id == actor.id and role != "admin":
        raise Unprocessable("Você não pode retirar seu próprio papel de administrador.", code="self_demotion")
    user.role = role
    db.session.flush()
    return user


def set_user_active(user: User, active: bool, *, actor: User | None = None) -> User:
    """Give or take a user's access. A deactivated user cannot log in and their open sessions end at once; an admin
    (`actor`) cannot deactivate themself (422 self_deactivation), so a company keeps the admin who is acting."""
    if actor is not None and user.id == actor.id and not active:
        raise Unprocessable("Você não pode desativar o seu próprio acesso.", code="self_deactivation")
    user.is_active_user = active
    if not active:
        end_all_sessions(user)
    db.session.flush()
    return user


@lru_cache(maxsize=4)
def _dummy_hash(method: str) -> str:
    # Checked when the e-mail is unknown, so that answer costs as much as a wrong password (no e-mail enumeration).
    return generate_password_hash("fretes-dummy-password", method=method)


def authenticate_user(email: str, password: str) -> User | None:
    user = db.session.execute(
        cross_tenant(db.select(User).where(User.email == (email or "").strip().lower()))
    ).scalar_one_or_none()
    if user is None:
        check_password_hash(_dummy_hash(current_app.config.get("PASSWORD_HASH_METHOD", "scrypt")), password or "")
        return None
    if not check_password_hash(user.password_hash, password or "") or not user.is_active_user:
        return None
    return user


def create_api_key(company: Company, *, scopes=("read", "write"), require_signature=False, name="",
                   created_by=None) -> tuple[ApiKey, str]:
    """Returns the record and the full key, which is shown once and never stored in clear."""
    problems = Problems()
    problems.check_length("name", name, 120)
    unknown = sorted({scope for scope in (scopes or []) if scope not in SCOPES})
    if unknown:
        problems.add("scopes", "invalid_choice", f"Valor deve ser um de: {', '.join(SCOPES)}.")
    problems.raise_any()  # the name and the scopes reported together
    chosen = sorted(set(scopes or [])) or ["read"]
    prefix, secret = apikeys.generate_key()
    key = ApiKey(company_id=company.id, name=(name or "").strip(), prefix=prefix,
                 secret_hash=apikeys.hash_secret(secret), secret_encrypted=crypto.encrypt(secret),
                 scopes=chosen, require_signature=bool(require_signature),
                 require_timestamp=bool(require_signature),
                 created_by_user_id=getattr(created_by, "id", None))
    db.session.add(key)
    db.session.flush()
    return key, f"{prefix}.{secret}"


def find_api_key(key_id) -> ApiKey:
    try:
        key_id = uuid.UUID(str(key_id))
    except ValueError:
        raise NotFound("Chave de API não encontrada.") from None
    key = db.session.execute(cross_tenant(db.select(ApiKey).where(ApiKey.id == key_id))).scalar_one_or_none()
    if key is None:
        raise NotFound("Chave de API não encontrada.")
    return key


def revoke_api_key(key: ApiKey) -> ApiKey:
    if key.revoked_at is None:
        key.revoked_at = utcnow()
    db.session.flush()
    return key


def set_require_signature(key: ApiKey, required: bool) -> ApiKey:
    key.require_signature = bool(required)
    if required:  # from now on a required signature carries a timestamp (docs/api/signing.md)
        key.require_timestamp = True
    db.session.flush()
    return key


def _required_text(value, field):
    text = (value or "").strip()
    if not text:
        raise InvalidBody.for_field(field, "Campo obrigatório.", code="required")
    return text[:200]


def _choice(value, allowed, field):
    if value not in allowed:
        raise InvalidBody.for_field(field, f"Valor deve ser um de: {', '.join(allowed)}.", code="invalid_choice")
    return value


def _uf(value: str, field: str) -> str:
    try:
        return clean_uf(value)
    except FieldInvalid as exc:
        raise InvalidBody.for_field(field, exc.message, code=exc.code) from None


def _choices(values, allowed, field):
    return sorted({_choice(v, allowed, field) for v in (values or [])})
