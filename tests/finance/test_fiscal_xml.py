"""The fiscal XML reader (domain/billing/xml.py) and the inbox's events: CT-e, CT-e OS and NF-e read through nfelib
after the schema and the XML-DSig checks; the samples in tests/samples/fiscal (README there) and nfelib's own NF-e
4.00 samples; alphanumeric-CNPJ keys; cancellation and correction-letter events on registered documents."""
import re
from datetime import date
from pathlib import Path

import pytest
from lxml import etree

from core.db import db
from core.errors import InvalidBody
from core.tenancy import tenant_scope
from core.validators import FieldInvalid, access_key_check_digit, clean_access_key, cnpj_check_digits
from domain.billing.fiscal_checks import NFELIB, SIGNATURE_MISSING, SIGNATURE_VALID
from domain.billing.models import BillingDocument
from domain.billing.xml import FiscalEvent, parse_fiscal_xml
from tests.finance.conftest import access_key
from tests.finance.test_pages import documents, upload
from tests.fixtures import fiscal

CTE_KEY = "35261111222333000181570010000012341000012342"  # the CT-e sample's key


def refused(data: bytes) -> str:
    with pytest.raises(InvalidBody) as caught:
        parse_fiscal_xml(data)
    return caught.value.details[0].message


# --- documents -----------------------------------------------------------------------------------------------------

def test_a_signed_cte_is_read_with_its_taker_and_a_valid_signature():
    parsed = parse_fiscal_xml(fiscal.cte(CTE_KEY, "11444777000161", "1179.42", "Tomador Ltda"))
    assert (parsed.kind, parsed.model, parsed.chave, parsed.numero, parsed.serie) == ("cte", "57", CTE_KEY, "4567", "1")
    assert parsed.valor_centavos == 117942 and parsed.emissao_at == date(2026, 1, 15)
    assert (parsed.customer_cpf_cnpj, parsed.customer_name) == ("11444777000161", "Tomador Ltda")
    assert parsed.signature == SIGNATURE_VALID and parsed.warnings == []


def test_a_cte_os_is_read_and_its_taker_is_infcte_toma():
    """Model 67 was refused before, and its payer looked for in ide/toma3, which a CT-e OS does not have."""
    parsed = parse_fiscal_xml(fiscal.render(fiscal.load("cteos_4.00.xml")))
    assert (parsed.kind, parsed.model, parsed.numero, parsed.valor_centavos) == ("cte", "67", "77", 85000)
    assert (parsed.customer_cpf_cnpj, parsed.customer_name) == ("11444777000161", "Tomador do Servico Ltda")
    assert parsed.chave[20:22] == "67"


NFELIB_SAMPLES = sorted((NFELIB / "nfe/samples/v4_0/leiauteNFe").glob("*.xml"))
OFF_SCHEMA = "NFe35200159594315000157550010000000012062777161.xml"  # its infNFe Id lacks the "NFe" prefix


def unsigned(path: Path) -> bytes:
    root = etree.parse(str(path)).getroot()
    for signature in root.iter("{http://www.w3.org/2000/09/xmldsig#}Signature"):
        signature.getparent().remove(signature)
    return etree.tostring(root)


@pytest.mark.parametrize("sample", [p for p in NFELIB_SAMPLES if p.name != OFF_SCHEMA],
                         ids=[p.name[:20] for p in NFELIB_SAMPLES if p.name != OFF_SCHEMA])
def test_nfelib_nfe_samples_are_read(sample: Path):
    """nfelib's NF-e 4.00 samples (real documents, re-indented by nfelib) pass the schema and are read, 16 of 17;
    their signatures are taken off because the re-indentation changed the signed content (test below)."""
    parsed = parse_fiscal_xml(unsigned(sample))
    root = etree.parse(str(sample)).getroot()
    key = root.find(".//{http://www.portalfiscal.inf.br/nfe}infNFe").get("Id").removeprefix("NFe")
    assert parsed.kind == "nfe" and parsed.model == "55" and parsed.chave == key
    assert parsed.signature == SIGNATURE_MISSING and parsed.valor_centavos > 0


def test_the_17th_nfelib_sample_is_off_schema_and_named():
    message = refused(unsigned(NFELIB / "nfe/samples/v4_0/leiauteNFe" / OFF_SCHEMA))
    assert "<infNFe>" in message and "o atributo 'Id' tem um valor fora do formato" in message


