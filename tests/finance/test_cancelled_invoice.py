"""A cancelled invoice keeps what it held: its documents return to `pendente` (and may go into another invoice),
but its page and PDF still list them as they were when it was cancelled."""
import io

from pypdf import PdfReader

from tests.finance.test_invoices import create


def _api_pdf_text(fin_api, invoice_id) -> str:
    response = fin_api.get(f"/billing/invoices/{invoice_id}/pdf")
    assert response.status_code == 200
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)


def _page(fin_client, invoice_id) -> str:
    page = fin_client.get(f"/financeiro/faturas/{invoice_id}").get_data(as_text=True)
    return page.split('id="invoice-documents"', 1)[1].split("</table>", 1)[0]


def test_the_cancelled_invoice_page_and_pdf_list_its_documents(fin_client, fin_api, make_document):
    kept = make_document(numero="DOC-7788", valor_centavos=100000)
    other = make_document(numero="DOC-7799", valor_centavos=50000)
    invoice = create(fin_api, [kept["id"], other["id"]], emit=True)
    assert "DOC-7788" in _page(fin_client, invoice["id"]) and "DOC-7788" in _api_pdf_text(fin_api, invoice["id"])
    assert fin_api.post(f"/billing/invoices/{invoice['id']}/cancel").status_code == 200

    page = _page(fin_client, invoice["id"])
    assert "DOC-7788" in page and "DOC-7799" in page and "R$ 1.000,00" in page
    text = _api_pdf_text(fin_api, invoice["id"])
    assert "FATURA CANCELADA" in text and "DOC-7788" in text and "DOC-7799" in text and "1.000,00" in text
    # the documents are free again: a new invoice takes one; the cancelled one still shows both
    again = create(fin_api, [kept["id"]], emit=True)
    assert "DOC-7788" in _page(fin_client, again["id"]) and "DOC-7799" not in _page(fin_client, again["id"])
    assert "DOC-7788" in _page(fin_client, invoice["id"]) and "DOC-7799" in _page(fin_client, invoice["id"])


def test_a_cancelled_draft_keeps_its_documents_and_a_live_invoice_reads_its_own(fin_client, fin_api, make_document):
    draft_doc, live_doc = make_document(numero="RASC-1"), make_document(numero="VIVA-1")
    draft = create(fin_api, [draft_doc["id"]])
    live = create(fin_api, [live_doc["id"]], emit=True)
    fin_api.post(f"/billing/invoices/{draft['id']}/cancel")
    assert "RASC-1" in _page(fin_client, draft["id"]) and "VIVA-1" not in _page(fin_client, draft["id"])
    assert "VIVA-1" in _page(fin_client, live["id"]) and "RASC-1" not in _page(fin_client, live["id"])
