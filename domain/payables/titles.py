"""What receivables (billing) and payables share: finding the counterpart partner and recording a payment."""
from datetime import date

from core.db import db
from core.errors import FieldError, InvalidBody, InvalidStatus, NotFound
from core.formatting import today as today_brasilia
from core.tenancy import get_owned
from domain.partners.models import Partner

OPEN = ("aberto", "parcial")


def find_party(partner_id, cpf_cnpj: str | None, who: str, fields: tuple[str, str]) -> Partner | None:
    """The company's partner by id or by CPF/CNPJ (already normalised); None when neither is sent; 404 when it is
    not a partner of the company. Both sent must name the same partner, else 400 naming both `fields` (id field,
    CPF/CNPJ field): compared with the partner read by id, so it costs no query. `who` names it in the message
    ("Cliente", "Fornecedor")."""
    if partner_id is not None:
        partner = get_owned(Partner, partner_id)
        if cpf_cnpj and partner.cpf_cnpj != cpf_cnpj:
            raise _conflicting(who, fields)
        return partner
    if cpf_cnpj:
        partner = db.session.execute(db.select(Partner).where(Partner.cpf_cnpj == cpf_cnpj)).scalar()
        if partner is None:
            raise NotFound(f"{who} não encontrado: o CPF/CNPJ não é de um parceiro da empresa.")
        return partner
    return None


def _conflicting(who: str, fields: tuple[str, str]) -> InvalidBody:
    message = f"{who}: {fields[0]} e {fields[1]} indicam parceiros diferentes; envie um só ou os dois do mesmo."
    return InvalidBody(message, details=[FieldError(name, "conflicting_reference", message) for name in fields])


def settle(title, amount_centavos: int, paid_on: date):
    """A payment on an open title (receivable or payable): partial → `parcial`, the whole balance → `pago`."""
    if title.status not in OPEN:
        raise InvalidStatus("Este título não está em aberto.")
    if paid_on > today_brasilia():
        raise InvalidBody.for_field("pago_em", "A data do pagamento não pode ser futura.", code="future_date")
    if not 0 < amount_centavos <= title.valor_centavos - title.pago_centavos:
        raise InvalidBody.for_field("valor_centavos", "O valor deve ser maior que zero e no máximo o saldo.",
                                    code="out_of_range")
    title.pago_centavos += amount_centavos
    title.pago_em = paid_on
    title.status = "pago" if title.pago_centavos == title.valor_centavos else "parcial"
    db.session.flush()
    return title
