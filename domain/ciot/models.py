"""CIOT operations: the declaration of one trip at the authority (ANTT), its children and its history.

Money is `Numeric(14, 2)` (exact reais); weights in kg `Numeric(15, 3)`. Trip moments (`viagem_inicio`,
`viagem_fim`) are naive local times (America/Sao_Paulo), as the body gives them; every other timestamp is
naive UTC (`core.db.utcnow`).

Besides the tenant-owned tables, two platform tables serve the built-in homologation simulator
(`domain.ciot.provider`): `ciot_irregular_carriers` (RNTRCs the simulated authority rejects, set from the CLI)
and `ciot_simulator_emissions` (what the simulated authority has issued, written in its own transaction like
an external system would, so a retried job finds the emission instead of issuing a second CIOT).
"""
import uuid
from datetime import date, datetime
from decimal import Decimal

import sqlalchemy as sa
from sqlalchemy.orm import Mapped, mapped_column, relationship

from core.db import IdMixin, TenantMixin, TimelineEventMixin, TimestampMixin, db, listed_created_at, utcnow

MONEY = sa.Numeric(14, 2)
# What the pages' text search matches (domain/ciot/queries.py): these columns as one lower-case text, `search_document`.
SEARCHED_COLUMNS = ("code", "codigo_ciot", "external_id", "contratado_nome", "contratado_cpf_cnpj")
WEIGHT = sa.Numeric(15, 3)


def search_document(columns) -> sa.ColumnElement:
    """The searched columns of `columns` (the model, or a subquery's `.c`) as one lower-case text, space-separated:
    the expression of ix_ciot_operations_search_document, so one trigram index scan answers a search (five, one per
    column, were costed so high that the planner read a company's every row instead). Constants are written in, not
    bound: PostgreSQL matches a query to an expression index only on the same expression."""
    text = None
    for name in SEARCHED_COLUMNS:
        part = sa.func.coalesce(getattr(columns, name), sa.literal_column("''"))
        text = part if text is None else text.op("||")(sa.literal_column("' '")).op("||")(part)
    return sa.func.lower(text, type_=sa.Text)


# The same expression as SQL, for the index (and its migration, h38a1c3e5f7b9).
SEARCH_DOCUMENT_SQL = "lower(" + " || ' ' || ".join(f"coalesce({name}, '')" for name in SEARCHED_COLUMNS) + ")"


