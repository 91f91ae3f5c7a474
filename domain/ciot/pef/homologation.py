"""The homologation run (`flask ciot homologacao --company <cnpj>`): before enabling production the authority asks the
declarant to run its cases against the homologation web service. This runs them in the company's name, with its A1
certificate, against CIOT_PEF_URL_HOMOLOG, through the provider's own functions (the payloads are the ones a real
declaration sends): consult the carrier's situation and fleet, declare a lotação, a fracionada and a TAC agregado,
rectify the fracionada, cancel the lotação, close the fracionada and the TAC agregado, and recover the lotação
through ConsultarCIOTGerado. Every request and answer is kept (transport.recording), personal data masked (CPF,
names, PIX keys, account and card numbers; company CNPJs and protocols stay), and written as JSON and as a PDF the
company keeps as evidence.

The cases are built in memory (`case_data`), never saved as operations of the company: the run leaves only its
report and the declarations' identifier records (ciot_pef_declarations, keyed `homologacao:<run>:<case>`).
"""
import json
import re
import uuid
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace

from flask import current_app

from core.clock import brasilia_today
from core.errors import AppError
from core.pdf import Branding, render_pdf
from domain.ciot.clock import now_local
from domain.ciot.pef.provider import AnttPefProvider
from domain.ciot.pef.settings import pef_settings
from domain.ciot.pef.transport import recording
from domain.ciot.provider import Issuer, ProviderUnavailable

ENVIRONMENT = "homolog"
TEMPLATE = "pdf/homologacao.html"


@dataclass(frozen=True)
class Carrier:
    """The homologation's test data (the authority gives each declarant its own; the defaults suit the test server)."""
    cpf: str = "52998224725"
    rntrc: str = "012345678"
    plates: tuple = ("ABC1D23", "DEF4G56")
    destinatario: str = "44555666000181"
    shippers: tuple = ("11222333000181", "77888999000181")


@dataclass
class Step:
    name: str
    ok: bool = False
    protocolo: str | None = None
    mensagem: str | None = None
    codigo_ciot: str | None = None
    exchanges: list = field(default_factory=list)


# --- the cases, as the payload functions read them ----------------------------------------------------------------

def _payment(**values):
    base = {"id": uuid.uuid4(), "tipo_pagamento": "pix", "indicador_pagamento": "vista", "titular_cpf_cnpj": None,
            "banco": None, "agencia": None, "conta": None, "codigo_pagamento": None, "tipo_chave_pix": "cpf",
            "due_date": brasilia_today(), "amount": Decimal("0")}
    return SimpleNamespace(**{**base, **values})


def operation_case(company, carrier: Carrier, tipo: str) -> SimpleNamespace:
    """A lotação or fracionada of 1.500,00 from São Paulo to Rio de Janeiro, paid by PIX to the carrier."""
    today = brasilia_today()
    start = now_local().replace(hour=8, minute=0, second=0, microsecond=0) + timedelta(days=1)
    shippers = [doc for doc in carrier.shippers if doc != company.cnpj]
    return SimpleNamespace(
        id=uuid.uuid4(), environment=ENVIRONMENT, tipo_operacao=tipo, contratado_cpf_cnpj=carrier.cpf,
        contratado_rntrc=carrier.rntrc, destinatario_cpf_cnpj=carrier.destinatario, valor_frete=Decimal("1500.00"),
        contingencia=False, justificativa_contingencia=None, viagem_inicio=start, viagem_fim=start + timedelta(days=2),
        origem={"tipo": "municipio", "uf": "SP", "codigo_municipio": "3550308"},
        destino={"tipo": "municipio", "uf": "RJ", "codigo_municipio": "3304557"}, distancia_km=430,
        codigo_natureza_carga="0001", codigo_tipo_carga=5, peso_carga=Decimal("12000"),
        composicao_contratada="completa", alto_desempenho=False, retorno_vazio=False,
        contratantes=[SimpleNamespace(cpf_cnpj=doc, rntrc=None, papel="principal" if not index else "solidario")
                      for index, doc in enumerate(shippers)],
        documents=[], cpf_cnpj_owner=carrier.cpf, chave_pix=carrier.cpf, tipo_chave_pix="cpf", tipo_pagamento="pix",
        indicador_pagamento="vista", bank_code=None, agency=None, account_number=None,
        vehicles=[SimpleNamespace(plate=plate, rntrc=carrier.rntrc if not index else None, axles=3,
                                  vehicle_kind="cavalo_trator" if not index else "implemento")
                  for index, plate in enumerate(carrier.plates)],
        payments=[_payment(codigo_pagamento=carrier.cpf, amount=Decimal("1500.00"), due_date=today)],
        codigo_ciot=None, codigo_verificador=None)


