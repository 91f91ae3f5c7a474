"""Reading aggregate contracts: one contract (404 for another company's id), the list, its ledger, the balance
and the consolidated routes."""
from dataclasses import dataclass
from decimal import Decimal

import sqlalchemy as sa

from core.db import db
from core.pagination import paginate
from core.tenancy import get_owned, get_referenced
from domain.ciot_agregado.models import (
    OPEN_STATUSES,
    CiotAgregado,
    CiotAgregadoDebito,
    CiotAgregadoEvent,
    CiotAgregadoViagem,
)
from domain.ciot_agregado.routes import consolidate
from domain.common import like_pattern
from domain.partners.models import Partner

CENTS = Decimal("0.01")
ATIVA, CANCELADA, ATIVO, CANCELADO = "ativa", "cancelada", "ativo", "cancelado"


def get_agregado(agregado_id, *, for_update: bool = False) -> CiotAgregado:
    """The current company's contract, or 404 not_found (another company's id looks missing). `for_update` takes
    the row lock every ledger change and status change queues on."""
    return get_owned(CiotAgregado, agregado_id, for_update=for_update)


def open_for_composition(partner_id, composicao: str) -> CiotAgregado | None:
    return db.session.execute(sa.select(CiotAgregado).where(
        CiotAgregado.partner_id == partner_id, CiotAgregado.composicao == composicao,
        CiotAgregado.status.in_(OPEN_STATUSES))).scalar_one_or_none()


def list_agregados(*, status=None, partner_id=None, q: str | None = None, limit: int = 50, cursor=None,
                   closing_before=None):
    """Newest first. `q` matches the code, the CIOT code or a plate (tractor or trailer, hyphen ignored);
    `closing_before` (pages: the warning filter) keeps open contracts due on or before that day."""
    stmt = sa.select(CiotAgregado)
    if status:
        stmt = stmt.where(CiotAgregado.status.in_(list(status)))
    if partner_id:
        # Filtering by another company's partner is 404 like any id that is not the caller's, not an empty page.
        get_referenced(Partner, partner_id, "partner_id", "Parceiro")
        stmt = stmt.where(CiotAgregado.partner_id == partner_id)
    if q and q.strip():
        term = q.strip().upper()
        plate = like_pattern(term.replace("-", "").replace(" ", ""))
        stmt = stmt.where(sa.or_(CiotAgregado.code.ilike(like_pattern(term), escape="\\"),
                                 CiotAgregado.codigo_ciot.like(like_pattern(term), escape="\\"),
                                 CiotAgregado.composicao.like(plate, escape="\\")))
    if closing_before is not None:
        stmt = stmt.where(CiotAgregado.status == "aberto", CiotAgregado.data_prevista_encerramento <= closing_before)
    return paginate(stmt, model=CiotAgregado, limit=limit, cursor=cursor)


def viagens_of(contract: CiotAgregado) -> list[CiotAgregadoViagem]:
    return list(db.session.execute(sa.select(CiotAgregadoViagem).where(
        CiotAgregadoViagem.agregado_id == contract.id).order_by(CiotAgregadoViagem.numero_viagem)).scalars())


def debitos_of(contract: CiotAgregado) -> list[CiotAgregadoDebito]:
    return list(db.session.execute(sa.select(CiotAgregadoDebito).where(
        CiotAgregadoDebito.agregado_id == contract.id).order_by(CiotAgregadoDebito.numero_debito)).scalars())


def events_of(contract: CiotAgregado, limit: int = 50) -> list[CiotAgregadoEvent]:
    return list(db.session.execute(sa.select(CiotAgregadoEvent).where(
        CiotAgregadoEvent.agregado_id == contract.id)
        .order_by(CiotAgregadoEvent.created_at.desc(), CiotAgregadoEvent.id.desc()).limit(limit)).scalars())


def money(value) -> Decimal:
    """Exact reais: sums come back as Decimal (PostgreSQL) or as a number SQLite computed; both to cents."""
    return Decimal(str(value or 0)).quantize(CENTS)


@dataclass(frozen=True)
class Saldo:
    total_creditos: Decimal
    total_debitos: Decimal
    # The trips' toll vouchers (the shipper's cost, Lei 10.209/2001): shown apart, never in the balance.
    total_vale_pedagio: Decimal = Decimal("0.00")

    @property
    def saldo(self) -> Decimal:
        return self.total_creditos - self.total_debitos


def saldo_of(contract: CiotAgregado) -> Saldo:
    """Active credits minus active debits (cancelled lines count for nothing); the active trips' toll vouchers
    beside it, never in it."""
    credits = db.session.execute(sa.select(sa.func.sum(CiotAgregadoViagem.valor)).where(
        CiotAgregadoViagem.agregado_id == contract.id, CiotAgregadoViagem.status == ATIVA)).scalar()
    debits = db.session.execute(sa.select(sa.func.sum(CiotAgregadoDebito.valor)).where(
        CiotAgregadoDebito.agregado_id == contract.id, CiotAgregadoDebito.status == ATIVO)).scalar()
    tolls = db.session.execute(sa.select(sa.func.sum(CiotAgregadoViagem.valor_vale_pedagio)).where(
        CiotAgregadoViagem.agregado_id == contract.id, CiotAgregadoViagem.status == ATIVA)).scalar()
    return Saldo(money(credits), money(debits), money(tolls))


def active_movements(contract: CiotAgregado) -> tuple[int, int]:
    """How many trips and debits are still active (a contract cancels only with none)."""
    trips = db.session.execute(sa.select(sa.func.count()).select_from(CiotAgregadoViagem).where(
        CiotAgregadoViagem.agregado_id == contract.id, CiotAgregadoViagem.status == ATIVA)).scalar()
    debits = db.session.execute(sa.select(sa.func.count()).select_from(CiotAgregadoDebito).where(
        CiotAgregadoDebito.agregado_id == contract.id, CiotAgregadoDebito.status == ATIVO)).scalar()
    return trips, debits


def active_weight(contract: CiotAgregado) -> Decimal:
    """Sum of the active trips' weights (kg); missing weights count as zero."""
    total = db.session.execute(sa.select(sa.func.sum(CiotAgregadoViagem.peso_carga)).where(
        CiotAgregadoViagem.agregado_id == contract.id, CiotAgregadoViagem.status == ATIVA)).scalar()
    return Decimal(str(total or 0)).quantize(Decimal("0.001"))


def active_trips(contract: CiotAgregado) -> list[CiotAgregadoViagem]:
    return list(db.session.execute(sa.select(CiotAgregadoViagem).where(
        CiotAgregadoViagem.agregado_id == contract.id, CiotAgregadoViagem.status == ATIVA)
        .order_by(CiotAgregadoViagem.numero_viagem)).scalars())


def consolidated_routes(contract: CiotAgregado, given: dict | None = None) -> list[dict]:
    """Active trips grouped by origin → destination with distance, count, value, weight (kg) and toll vouchers,
    in route order (routes.consolidate; `given`: the closing's distances by (origin, destination) code)."""
    return consolidate(active_trips(contract), given)
