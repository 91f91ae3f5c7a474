"""The emission provider interface (the authority, ANTT, through an accredited payment/CIOT provider) and the
built-in homologation simulator.

A provider is chosen per environment: `CIOT_PROVIDER_HOMOLOG` / `CIOT_PROVIDER_PRODUCAO` (environment variables,
read into the app config): `simulator` (`HomologSimulator`, the default for `homolog`), `antt_pef` (the ANTT PEF
web service, domain/ciot/pef) or a dotted path to a class implementing `CiotProvider`. There is no default for
`producao`: without one, emission in production answers 422 `not_supported` (docs/api/ciot.md). The settings are
checked at startup (domain/ciot/pef/settings.py `check_providers`).

Idempotency: every `emit` carries an idempotency key, the operation id. A provider must answer a repeated key with
the CIOT it already issued (the simulator keeps its own record per operation id) — this is what lets a retried or
recovered job finish an emission without ever issuing a second CIOT.
"""
import contextlib
import secrets
import uuid
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta

import sqlalchemy as sa
from flask import current_app
from sqlalchemy.exc import IntegrityError

from core import formatting
from core.clock import brasilia_today
from core.db import db, utcnow
from core.formatting import BRT
from domain.antt_floor.services import check_price_against_floor
from domain.ciot.models import CiotOperation, IrregularCarrier, SimulatorEmission
from domain.ciot.provider_settings import load_class, provider_path
from domain.ciot.rules.commercial import below_floor_message, floor_inputs

CANCEL_WINDOW = timedelta(hours=24)


class ProviderUnavailable(Exception):
    """A technical failure talking to the provider (timeout, 5xx): the job may retry; nothing was decided."""


class ProviderConfigurationError(ProviderUnavailable):
    """The gateway refused us for who we are, not for what we sent (401/403 without `Codigo`: a certificate or an
    enrolment to fix). Nothing was decided, but asking again cannot help: the request ends failed with this
    message, never retried."""


@dataclass
class Issuer:
    """The company in whose name the CIOT is declared (the caller, or the contracted ETC)."""
    company_id: str
    cnpj: str
    legal_name: str
    state_registration: str | None

    @classmethod
    def from_company(cls, company) -> "Issuer":
        return cls(str(company.id), company.cnpj, company.legal_name, company.state_registration)


@dataclass
class EmissionResult:
    ok: bool
    codigo_ciot: str | None = None
    codigo_verificador: str | None = None
    protocolo: str | None = None
    mensagem: str | None = None
    rejected: bool = False
    replayed: bool = False  # the provider answered an idempotency key it had already seen
    aviso_transportador: str | None = None  # the authority's notice to the carrier: shown and printed

    def as_dict(self) -> dict:
        return asdict(self)


@dataclass
class ActionResult:
    """Answer to cancel / close / rectify."""
    ok: bool
    protocolo: str | None = None
    mensagem: str | None = None
    rejected: bool = False

    def as_dict(self) -> dict:
        return asdict(self)


class CiotProvider:
    """Interface. `op` is a domain.ciot.models.CiotOperation (read only); `credentials` the decrypted dict of the
    issuer for the operation environment (None when the environment needs none)."""
    name = "base"

    def emit(self, op, issuer: Issuer, credentials: dict | None, *, idempotency_key: str) -> EmissionResult:
        raise NotImplementedError

    def cancel(self, op, issuer: Issuer, credentials: dict | None, *, motivo: str) -> ActionResult:
        raise NotImplementedError

    def close(self, op, issuer: Issuer, credentials: dict | None, *, closing: dict) -> ActionResult:
        raise NotImplementedError

    def rectify(self, op, issuer: Issuer, credentials: dict | None, *, changes: dict) -> ActionResult:
        raise NotImplementedError

    # An aggregate contract (TAC agregado, domain/ciot_agregado): one CIOT for up to 30 days of trips of one
    # composition; declared at opening (idempotency key: the contract id) and closed with its consolidated routes
    # (idempotency key: the closing's, kept on the contract while em_encerramento; a repeated key must be answered
    # with the closing already done, so a retry after a crash never fails on a contract the authority closed), or
    # cancelled (idempotency key: the cancellation's, kept on the contract while it is pending; likewise answered
    # with the cancellation already done).
    def declare_aggregate(self, contract, issuer: Issuer, credentials: dict | None, *,
                          idempotency_key: str) -> EmissionResult:
        raise NotImplementedError

    def close_aggregate(self, contract, issuer: Issuer, credentials: dict | None, *, closing: dict,
                        idempotency_key: str) -> ActionResult:
        raise NotImplementedError

    def cancel_aggregate(self, contract, issuer: Issuer, credentials: dict | None, *, motivo: str,
                         idempotency_key: str) -> ActionResult:
        raise NotImplementedError

    # The rectification of a declared aggregate (legacy flow, domain/ciot_agregado/rectification.py): `changes` holds
    # what changes, of valor_contratado (Decimal), data_prevista_encerramento (date) and the route (origem_uf,
    # origem_municipio_nome, destino_uf, destino_municipio_nome); the contract still has the values before it.
    def rectify_aggregate(self, contract, issuer: Issuer, credentials: dict | None, *,
                          changes: dict) -> ActionResult:
        raise NotImplementedError


