"""Read-side queries of the partners area (statements for lists, lookups by natural key)."""
from datetime import UTC, datetime

import sqlalchemy as sa

from core.db import db
from core.tenancy import company_select
from domain.common import like_pattern
from domain.partners.models import Partner, search_key
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
    """The company's partners, filtered; paginate it with core.pagination.paginate (newest first).
    `columns`: select these columns of Partner instead of whole objects (read-only lists)."""
    stmt = company_select(Partner, company.id, *(columns or ()))
    for term in search_key(q or "").split():
        # Every word must appear in legal_name, trade_name or cpf_cnpj (accents, case and . - / ignored).
        stmt = stmt.where(Partner.search_text.like(like_pattern(term), escape="\\"))
    if role:
        stmt = stmt.where(sa.cast(Partner.roles, sa.Text).like(f'%"{role}"%'))
    if only_active:
        stmt = stmt.where(Partner.is_active.is_(True))
    if created_before is not None:
        stmt = stmt.where(Partner.created_at < naive_utc(created_before))
    return stmt


def find_partner_id(cpf_cnpj: str, *, exclude_id=None):
    """Id of the company's partner with this document, or None."""
    stmt = db.select(Partner.id).where(Partner.cpf_cnpj == cpf_cnpj)
    if exclude_id is not None:
        stmt = stmt.where(Partner.id != exclude_id)
    return db.session.execute(stmt).scalar_one_or_none()

