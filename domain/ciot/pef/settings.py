"""The PEF web service's settings per environment (`homolog`, `producao`), read from the app config (which
core/config.py fills from the environment; README "Configuração"):

- CIOT_PROVIDER_HOMOLOG / CIOT_PROVIDER_PRODUCAO: `simulator`, `antt_pef` or a dotted path to a CiotProvider class.
- CIOT_PEF_URL_HOMOLOG / CIOT_PEF_URL_PRODUCAO: the service's base URL per environment (https; the authority gives
  the host and context to each accredited company).
- CIOT_PEF_PATH_PREFIX: the path between the base URL and the service name (default `api`).
- CIOT_PEF_TIMEOUT_SECONDS (default 30) and CIOT_PEF_CONNECT_TIMEOUT_SECONDS (default 10).
- CIOT_PEF_CA_BUNDLE: a PEM file of the authorities that sign the server's certificate (default: the system's).
- CIOT_PEF_ID_GENERATOR: dotted path of the IdOperacaoTransporte generator (domain/ciot/pef/identifiers.py); empty:
  the authority's own GerarIdOperacaoTransporte (`AuthorityGenerator`).

`check_providers(config)` runs at startup: a provider that cannot be loaded, or `antt_pef` without its URL (or, in
production, with the test double generator, or a generator that cannot be loaded), stops the app with a message that
says what to set.
"""
from dataclasses import dataclass
from urllib.parse import urlsplit

from domain.ciot.provider_settings import PROVIDER_ALIASES, load_class, provider_path

TEST_DOUBLE_GENERATOR = "domain.ciot.pef.identifiers.TestDoubleGenerator"
AUTHORITY_GENERATOR = "domain.ciot.pef.identifiers.AuthorityGenerator"


class CiotSettingsError(RuntimeError):
    """The CIOT provider settings cannot work; the message says which variable to set."""


@dataclass(frozen=True)
class PefSettings:
    environment: str
    base_url: str
    path_prefix: str
    timeout: float
    connect_timeout: float
    ca_file: str | None
    id_generator: str

    def url_of(self, service: str) -> str:
        parts = [self.base_url.rstrip("/"), self.path_prefix.strip("/"), service]
        return "/".join(part for part in parts if part)


def pef_settings(config, environment: str) -> PefSettings:
    suffix = environment.upper()
    return PefSettings(
        environment=environment,
        base_url=(config.get(f"CIOT_PEF_URL_{suffix}") or "").strip(),
        path_prefix=(config.get("CIOT_PEF_PATH_PREFIX") if config.get("CIOT_PEF_PATH_PREFIX") is not None
                     else "api"),
        timeout=float(config.get("CIOT_PEF_TIMEOUT_SECONDS") or 30),
        connect_timeout=float(config.get("CIOT_PEF_CONNECT_TIMEOUT_SECONDS") or 10),
        ca_file=(config.get("CIOT_PEF_CA_BUNDLE") or "").strip() or None,
        id_generator=(config.get("CIOT_PEF_ID_GENERATOR") or "").strip() or AUTHORITY_GENERATOR,
    )


def check_providers(config) -> None:
    """Raise CiotSettingsError naming what is missing or wrong in the CIOT provider settings."""
    problems = []
    for environment in ("homolog", "producao"):
        path = provider_path(config, environment)
        if not path:
            continue
        variable = f"CIOT_PROVIDER_{environment.upper()}"
        try:
            load_class(path)
        except (ImportError, AttributeError) as exc:
            problems.append(f"{variable}={path}: a classe não pode ser carregada ({exc}); use `simulator`, "
                            "`antt_pef` ou um caminho pontuado módulo.Classe.")
            continue
        if path == PROVIDER_ALIASES["antt_pef"]:
            problems.extend(_pef_problems(config, environment))
    if problems:
        raise CiotSettingsError("Configuração do provedor CIOT inválida:\n- " + "\n- ".join(problems))


def _pef_problems(config, environment: str) -> list[str]:
    settings = pef_settings(config, environment)
    suffix = environment.upper()
    problems = []
    url = urlsplit(settings.base_url)
    if not settings.base_url:
        problems.append(f"CIOT_PROVIDER_{suffix}=antt_pef exige CIOT_PEF_URL_{suffix} (endereço do web service "
                        "PEF informado pela ANTT).")
    elif url.scheme != "https" or not url.hostname:
        problems.append(f"CIOT_PEF_URL_{suffix} deve ser um endereço https:// (autenticação mútua TLS).")
    try:
        load_class(settings.id_generator)
    except (ImportError, AttributeError) as exc:
        problems.append(f"CIOT_PEF_ID_GENERATOR={settings.id_generator}: não pode ser carregado ({exc}).")
    if environment == "producao" and settings.id_generator == TEST_DOUBLE_GENERATOR:
        problems.append("CIOT_PEF_ID_GENERATOR aponta para o gerador de testes: em produção deixe-o vazio (o "
                        "IdOperacaoTransporte é gerado pela ANTT, GerarIdOperacaoTransporte) ou use um gerador seu.")
    if settings.timeout <= 0 or settings.connect_timeout <= 0:
        problems.append("CIOT_PEF_TIMEOUT_SECONDS e CIOT_PEF_CONNECT_TIMEOUT_SECONDS devem ser maiores que zero.")
    return problems
