"""Message templates: built-in pt-BR defaults a company can edit. Placeholders are `{nome}`; every placeholder
must get a value before the message is queued (422 naming `variables.<nome>`)."""
import string
from dataclasses import dataclass

from core.db import db
from core.errors import FieldError, Unprocessable
from domain.messages.models import MessageTemplate


@dataclass(frozen=True)
class Template:
    key: str
    name: str
    subject: str | None
    body: str

    @property
    def variables(self) -> list[str]:
        names = placeholders(self.body)
        return names + [name for name in placeholders(self.subject or "") if name not in names]


DEFAULTS = {t.key: t for t in (
    Template("carga_disponivel", "Carga disponível", "Carga disponível: {origem} → {destino}",
             "Olá! Temos carga disponível de {origem} para {destino} ({tipo_carga}, {peso_kg} kg), "
             "coleta em {data_coleta}. Valor: {valor}. Frete {codigo}. Tem interesse? Responda esta mensagem."),
    Template("coleta_agendada", "Coleta agendada", "Coleta agendada: frete {codigo}",
             "Olá, {motorista}! A coleta do frete {codigo} está agendada para {data_coleta} em {origem}. "
             "Destino: {destino}."),
    Template("frete_aceito", "Frete aceito", "Sua oferta foi aceita: frete {codigo}",
             "Boa notícia! Sua oferta para o frete {codigo} ({origem} → {destino}) foi aceita por {valor}. "
             "Em breve enviaremos os detalhes da coleta."),
)}


def placeholders(text: str) -> list[str]:
    """The `{name}` placeholders of a text, in order, without repeats; a malformed one is a ValueError."""
    names = []
    for _, name, _, _ in string.Formatter().parse(text or ""):
        if name is not None:
            if not name.isidentifier():
                raise ValueError(f"Variável inválida: {{{name}}}")
            if name not in names:
                names.append(name)
    return names


def company_templates() -> dict[str, Template]:
    """The defaults, overridden by the company's saved versions, plus its own templates (tenant-scoped)."""
    found = dict(DEFAULTS)
    for row in db.session.execute(db.select(MessageTemplate).order_by(MessageTemplate.key)).scalars():
        found[row.key] = Template(row.key, row.name, row.subject, row.body)
    return found


def get_template(key: str) -> Template:
    template = company_templates().get(key)
    if template is None:
        raise Unprocessable(f"Modelo de mensagem desconhecido: {key}.", code="unknown_template",
                            details=[FieldError("template", "unknown_template", "Modelo não encontrado.")])
    return template


def render(template: Template, variables: dict) -> tuple[str | None, str]:
    """(subject, body) with every placeholder filled; a missing one → 422 naming variables.<name>."""
    missing = [name for name in template.variables if variables.get(name) in (None, "")]
    if missing:
        raise Unprocessable(f"Variáveis ausentes para o modelo {template.key}: {', '.join(missing)}.",
                            code="missing_variable",
                            details=[FieldError(f"variables.{name}", "missing_variable", "Informe esta variável.")
                                     for name in missing])
    values = {name: str(value) for name, value in variables.items()}
    subject = template.subject.format_map(values) if template.subject else None
    return subject, template.body.format_map(values)


def save_template(company, key: str, *, name: str, subject: str | None, body: str) -> MessageTemplate:
    """Create or change the company's version of a template (pages). Placeholders must be well formed."""
    try:
        placeholders(body)
        placeholders(subject or "")
    except ValueError as exc:
        raise Unprocessable(str(exc), code="invalid_template",
                            details=[FieldError("body", "invalid_template", str(exc))]) from None
    row = db.session.execute(db.select(MessageTemplate).where(MessageTemplate.key == key)).scalar_one_or_none()
    if row is None:
        row = MessageTemplate(company_id=company.id, key=key)
        db.session.add(row)
    row.name, row.subject, row.body = name, subject, body
    db.session.flush()
    return row
