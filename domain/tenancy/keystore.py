"""The API's key store: how `core.api` finds the caller's key and company (registered by app.py).

Every API request reads its key, so the lookup is one SELECT of plain columns (key joined with its company)
into two small read-only views, without building ORM objects; the ORM company is loaded only when an endpoint
asks for `ctx.company` (writes, services). Platform-level: the key is found before any tenant scope exists.
"""
import uuid
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa

from core import apikeys
from core.db import db
from core.transaction import own_connection
from domain.tenancy.models import ApiKey, Company


@dataclass(frozen=True, slots=True)
class KeyView:
    """What a request knows about its API key (services take it as `actor`: `actor.prefix` names it)."""
    id: uuid.UUID
    prefix: str
    scopes: list
    require_signature: bool
    require_timestamp: bool
    last_used_at: datetime | None
    company_id: uuid.UUID


@dataclass(frozen=True, slots=True)
class CompanyView:
    """The key's company as read with the key: enough to authorise the call and answer /me."""
    id: uuid.UUID
    cnpj: str
    legal_name: str
    modules: list
    features: list
    ciot_environment: str
    tax_regime: str  # simulations: the regime and default state of the company's taxes
    tax_state: str | None

    def has_module(self, name: str) -> bool:  # same rule as Company.has_module
        return name in (self.modules or []) or name in (self.features or [])


_KEYS, _COMPANIES = ApiKey.__table__, Company.__table__
_KEY_COLUMNS = (_KEYS.c.id, _KEYS.c.prefix, _KEYS.c.scopes, _KEYS.c.require_signature, _KEYS.c.require_timestamp,
                _KEYS.c.last_used_at, _KEYS.c.company_id)
_COMPANY_COLUMNS = (_COMPANIES.c.cnpj, _COMPANIES.c.legal_name, _COMPANIES.c.modules, _COMPANIES.c.features,
                    _COMPANIES.c.ciot_environment, _COMPANIES.c.tax_regime, _COMPANIES.c.tax_state)
# Plain SQL on the session's connection (no ORM layer): a platform-level lookup by the key's unique prefix.
_LOOKUP = (sa.select(*_KEY_COLUMNS, *_COMPANY_COLUMNS, _KEYS.c.secret_hash)
           .join(_COMPANIES, _COMPANIES.c.id == _KEYS.c.company_id)
           .where(_KEYS.c.prefix == sa.bindparam("prefix"), _KEYS.c.revoked_at.is_(None)))


def find(raw: str) -> tuple[KeyView, CompanyView, str] | None:
    """The active key matching `<prefix>.<secret>`, its company and the presented secret, or None. Nothing read is
    handed over unless the secret matches."""
    parts = apikeys.split_key(raw)
    if parts is None:
        return None
    prefix, secret = parts
    row = db.session.connection().execute(_LOOKUP, {"prefix": prefix}).first()
    if row is None or not apikeys.secret_matches(secret, row.secret_hash):
        return None
    key = KeyView(*row[:len(_KEY_COLUMNS)])
    company = CompanyView(key.company_id, *row[len(_KEY_COLUMNS):len(_KEY_COLUMNS) + len(_COMPANY_COLUMNS)])
    return key, company, secret


def touch(key: KeyView, when: datetime) -> None:
    """Record the key's last use (one UPDATE, no object loaded), on a short transaction of its own: a GET reads
    read-only (core/transaction.py), and the use is recorded whatever the call does next."""
    with own_connection() as conn:
        conn.execute(sa.update(_KEYS).where(_KEYS.c.id == key.id).values(last_used_at=when))


def company(company_id) -> Company:
    """The ORM company, for endpoints whose services need it."""
    return db.session.get(Company, company_id)
