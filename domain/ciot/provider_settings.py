"""Which CiotProvider class each environment uses: CIOT_PROVIDER_HOMOLOG / CIOT_PROVIDER_PRODUCAO, `simulator`,
`antt_pef` or a dotted path to a class (domain/ciot/pef/settings.py checks them at startup). Apart from the PEF
settings: the provider registry (domain/ciot/provider.py `get_provider`) reads it, and the PEF package, which
imports the registry, is only one of the providers it may name."""
from importlib import import_module

PROVIDER_ALIASES = {
    "simulator": "domain.ciot.provider.HomologSimulator",
    "antt_pef": "domain.ciot.pef.provider.AnttPefProvider",
}
DEFAULT_PROVIDERS = {"homolog": "simulator", "producao": ""}


def provider_path(config, environment: str) -> str:
    """The dotted path of the environment's provider class ('' when the installation has none)."""
    value = config.get(f"CIOT_PROVIDER_{environment.upper()}")
    if value is None:
        value = DEFAULT_PROVIDERS.get(environment, "")
    value = (value or "").strip()
    return PROVIDER_ALIASES.get(value, value)


def load_class(path: str):
    module_name, _, class_name = path.rpartition(".")
    if not module_name:
        raise ImportError(f"'{path}' não é um caminho pontuado (módulo.Classe)")
    return getattr(import_module(module_name), class_name)