class CiotOperation(IdMixin, TimestampMixin, TenantMixin, db.Model):
    __tablename__ = "ciot_operations"
    __table_args__ = (
        sa.UniqueConstraint("company_id", "code", name="uq_ciot_operations_company_code"),
        sa.UniqueConstraint("company_id", "codigo_ciot", name="uq_ciot_operations_company_codigo_ciot"),
        sa.Index("ix_ciot_operations_company_status", "company_id", "status"),
        sa.Index("ix_ciot_operations_company_created", "company_id", "created_at", "id"),
        # A whole CPF/CNPJ searched (domain/ciot/queries.py) and the contracted party's last operation: the
        # document's operations newest first, read up to a page.
        sa.Index("ix_ciot_operations_company_document", "company_id", "contratado_cpf_cnpj", "created_at", "id"),
        # The pages' substring search (`q`) on PostgreSQL: a trigram GIN index of `search_document`
        # (domain/ciot/queries.py; pg_trgm, as partners' search).
        sa.Index("ix_ciot_operations_search_document", sa.text(f"({SEARCH_DOCUMENT_SQL}) gin_trgm_ops"),
                 postgresql_using="gin").ddl_if(dialect="postgresql"),
    )
    created_at: Mapped[datetime] = listed_created_at()  # served by ix_ciot_operations_company_created

    code: Mapped[str] = mapped_column(sa.String(20), nullable=False)  # CIOT-000001, per company
    environment: Mapped[str] = mapped_column(sa.String(10), nullable=False)  # homolog | producao (immutable)
    mode: Mapped[str] = mapped_column(sa.String(10), default="normal", nullable=False)  # normal | imported
    status: Mapped[str] = mapped_column(sa.String(20), nullable=False)
    created_by: Mapped[str | None] = mapped_column(sa.String(120))  # actor label (api_key:<prefix>, user:<email>)

    # --- body fields -------------------------------------------------------------------------
    external_id: Mapped[str | None] = mapped_column(sa.String(100), index=True)
    freight_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid)
    tipo_operacao: Mapped[str] = mapped_column(sa.String(12), nullable=False)  # lotacao | fracionada
    contratado_cpf_cnpj: Mapped[str] = mapped_column(sa.String(18), nullable=False)  # ix_..._company_document
    contratado_rntrc: Mapped[str] = mapped_column(sa.String(12), nullable=False)
    contratado_tipo: Mapped[str | None] = mapped_column(sa.String(3))  # as sent: TAC | ETC | CTC
    contratado_nome: Mapped[str | None] = mapped_column(sa.String(200))
    equiparado_tac: Mapped[bool | None] = mapped_column(sa.Boolean)
    origem: Mapped[dict | None] = mapped_column(sa.JSON)  # Location as sent (tipo, uf, codigo_municipio, ...)
    destino: Mapped[dict | None] = mapped_column(sa.JSON)
    distancia_km: Mapped[Decimal | None] = mapped_column(sa.Numeric(12, 2))
    distancia_origem: Mapped[str | None] = mapped_column(sa.String(10))  # informada | estimada | rota
    # Body paths the platform filled because the declaration left them out (domain/ciot/derivations.py), e.g.
    # ["tipo_chave_pix", "vehicles[1].axles", "distancia_km"]: re-derived on every change unless sent.
    campos_derivados: Mapped[list | None] = mapped_column(sa.JSON)
    codigo_natureza_carga: Mapped[str | None] = mapped_column(sa.String(10))
    codigo_tipo_carga: Mapped[int | None] = mapped_column(sa.Integer)  # floor tables' cargo type, 1..12
    composicao_contratada: Mapped[str | None] = mapped_column(sa.String(15))  # completa | apenas_tracao
    alto_desempenho: Mapped[bool | None] = mapped_column(sa.Boolean)
    retorno_vazio: Mapped[bool | None] = mapped_column(sa.Boolean)
    peso_carga: Mapped[Decimal | None] = mapped_column(WEIGHT)
    valor_frete: Mapped[Decimal | None] = mapped_column(MONEY)
    destinatario_cpf_cnpj: Mapped[str | None] = mapped_column(sa.String(18))
    destinatario_nome: Mapped[str | None] = mapped_column(sa.String(200))
    bank_code: Mapped[str | None] = mapped_column(sa.String(10))
    agency: Mapped[str | None] = mapped_column(sa.String(10))
    account_number: Mapped[str | None] = mapped_column(sa.String(20))
    cpf_cnpj_owner: Mapped[str | None] = mapped_column(sa.String(18))
    titular_parentesco: Mapped[str | None] = mapped_column(sa.String(15))  # conjuge | companheiro | parente_*_grau
    data_declaracao: Mapped[date | None] = mapped_column(sa.Date)
    viagem_inicio: Mapped[datetime | None] = mapped_column(sa.DateTime)  # local (America/Sao_Paulo)
    viagem_fim: Mapped[datetime | None] = mapped_column(sa.DateTime)  # local (America/Sao_Paulo)
    chave_pix: Mapped[str | None] = mapped_column(sa.String(140))
    tipo_chave_pix: Mapped[str | None] = mapped_column(sa.String(10))  # cpf | cnpj | email | telefone | aleatoria
    tipo_pagamento: Mapped[str | None] = mapped_column(sa.String(20))
    indicador_pagamento: Mapped[str | None] = mapped_column(sa.String(10))
    contingencia: Mapped[bool] = mapped_column(sa.Boolean, default=False, nullable=False)
    justificativa_contingencia: Mapped[str | None] = mapped_column(sa.String(500))
    data_emissao_original: Mapped[date | None] = mapped_column(sa.Date)

    # --- authority data ----------------------------------------------------------------------
    codigo_ciot: Mapped[str | None] = mapped_column(sa.String(12))
    codigo_verificador: Mapped[str | None] = mapped_column(sa.String(4))
    protocolo: Mapped[str | None] = mapped_column(sa.String(40))
    mensagem_antt: Mapped[str | None] = mapped_column(sa.Text)
    # The authority's notice to the carrier (AvisoTransportador): when present it must be shown and printed.
    aviso_transportador: Mapped[str | None] = mapped_column(sa.Text)
    emitted_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    # Which company issued it: the caller, or the contracted ETC registered on the platform.
    emitter_company_id: Mapped[uuid.UUID | None] = mapped_column(sa.Uuid, sa.ForeignKey("companies.id"))

    # --- validation snapshot (last run) --------------------------------------------------------
    validation_items: Mapped[list | None] = mapped_column(sa.JSON)
    validation_summary: Mapped[dict | None] = mapped_column(sa.JSON)  # {ok, blockers, warnings}
    validated_at: Mapped[datetime | None] = mapped_column(sa.DateTime)

    # --- rectification (legacy flow) -----------------------------------------------------------
    retificacoes: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)
    retificado_at: Mapped[datetime | None] = mapped_column(sa.DateTime)

    # --- cancellation (POST /cancel after emission, or DELETE before it) ----------------------
    cancelado_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    cancel_motivo: Mapped[str | None] = mapped_column(sa.String(500))
    cancel_protocolo: Mapped[str | None] = mapped_column(sa.String(40))

    # --- closing (POST /encerrar) ----------------------------------------------------------------
    encerrado_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    peso_carga_final: Mapped[Decimal | None] = mapped_column(WEIGHT)
    distancia_percorrida_km: Mapped[Decimal | None] = mapped_column(sa.Numeric(12, 2))
    quantidade_viagens: Mapped[int | None] = mapped_column(sa.Integer)
    data_encerramento: Mapped[date | None] = mapped_column(sa.Date)
    encerramento_observacoes: Mapped[str | None] = mapped_column(sa.String(500))
    encerramento_protocolo: Mapped[str | None] = mapped_column(sa.String(40))

    contratantes = relationship("CiotContratante", order_by="CiotContratante.position",
                                cascade="all, delete-orphan", lazy="selectin")
    vehicles = relationship("CiotVehicle", order_by="CiotVehicle.position", cascade="all, delete-orphan",
                            lazy="selectin")
    payments = relationship("CiotPayment", order_by="CiotPayment.position", cascade="all, delete-orphan",
                            lazy="selectin")
    documents = relationship("CiotDocument", order_by="CiotDocument.position", cascade="all, delete-orphan",
                             lazy="selectin")
    emitter_company = relationship("Company", foreign_keys=[emitter_company_id], lazy="select")


