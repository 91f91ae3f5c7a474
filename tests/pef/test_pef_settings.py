"""Production configured from the environment alone: CIOT_PROVIDER_* (`simulator`, `antt_pef`, a dotted path) and
the CIOT_PEF_* settings are read by core/config.py and checked at startup with a message naming what is missing."""
import pytest

from app import create_app
from core.config import load_config
from domain.ciot.pef.settings import CiotSettingsError, check_providers, pef_settings, provider_path

GOOD_PEF = {"CIOT_PROVIDER_PRODUCAO": "antt_pef", "CIOT_PEF_URL_PRODUCAO": "https://pef.example.test/pefServices",
            "CIOT_PEF_ID_GENERATOR": "tests.pef.test_pef_settings.FixedGenerator"}


class FixedGenerator:
    def generate(self, request):
        return "123456789012"


def test_the_environment_configures_production(monkeypatch, tmp_path):
    for name, value in {**GOOD_PEF, "CIOT_PEF_PATH_PREFIX": "v1", "CIOT_PEF_TIMEOUT_SECONDS": "12",
                        "CIOT_PEF_CONNECT_TIMEOUT_SECONDS": "3", "CIOT_PEF_CA_BUNDLE": "/etc/ssl/antt.pem"}.items():
        monkeypatch.setenv(name, value)
    config = load_config()
    assert provider_path(config, "producao") == "domain.ciot.pef.provider.AnttPefProvider"
    assert provider_path(config, "homolog") == "domain.ciot.provider.HomologSimulator"  # the embedded default
    settings = pef_settings(config, "producao")
    assert settings.url_of("DeclaracaoOperacaoTransporte") == (
        "https://pef.example.test/pefServices/v1/DeclaracaoOperacaoTransporte")
    assert (settings.timeout, settings.connect_timeout, settings.ca_file) == (12.0, 3.0, "/etc/ssl/antt.pem")
    check_providers(config)  # complete: no error
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/x.db", "INSTANCE_PATH": str(tmp_path)})
    assert app.config["CIOT_PROVIDER_PRODUCAO"] == "antt_pef"


@pytest.mark.parametrize("override,says", [
    ({"CIOT_PEF_URL_PRODUCAO": ""}, "exige CIOT_PEF_URL_PRODUCAO"),
    ({"CIOT_PEF_URL_PRODUCAO": "http://pef.example.test"}, "deve ser um endereço https://"),
    ({"CIOT_PEF_ID_GENERATOR": "nao.existe.Gerador"}, "CIOT_PEF_ID_GENERATOR=nao.existe.Gerador"),
    ({"CIOT_PEF_ID_GENERATOR": "domain.ciot.pef.identifiers.TestDoubleGenerator"}, "gerador de testes"),
    ({"CIOT_PROVIDER_PRODUCAO": "modulo.Inexistente"}, "CIOT_PROVIDER_PRODUCAO=modulo.Inexistente"),
    ({"CIOT_PEF_TIMEOUT_SECONDS": -1}, "maiores que zero"),
])
def test_startup_refuses_an_incomplete_production(tmp_path, override, says):
    with pytest.raises(CiotSettingsError, match=says.replace(".", r"\.")):
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path}/x.db", "INSTANCE_PATH": str(tmp_path),
                    **GOOD_PEF, **override})


def test_the_test_double_is_accepted_in_homologation():
    check_providers({"CIOT_PROVIDER_HOMOLOG": "antt_pef", "CIOT_PEF_URL_HOMOLOG": "https://127.0.0.1:1/x",
                     "CIOT_PEF_ID_GENERATOR": "domain.ciot.pef.identifiers.TestDoubleGenerator"})


def test_without_a_generator_the_authority_issues_the_identifier(tmp_path):
    """Production from the environment alone: no CIOT_PEF_ID_GENERATOR, the ANTT's GerarIdOperacaoTransporte."""
    config = {**GOOD_PEF, "CIOT_PEF_ID_GENERATOR": ""}
    check_providers(config)
    assert pef_settings(config, "producao").id_generator == "domain.ciot.pef.identifiers.AuthorityGenerator"
    assert pef_settings({**GOOD_PEF}, "producao").id_generator == GOOD_PEF["CIOT_PEF_ID_GENERATOR"]  # pluggable


def test_a_dotted_path_provider_is_kept():
    config = {"CIOT_PROVIDER_PRODUCAO": "domain.ciot.provider.HomologSimulator"}
    assert provider_path(config, "producao") == "domain.ciot.provider.HomologSimulator"
    check_providers(config)
    assert provider_path({}, "producao") == ""


@pytest.mark.parametrize("answer", ["123456789012", "560000088", "1"])
def test_a_generator_answer_of_up_to_12_digits_is_taken(answer):
    from domain.ciot.pef.identifiers import IdentifierRequest, generate_identifier
    request = IdentifierRequest("homolog", "11222333000181", 1, "52998224725", None, "k")
    Answering.value = answer
    assert generate_identifier("tests.pef.test_pef_settings.Answering", request) == answer


@pytest.mark.parametrize("answer", ["1234567890123", "", "12A4", "-12"])
def test_a_generator_answer_that_is_not_up_to_12_digits_is_a_technical_failure(answer):
    from domain.ciot.pef.identifiers import IdentifierRequest, generate_identifier
    from domain.ciot.provider import ProviderUnavailable
    request = IdentifierRequest("homolog", "11222333000181", 1, "52998224725", None, "k")
    Answering.value = answer
    with pytest.raises(ProviderUnavailable, match="até 12 dígitos"):
        generate_identifier("tests.pef.test_pef_settings.Answering", request)


class Answering:
    value = ""

    def generate(self, request):
        return Answering.value