def aggregate_case(carrier: Carrier) -> SimpleNamespace:
    """A TAC agregado of 30 days, 15.000,00 by PIX, the composition's plates with their axles."""
    return SimpleNamespace(
        id=uuid.uuid4(), environment=ENVIRONMENT, contratado_cpf_cnpj=carrier.cpf, contratado_rntrc=carrier.rntrc,
        placas=list(carrier.plates), veiculos=[{"placa": plate, "eixos": 3} for plate in carrier.plates],
        valor_contratado=Decimal("15000.00"), data_prevista_encerramento=brasilia_today() + timedelta(days=29),
        tipo_pagamento="pix", chave_pix=carrier.cpf, tipo_chave_pix="cpf", banco=None, agencia=None, conta=None,
        cpf_cnpj_owner=carrier.cpf, origem_uf="SP", origem_municipio_nome="São Paulo", destino_uf="RJ",
        destino_municipio_nome="Rio de Janeiro", codigo_ciot=None, codigo_verificador=None)


AGGREGATE_ROUTES = [{"origem_uf": "SP", "origem_codigo_ibge": "3509502", "destino_uf": "RJ",
                     "destino_codigo_ibge": "3303302", "distancia_km": 460, "quantidade_viagens": 2}]


# --- the run -------------------------------------------------------------------------------------------------------

class Run:
    def __init__(self, company, carrier: Carrier):
        self.company, self.carrier = company, carrier
        self.issuer = Issuer.from_company(company)
        self.provider = AnttPefProvider()
        self.run_id = uuid.uuid4().hex[:12]
        self.steps: list[Step] = []

    def step(self, name: str, call) -> Step:
        """Run one case, keeping its exchanges; a refusal or a failure to ask is recorded, not raised. The
        provider's answer stays in `self.outcome` for the next case."""
        step, self.outcome = Step(name), None
        with recording() as exchanges:
            try:
                self.outcome = call()
                step.ok = bool(_read(self.outcome, "ok"))
                step.protocolo, step.mensagem, step.codigo_ciot = (
                    _text(_read(self.outcome, name)) for name in ("protocolo", "mensagem", "codigo_ciot"))
            except ProviderUnavailable as exc:
                step.mensagem = str(exc)
            except AppError as exc:  # our own refusal to send (certificate, a body the rules refuse): a failed case
                step.mensagem = exc.message
        step.exchanges = [mask(exchange) for exchange in exchanges]
        self.steps.append(step)
        return step

    def declare(self, name: str, case, kind: str) -> bool:
        """Declare the case (its identifier keyed to this run); on success the case carries its CIOT."""
        key = f"homologacao:{self.run_id}:{kind}"
        if kind == "agregado":
            step = self.step(name, lambda: self.provider.declare_aggregate(case, self.issuer, None,
                                                                           idempotency_key=key))
        else:
            step = self.step(name, lambda: self.provider.emit(case, self.issuer, None, idempotency_key=key))
        if step.ok:
            case.codigo_ciot, case.codigo_verificador = self.outcome.codigo_ciot, self.outcome.codigo_verificador
        return step.ok


def _read(outcome, name):
    """A field of the provider's answer: a result object (declarations, actions) or a dict (consultations)."""
    return outcome.get(name) if isinstance(outcome, dict) else getattr(outcome, name, None)


def _text(value) -> str | None:
    return None if value is None else str(value)