def test_a_real_signature_over_re_indented_content_is_refused():
    """The real NF-e sample keeps its ICP-Brasil signature (RSA-SHA1), but nfelib re-indented the file: the
    signed infNFe is no longer what was signed, and the reader says so."""
    message = refused((fiscal.SAMPLES / "nfe_4.00.xml").read_bytes())
    assert "Assinatura digital (XML-DSig) do NF-e inválida" in message


def test_an_nfe_200_keeps_its_issue_date_from_demi():
    parsed = parse_fiscal_xml(fiscal.nfe_legacy())
    assert parsed.emissao_at == date(2012, 1, 20) and parsed.numero == "123" and parsed.valor_centavos == 25000
    assert parsed.signature == SIGNATURE_MISSING
    assert any("leiaute 2.00" in warning for warning in parsed.warnings)


# --- signature -----------------------------------------------------------------------------------------------------

def test_a_hand_edited_value_breaks_the_signature_and_is_refused_naming_it():
    signed = fiscal.cte(CTE_KEY, "11444777000161", "1179.42")
    edited = signed.replace(b"<vTPrest>1179.42</vTPrest>", b"<vTPrest>9179.42</vTPrest>")
    assert edited != signed
    message = refused(edited)
    assert "Assinatura digital (XML-DSig) do CT-e inválida" in message and CTE_KEY in message


def test_an_unsigned_document_is_accepted_with_a_warning():
    parsed = parse_fiscal_xml(fiscal.cte(CTE_KEY, "11444777000161", signed=False))
    assert parsed.signature == SIGNATURE_MISSING
    assert parsed.warnings and "sem assinatura digital" in parsed.warnings[0].lower()


def test_a_signature_over_another_group_is_refused():
    """Moving the signed group's Id away (a signature that no longer signs infCte) refuses the file."""
    root = fiscal.sign(fiscal.load("cte_4.00.xml"))
    group = fiscal.document_of(root).find("cte:infCte", fiscal.NS)
    group.set("Id", "CTe" + access_key("57"))
    assert "Assinatura digital" in refused(etree.tostring(root))


# --- schema --------------------------------------------------------------------------------------------------------

def test_a_missing_element_is_named_in_pt_br():
    root = fiscal.load("cte_4.00.xml")
    ide = fiscal.document_of(root).find("cte:infCte/cte:ide", fiscal.NS)
    ide.remove(ide.find("cte:CFOP", fiscal.NS))
    message = refused(fiscal.render(root))
    assert "esquema oficial do CT-e 4.00" in message and "<natOp> (cteProc/CTe/infCte/ide/natOp)" in message
    assert "elemento fora do lugar: era esperado" in message and "CFOP" in message


def test_a_value_off_its_format_is_named_with_its_path():
    message = refused(fiscal.cte(CTE_KEY, "11444777000161", "12,50"))
    assert "<vTPrest> (cteProc/CTe/infCte/vPrest/vTPrest)" in message and "'12,50' está fora do formato" in message


def test_hostile_xml_is_still_stopped_at_the_gate():
    bomb = (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;">]>'
            b'<cteProc xmlns="http://www.portalfiscal.inf.br/cte">&b;</cteProc>')
    assert "DTD e entidades são recusados" in refused(bomb)


# --- keys with the alphanumeric CNPJ (2026 layouts) ----------------------------------------------------------------

ALNUM_CNPJ = "12ABC34501DE" + cnpj_check_digits("12ABC34501DE")


def alnum_key(model="57") -> str:
    first43 = f"352611{ALNUM_CNPJ}{model}001000000001100000001"
    return first43 + str(access_key_check_digit(first43))


def test_an_access_key_with_an_alphanumeric_cnpj_is_accepted():
    key = alnum_key()
    assert clean_access_key(key.lower()) == key  # letters upper-cased
    with pytest.raises(FieldInvalid):
        clean_access_key(key[:43] + str((int(key[43]) + 1) % 10))  # its check digit counts the letters
    with pytest.raises(FieldInvalid):
        clean_access_key("35" + "A" * 42)  # letters only where the CNPJ is
    root = fiscal.load("cte_4.00.xml")
    group = fiscal.document_of(root).find("cte:infCte", fiscal.NS)
    group.set("Id", "CTe" + key)
    group.find("cte:emit/cte:CNPJ", fiscal.NS).text = ALNUM_CNPJ
    parsed = parse_fiscal_xml(fiscal.render(root))
    assert parsed.chave == key and parsed.signature == SIGNATURE_VALID


