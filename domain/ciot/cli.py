"""CIOT CLI commands.

    flask --app app ciot irregular add RNTRC [--reason TEXT]     # the homolog simulator rejects this carrier
    flask --app app ciot irregular remove RNTRC
    flask --app app ciot irregular list [--json]
    flask --app app ciot recover-emissions [--json]             # re-enqueue stale in-flight emission attempts
    flask --app app ciot recount-months                          # the dashboard's month counts, from the operations
    flask --app app ciot homologacao --company CNPJ [--saida DIR]  # the ANTT's homologation cases, report JSON + PDF
    flask --app app company credentials ID --environment homolog|producao (--set KEY=VALUE ... | --clear)
    flask --app app company set-ie ID IE                         # state registration (inscrição estadual)
"""
import json
from pathlib import Path

import click
import sqlalchemy as sa
from flask import current_app

from core.db import db
from core.tenancy import cross_tenant, tenant_scope
from core.transaction import commit_phase
from domain.ciot.models import IrregularCarrier
from domain.ciot.month_counts import recount
from domain.ciot.pef.credentials import issuer_certificate_summary
from domain.ciot.pef.homologation import Carrier, run_homologation, write_report
from domain.ciot.pef.settings import pef_settings
from domain.ciot.provider import normalize_rntrc
from domain.ciot.services import recover_stale_requests
from domain.tenancy.cli import company_by_id
from domain.tenancy.models import Company
from domain.tenancy.services import set_ciot_credentials, update_company


def _rntrc(value: str) -> str:
    digits = normalize_rntrc(value)
    if len(digits) != 9 or not value.strip().replace(".", "").replace("-", "").isdigit():
        raise click.ClickException("RNTRC inválido: informe 8 ou 9 dígitos.")
    return digits


def register_ciot_commands(app) -> None:
    @app.cli.group("ciot")
    def ciot_group():
        """Operações CIOT."""

    @ciot_group.command("recount-months")
    def recount_months():
        """Recalcula, de cada empresa, as contagens mensais de operações do painel (emitidas, com divergência)."""
        companies = db.session.execute(sa.select(Company.id).execution_options(cross_tenant=True)).scalars().all()
        for company_id in companies:  # one transaction per company
            recount(db.session.connection(), company_id)
            commit_phase("month counts of one company")
        click.echo(f"Contagens mensais recalculadas: {len(companies)} empresas.")

    @ciot_group.command("homologacao")
    @click.option("--company", "cnpj", required=True, help="CNPJ da empresa declarante (com certificado A1).")
    @click.option("--saida", type=click.Path(file_okay=False), default=None,
                  help="Pasta do relatório (padrão: <instância>/homologacao).")
    @click.option("--contratado", default=None, help="CPF do TAC de teste (dados da ANTT para a homologação).")
    @click.option("--rntrc", default=None, help="RNTRC do TAC de teste.")
    @click.option("--placas", default=None, help="Placas da composição, separadas por vírgula (cavalo primeiro).")
    def homologacao(cnpj, saida, contratado, rntrc, placas):
        """Roda a sequência de homologação da ANTT (PEF) com o certificado da empresa e grava o relatório."""
        run_homologation_command(cnpj, saida, contratado=contratado, rntrc=rntrc, placas=placas)

    @ciot_group.group("irregular")
    def irregular_group():
        """Transportadores (RNTRC) que o simulador de homologação rejeita."""

    @irregular_group.command("add")
    @click.argument("rntrc")
    @click.option("--reason", default="", help="Motivo exibido na rejeição.")
    def irregular_add(rntrc, reason):
        digits = _rntrc(rntrc)
        row = db.session.execute(sa.select(IrregularCarrier).where(IrregularCarrier.rntrc == digits)).scalar()
        if row is None:
            row = IrregularCarrier(rntrc=digits, reason="")
            db.session.add(row)
        row.reason = (reason or "").strip()[:300]
        db.session.flush()  # errors surface here; the command\'s unit of work commits
        click.echo(f"RNTRC {digits} marcado como irregular.")

    @irregular_group.command("remove")
    @click.argument("rntrc")
    def irregular_remove(rntrc):
        digits = _rntrc(rntrc)
        deleted = db.session.execute(sa.delete(IrregularCarrier).where(IrregularCarrier.rntrc == digits)).rowcount
        db.session.flush()  # errors surface here; the command\'s unit of work commits
        if not deleted:
            raise click.ClickException(f"RNTRC {digits} não está na lista de irregulares.")
        click.echo(f"RNTRC {digits} removido da lista de irregulares.")

    @irregular_group.command("list")
    @click.option("--json", "as_json", is_flag=True)
    def irregular_list(as_json):
        rows = db.session.execute(sa.select(IrregularCarrier).order_by(IrregularCarrier.rntrc)).scalars().all()
        if as_json:
            click.echo(json.dumps([{"rntrc": r.rntrc, "reason": r.reason} for r in rows]))
            return
        if not rows:
            click.echo("Nenhum RNTRC irregular cadastrado.")
        for row in rows:
            click.echo(f"{row.rntrc}\t{row.reason}")

    @ciot_group.command("recover-emissions")
    @click.option("--json", "as_json", is_flag=True)
    def recover_emissions(as_json):
        """Reenvia ao worker as emissões em andamento há mais que CIOT_EMIT_STALE_SECONDS (worker interrompido)."""
        count = recover_stale_requests(actor="cli")
        db.session.flush()  # errors surface here; the command\'s unit of work commits
        click.echo(json.dumps({"requeued": count}) if as_json else f"Tentativas reenviadas: {count}")

    company_group = app.cli.commands.get("company")
    if company_group is None:  # pragma: no cover - commands.py defines it first
        @app.cli.group("company")
        def company_group():
            """Empresas (tenants)."""

    @company_group.command("credentials")
    @click.argument("company_id")
    @click.option("--environment", required=True, type=click.Choice(["homolog", "producao"]))
    @click.option("--set", "pairs", multiple=True, metavar="KEY=VALUE", help="Uma credencial (repita a opção).")
    @click.option("--clear", is_flag=True, help="Remove as credenciais do ambiente.")
    def company_credentials(company_id, environment, pairs, clear):
        """Credenciais CIOT da empresa por ambiente (guardadas cifradas)."""
        if bool(pairs) == bool(clear):
            raise click.ClickException("Use --set KEY=VALUE (uma ou mais vezes) ou --clear.")
        company = company_by_id(company_id)
        credentials = {}
        for pair in pairs:
            key, sep, value = pair.partition("=")
            if not sep or not key.strip():
                raise click.ClickException(f"Formato inválido: {pair!r} (use KEY=VALUE).")
            credentials[key.strip()] = value
        set_ciot_credentials(company, environment, credentials or None)
        db.session.flush()  # errors surface here; the command\'s unit of work commits
        if clear:
            click.echo(f"Credenciais de {environment} removidas: {company.legal_name}.")
        else:
            click.echo(f"Credenciais de {environment} definidas para {company.legal_name} "
                       f"(chaves: {', '.join(sorted(credentials))}).")

    @company_group.command("set-ie")
    @click.argument("company_id")
    @click.argument("ie")
    def company_set_ie(company_id, ie):
        """Inscrição estadual da empresa (obrigatória para emitir CIOT como ETC contratada). "" remove."""
        company = company_by_id(company_id)
        text = ie.strip()
        if len(text) > 20:
            raise click.ClickException("Inscrição estadual com mais de 20 caracteres.")
        if text:
            update_company(company, state_registration=text)
        else:
            company.state_registration = None
        db.session.flush()  # errors surface here; the command\'s unit of work commits
        click.echo(f"Inscrição estadual de {company.legal_name}: {company.state_registration or '(nenhuma)'}")


