"""core.formatting: the one pt-BR formatter of pages and PDFs, and the pt-BR number reader."""

from datetime import UTC, date, datetime
from decimal import Decimal

import pytest
from flask import render_template_string

from core import formatting as f
from core.validators import FieldInvalid, cnpj_check_digits, cpf_check_digits


@pytest.mark.parametrize("value, text", [
    (Decimal("0.125"), "R$ 0,13"), ("0.125", "R$ 0,13"), (0.125, "R$ 0,13"), (Decimal("0.124"), "R$ 0,12"),
    (Decimal("2.675"), "R$ 2,68"), (1234567.5, "R$ 1.234.567,50"), (0, "R$ 0,00"), (None, "—"), ("", "—"),
])
def test_money_rounds_half_up_with_pt_br_separators(value, text):
    assert f.money(value) == text


def test_money_is_the_same_in_rules_pages_and_pdfs(app):
    from domain.ciot.presentation import fmt
    from domain.ciot.rules.helpers import money
    with app.app_context():
        page = render_template_string("{{ x | money }} {{ fmt.money(x) }}", x=Decimal("0.125"))
    assert money(Decimal("0.125")) == fmt.money(Decimal("0.125")) == "R$ 0,13"
    assert page == "R$ 0,13 R$ 0,13"


@pytest.mark.parametrize("fn, value, text", [
    (f.number, "1234.5", "1.234,50"), (f.decimal, "32.500", "32,5"), (f.decimal, 30, "30"),
    (f.weight, "20000.000", "20.000 kg"), (f.weight, "1234.5", "1.234,5 kg"), (f.distance, "432.10", "432,1 km"),
    (f.percent, "30.01", "30,01 %"), (f.weight, None, "—"),
])
def test_numbers_and_units(fn, value, text):
    assert fn(value) == text


def test_documents_cpf_cnpj_and_alphanumeric_cnpj():
    cpf = "529982247" + cpf_check_digits("529982247")
    cnpj = "112223330001" + cnpj_check_digits("112223330001")
    alnum = "12ABC34501DE" + cnpj_check_digits("12ABC34501DE")
    assert f.cpf_cnpj(cpf) == "529.982.247-25"
    assert f.cpf_cnpj(cnpj) == "11.222.333/0001-81"
    assert f.cpf_cnpj(alnum) == f"12.ABC.345/01DE-{alnum[12:]}"
    assert f.cpf_cnpj("11.222.333/0001-81") == "11.222.333/0001-81"  # already punctuated: unchanged
    assert f.cpf_cnpj("123") == "123" and f.cpf_cnpj(None) == "—"


def test_cep_phone_plate_pix_access_key():
    assert f.cep("01310100") == "01310-100" and f.cep(None) == "—"
    assert f.phone("+551133334444") == "(11) 3333-4444"
    assert f.phone("+5511987654321") == "(11) 98765-4321"
    assert f.phone("+14155552671") == "+1 415-555-2671"
    assert f.phone("não é telefone") == "não é telefone" and f.phone(None) == "—"
    assert f.plate("abc1234") == "ABC-1234" and f.plate("ABC1D23") == "ABC1D23"
    assert f.pix_key("11222333000181") == "11.222.333/0001-81"
    assert f.pix_key("+5511987654321") == "(11) 98765-4321"
    assert f.pix_key("fulano@exemplo.com.br") == "fulano@exemplo.com.br"
    assert f.access_key("3526" * 11) == " ".join(["3526"] * 11)


def test_timestamps_show_in_brasilia_time():
    stored = datetime(2026, 1, 2, 2, 30)  # naive UTC, as the database keeps it
    assert f.when(stored) == "01/01/2026 23:30"
    assert f.day(stored) == "01/01/2026"
    assert f.when(datetime(2026, 1, 2, 2, 30, tzinfo=UTC)) == "01/01/2026 23:30"
    assert f.when(date(2026, 3, 4)) == "04/03/2026" and f.when(None) == "—"
    assert f.iso_local(stored) == "2026-01-01T23:30-03:00"
    # trip moments are already wall-clock Brasília times: not shifted; midnight is a date
    assert f.wall_clock(datetime(2026, 1, 2, 8, 0)) == "02/01/2026 08:00"
    assert f.wall_clock(datetime(2026, 1, 2)) == "02/01/2026"


def test_pages_and_pdfs_get_the_filters_and_the_fmt_global(app):
    with app.app_context():
        html = render_template_string(
            "{{ '11222333000181' | cpf_cnpj }}|{{ '01310100' | cep }}|{{ '+551133334444' | phone }}|"
            "{{ 'abc1234' | plate }}|{{ stamp | when }}|{{ fmt.weight(5) }}", stamp=datetime(2026, 1, 2, 2, 30))
    assert html == "11.222.333/0001-81|01310-100|(11) 3333-4444|ABC-1234|01/01/2026 23:30|5 kg"


