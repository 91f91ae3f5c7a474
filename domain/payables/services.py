"""Business actions of accounts payable. Each validates, flushes and leaves the commit to its caller.

A bill of `parcela_total` installments becomes that many titles: the amount split by floor division with the
remainder on the first, due dates monthly from `vencimento_at` clamped to each month's last day (31 Jan → 28/29
Feb → 31 Mar), `numero` as `<numero>/<n>` when there are several. Open titles past due (Brasília calendar) are
shown as `vencido`; it is never stored."""
import calendar
import uuid
from datetime import date

from core.clock import brasilia_today
from core.db import db, flush_unique
from core.errors import InvalidBody, InvalidStatus
from core.tenancy import get_referenced, missing_reference
from domain.fleet.models import Vehicle
from domain.freights.models import Freight
from domain.payables.models import Payable
from domain.payables.schemas import PayableCreate, PayableUpdate
from domain.payables.titles import OPEN, find_party, party_reference, settle


def shown_status(status: str, due: date, today: date | None = None) -> str:
    """The status as listed: an open title past due is `vencido`."""
    return "vencido" if status in OPEN and due < (today or brasilia_today()) else status


def add_months(first: date, months: int) -> date:
    """`first` moved `months` months on, its day clamped to that month's last day."""
    index = first.month - 1 + months
    year, month = first.year + index // 12, index % 12 + 1
    return date(year, month, min(first.day, calendar.monthrange(year, month)[1]))


def installments(total_centavos: int, count: int, first_due: date) -> list[tuple[int, date]]:
    """(amount, due date) of each installment: floor division, the remainder on the first."""
    share, remainder = divmod(total_centavos, count)
    return [(share + (remainder if n == 0 else 0), add_months(first_due, n)) for n in range(count)]


def create_payables(company, data: PayableCreate) -> list[Payable]:
    supplier = find_party(data.supplier_partner_id, data.supplier_cpf_cnpj, "Fornecedor", "supplier")
    if data.freight_id is not None:
        get_referenced(Freight, data.freight_id, "freight_id", "Frete")
    if data.vehicle_id is not None:
        get_referenced(Vehicle, data.vehicle_id, "vehicle_id", "Veículo")
    if data.valor_centavos < data.parcela_total:
        raise InvalidBody.for_field("valor_centavos", "O valor não cobre um centavo por parcela.",
                                    code="out_of_range")
    try:
        shares = installments(data.valor_centavos, data.parcela_total, data.vencimento_at)
    except ValueError:  # a due date after 9999-12-31
        raise InvalidBody.for_field("vencimento_at", "A última parcela venceria depois do ano 9999.",
                                    code="out_of_range") from None
    titles = []
    for n, (amount, due) in enumerate(shares, 1):
        numero = f"{data.numero}/{n}" if data.numero and data.parcela_total > 1 else data.numero
        titles.append(Payable(
            id=uuid.uuid4(), company_id=company.id, numero=numero, serie=data.serie, descricao=data.descricao,
            supplier_partner_id=supplier.id if supplier else None,
            supplier_name_snapshot=supplier.legal_name if supplier else None, valor_centavos=amount,
            pago_centavos=0, emissao_at=data.emissao_at or brasilia_today(), vencimento_at=due, parcela_num=n,
            parcela_total=data.parcela_total, status="aberto", account_code=data.account_code,
            cost_center_code=data.cost_center_code, freight_id=data.freight_id, vehicle_id=data.vehicle_id,
            notes=data.notes))
    # The supplier, the freight or the vehicle removed between the checks and the flush: the 404 naming its
    # field, and no installment written (one flush in a savepoint).
    references = (party_reference(supplier, data.supplier_partner_id, "Fornecedor", "supplier"),
                  ("freight_id", Freight, data.freight_id, "Frete"),
                  ("vehicle_id", Vehicle, data.vehicle_id, "Veículo"))
    flush_unique(lambda: db.session.add_all(titles), lambda: missing_reference(references))
    return titles


def record_payment(payable: Payable, amount_centavos: int, paid_on: date) -> Payable:
    """A payment: partial → `parcial`, the whole balance → `pago`."""
    return settle(payable, amount_centavos, paid_on)


def update_payable(payable: Payable, data: PayableUpdate) -> Payable:
    """Change a title still open: description, supplier and notes; its amount and due date only while nothing was
    paid on it (a payment was made against that amount and date)."""
    if payable.status not in OPEN:
        raise InvalidStatus("Só títulos em aberto podem ser alterados; pagos e cancelados ficam como estão.")
    paid = payable.pago_centavos > 0
    for field, new, old in (("valor_centavos", data.valor_centavos, payable.valor_centavos),
                            ("vencimento_at", data.vencimento_at, payable.vencimento_at)):
        if paid and new != old:
            raise InvalidBody.for_field(field, "Esta parcela já tem pagamento: o valor e o vencimento não mudam.",
                                        code="paid_installment")
    supplier = find_party(data.supplier_partner_id, None, "Fornecedor", "supplier")

    def apply():
        payable.descricao, payable.notes = data.descricao, data.notes
        payable.valor_centavos, payable.vencimento_at = data.valor_centavos, data.vencimento_at
        payable.supplier_partner_id = supplier.id if supplier else None
        payable.supplier_name_snapshot = supplier.legal_name if supplier else None

    # The supplier removed between the check and the flush: the 404 naming its field, nothing changed.
    flush_unique(apply, lambda: missing_reference(
        (party_reference(supplier, data.supplier_partner_id, "Fornecedor", "supplier"),)))
    return payable


def cancel_payable(payable: Payable) -> Payable:
    if payable.status != "aberto":
        raise InvalidStatus("Só títulos em aberto, sem pagamento, podem ser cancelados.")
    payable.status = "cancelado"
    db.session.flush()
    return payable