def run_homologation_command(cnpj: str, saida: str | None, **case) -> None:
    """`ciot homologacao`: checks what the run needs (the company, its certificate, CIOT_PEF_URL_HOMOLOG), runs it
    in the company's scope and writes the report; exit status 1 when a step failed (the report is written anyway)."""
    digits = "".join(ch for ch in cnpj if ch.isalnum()).upper()
    company = db.session.execute(cross_tenant(sa.select(Company).where(Company.cnpj == digits))).scalar()
    if company is None:
        raise click.ClickException(f"Empresa com CNPJ {digits} não encontrada.")
    if not pef_settings(current_app.config, "homolog").base_url:
        raise click.ClickException("Defina CIOT_PEF_URL_HOMOLOG (endereço de homologação do web service PEF da ANTT).")
    if issuer_certificate_summary(company.id) is None:
        raise click.ClickException(f"A empresa {company.legal_name} não tem certificado digital A1: envie-o na página "
                                   "de integrações.")
    with tenant_scope(company.id):
        report = run_homologation(company, _carrier(**case))
        json_path, pdf_path = write_report(company, report, Path(saida or Path(current_app.instance_path,
                                                                                "homologacao")))
    for step in report["passos"]:
        click.echo(f"{'ok   ' if step['ok'] else 'FALHA'} {step['passo']}: protocolo {step['protocolo'] or '—'}"
                   f"{'' if step['ok'] else ' · ' + (step['mensagem'] or '')}")
    click.echo(f"Resultado: {report['resultado']}. Relatório: {json_path} e {pdf_path}")
    if report["resultado"] != "aprovado":
        raise SystemExit(1)


def _carrier(*, contratado, rntrc, placas):
    values = {}
    if contratado:
        values["cpf"] = "".join(ch for ch in contratado if ch.isdigit())
    if rntrc:
        values["rntrc"] = _rntrc(rntrc)
    if placas:
        values["plates"] = tuple(plate.strip().upper() for plate in placas.split(",") if plate.strip())
    return Carrier(**values)
