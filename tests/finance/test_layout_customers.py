"""The finance settings' customers (the ones a layout can be set for): those of the newest billing documents and
those with a layout, any other found by name or document; never a read of every billing document."""
import re

from domain.billing import queries
from tests.finance.conftest import access_key

SETTINGS = "/financeiro/configuracoes"


def _listed(client, q=None) -> list[str]:
    html = client.get(SETTINGS, query_string={"q": q} if q else None).get_data(as_text=True)
    table = html.split('data-testid="layout-customers"')[1].split("</table>")[0] if "layout-customers" in html else ""
    return re.findall(r"<tr><td>([^<]+)</td>", table)


def test_customers_of_the_newest_documents_are_listed_and_any_other_is_found_by_name(
        fin_client, fin_api, make_partner, make_document, fin_company, customer, make_company, monkeypatch):
    older = make_partner(fin_company, legal_name="Cliente Antigo Ltda")
    make_partner(fin_company, legal_name="Cliente Sem Documento Ltda")
    make_partner(make_company(), legal_name="Cliente Alheio Ltda")
    make_document(customer_partner_id=str(older.id))
    make_document(chave=access_key("57"))  # newer: `customer`'s
    assert _listed(fin_client) == ["Cliente Antigo Ltda", "Cliente Atacadista Ltda"]

    monkeypatch.setattr(queries, "RECENT_DOCUMENTS_FOR_CUSTOMERS", 1)
    assert _listed(fin_client) == ["Cliente Atacadista Ltda"]
    assert _listed(fin_client, q="antigo") == ["Cliente Antigo Ltda"]
    assert _listed(fin_client, q=older.cpf_cnpj) == ["Cliente Antigo Ltda"]
    assert _listed(fin_client, q="sem documento") == [] and _listed(fin_client, q="alheio") == []
    assert "Nenhum cliente com documentos de faturamento encontrado" in fin_client.get(
        SETTINGS, query_string={"q": "alheio"}).get_data(as_text=True)
