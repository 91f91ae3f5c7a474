"""XML upload: a value the official schema refuses (NaN, a negative amount, a too long number or series) is a 400
naming the file and the XML's element in pt-BR, never a 500; one the schema allows but the inbox document cannot
hold (a total over 10^13 centavos) names the document's field; nothing is stored for that upload. A duplicate
chave names the existing document."""
import re

import pytest

from tests.finance.conftest import access_key
from tests.finance.test_pages import cte_xml, documents, nfe_xml, upload
from tests.fixtures import fiscal

CTE_VALUE = "Valor total (vTPrest/vNF)"


def _nfe_with(tag: str, value: str) -> bytes:
    """A signed NF-e whose element is then changed: the schema check comes before the signature's."""
    xml = nfe_xml(access_key("55"), "11222333000181")
    return re.sub(rf"<{tag}>[^<]*</{tag}>".encode(), f"<{tag}>{value}</{tag}>".encode(), xml, count=1)


@pytest.mark.parametrize("content, field", [
    (cte_xml(access_key("57"), "11222333000181", value="NaN"), "vTPrest"),
    (cte_xml(access_key("57"), "11222333000181", value="Infinity"), "vTPrest"),
    (cte_xml(access_key("57"), "11222333000181", value="dez"), "vTPrest"),
    (cte_xml(access_key("57"), "11222333000181", value="-10.00"), "&lt;vTPrest&gt;"),
    (cte_xml(access_key("57"), "11222333000181", value="1500.5"), "&lt;vTPrest&gt;"),  # the schema wants 2 places
    (cte_xml(access_key("57"), "11222333000181", value="100000000000.01"), CTE_VALUE),  # > 10^13 centavos
    (_nfe_with("nNF", "9" * 40), "&lt;nNF&gt;"),
    (_nfe_with("serie", "1" * 11), "&lt;serie&gt;"),
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


@pytest.mark.parametrize("value, centavos", [("0", 0), ("1500.50", 150050), ("100000000000.00", 10 ** 13)])
def test_edge_values_are_accepted(fin_client, fin_company, app, tmp_path, monkeypatch, value, centavos):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    response = upload(fin_client, ("a.xml", cte_xml(access_key("57"), "11222333000181", value=value)))
    assert response.status_code == 302
    assert [d.valor_centavos for d in documents(fin_company)] == [centavos]


def test_the_longest_number_and_series_the_schema_allows_are_accepted(fin_client, fin_company, app, tmp_path,
                                                                        monkeypatch):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    root = fiscal.load("nfe_4.00.xml")
    fiscal.set_text(root, "nfe:infNFe/nfe:ide/nfe:nNF", "9" * 9)
    fiscal.set_text(root, "nfe:infNFe/nfe:ide/nfe:serie", "999")
    assert upload(fin_client, ("a.xml", fiscal.render(root))).status_code == 302
    [document] = documents(fin_company)
    assert (document.numero, document.serie) == ("9" * 9, "999")