# --- the inbox: upload, warnings, events -----------------------------------------------------------------------------

@pytest.fixture
def storage(app, tmp_path, monkeypatch):
    monkeypatch.setitem(app.config, "STORAGE_DIR", str(tmp_path))
    return tmp_path


def test_an_unsigned_upload_shows_its_warning_and_the_row_badge(fin_client, fin_company, storage):
    response = upload(fin_client, ("sem.xml", fiscal.cte(CTE_KEY, "11444777000161", signed=False)))
    assert response.status_code == 302
    page = fin_client.get("/financeiro/documentos").get_data(as_text=True)
    assert "sem.xml: Documento sem assinatura digital" in page and "Sem assinatura digital" in page
    [document] = documents(fin_company)
    assert document.extra["assinatura"] == "ausente" and document.extra["modelo"] == "57"


def test_an_invalid_signature_upload_stores_nothing(fin_client, fin_company, storage):
    edited = fiscal.cte(CTE_KEY, "11444777000161").replace(b"<xNome>Tomador Ltda", b"<xNome>Outro Ltda")
    response = upload(fin_client, ("ok.xml", fiscal.cte(access_key("57"), "11444777000161")), ("mexido.xml", edited))
    assert response.status_code == 400
    assert "mexido.xml" in response.get_data(as_text=True) and documents(fin_company) == []


def test_a_cancellation_in_the_same_upload_discards_the_pending_document(fin_client, fin_company, storage):
    response = upload(fin_client, ("canc.xml", fiscal.event("cte", "110111", CTE_KEY)),
                      ("cte.xml", fiscal.cte(CTE_KEY, "11444777000161")))
    assert response.status_code == 302
    [document] = documents(fin_company)
    assert document.status == "descartado"
    assert document.extra["cancelamento"]["protocolo"] == "135260000001234"
    assert document.extra["cancelamento"]["justificativa"].startswith("Valor do frete")
    page = fin_client.get("/financeiro/documentos").get_data(as_text=True)
    assert "cancelado na SEFAZ: documento descartado" in page and "Cancelado na SEFAZ" in page
    assert (storage / f"{fin_company.id}/billing/{CTE_KEY}-110111-1.xml").exists()


def test_a_cancellation_names_the_invoice_that_holds_the_document(fin_client, fin_company, customer, storage, fin_api):
    key = access_key("57")
    assert upload(fin_client, ("cte.xml", fiscal.cte(key, customer.cpf_cnpj))).status_code == 302
    [document] = documents(fin_company)
    created = fin_api.post("/billing/invoices", json={"customer_partner_id": str(customer.id),
                                                      "document_ids": [str(document.id)]})
    assert created.status_code == 201, created.get_json()
    numero = created.get_json()["data"]["numero"]
    response = upload(fin_client, ("canc.xml", fiscal.event("cte", "110111", key)))
    assert response.status_code == 302
    page = fin_client.get("/financeiro/documentos").get_data(as_text=True)
    assert f"está na fatura {numero}" in page
    db.session.expire_all()
    with tenant_scope(fin_company.id):
        stored = db.session.get(BillingDocument, document.id)
        assert stored.status == "vinculado" and stored.extra["cancelamento"]["fatura"] == numero


def test_a_correction_letter_is_attached_once_per_sequence(fin_client, fin_company, storage):
    upload(fin_client, ("cte.xml", fiscal.cte(CTE_KEY, "11444777000161")))
    assert upload(fin_client, ("cce.xml", fiscal.event("cte", "110110", CTE_KEY))).status_code == 302
    assert upload(fin_client, ("cce2.xml", fiscal.event("cte", "110110", CTE_KEY, sequence=2))).status_code == 302
    [document] = documents(fin_company)
    letters = document.extra["cartas_correcao"]
    assert [letter["sequencia"] for letter in letters] == [1, 2] and document.status == "pendente"
    assert letters[0]["correcao"] == "compl · xObs · Entrega no portao 3"
    assert "CC-e nº 2" in fin_client.get("/financeiro/documentos").get_data(as_text=True)


