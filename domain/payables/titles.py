"""What receivables (billing) and payables share: finding the counterpart partner and recording a payment."""
from datetime import date

from core.clock import brasilia_today
from core.db import db
from core.errors import FieldError, InvalidBody, InvalidStatus, NotFound
from core.tenancy import get_referenced
from domain.partners.models import Partner

OPEN = ("aberto", "parcial")


def find_party(partner_id, cpf_cnpj: str | None, who: str, prefix: str) -> Partner | None:
    """The company's partner by id or by CPF/CNPJ (already normalised); None when neither is sent; 404 naming the
    field sent (`<prefix>_partner_id` or `<prefix>_cpf_cnpj`) when it is not a partner of the company. Both sent
    must name the same partner, else 400 naming both fields: compared with the partner read by id, so it costs no
    query. `who` names it in the message ("Cliente", "Fornecedor")."""
    if partner_id is not None:
        partner = get_referenced(Partner, partner_id, f"{prefix}_partner_id", who)
        if cpf_cnpj and partner.cpf_cnpj != cpf_cnpj:
            raise _conflicting(who, (f"{prefix}_partner_id", f"{prefix}_cpf_cnpj"))
        return partner
    if cpf_cnpj:
        partner = db.session.execute(db.select(Partner).where(Partner.cpf_cnpj == cpf_cnpj)).scalar()
        if partner is None:
            message = f"{who} não encontrado: o CPF/CNPJ não é de um parceiro da empresa."
            raise NotFound(message, details=[FieldError(f"{prefix}_cpf_cnpj", "not_found", message)])
        return partner
    return None


def party_reference(partner: Partner | None, partner_id, who: str, prefix: str) -> tuple:
    """The found partner as a `core.tenancy.missing_reference` entry, named by the field the body sent it by."""
    field = f"{prefix}_partner_id" if partner_id is not None else f"{prefix}_cpf_cnpj"
    return field, Partner, partner.id if partner is not None else None, who


def _conflicting(who: str, fields: tuple[str, str]) -> InvalidBody:
    message = f"{who}: {fields[0]} e {fields[1]} indicam parceiros diferentes; envie um só ou os dois do mesmo."
    return InvalidBody(message, details=[FieldError(name, "conflicting_reference", message) for name in fields])


def settle(title, amount_centavos: int, paid_on: date):
    """A payment on an open title (receivable or payable): partial → `parcial`, the whole balance → `pago`."""
    if title.status not in OPEN:
        raise InvalidStatus("Este título não está em aberto.")
    if paid_on > brasilia_today():
        raise InvalidBody.for_field("pago_em", "A data do pagamento não pode ser futura.", code="future_date")
    if not 0 < amount_centavos <= title.valor_centavos - title.pago_centavos:
        raise InvalidBody.for_field("valor_centavos", "O valor deve ser maior que zero e no máximo o saldo.",
                                    code="out_of_range")
    title.pago_centavos += amount_centavos
    title.pago_em = paid_on
    title.status = "pago" if title.pago_centavos == title.valor_centavos else "parcial"
    db.session.flush()
    return title
