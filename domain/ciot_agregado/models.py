"""CIOT aggregate contracts (TAC agregado): one contract of up to 30 days per vehicle composition of a TAC carrier,
with a ledger of trips (credits) and debits.

Money is `Numeric(14, 2)`, weights in kg `Numeric(15, 3)`. `data_viagem` and `data_debito` are Brasília wall-clock
times stored naive (like CIOT trip moments); every other timestamp is naive UTC.

Numbering: `code` (`AGR-000001`) is gapless per company (core.counters); `numero_viagem` and `numero_debito` are
gapless per contract: the contract row keeps the last number handed out and every trip or debit is added while
that row is locked (SELECT ... FOR UPDATE), so concurrent posts queue and a rolled-back post gives its number back.
"""
import uuid
from datetime import date, datetime
from decimal import Decimal

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column

from core.db import IdMixin, TenantMixin, TimelineEventMixin, TimestampMixin, db, listed_created_at, utcnow

MONEY = sa.Numeric(14, 2)
WEIGHT = sa.Numeric(15, 3)

ABERTO, EM_ENCERRAMENTO, ENCERRADO, CANCELADO = "aberto", "em_encerramento", "encerrado", "cancelado"
STATUSES = (ABERTO, EM_ENCERRAMENTO, ENCERRADO, CANCELADO)
OPEN_STATUSES = (ABERTO, EM_ENCERRAMENTO)  # an open contract blocks another for the same composition
# What a contract may be waiting for from the authority (CiotAgregado.pendencia); none of them is a status.
PENDENCIA_DECLARACAO, PENDENCIA_CANCELAMENTO, PENDENCIA_ENCERRAMENTO = "declaracao", "cancelamento", "encerramento"
PENDENCIA_RETIFICACAO = "retificacao"