def get_provider(environment: str) -> CiotProvider | None:
    """The provider configured for `environment`, or None when the installation has none."""
    path = provider_path(current_app.config, environment)
    if not path:
        return None
    return load_class(path)()


def normalize_rntrc(value: str | None) -> str:
    digits = "".join(ch for ch in (value or "") if ch.isdigit())
    return digits.zfill(9) if len(digits) == 8 else digits


def local_to_utc(moment: datetime | None) -> datetime | None:
    """A trip moment (naive local time, America/Sao_Paulo) as naive UTC."""
    if moment is None:
        return None
    aware = moment.replace(tzinfo=BRT) if moment.tzinfo is None else moment
    return aware.astimezone(UTC).replace(tzinfo=None)


@contextlib.contextmanager
def authority_connection():
    """The simulated authority writes in a transaction of its own (it is an external system: what it issued
    survives a crash of our job). SQLite is the exception: it has a single writer, and a second connection would
    wait forever on our own request's pending writes, so there the simulator shares the session's transaction."""
    if db.engine.dialect.name == "sqlite":
        yield db.session.connection()
        return
    with db.engine.begin() as conn:
        yield conn


class HomologSimulator(CiotProvider):
    """A stand-in for the authority in `homolog`: issues 12-digit CIOT codes, a 4-digit verification code and a
    protocol; rejects contracted carriers whose RNTRC is in `ciot_irregular_carriers` (CLI `ciot irregular add`)
    and, as the authority does (manual B80), a lotação whose freight value is below the ANTT minimum floor; allows
    cancellation only up to 24 h after the trip start (viagem_inicio, else the emission time)."""
    name = "homolog-simulator"
    ISSUED = "CIOT emitido em homologação (simulador; sem validade na ANTT)."

    def _tables(self):
        return SimulatorEmission.__table__, IrregularCarrier.__table__, CiotOperation.__table__

    @staticmethod
    def _protocol() -> str:
        return "HML" + utcnow().strftime("%Y%m%d%H%M%S") + f"{secrets.randbelow(10**6):06d}"

    def emit(self, op, issuer, credentials, *, idempotency_key):
        sim, irregular, _operations = self._tables()
        operation_id = op.id
        rntrc = normalize_rntrc(op.contratado_rntrc)
        trip_start = local_to_utc(op.viagem_inicio)
        below_floor = self._below_floor(op)
        try:
            with authority_connection() as conn:
                existing = conn.execute(sa.select(sim).where(sim.c.operation_id == operation_id)).first()
                if existing is not None:
                    return self._issued(existing, replayed=True)
                blocked = conn.execute(sa.select(irregular).where(irregular.c.rntrc == rntrc)).first()
                if blocked is not None:
                    reason = f" Motivo: {blocked.reason}." if blocked.reason else ""
                    return EmissionResult(
                        ok=False, rejected=True,
                        mensagem=(f"Transportador com RNTRC {rntrc} em situação irregular no Registro Nacional de "
                                  f"Transportadores Rodoviários de Cargas (RNTRC); operação não autorizada.{reason}"))
                if below_floor is not None:
                    return EmissionResult(ok=False, rejected=True, mensagem=below_floor)
                row = {"id": uuid.uuid4(), "operation_id": operation_id, "issuer_cnpj": issuer.cnpj,
                       "environment": "homolog", "codigo_ciot": self._free_code(conn),
                       "codigo_verificador": f"{secrets.randbelow(10**4):04d}", "protocolo": self._protocol(),
                       "contratado_rntrc": rntrc, "trip_start_utc": trip_start, "emitted_at": utcnow(),
                       "rectifications": 0}
                conn.execute(sim.insert().values(**row))
        except IntegrityError:
            # The same idempotency key raced us (PostgreSQL; the claim makes it near impossible): answer with
            # what the authority kept.
            with authority_connection() as conn:
                existing = conn.execute(sa.select(sim).where(sim.c.operation_id == operation_id)).first()
            if existing is None:
                raise ProviderUnavailable("conflito ao registrar a emissão simulada") from None
            return self._issued(existing, replayed=True)
        return EmissionResult(ok=True, codigo_ciot=row["codigo_ciot"], codigo_verificador=row["codigo_verificador"],
                              protocolo=row["protocolo"], mensagem=self.ISSUED)

    @staticmethod
    def _below_floor(op) -> str | None:
        """The authority's refusal of a lotação below the minimum floor (B80), computed as the validation does
        (domain/ciot/rules/commercial.floor_inputs over the operation as declared), or None."""
        if getattr(op, "tipo_operacao", None) != "lotacao" or not op.valor_frete:
            return None  # an aggregate contract, a fracionada or a declaration without value: exempt here
        inputs = floor_inputs(op, brasilia_today())
        check = check_price_against_floor(op.valor_frete, **inputs) if inputs is not None else None
        if check is None or not check.below:
            return None
        return f"Declaração recusada (regra B80): {below_floor_message(check)}"

    def _free_code(self, conn) -> str:
        sim, _, operations = self._tables()
        for _ in range(20):
            code = f"{secrets.randbelow(10**12):012d}"
            taken = conn.execute(sa.select(sa.literal(1)).where(sa.or_(
                sa.exists().where(sim.c.codigo_ciot == code),
                sa.exists().where(operations.c.codigo_ciot == code)))).first()
            if taken is None:
                return code
        raise ProviderUnavailable("não foi possível gerar um código CIOT livre")  # pragma: no cover

    @staticmethod
    def _issued(row, *, replayed: bool) -> EmissionResult:
        return EmissionResult(ok=True, codigo_ciot=row.codigo_ciot, codigo_verificador=row.codigo_verificador,
                              protocolo=row.protocolo, replayed=replayed,
                              mensagem=HomologSimulator.ISSUED)

    def _find(self, conn, op):
        sim = self._tables()[0]
        return conn.execute(sa.select(sim).where(sim.c.operation_id == op.id)).first()

    def cancel(self, op, issuer, credentials, *, motivo):
        sim = self._tables()[0]
        with authority_connection() as conn:
            row = self._find(conn, op)
            if row is None:
                return ActionResult(ok=False, rejected=True,
                                    mensagem=f"CIOT {op.codigo_ciot} não encontrado no ambiente de homologação.")
            if row.cancelled_at is not None:
                return ActionResult(ok=True, protocolo=self._protocol(), mensagem="CIOT já estava cancelado.")
            if row.closed_at is not None:
                return ActionResult(ok=False, rejected=True, mensagem="CIOT encerrado não pode ser cancelado.")
            start = row.trip_start_utc or row.emitted_at
            if utcnow() > start + CANCEL_WINDOW:
                basis = "início da viagem" if row.trip_start_utc else "emissão (viagem sem data de início)"
                return ActionResult(
                    ok=False, rejected=True,
                    mensagem=(f"Prazo de cancelamento expirado: o CIOT só pode ser cancelado até 24 horas após o "
                              f"início da viagem ({basis}: {formatting.when(start)}, horário de Brasília)."))
            conn.execute(sim.update().where(sim.c.id == row.id).values(cancelled_at=utcnow()))
        return ActionResult(ok=True, protocolo=self._protocol(), mensagem="Cancelamento registrado (homologação).")

    def close(self, op, issuer, credentials, *, closing):
        sim = self._tables()[0]
        with authority_connection() as conn:
            row = self._find(conn, op)
            if row is None:
                return ActionResult(ok=False, rejected=True,
                                    mensagem=f"CIOT {op.codigo_ciot} não encontrado no ambiente de homologação.")
            if row.cancelled_at is not None:
                return ActionResult(ok=False, rejected=True, mensagem="CIOT cancelado não pode ser encerrado.")
            if row.closed_at is None:
                conn.execute(sim.update().where(sim.c.id == row.id).values(closed_at=utcnow()))
        return ActionResult(ok=True, protocolo=self._protocol(), mensagem="Encerramento registrado (homologação).")

    def rectify(self, op, issuer, credentials, *, changes):
        sim = self._tables()[0]
        with authority_connection() as conn:
            row = self._find(conn, op)
            if row is None or row.cancelled_at is not None or row.closed_at is not None:
                return ActionResult(ok=False, rejected=True,
                                    mensagem=f"CIOT {op.codigo_ciot} não está ativo no ambiente de homologação.")
            values = {"rectifications": row.rectifications + 1}
            if "viagem_inicio" in changes:
                values["trip_start_utc"] = local_to_utc(changes["viagem_inicio"])
            conn.execute(sim.update().where(sim.c.id == row.id).values(**values))
        return ActionResult(ok=True, protocolo=self._protocol(), mensagem="Retificação registrada (homologação).")

    def declare_aggregate(self, contract, issuer, credentials, *, idempotency_key):
        """Like an emission, keyed by the contract id (the simulator's record is per declaration id)."""
        return self.emit(_AggregateView(contract), issuer, credentials, idempotency_key=idempotency_key)

    def close_aggregate(self, contract, issuer, credentials, *, closing, idempotency_key):
        """Refused when the carrier is now irregular at the RNTRC (the list of `ciot irregular add`), so a
        refusal can be exercised in homologation; otherwise recorded like an operation's closing. A declaration
        the simulator already closed is answered as closed (the retry of a closing whose answer was lost), before
        any refusal: the simulator keeps one closing per declaration, so the key adds nothing to its lookup."""
        _, irregular, _ = self._tables()
        rntrc = normalize_rntrc(contract.contratado_rntrc)
        with authority_connection() as conn:
            row = self._find(conn, _AggregateView(contract))
            if row is not None and row.closed_at is not None:
                return ActionResult(ok=True, protocolo=self._protocol(),
                                    mensagem="Encerramento já registrado (homologação).")
            blocked = conn.execute(sa.select(irregular).where(irregular.c.rntrc == rntrc)).first()
        if blocked is not None:
            return ActionResult(ok=False, rejected=True, mensagem=(
                f"Encerramento não autorizado: transportador com RNTRC {rntrc} em situação irregular no RNTRC."))
        return self.close(_AggregateView(contract), issuer, credentials, closing=closing)

    def cancel_aggregate(self, contract, issuer, credentials, *, motivo, idempotency_key):
        """No 24-hour window: an aggregate with no active movement may be cancelled during its whole period. A
        declaration the simulator already cancelled is answered as cancelled (the retry of a cancellation whose
        answer was lost): one cancellation per declaration, so the key adds nothing to its lookup."""
        sim = self._tables()[0]
        with authority_connection() as conn:
            row = self._find(conn, _AggregateView(contract))
            if row is None or row.closed_at is not None:
                return ActionResult(ok=False, rejected=True, mensagem=(
                    f"CIOT {contract.codigo_ciot} não está ativo no ambiente de homologação."))
            if row.cancelled_at is None:
                conn.execute(sim.update().where(sim.c.id == row.id).values(cancelled_at=utcnow()))
        return ActionResult(ok=True, protocolo=self._protocol(), mensagem="Cancelamento registrado (homologação).")


    def rectify_aggregate(self, contract, issuer, credentials, *, changes):
        """Refused when the declaration is no longer active (closed or cancelled) or the carrier is now irregular at
        the RNTRC (so a refusal can be exercised); otherwise counted like an operation's rectification."""
        _, irregular, _ = self._tables()
        rntrc = normalize_rntrc(contract.contratado_rntrc)
        with authority_connection() as conn:
            blocked = conn.execute(sa.select(irregular).where(irregular.c.rntrc == rntrc)).first()
        if blocked is not None:
            return ActionResult(ok=False, rejected=True, mensagem=(
                f"Retificação não autorizada: transportador com RNTRC {rntrc} em situação irregular no RNTRC."))
        return self.rectify(_AggregateView(contract), issuer, credentials, changes={})


class _AggregateView:
    """What the simulator reads of a declaration, taken from an aggregate contract (no trip start: an aggregate
    covers many trips)."""

    def __init__(self, contract):
        self.id, self.contratado_rntrc, self.codigo_ciot = contract.id, contract.contratado_rntrc, contract.codigo_ciot
        self.viagem_inicio = None
