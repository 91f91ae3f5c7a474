"""Read-side statements of accounts payable: lists as plain rows, by due date."""
import sqlalchemy as sa

from core.tenancy import company_select
from domain.payables.models import Payable
from domain.payables.services import OPEN

PAYABLE_COLUMNS = (
    Payable.id, Payable.numero, Payable.descricao, Payable.supplier_partner_id, Payable.supplier_name_snapshot,
    Payable.valor_centavos, Payable.pago_centavos, Payable.emissao_at, Payable.vencimento_at, Payable.pago_em,
    Payable.parcela_num, Payable.parcela_total, Payable.status, Payable.created_at,
)


def with_shown_status(stmt, model, status: str | None, today):
    """Filter by the status as shown: `vencido` = open and past due; `aberto`/`parcial` = those not yet due."""
    if status == "vencido":
        return stmt.where(model.status.in_(OPEN), model.vencimento_at < today)
    if status in OPEN:
        return stmt.where(model.status == status, model.vencimento_at >= today)
    return stmt.where(model.status == status) if status else stmt


def payables_stmt(company_id, *, status=None, date_from=None, date_to=None, today=None):
    stmt = with_shown_status(company_select(Payable, company_id, *PAYABLE_COLUMNS), Payable, status, today)
    if date_from:
        stmt = stmt.where(Payable.vencimento_at >= date_from)
    if date_to:
        stmt = stmt.where(Payable.vencimento_at <= date_to)
    return stmt


def recently_paid_stmt(company_id, since, limit: int = 10):
    """The titles paid in full since `since` (a day), the last paid first, at most `limit`: what the board keeps
    showing once a payment settled a title (its own function: the board's counters are not touched)."""
    return (company_select(Payable, company_id, *PAYABLE_COLUMNS)
            # 'pago' inline, as ix_payables_company_paid's predicate writes it (a bound value would hide it)
            .where(Payable.status == sa.literal_column("'pago'"), Payable.pago_em >= since)
            .order_by(Payable.pago_em.desc(), Payable.id.desc()).limit(limit))


def open_total(rows) -> int:
    return sum(r.valor_centavos - r.pago_centavos for r in rows)


__all__ = ["PAYABLE_COLUMNS", "open_total", "payables_stmt", "with_shown_status"]