class CiotAgregado(IdMixin, TimestampMixin, TenantMixin, db.Model):
    __tablename__ = "ciot_agregados"
    __table_args__ = (
        sa.UniqueConstraint("company_id", "code", name="uq_ciot_agregados_company_code"),
        # At most one open contract per composition (carrier + tractor + trailers), also under concurrent creation.
        sa.Index("uq_ciot_agregados_open_composition", "company_id", "partner_id", "composicao", unique=True,
                 postgresql_where=sa.text("status IN ('aberto', 'em_encerramento')"),
                 sqlite_where=sa.text("status IN ('aberto', 'em_encerramento')")),
        sa.Index("ix_ciot_agregados_company_created", "company_id", "created_at", "id"),
        sa.Index("ix_ciot_agregados_due", "status", "data_prevista_encerramento"),
        sa.CheckConstraint("status IN ('aberto', 'em_encerramento', 'encerrado', 'cancelado')", name="status"),
    )

    created_at: Mapped[datetime] = listed_created_at()  # served by ix_ciot_agregados_company_created
    code: Mapped[str] = mapped_column(sa.String(20), nullable=False)  # AGR-000001, per company
    environment: Mapped[str] = mapped_column(sa.String(10), nullable=False)  # homolog | producao (immutable)
    status: Mapped[str] = mapped_column(sa.String(20), nullable=False)
    created_by: Mapped[str | None] = mapped_column(sa.String(120))

    # --- the contracted TAC and the composition --------------------------------------------------------------
    partner_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("partners.id"), nullable=False, index=True)
    contratado_cpf_cnpj: Mapped[str] = mapped_column(sa.String(14), nullable=False)
    contratado_nome: Mapped[str] = mapped_column(sa.String(200), nullable=False)
    contratado_rntrc: Mapped[str | None] = mapped_column(sa.String(9))
    contratado_categoria: Mapped[str] = mapped_column(sa.String(16), nullable=False)  # TAC | TAC_EQUIPARADO
    placa_cavalo: Mapped[str] = mapped_column(sa.String(7), nullable=False)
    placas_reboques: Mapped[list] = mapped_column(sa.JSON, default=list, nullable=False)
    composicao: Mapped[str] = mapped_column(sa.String(40), nullable=False)  # "ABC1D23|DEF4G56+XYZ..." (sorted)

    valor_contratado: Mapped[Decimal | None] = mapped_column(MONEY)
    origem_uf: Mapped[str | None] = mapped_column(sa.String(2))
    origem_municipio_nome: Mapped[str | None] = mapped_column(sa.String(120))
    destino_uf: Mapped[str | None] = mapped_column(sa.String(2))
    destino_municipio_nome: Mapped[str | None] = mapped_column(sa.String(120))
    # The composition as declared: [{placa, tipo_veiculo (automotor | cavalo_trator | implemento), eixos}], the
    # tractor first (declaration_data.py); [] on contracts opened before it was kept.
    veiculos: Mapped[list] = mapped_column(sa.JSON, default=list, nullable=False)
    # Payment of the TAC (the manual's TAC payment data): PIX (key and its type) or a bank account; the holder is
    # the TAC, or a relative (titular_parentesco) as the law allows.
    tipo_pagamento: Mapped[str | None] = mapped_column(sa.String(20))
    chave_pix: Mapped[str | None] = mapped_column(sa.String(140))
    tipo_chave_pix: Mapped[str | None] = mapped_column(sa.String(10))
    banco: Mapped[str | None] = mapped_column(sa.String(10))
    agencia: Mapped[str | None] = mapped_column(sa.String(10))
    conta: Mapped[str | None] = mapped_column(sa.String(20))
    cpf_cnpj_owner: Mapped[str | None] = mapped_column(sa.String(14))
    titular_parentesco: Mapped[str | None] = mapped_column(sa.String(20))
    # What the declaration still lacks ([{campo, mensagem}]): a contract opened without it is kept, not declared,
    # until /retificar completes it (declaration_data.py). [] once complete.
    bloqueios: Mapped[list] = mapped_column(sa.JSON, default=list, nullable=False)
    # Rectifications accepted by the authority (rectification.py).
    retificacoes: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)
    retificado_at: Mapped[datetime | None] = mapped_column(sa.DateTime)

    # --- period ------------------------------------------------------------------------------------------------
    data_abertura: Mapped[date] = mapped_column(sa.Date, nullable=False)  # Brasília day
    data_prevista_encerramento: Mapped[date] = mapped_column(sa.Date, nullable=False)  # opening + 30 days

    # --- authority -----------------------------------------------------------------------------------------------
    codigo_ciot: Mapped[str | None] = mapped_column(sa.String(12))
    codigo_verificador: Mapped[str | None] = mapped_column(sa.String(4))
    protocolo: Mapped[str | None] = mapped_column(sa.String(40))
    mensagem_antt: Mapped[str | None] = mapped_column(sa.Text)  # the last refusal's message
    aviso_transportador: Mapped[str | None] = mapped_column(sa.Text)  # the authority's notice to the carrier

    # --- ledger counters (see the module docstring) -----------------------------------------------------------
    ultimo_numero_viagem: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)
    ultimo_numero_debito: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)

    # --- closing and cancellation ------------------------------------------------------------------------------
    # The closing in flight (domain/ciot_agregado/closing.py): em_encerramento is committed with the idempotency key
    # the authority is asked with, and when; a retry (job, sweep) sends the same key.
    encerramento_chave: Mapped[str | None] = mapped_column(sa.String(64))
    encerramento_solicitado_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    encerrado_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    encerramento_motivo: Mapped[str | None] = mapped_column(sa.String(500))
    peso_carga_final: Mapped[Decimal | None] = mapped_column(WEIGHT)
    encerramento_protocolo: Mapped[str | None] = mapped_column(sa.String(40))
    rotas_consolidadas: Mapped[list | None] = mapped_column(sa.JSON)
    cancelado_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    cancel_motivo: Mapped[str | None] = mapped_column(sa.String(500))
    # The cancellation in flight (domain/ciot_agregado/cancellation.py): the contract stays aberto, with the key the
    # authority is asked with and when it was asked (cleared by a refusal; the key stays, for the outcome).
    cancelamento_chave: Mapped[str | None] = mapped_column(sa.String(64))
    cancelamento_solicitado_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    # The rectification in flight (domain/ciot_agregado/rectification.py): the changes it sends (JSON), its key and
    # when it was asked; all three cleared once the authority answered.
    retificacao_chave: Mapped[str | None] = mapped_column(sa.String(64))
    retificacao_solicitada_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    retificacao_dados: Mapped[dict | None] = mapped_column(sa.JSON)

    @property
    def placas(self) -> list[str]:
        return [self.placa_cavalo, *(self.placas_reboques or [])]

    @property
    def retido(self) -> bool:
        """Opened without what the declaration needs (`bloqueios`): kept aberto, never sent, until completed."""
        return self.status == ABERTO and self.codigo_ciot is None and bool(self.bloqueios)

    @property
    def pendencia(self) -> str | None:
        """What the authority has not answered yet: `declaracao` (aberto without its CIOT code: the opening is being
        declared), `cancelamento` (aberto with a cancellation sent), `retificacao` (aberto with a rectification
        sent), `encerramento` (em_encerramento), or None."""
        if self.status == EM_ENCERRAMENTO:
            return PENDENCIA_ENCERRAMENTO
        if self.status != ABERTO:
            return None
        if self.codigo_ciot is None:
            return None if self.bloqueios else PENDENCIA_DECLARACAO  # a held contract was not sent
        if self.cancelamento_solicitado_at is not None:
            return PENDENCIA_CANCELAMENTO
        return PENDENCIA_RETIFICACAO if self.retificacao_solicitada_at is not None else None

    @property
    def pendencia_desde(self) -> datetime | None:
        """Since when the authority has not answered `pendencia`: the opening's commit for the declaration (its
        `created_at`), the cancellation's or the closing's request time; None when nothing is pending. The sweep
        sends a request again once this is older than its stale limit (authority.stale_after). A request time left
        null by an older version reads as the last change of the contract."""
        kind = self.pendencia
        if kind is None:
            return None
        since = {PENDENCIA_DECLARACAO: self.created_at, PENDENCIA_CANCELAMENTO: self.cancelamento_solicitado_at,
                 PENDENCIA_RETIFICACAO: self.retificacao_solicitada_at,
                 PENDENCIA_ENCERRAMENTO: self.encerramento_solicitado_at}[kind]
        return since or self.updated_at