# Its search index needs pg_trgm, and the table may be created before partners' (which creates the extension too).
sa.event.listen(CiotOperation.__table__, "before_create",
                sa.DDL("CREATE EXTENSION IF NOT EXISTS pg_trgm").execute_if(dialect="postgresql"))

class _Child(IdMixin, TenantMixin):
    """Rows owned by an operation, kept in the order they were sent."""
    position: Mapped[int] = mapped_column(sa.Integer, nullable=False)

    @classmethod
    def _operation_fk(cls):
        return mapped_column(sa.Uuid, sa.ForeignKey("ciot_operations.id", ondelete="CASCADE"), nullable=False,
                             index=True)


class CiotContratante(_Child, db.Model):
    __tablename__ = "ciot_contratantes"

    operation_id: Mapped[uuid.UUID] = _Child._operation_fk()
    cpf_cnpj: Mapped[str] = mapped_column(sa.String(18), nullable=False)
    nome: Mapped[str] = mapped_column(sa.String(200), nullable=False)
    rntrc: Mapped[str | None] = mapped_column(sa.String(12))
    papel: Mapped[str | None] = mapped_column(sa.String(15))  # principal | solidario | intermediario
    valor_frete: Mapped[Decimal | None] = mapped_column(MONEY)
    percentual: Mapped[Decimal | None] = mapped_column(sa.Numeric(5, 2))
    observacoes: Mapped[str | None] = mapped_column(sa.String(500))


