"""Public API: accounts payable (docs/api/finance.md). Needs the company's `financial` module."""
from core.api import endpoint, tag
from core.clock import brasilia_today
from core.pagination import paginate
from core.responses import ErrorCode
from core.tenancy import get_owned, read_rows
from domain.payables import services
from domain.payables.models import Payable
from domain.payables.queries import payables_stmt
from domain.payables.schemas import PayableCreate, PayableListQuery, PaymentCreate
from domain.payables.serializers import PayableIds, PayableList, PayableResponse, payable_dict

TAGS = (tag("contas a pagar", "Títulos a pagar a fornecedores, em parcelas mensais. Exige o módulo financial."),)
FINANCIAL = "financial"
REFERENCE_NOT_FOUND = ErrorCode(404, "not_found", "Fornecedor não encontrado: o CPF/CNPJ não é de um parceiro da "
                                                  "empresa.")


@endpoint("/finance/payables", "GET", query=PayableListQuery, tags=TAGS, module=FINANCIAL, response=PayableList,
          summary="Lista títulos a pagar (status, date_from/date_to no vencimento), por vencimento crescente.")
def list_payables(ctx):
    query, today = ctx.query, brasilia_today()
    stmt = payables_stmt(ctx.account.id, status=query.status, date_from=query.date_from, date_to=query.date_to,
                         today=today)
    page = paginate(stmt, model=Payable, limit=query.limit, cursor=query.cursor, sort_column=Payable.vencimento_at,
                    descending=False, rows=True)
    return page.envelope(lambda row: payable_dict(row, today))


@endpoint("/finance/payables", "POST", body=PayableCreate, tags=TAGS, module=FINANCIAL, response=PayableIds,
          errors=(REFERENCE_NOT_FOUND,),
          summary="Lança um título a pagar, em parcelas mensais; responde {ids: [...]}, um por parcela.")
def create_payables(ctx):
    return {"ids": [str(title.id) for title in services.create_payables(ctx.company, ctx.body)]}


PAYABLE_NOT_OPEN = ErrorCode(422, "invalid_status", "Este título não está em aberto.")


@endpoint("/finance/payables/<payable_id>/payments", "POST", body=PaymentCreate, tags=TAGS, module=FINANCIAL,
          response=PayableResponse, errors=(PAYABLE_NOT_OPEN,), operation_id="recordPayablePayment",
          summary="Registra um pagamento no título (parcial → parcial, o saldo todo → pago).")
def record_payable_payment(ctx, payable_id):
    payable = get_owned(Payable, payable_id, for_update=True)
    services.record_payment(payable, ctx.body.valor_centavos, ctx.body.pago_em or brasilia_today())
    today = brasilia_today()
    row = read_rows(payables_stmt(ctx.account.id, today=today).where(Payable.id == payable.id)).one()
    return {"data": payable_dict(row, today)}