def run_homologation(company, carrier: Carrier | None = None) -> dict:
    """Run the sequence; the report as a dict (also what the JSON file holds)."""
    carrier = carrier or Carrier()
    run = Run(company, carrier)
    started = now_local()
    provider, issuer = run.provider, run.issuer
    run.step("Consultar situação do transportador", lambda: provider.consult_carrier(
        ENVIRONMENT, issuer, cpf_cnpj=carrier.cpf, rntrc=carrier.rntrc))
    run.step("Consultar frota do transportador", lambda: provider.consult_fleet(
        ENVIRONMENT, issuer, cpf_cnpj=carrier.cpf, rntrc=carrier.rntrc, plates=list(carrier.plates)))
    lotacao, fracionada = operation_case(company, carrier, "lotacao"), operation_case(company, carrier, "fracionada")
    agregado = aggregate_case(carrier)
    declared = {"lotacao": run.declare("Declarar carga lotação", lotacao, "lotacao"),
                "fracionada": run.declare("Declarar carga fracionada", fracionada, "fracionada"),
                "agregado": run.declare("Declarar TAC agregado", agregado, "agregado")}
    if declared["fracionada"]:
        run.step("Retificar a carga fracionada", lambda: provider.rectify(
            fracionada, issuer, None, changes={"valor_frete": Decimal("1650.00"), "peso_carga": Decimal("12500")}))
    if declared["lotacao"]:
        run.step("Cancelar a carga lotação", lambda: provider.cancel(
            lotacao, issuer, None, motivo="Homologação: cancelamento de teste"))
    if declared["fracionada"]:
        run.step("Encerrar a carga fracionada", lambda: provider.close(
            fracionada, issuer, None, closing={"peso_carga_final": Decimal("12500")}))
    if declared["agregado"]:
        run.step("Encerrar o TAC agregado", lambda: provider.close_aggregate(
            agregado, issuer, None, closing={"rotas": AGGREGATE_ROUTES}, idempotency_key=f"{run.run_id}:close"))
    if declared["lotacao"]:
        run.step("Recuperar a carga lotação (ConsultarCIOTGerado)", lambda: provider.consult_issued(
            ENVIRONMENT, issuer, id_operacao=lotacao.codigo_ciot, ano=started.year))
    return _report(run, started)


def _report(run: Run, started) -> dict:

    ok = all(step.ok for step in run.steps)
    return {
        "empresa": {"cnpj": run.company.cnpj, "razao_social": run.company.legal_name},
        "ambiente": ENVIRONMENT, "servico": pef_settings(current_app.config, ENVIRONMENT).base_url,
        "execucao": run.run_id, "inicio": started.isoformat(timespec="seconds"),
        "fim": now_local().isoformat(timespec="seconds"), "resultado": "aprovado" if ok else "com falhas",
        "passos": [{"passo": step.name, "ok": step.ok, "protocolo": step.protocolo, "codigo_ciot": step.codigo_ciot,
                    "mensagem": step.mensagem, "trocas": step.exchanges} for step in run.steps],
    }


def write_report(company, report: dict, directory: Path) -> tuple[Path, Path]:
    """The report as JSON and as PDF in `directory`: homologacao-<cnpj>-<run>.{json,pdf}."""
    directory.mkdir(parents=True, exist_ok=True)
    stem = directory / f"homologacao-{company.cnpj}-{report['execucao']}"
    json_path, pdf_path = stem.with_suffix(".json"), stem.with_suffix(".pdf")
    json_path.write_text(json.dumps(report, ensure_ascii=False, indent=2), encoding="utf-8")
    pdf_path.write_bytes(render_pdf(TEMPLATE, branding=Branding.for_company(company), title="Relatório de "
                                    "homologação CIOT (ANTT PEF)", company=company, report=report,
                                    pretty=lambda value: json.dumps(value, ensure_ascii=False, indent=1)))
    return json_path, pdf_path


# --- personal data masked ------------------------------------------------------------------------------------------

PERSONAL_TEXT = ("ChavePix", "NumeroConta", "NumeroAgencia", "NomeRazaoSocialTransportador")
CPF = re.compile(r"\d{11}")


def mask(value, key: str = ""):
    """The exchange with personal data hidden: CPFs (11 digits, in any CPF/CNPJ field or among the fracionada's
    shippers) keep their first 3 and last 2 digits, PIX keys, accounts, agencies and carriers' names their last 4
    characters; company CNPJs stay."""
    if isinstance(value, dict):
        return {name: mask(item, name) for name, item in value.items()}
    if isinstance(value, list):
        return [mask(item, key) for item in value]
    if not isinstance(value, str):
        return value
    if key in PERSONAL_TEXT:
        return "*" * max(len(value) - 4, 4) + value[-4:]
    if ("cpf" in key.lower() or key == "ContratantesCargFrac") and CPF.fullmatch(value):
        return f"{value[:3]}******{value[-2:]}"
    return value