class CiotVehicle(_Child, db.Model):
    __tablename__ = "ciot_vehicles"

    operation_id: Mapped[uuid.UUID] = _Child._operation_fk()
    plate: Mapped[str] = mapped_column(sa.String(10), nullable=False)
    vehicle_kind: Mapped[str] = mapped_column(sa.String(15), nullable=False)  # automotor | implemento | cavalo_trator
    rntrc: Mapped[str | None] = mapped_column(sa.String(12))
    axles: Mapped[int | None] = mapped_column(sa.Integer)
    own_fleet: Mapped[bool | None] = mapped_column(sa.Boolean)


class CiotPayment(_Child, db.Model):
    __tablename__ = "ciot_payments"

    operation_id: Mapped[uuid.UUID] = _Child._operation_fk()
    kind: Mapped[str] = mapped_column(sa.String(15), nullable=False)
    contratante_index: Mapped[int | None] = mapped_column(sa.Integer)
    contratante_cpf_cnpj: Mapped[str | None] = mapped_column(sa.String(18))
    tipo_pagamento: Mapped[str] = mapped_column(sa.String(20), nullable=False)
    indicador_pagamento: Mapped[str] = mapped_column(sa.String(10), nullable=False)
    amount: Mapped[Decimal] = mapped_column(MONEY, nullable=False)
    due_date: Mapped[date] = mapped_column(sa.Date, nullable=False)
    banco: Mapped[str | None] = mapped_column(sa.String(10))
    agencia: Mapped[str | None] = mapped_column(sa.String(10))
    conta: Mapped[str | None] = mapped_column(sa.String(20))
    titular_cpf_cnpj: Mapped[str | None] = mapped_column(sa.String(18))
    codigo_pagamento: Mapped[str | None] = mapped_column(sa.String(140))
    tipo_chave_pix: Mapped[str | None] = mapped_column(sa.String(10))
    titular_parentesco: Mapped[str | None] = mapped_column(sa.String(15))


class CiotDocument(_Child, db.Model):
    __tablename__ = "ciot_documents"

    operation_id: Mapped[uuid.UUID] = _Child._operation_fk()
    kind: Mapped[str] = mapped_column(sa.String(5), nullable=False)  # nfe | cte | mdfe
    access_key: Mapped[str | None] = mapped_column(sa.String(60))
    number: Mapped[str | None] = mapped_column(sa.String(20))
    series: Mapped[str | None] = mapped_column(sa.String(5))
    emitter_cnpj: Mapped[str | None] = mapped_column(sa.String(18))
    emitter_name: Mapped[str | None] = mapped_column(sa.String(200))
    freight_value: Mapped[Decimal | None] = mapped_column(MONEY)
    cargo_weight_kg: Mapped[Decimal | None] = mapped_column(WEIGHT)


class CiotEvent(IdMixin, TenantMixin, TimelineEventMixin, db.Model):
    """The operation's timeline (the record returns the last 50, newest first). Not webhooks."""
    __tablename__ = "ciot_events"
    __table_args__ = (sa.Index("ix_ciot_events_operation_created", "operation_id", "created_at"),)

    operation_id: Mapped[uuid.UUID] = mapped_column(
        sa.Uuid, sa.ForeignKey("ciot_operations.id", ondelete="CASCADE"), nullable=False)