class _Movement(IdMixin, TenantMixin):
    """A ledger line of a contract. Cancelling keeps the line (struck through) with who, when and why."""
    valor: Mapped[Decimal] = mapped_column(MONEY, nullable=False)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime, default=utcnow, nullable=False)
    created_by: Mapped[str | None] = mapped_column(sa.String(120))
    cancelado_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    cancelado_por: Mapped[str | None] = mapped_column(sa.String(120))
    cancel_motivo: Mapped[str | None] = mapped_column(sa.String(500))

    @classmethod
    def _agregado_fk(cls):
        return mapped_column(sa.Uuid, sa.ForeignKey("ciot_agregados.id", ondelete="CASCADE"), nullable=False)


class CiotAgregadoViagem(_Movement, db.Model):
    __tablename__ = "ciot_agregado_viagens"
    __table_args__ = (
        sa.UniqueConstraint("agregado_id", "numero_viagem", name="uq_ciot_agregado_viagens_numero"),
        sa.CheckConstraint("status IN ('ativa', 'cancelada')", name="status"),
    )

    agregado_id: Mapped[uuid.UUID] = _Movement._agregado_fk()
    numero_viagem: Mapped[int] = mapped_column(sa.Integer, nullable=False)
    status: Mapped[str] = mapped_column(sa.String(10), nullable=False)  # ativa | cancelada
    data_viagem: Mapped[datetime] = mapped_column(sa.DateTime, nullable=False)  # Brasília wall clock
    expedidor_cpf_cnpj: Mapped[str] = mapped_column(sa.String(14), nullable=False)
    expedidor_nome: Mapped[str] = mapped_column(sa.String(200), nullable=False)
    recebedor_cpf_cnpj: Mapped[str] = mapped_column(sa.String(14), nullable=False)
    recebedor_nome: Mapped[str] = mapped_column(sa.String(200), nullable=False)
    origem_uf: Mapped[str] = mapped_column(sa.String(2), nullable=False)
    origem_municipio_nome: Mapped[str] = mapped_column(sa.String(120), nullable=False)
    destino_uf: Mapped[str] = mapped_column(sa.String(2), nullable=False)
    destino_municipio_nome: Mapped[str] = mapped_column(sa.String(120), nullable=False)
    # IBGE codes (7 digits) of origin and destination; null on trips recorded before they were kept (their names
    # are IBGE names, resolved at closing).
    origem_codigo_ibge: Mapped[str | None] = mapped_column(sa.String(7))
    destino_codigo_ibge: Mapped[str | None] = mapped_column(sa.String(7))
    distancia_km: Mapped[Decimal | None] = mapped_column(sa.Numeric(9, 1))  # as given; else computed at closing
    peso_carga: Mapped[Decimal | None] = mapped_column(WEIGHT)
    # The toll voucher of the trip (vale-pedágio, Lei 10.209/2001): the shipper's cost, paid apart from the freight;
    # its own line, never in the carrier's balance.
    valor_vale_pedagio: Mapped[Decimal | None] = mapped_column(MONEY)


class CiotAgregadoDebito(_Movement, db.Model):
    __tablename__ = "ciot_agregado_debitos"
    __table_args__ = (
        sa.UniqueConstraint("agregado_id", "numero_debito", name="uq_ciot_agregado_debitos_numero"),
        sa.CheckConstraint("status IN ('ativo', 'cancelado')", name="status"),
    )

    agregado_id: Mapped[uuid.UUID] = _Movement._agregado_fk()
    numero_debito: Mapped[int] = mapped_column(sa.Integer, nullable=False)
    status: Mapped[str] = mapped_column(sa.String(10), nullable=False)  # ativo | cancelado
    tipo: Mapped[str] = mapped_column(sa.String(20), nullable=False)
    motivo: Mapped[str] = mapped_column(sa.String(500), nullable=False)
    data_debito: Mapped[datetime] = mapped_column(sa.DateTime, nullable=False)  # Brasília wall clock


class CiotAgregadoEvent(IdMixin, TenantMixin, TimelineEventMixin, db.Model):
    """The contract's audit trail: opening, every trip and debit, each cancellation with its reason, closing."""
    __tablename__ = "ciot_agregado_events"
    __table_args__ = (sa.Index("ix_ciot_agregado_events_agregado_created", "agregado_id", "created_at"),)

    agregado_id: Mapped[uuid.UUID] = mapped_column(
        sa.Uuid, sa.ForeignKey("ciot_agregados.id", ondelete="CASCADE"), nullable=False)
