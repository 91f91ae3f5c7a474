"""The declarations we sent to the PEF web service, one per idempotency key (an operation's or a contract's id).

Written in a transaction of its own, like what an external system keeps: the identifier is committed *before*
the first send, so a job that dies or times out after sending is retried with the same IdOperacaoTransporte and
can ask ConsultarCIOTGerado whether the authority issued it. Never a second identifier for a key: the unique key
makes a concurrent reservation lose, and the loser reads the winner's row.
"""
import contextlib
import uuid
from dataclasses import dataclass
from datetime import datetime

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from core.db import db, utcnow
from domain.ciot.models import PefDeclaration


@contextlib.contextmanager
def authority_connection():
    """A connection and transaction of its own, so the record survives our job's rollback. SQLite has a single
    writer: when the session already writes (it holds the lock), the record can only join its transaction; the
    declaring job writes nothing before asking the authority, so this is the exception, not the rule."""
    if db.engine.dialect.name == "sqlite":
        session_connection = db.session.connection()
        if session_connection.connection.dbapi_connection.in_transaction:
            yield session_connection
            return
    with db.engine.begin() as conn:
        yield conn


@dataclass
class SentDeclaration:
    idempotency_key: str
    id_operacao: str
    ano_declaracao: int
    declared_moment: datetime | None  # what DataDeclaracao said (naive Brasília), None for old rows
    codigo_verificador: str | None
    protocolo: str | None
    aviso_transportador: str | None

    @property
    def answered(self) -> bool:
        return self.codigo_verificador is not None


def _table():
    return PefDeclaration.__table__


def _row_to_record(row) -> SentDeclaration:
    return SentDeclaration(row.idempotency_key, row.id_operacao, row.ano_declaracao, None, row.codigo_verificador,
                           row.protocolo, row.aviso_transportador)


def find(key: str) -> SentDeclaration | None:
    table = _table()
    with authority_connection() as conn:
        row = conn.execute(sa.select(table).where(table.c.idempotency_key == key)).first()
    return _row_to_record(row) if row is not None else None


def reserve(key: str, *, environment: str, issuer_cnpj: str, id_operacao: str, ano: int) -> SentDeclaration:
    """Commit the identifier for `key` (or return the one already committed)."""
    table = _table()
    try:
        with authority_connection() as conn:
            conn.execute(table.insert().values(
                id=uuid.uuid4(), idempotency_key=key, environment=environment, issuer_cnpj=issuer_cnpj,
                id_operacao=id_operacao, ano_declaracao=ano, created_at=utcnow()))
    except IntegrityError:
        existing = find(key)
        if existing is None:  # the identifier itself collided with another key's: the caller draws another
            raise
        return existing
    return SentDeclaration(key, id_operacao, ano, None, None, None, None)


def settle(key: str, *, codigo_verificador: str, protocolo: str | None, aviso: str | None) -> None:
    table = _table()
    with authority_connection() as conn:
        conn.execute(table.update().where(table.c.idempotency_key == key).values(
            codigo_verificador=codigo_verificador, protocolo=protocolo, aviso_transportador=aviso,
            declared_at=utcnow()))
