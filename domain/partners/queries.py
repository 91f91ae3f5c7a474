"""Read-side queries of the partners area (statements for lists, lookups by natural key)."""
from datetime import UTC, datetime

import sqlalchemy as sa

from core.db import db
from core.pagination import Listing
from core.tenancy import company_rows
from domain.common import like_pattern
from domain.partners.models import Partner, role_column, search_key
from domain.partners.schemas import PARTNER_FIELDS

PARTNER_LIST_COLUMNS = (Partner.id, *(getattr(Partner, name) for name in PARTNER_FIELDS), Partner.created_at,
                        Partner.updated_at)


def naive_utc(moment: datetime) -> datetime:
    """Timestamps are stored as naive UTC; an aware input is converted, a naive one is taken as UTC."""
    if moment.tzinfo is not None:
        try:
            return moment.astimezone(UTC).replace(tzinfo=None)
        except OverflowError:  # 0001-01-01T00:00+14:00 is before datetime.min; 9999-12-31T23:59-14:00 after max
            return datetime.min if moment.year == 1 else datetime.max
    return moment


def partners_stmt(company, *, q: str | None = None, role: str | None = None, only_active: bool = False,
                  created_before: datetime | None = None, columns=None):
    """The company's partners (whole objects, or these columns) as a Select, filtered as `partner_listing`."""
    return partner_listing(company.id, q=q, role=role, only_active=only_active, created_before=created_before,
                           columns=columns or ()).select()


def partner_listing(company_id, *, q: str | None = None, role: str | None = None, only_active: bool = False,
                    created_before: datetime | None = None, columns=PARTNER_LIST_COLUMNS) -> Listing:
    """The company's partners (rows of `columns`), filtered; paginate it with core.pagination.paginate (newest
    first). Every word of `q` must appear in legal_name, trade_name or cpf_cnpj (accents, case and . - / ignored)."""
    terms = search_key(q or "").split()
    params = {"company_id": company_id,
              "created_before": naive_utc(created_before) if created_before is not None else None,
              **{f"term_{n}": like_pattern(term) for n, term in enumerate(terms)}}
    return Listing(_partners, (len(terms), role, only_active, created_before is not None, tuple(columns)), params)


def _partners(terms: int, role: str | None, only_active: bool, created_before: bool, columns: tuple) -> sa.Select:
    # The statement of this filter shape (how many words, which filters), values bound at execution.
    stmt = company_rows(Partner, *columns)
    for n in range(terms):
        stmt = stmt.where(Partner.search_text.like(sa.bindparam(f"term_{n}"), escape="\\"))
    if role:
        # The role's column itself, not a bound value: its partial index (ix_partners_company_role_*) serves it.
        stmt = stmt.where(getattr(Partner, role_column(role)))
    if only_active:
        stmt = stmt.where(Partner.is_active.is_(True))
    if created_before:
        stmt = stmt.where(Partner.created_at < sa.bindparam("created_before"))
    return stmt


def find_partner_id(cpf_cnpj: str, *, exclude_id=None):
    """Id of the company's partner with this document, or None."""
    stmt = db.select(Partner.id).where(Partner.cpf_cnpj == cpf_cnpj)
    if exclude_id is not None:
        stmt = stmt.where(Partner.id != exclude_id)
    return db.session.execute(stmt).scalar_one_or_none()

