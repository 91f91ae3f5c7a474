"""Before declaring: the carrier's RNTRC situation (active, category, equated to TAC) and whether it holds each
plate, asked of the authority (ConsultarSituacaoTransportador, ConsultarFrotaTransportador) and shown in the
creation form's live panel. Informative: the offline rules stay the first filter and the authority's answer to the
declaration decides.

Cached for the Brasília day per (environment, issuer, carrier, RNTRC, plates): in Redis when REDIS_URL is set
(shared by every web process), else in the process. A failure to ask is remembered for FAILURE_SECONDS only, so a
service that hangs does not hold every refresh of the panel for its whole timeout; so is the authority's refusal.
"""
import hashlib
import json
import logging
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta

from flask import current_app

# core.queue.redis_connection read when called (not imported by name): a test's stand-in connection is honoured
import core.queue
from domain.ciot.clock import now_local
from domain.ciot.pef.credentials import issuer_certificate_summary
from domain.ciot.provider import Issuer, ProviderUnavailable, get_provider

log = logging.getLogger("fretes.ciot.pef")
FAILURE_SECONDS = 60
_local_cache: dict[str, dict] = {}


@dataclass
class AuthorityCheck:
    ok: bool  # the authority answered both questions
    mensagem: str | None = None  # why it could not be asked, or the authority's refusal
    ativo: bool | None = None
    tipo: str | None = None
    equiparado_tac: bool | None = None
    nome: str | None = None
    placas: dict = field(default_factory=dict)  # plate -> held by the carrier
    consulted_at: str | None = None  # Brasília, ISO
    cached: bool = False

    @property
    def plates_not_held(self) -> list[str]:
        return [plate for plate, held in self.placas.items() if not held]


def authority_check(company, environment: str, *, cpf_cnpj: str, rntrc: str,
                    plates: list[str]) -> AuthorityCheck | None:
    """The day's answer for this carrier and plates; None when the environment's provider cannot be asked (the
    simulator) or there is nothing to ask."""
    provider = get_provider(environment)
    if provider is None or not hasattr(provider, "consult_carrier") or not (cpf_cnpj and rntrc):
        return None
    now = now_local()
    key = _cache_key(environment, company.cnpj, cpf_cnpj, rntrc, plates, now)
    cached = _cache_get(key)  # first: a keystroke whose answer is remembered reads nothing else
    if cached is not None:
        return AuthorityCheck(**{**cached, "cached": True})
    summary = issuer_certificate_summary(company.id)
    if summary is None or summary.expired():
        return AuthorityCheck(ok=False, mensagem="Certificado digital A1 ausente ou vencido: a situação do "
                                                 "transportador na ANTT não pôde ser consultada.")
    issuer = Issuer.from_company(company)
    try:
        carrier = provider.consult_carrier(environment, issuer, cpf_cnpj=cpf_cnpj, rntrc=rntrc)
        fleet = provider.consult_fleet(environment, issuer, cpf_cnpj=cpf_cnpj, rntrc=rntrc, plates=plates) \
            if plates and carrier.get("ok") else {"ok": True, "placas": {}}
    except ProviderUnavailable as exc:
        failed = AuthorityCheck(ok=False, mensagem=f"Consulta à ANTT indisponível agora: {exc}")
        _cache_set(key, asdict(failed), now, seconds=FAILURE_SECONDS)
        return failed
    if not carrier.get("ok") or not fleet.get("ok"):
        # The authority's refusal is remembered like a failure to ask (a short while): the panel's next keystrokes
        # show it without asking again, and a refusal that came from the issuer's side is not kept all day.
        refused = AuthorityCheck(ok=False, mensagem=carrier.get("mensagem") if not carrier.get("ok")
                                 else fleet.get("mensagem"))
        _cache_set(key, asdict(refused), now, seconds=FAILURE_SECONDS)
        return refused
    result = AuthorityCheck(ok=True, ativo=carrier["ativo"], tipo=carrier["tipo"],
                            equiparado_tac=carrier["equiparado_tac"], nome=carrier["nome"],
                            placas=fleet["placas"], consulted_at=now.isoformat(timespec="minutes"))
    _cache_set(key, asdict(result), now)
    return result


def _cache_key(environment, issuer_cnpj, cpf_cnpj, rntrc, plates, now: datetime) -> str:
    material = json.dumps([environment, issuer_cnpj, cpf_cnpj, rntrc, sorted(plates), now.date().isoformat()])
    return "fretes:pef:check:" + hashlib.sha256(material.encode()).hexdigest()


def _seconds_left_today(now: datetime) -> int:
    tomorrow = datetime.combine(now.date() + timedelta(days=1), datetime.min.time())
    return max(int((tomorrow - now).total_seconds()), 1)


def _cache_get(key: str) -> dict | None:
    if current_app.config.get("REDIS_URL"):
        try:
            raw = core.queue.redis_connection().get(key)
            return json.loads(raw) if raw else None
        except Exception:
            log.warning("pef check cache unavailable", exc_info=True)
            return None
    value = _local_cache.get(key)
    if value is None or value["_expires"] <= now_local().isoformat():
        return None
    return {name: item for name, item in value.items() if name != "_expires"}


def _cache_set(key: str, value: dict, now: datetime, *, seconds: int | None = None) -> None:
    ttl = min(seconds or _seconds_left_today(now), _seconds_left_today(now))
    if current_app.config.get("REDIS_URL"):
        try:
            core.queue.redis_connection().set(key, json.dumps(value), ex=ttl)
        except Exception:
            log.warning("pef check cache unavailable", exc_info=True)
        return
    if len(_local_cache) > 10_000:  # bounded: a long-lived process keeps at most a day's worth of keys
        _local_cache.clear()
    _local_cache[key] = {**value, "_expires": (now + timedelta(seconds=ttl)).isoformat()}