class EmissionAttempt(IdMixin, TenantMixin, db.Model):
    """One request to the authority about an operation (domain/ciot/authority.py): `action` says which (emit,
    rectify, cancel, close) and `payload` what it sends besides the operation itself. At most one `claimed` (in
    flight) request per operation: the partial unique index says so in the database. The table keeps the name it
    had when only emissions were asked this way."""
    __tablename__ = "ciot_emission_attempts"
    __table_args__ = (
        sa.UniqueConstraint("operation_id", "attempt_number", name="uq_ciot_emission_attempts_op_number"),
        sa.Index("uq_ciot_emission_attempts_in_flight", "operation_id", unique=True,
                 postgresql_where=sa.text("state = 'claimed'"), sqlite_where=sa.text("state = 'claimed'")),
        sa.CheckConstraint("state IN ('claimed', 'succeeded', 'failed', 'rejected')", name="state"),
        # The requests still waiting for the authority, by age (protocol.authority_slow): few rows, read per request.
        sa.Index("ix_ciot_emission_attempts_waiting", "environment", "enqueued_at",
                 postgresql_where=sa.text("state = 'claimed'"), sqlite_where=sa.text("state = 'claimed'")),
    )

    operation_id: Mapped[uuid.UUID] = mapped_column(
        sa.Uuid, sa.ForeignKey("ciot_operations.id", ondelete="CASCADE"), nullable=False, index=True)
    attempt_number: Mapped[int] = mapped_column(sa.Integer, nullable=False)
    state: Mapped[str] = mapped_column(sa.String(10), nullable=False)
    status_before: Mapped[str] = mapped_column(sa.String(20), nullable=False)  # restored on technical failure
    environment: Mapped[str] = mapped_column(sa.String(10), nullable=False)
    issuer_company_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, sa.ForeignKey("companies.id"), nullable=False)
    job_id: Mapped[str | None] = mapped_column(sa.String(100))
    enqueued_count: Mapped[int] = mapped_column(sa.Integer, default=1, nullable=False)
    enqueued_at: Mapped[datetime] = mapped_column(sa.DateTime, default=utcnow, nullable=False)  # last (re)enqueue
    actor: Mapped[str | None] = mapped_column(sa.String(120))
    started_at: Mapped[datetime] = mapped_column(sa.DateTime, default=utcnow, nullable=False)
    finished_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    response: Mapped[dict | None] = mapped_column(sa.JSON)
    action: Mapped[str] = mapped_column(sa.String(10), nullable=False, default="emit", server_default="emit")
    payload: Mapped[dict | None] = mapped_column(sa.JSON)


class IrregularCarrier(IdMixin, db.Model):
    """Platform data for the homologation simulator: RNTRCs the simulated authority rejects."""
    __tablename__ = "ciot_irregular_carriers"

    rntrc: Mapped[str] = mapped_column(sa.String(12), unique=True, nullable=False)
    reason: Mapped[str] = mapped_column(sa.String(300), default="", nullable=False)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime, default=utcnow, nullable=False)


class SimulatorEmission(IdMixin, db.Model):
    """The simulated authority's own record of a CIOT it issued (platform table, keyed by operation id:
    the idempotency key of every emission request)."""
    __tablename__ = "ciot_simulator_emissions"

    operation_id: Mapped[uuid.UUID] = mapped_column(sa.Uuid, unique=True, nullable=False)
    issuer_cnpj: Mapped[str] = mapped_column(sa.String(14), nullable=False)
    environment: Mapped[str] = mapped_column(sa.String(10), nullable=False)
    codigo_ciot: Mapped[str] = mapped_column(sa.String(12), unique=True, nullable=False)
    codigo_verificador: Mapped[str] = mapped_column(sa.String(4), nullable=False)
    protocolo: Mapped[str] = mapped_column(sa.String(40), nullable=False)
    contratado_rntrc: Mapped[str] = mapped_column(sa.String(12), nullable=False)
    trip_start_utc: Mapped[datetime | None] = mapped_column(sa.DateTime)
    emitted_at: Mapped[datetime] = mapped_column(sa.DateTime, default=utcnow, nullable=False)
    cancelled_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    closed_at: Mapped[datetime | None] = mapped_column(sa.DateTime)
    rectifications: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)