@pytest.mark.parametrize("typed, places, value", [
    ("5.000,00", 2, Decimal("5000.00")), ("5000,50", 2, Decimal("5000.50")), ("5000", 2, Decimal("5000")),
    ("1.500", 2, Decimal("1500")), ("1.234.567,8", 2, Decimal("1234567.8")), ("R$ 1.500,00", 2, Decimal("1500.00")),
    (" 0,125 ", 3, Decimal("0.125")), ("-12,5", 2, Decimal("-12.5")), ("", 2, None), (None, 2, None),
    ("1.234,56", 2, Decimal("1234.56")), ("R$\u00a01.234,56", 2, Decimal("1234.56")), ("+7", 0, Decimal("7")),
])
def test_parse_decimal_reads_pt_br_typing(typed, places, value):
    assert f.parse_decimal(typed, places) == value


@pytest.mark.parametrize("typed, code", [
    ("1.5", "invalid_number"), ("1500.50", "invalid_number"), ("5,000.00", "invalid_number"),
    ("1.50,00", "invalid_number"), ("12a", "invalid_number"), ("1,2,3", "invalid_number"),
    ("5,000", "too_many_decimals"), ("0,125", "too_many_decimals"),
    ("1,234.56", "invalid_number"), ("12,3,4", "invalid_number"), ("1.0000", "invalid_number"),
    (",5", "invalid_number"), ("5,", "invalid_number"), ("1..000", "invalid_number"), ("--5", "invalid_number"),
    # what Decimal itself would read, were it handed the text: never a number typed in a pt-BR field
    ("1e5", "invalid_number"), ("NaN", "invalid_number"), ("Infinity", "invalid_number"),
    ("\u0661\u0662", "invalid_number"),
])
def test_parse_decimal_refuses_ambiguous_or_wrong_typing(typed, code):
    with pytest.raises(FieldInvalid) as caught:
        f.parse_decimal(typed, 2)
    assert caught.value.code == code
    assert "vírgula" in caught.value.message


def test_money_keeps_a_plain_space_and_the_minus_after_the_symbol():
    # CLDR's pt_BR pattern would give "R$\u00a0400,25" and "-R$\u00a0400,25"; pages, PDFs and their extracted text
    # have always read "R$ 400,25" and "R$ -400,25".
    assert f.money(Decimal("-400.25")) == "R$ -400,25" and f.money(400.25) == "R$ 400,25"
    assert "\u00a0" not in f.money(1234567) and f.centavos(-123456) == "R$ -1.234,56"


@pytest.mark.parametrize("value, places, text", [
    (5000, 0, "5.000"), (Decimal("4.45"), 1, "4,5"), (Decimal("-0.125"), 2, "-0,13"),
    (Decimal("999.995"), 2, "1.000,00"),
])
def test_number_groups_thousands_and_rounds_half_up_to_its_places(value, places, text):
    assert f.number(value, places) == text


def test_decimal_input_shows_a_stored_number_back_the_pt_br_way():
    assert f.decimal_input(Decimal("23000.50")) == "23.000,50"
    assert f.decimal_input(Decimal("23000.500"), 3) == "23.000,5"
    assert f.decimal_input(None) == ""
    assert f.parse_decimal(f.decimal_input(Decimal("1234567.89"))) == Decimal("1234567.89")
    # places=None: every decimal the value holds, none rounded away (a methodology's bound in the editor)
    assert f.decimal_input(0.1234567, None) == "0,1234567" and f.decimal_input(Decimal("1500.500"), None) == "1.500,5"
    assert f.parse_decimal(f.decimal_input(Decimal("1234.0000001"), None), 7) == Decimal("1234.0000001")


def test_expiry_flags_expired_and_expiring_within_30_days():
    on = date(2026, 11, 23)
    assert f.expiry(date(2026, 11, 22), on=on) == "expired"
    assert f.expiry(date(2026, 11, 23), on=on) == "soon" and f.days_left(date(2026, 11, 23), on=on) == "hoje"
    assert f.expiry(date(2026, 12, 23), on=on) == "soon" and f.days_left(date(2026, 12, 23), on=on) == "em 30 dias"
    assert f.expiry(date(2026, 12, 24), on=on) == "ok"
    assert f.expiry(None) == "" and f.days_left(date(2026, 11, 24), on=on) == "amanhã"


def test_cnh_flag_names_expired_and_expiring_licences_only():
    on = date(2026, 11, 23)
    assert f.cnh_flag(date(2026, 11, 22), on=on) == "CNH vencida"
    assert f.cnh_flag(date(2026, 12, 3), on=on) == "CNH vence em 10 dias"
    assert f.cnh_flag(date(2026, 12, 24), on=on) == "" and f.cnh_flag(None) == ""


def test_keep_codes_keeps_record_codes_on_one_line_and_escapes_the_rest():
    from core.formatting import keep_codes
    assert str(keep_codes("Contrato AGR-000001 <b>aberto</b>")) == (
        'Contrato <span class="nowrap">AGR-000001</span> &lt;b&gt;aberto&lt;/b&gt;')
    assert str(keep_codes("pré-visualização 2026-11")) == "pré-visualização 2026-11"  # no code: untouched
    assert str(keep_codes(None)) == ""
