"""Re-encryption of every secret stored at rest with the first key of ENCRYPTION_KEY (core/crypto.py).

A platform-level maintenance action (the CLI `flask --app app secrets rotate-encryption-key` calls it): it reads and
writes the encrypted columns of every company with Core statements, in the caller's transaction, so a secret that
no configured key can read stops the whole run and nothing is written (the CLI rolls back).
"""
import json

import sqlalchemy as sa

from core import crypto
from core.db import db
from domain.ciot.models import CiotCertificate
from domain.messages.models import ChannelSetting
from domain.tenancy.models import ApiKey, Company
from domain.webhooks.models import WebhookEndpoint

# (model, column) of every secret encrypted with core.crypto, one value per row.
ENCRYPTED_COLUMNS = (
    (ApiKey, "secret_encrypted"),
    (WebhookEndpoint, "secret_encrypted"),
    (WebhookEndpoint, "previous_secret_encrypted"),
    (ChannelSetting, "secret_encrypted"),
    (CiotCertificate, "pkcs12_encrypted"),  # the A1 certificate of the ANTT PEF web service and its password
    (CiotCertificate, "password_encrypted"),
)


class UnreadableSecret(ValueError):
    def __init__(self, where: str):
        super().__init__(f"{where}: nenhuma chave de ENCRYPTION_KEY decifra este segredo; nada foi alterado. "
                         "Inclua a chave antiga na lista (ENCRYPTION_KEY=nova,antiga) e rode de novo.")


def rotate_encryption_key() -> dict[str, int]:
    """Re-encrypt every stored secret with the first configured key; returns how many values per table.column.
    Flushes only: the caller commits (or rolls back on UnreadableSecret)."""
    counts = {}
    connection = db.session.connection()
    for model, column in ENCRYPTED_COLUMNS:
        table = model.__table__
        rows = connection.execute(sa.select(table.c.id, table.c[column]).where(table.c[column].is_not(None))).all()
        for row_id, token in rows:
            connection.execute(sa.update(table).where(table.c.id == row_id)
                               .values({column: _reencrypt(token, f"{table.name}.{column} {row_id}")}))
        counts[f"{table.name}.{column}"] = len(rows)
    counts["companies.ciot_credentials"] = _rotate_ciot_credentials(connection)
    return counts


def _rotate_ciot_credentials(connection) -> int:
    """Company.ciot_credentials is a JSON object: environment -> encrypted credentials."""
    table, count = Company.__table__, 0
    for company_id, raw in connection.execute(sa.select(table.c.id, table.c.ciot_credentials)).all():
        stored = json.loads(raw) if isinstance(raw, str) else (raw or {})
        if not stored:
            continue
        rotated = {env: _reencrypt(token, f"companies.ciot_credentials[{env}] {company_id}")
                   for env, token in stored.items()}
        connection.execute(sa.update(table).where(table.c.id == company_id).values(ciot_credentials=rotated))
        count += len(rotated)
    return count


def _reencrypt(token: str, where: str) -> str:
    try:
        return crypto.reencrypt(token)
    except ValueError as exc:
        raise UnreadableSecret(where) from exc
