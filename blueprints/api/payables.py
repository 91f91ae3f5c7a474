"""Public API: accounts payable (docs/api/finance.md). Needs the company's `financial` module."""
from core.api import endpoint, tag
from core.pagination import paginate
from core.responses import ErrorCode
from domain.payables import services
from domain.payables.models import Payable
from domain.payables.queries import payables_stmt
from domain.payables.schemas import PayableCreate, PayableListQuery
from domain.payables.serializers import PayableIds, PayableList, payable_dict

TAGS = (tag("contas a pagar", "Títulos a pagar a fornecedores, em parcelas mensais. Exige o módulo financial."),)
FINANCIAL = "financial"
REFERENCE_NOT_FOUND = ErrorCode(404, "not_found", "Fornecedor não encontrado: o CPF/CNPJ não é de um parceiro da "
                                                  "empresa.")


@endpoint("/finance/payables", "GET", query=PayableListQuery, tags=TAGS, module=FINANCIAL, response=PayableList,
          summary="Lista títulos a pagar (status, date_from/date_to no vencimento), por vencimento crescente.")
def list_payables(ctx):
    query, today = ctx.query, services.today_brasilia()
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