class PefDeclaration(IdMixin, db.Model):
    """What we sent to the ANTT PEF web service under one idempotency key (an operation's or an aggregate
    contract's id): the IdOperacaoTransporte given to it and, once answered, the CIOT's verification code. Platform
    table, written in a transaction of its own before the declaration is sent (domain/ciot/pef/records.py), so a
    retry after a crash sends the same identifier and can ask ConsultarCIOTGerado whether it was issued."""
    __tablename__ = "ciot_pef_declarations"
    __table_args__ = (sa.UniqueConstraint("environment", "id_operacao", name="uq_ciot_pef_declarations_id_operacao"),)

    idempotency_key: Mapped[str] = mapped_column(sa.String(64), unique=True, nullable=False)
    environment: Mapped[str] = mapped_column(sa.String(10), nullable=False)
    issuer_cnpj: Mapped[str] = mapped_column(sa.String(14), nullable=False)
    id_operacao: Mapped[str] = mapped_column(sa.String(12), nullable=False)  # IdOperacaoTransporte = the CIOT
    ano_declaracao: Mapped[int] = mapped_column(sa.Integer, nullable=False)
    codigo_verificador: Mapped[str | None] = mapped_column(sa.String(4))
    protocolo: Mapped[str | None] = mapped_column(sa.String(40))
    aviso_transportador: Mapped[str | None] = mapped_column(sa.Text)
    created_at: Mapped[datetime] = mapped_column(sa.DateTime, default=utcnow, nullable=False)
    declared_at: Mapped[datetime | None] = mapped_column(sa.DateTime)


class CiotCertificate(IdMixin, TenantMixin, db.Model):
    """The company's ICP-Brasil A1 certificate for the mutual TLS of the ANTT PEF web service (one per company):
    the PKCS#12 file and its password encrypted at rest (core.crypto), never shown again; holder, CNPJ and expiry
    read from it at upload (domain/ciot/pef/certificates.py)."""
    __tablename__ = "ciot_certificates"
    __table_args__ = (sa.UniqueConstraint("company_id", name="uq_ciot_certificates_company_id"),)

    pkcs12_encrypted: Mapped[str] = mapped_column(sa.Text, nullable=False)  # base64 of the file, then encrypted
    password_encrypted: Mapped[str] = mapped_column(sa.Text, nullable=False)
    holder: Mapped[str] = mapped_column(sa.String(200), nullable=False)
    cnpj: Mapped[str] = mapped_column(sa.String(14), nullable=False)
    not_before: Mapped[datetime] = mapped_column(sa.DateTime, nullable=False)
    not_after: Mapped[datetime] = mapped_column(sa.DateTime, nullable=False)
    fingerprint_sha256: Mapped[str] = mapped_column(sa.String(64), nullable=False)
    uploaded_at: Mapped[datetime] = mapped_column(sa.DateTime, default=utcnow, nullable=False)
    uploaded_by: Mapped[str | None] = mapped_column(sa.String(120))


class CiotMonthCount(IdMixin, TenantMixin, db.Model):
    """How many of the company's operations created in `month` (its first day, UTC) are now in `bucket` (emitidas:
    emitido or encerrado; divergencia: com_divergencia or rejeitado): the dashboard's chart reads these rows instead
    of counting a month of operations on each view. Kept in the transaction that changes an operation's status
    (domain/ciot/month_counts.py)."""
    __tablename__ = "ciot_month_counts"
    __table_args__ = (sa.UniqueConstraint("company_id", "month", "bucket", name="uq_ciot_month_counts_company_month"),)

    month: Mapped[date] = mapped_column(sa.Date, nullable=False)
    bucket: Mapped[str] = mapped_column(sa.String(12), nullable=False)
    count: Mapped[int] = mapped_column(sa.Integer, default=0, nullable=False)