def test_an_nfe_cancellation_event_is_read():
    key = "41170706117473000150550010000463202612756525"
    parsed = parse_fiscal_xml(fiscal.event("nfe", "110111", key))
    assert isinstance(parsed, FiscalEvent) and parsed.kind == "cancelamento" and parsed.chave == key
    assert parsed.protocolo == "141170000123456" and parsed.signature == SIGNATURE_VALID


def test_an_nfe_correction_letter_is_attached(fin_client, fin_company, storage):
    key = "41170706117473000150550010000463202612756525"
    parsed = parse_fiscal_xml(fiscal.event("nfe", "110110", key))
    assert parsed.kind == "carta_correcao" and parsed.correcao.startswith("Endereco de entrega")
    root = fiscal.load("nfe_4.00.xml")  # the NF-e this letter corrects, re-signed with the test certificate
    assert upload(fin_client, ("nfe.xml", fiscal.render(root)), ("cce.xml", fiscal.event("nfe", "110110", key))
                  ).status_code == 302
    [document] = documents(fin_company)
    assert document.extra["cartas_correcao"][0]["correcao"].startswith("Endereco de entrega")


def test_an_event_of_an_unknown_document_is_422_and_stores_nothing(fin_client, fin_company, storage):
    response = upload(fin_client, ("canc.xml", fiscal.event("cte", "110111", CTE_KEY)))
    assert response.status_code == 422 and "não está na caixa de entrada" in response.get_data(as_text=True)
    assert not list(storage.rglob("*.xml"))


def test_an_event_detail_off_its_schema_is_refused():
    data = fiscal.event("cte", "110111", CTE_KEY).replace(
        b"<xJust>Valor do frete informado errado no documento</xJust>", b"<xJust>curta</xJust>")
    assert "detalhe do evento do CT-e" in refused(data) and "<xJust>" in refused(data)


def test_the_api_takes_alphanumeric_and_cte_os_keys(fin_api):
    for key in (alnum_key("57"), alnum_key("67").lower()):
        created = fin_api.post("/billing/documents", json={"kind": "cte", "chave": key, "valor_centavos": 100})
        assert created.status_code == 201, created.get_json()
        assert created.get_json()["data"]["chave"] == key.upper()
    wrong = fin_api.post("/billing/documents", json={"kind": "nfe", "chave": alnum_key("58"), "valor_centavos": 1})
    assert wrong.status_code == 400 and wrong.get_json()["error"]["details"][0]["code"] == "model_mismatch"


def test_threads_read_their_own_files():
    """lxml and xsdata parsers keep per-parse state: each thread has its own (a shared one mixes documents)."""
    from concurrent.futures import ThreadPoolExecutor
    keys = [access_key("57") for _ in range(24)]
    files = [fiscal.cte(key, "11444777000161", f"{100 + n}.00") for n, key in enumerate(keys)]
    with ThreadPoolExecutor(max_workers=4) as pool:
        read = list(pool.map(parse_fiscal_xml, files))
    assert [(p.chave, p.valor_centavos) for p in read] == [(key, (100 + n) * 100) for n, key in enumerate(keys)]


def test_an_event_whose_detail_is_not_its_types_is_refused():
    """detEvento is `xs:any`: a correction letter's detail under the cancellation code must not cancel anything, and
    an element no schema knows is a 400 naming the file, never a 500."""
    correction = fiscal.event("cte", "110110", CTE_KEY, signed=False)
    assert "era esperado evCancCTe" in refused(correction.replace(b"<tpEvento>110110</tpEvento>",
                                                                  b"<tpEvento>110111</tpEvento>"))
    unknown = re.sub(rb"<evCCeCTe\b.*</evCCeCTe>", b"<qualquer>x</qualquer>", correction, flags=re.S)
    assert "com detalhe qualquer" in refused(unknown)
    assert parse_fiscal_xml(correction).kind == "carta_correcao"  # the right detail for its type is read


def test_an_old_nfe_without_its_totals_is_refused_not_a_500():
    data = fiscal.nfe_legacy()
    assert parse_fiscal_xml(data).valor_centavos == 25000
    incomplete = re.sub(rb"<total>.*</total>", b"", data, flags=re.S)
    assert "NF-e incompleta" in refused(incomplete)
