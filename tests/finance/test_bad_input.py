"""Hostile values in every body field and query parameter of the finance endpoints: a clear 4xx, never a 5xx."""
import pytest

from domain.billing.schemas import DocumentCreate, DocumentListQuery, InvoiceCreate
from domain.payables.schemas import PayableCreate, PayableListQuery
from tests.hardening.test_never_5xx import NASTY

VALUES = [*NASTY, None, True, -1, 10 ** 30, 1.5, [], {}, ["a"], {"a": 1}]
BODIES = {
    "/billing/documents": (DocumentCreate, {"kind": "outro"}),
    "/billing/invoices": (InvoiceCreate, {"document_ids": ["6f1c2d3e-4b5a-4c6d-8e7f-8091a2b3c4d5"]}),
    "/finance/payables": (PayableCreate, {"descricao": "x", "valor_centavos": 100, "vencimento_at": "2030-01-01"}),
}


@pytest.mark.parametrize("path", list(BODIES))
def test_no_body_value_gives_5xx(fin_api, path):
    model, base = BODIES[path]
    for name in model.model_fields:
        for value in VALUES:
            response = fin_api.post(path, json={**base, name: value})
            assert response.status_code < 500, (name, value, response.get_json())


@pytest.mark.parametrize(("path", "model"), [("/billing/documents", DocumentListQuery),
                                             ("/finance/payables", PayableListQuery),
                                             ("/finance/receivables", PayableListQuery),
                                             ("/billing/invoices", DocumentListQuery)])
def test_no_query_value_gives_5xx(fin_api, path, model):
    for name in model.model_fields:
        for value in NASTY:
            response = fin_api.get(path, query_string={name: value})
            assert response.status_code < 500, (name, value, response.get_json())
    for item in ("/billing/documents/%00", "/billing/invoices/9999/pdf", "/billing/invoices/../x"):
        assert fin_api.get(item).status_code < 500
