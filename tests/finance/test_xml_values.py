"""XML upload: a value the document schema refuses (NaN, a negative or huge amount, a too long number or series)
is a 400 naming the file and the XML's field, never a 500; nothing is stored for that upload. A duplicate chave
names the existing document."""
import re

import pytest

from tests.finance.conftest import access_key
from tests.finance.test_pages import cte_xml, documents, nfe_xml, upload

CTE_VALUE = "Valor total (vTPrest/vNF)"


def _nfe_with(tag: str, value: str) -> bytes:
    xml = nfe_xml(access_key("55"), "11222333000181")
    return re.sub(rf"<{tag}>[^<]*</{tag}>".encode(), f"<{tag}>{value}</{tag}>".encode(), xml)


@pytest.mark.parametrize("content, field", [
    (cte_xml(access_key("57"), "11222333000181", value="NaN"), "vTPrest"),
    (cte_xml(access_key("57"), "11222333000181", value="Infinity"), "vTPrest"),
    (cte_xml(access_key("57"), "11222333000181", value="dez"), "vTPrest"),
    (cte_xml(access_key("57"), "11222333000181", value="-10.00"), CTE_VALUE),
    (cte_xml(access_key("57"), "11222333000181", value="100000000000.01"), CTE_VALUE),  # > 10^13 centavos
    (_nfe_with("nNF", "9" * 40), "Número (nCT/nNF)"),
    (_nfe_with("serie", "1" * 11), "Série (serie)"),
])
def test_a_bad_value_is_400_naming_the_file_and_field_and_nothing_is_stored(
        fin_client, fin_company, customer, app, tmp_path, monkeypatch, content, field):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    good = ("bom.xml", cte_xml(access_key("57"), customer.cpf_cnpj))
    response = upload(fin_client, good, ("ruim.xml", content))
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert "ruim.xml" in page and field in page and "Nenhum arquivo foi registrado" in page
    assert documents(fin_company) == [] and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("value, centavos", [("0", 0), ("1500.5", 150050), ("100000000000.00", 10 ** 13)])
def test_edge_values_are_accepted(fin_client, fin_company, app, tmp_path, monkeypatch, value, centavos):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    response = upload(fin_client, ("a.xml", cte_xml(access_key("57"), "11222333000181", value=value)))
    assert response.status_code == 302
    assert [d.valor_centavos for d in documents(fin_company)] == [centavos]


def test_the_longest_number_and_series_are_accepted(fin_client, fin_company, app, tmp_path, monkeypatch):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    content = _nfe_with("serie", "1" * 10).replace(b"<nNF>88</nNF>", b"<nNF>" + b"9" * 30 + b"</nNF>")
    assert upload(fin_client, ("a.xml", content)).status_code == 302
    [document] = documents(fin_company)
    assert (document.numero, document.serie) == ("9" * 30, "1" * 10)
