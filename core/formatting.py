"""How values read to people, in pt-BR: the one formatter module of pages and PDFs.

Every page and every PDF prints money, numbers, documents, plates, phones and moments through these functions
(registered once as Jinja filters and as the `fmt` global by `register_filters`), so R$ 0,125 reads "R$ 0,13"
everywhere (half-up), a CNPJ is punctuated the same way in a list and in a declaration, and every timestamp is
shown in Brasília time (the API stays UTC). `parse_decimal` is the way back: what a Brazilian types in a money,
weight or distance field ("5.000,00", "5000,50", "1.500") as a Decimal, or a pt-BR error when it is ambiguous.
The separators, both ways, are Babel's (CLDR pt_BR); nothing else in the code swaps dots and commas.

Pure functions over values; no Flask, no database, no business area.
"""
import re
from datetime import UTC, date, datetime
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache
from types import SimpleNamespace

import phonenumbers
from babel import Locale
from babel.numbers import NumberFormatError, NumberPattern, format_decimal, get_currency_symbol, parse_pattern
from babel.numbers import parse_decimal as read_pt_br
from markupsafe import Markup, escape

from core.clock import BRT, brasilia_today
from core.validators import FieldInvalid

EMPTY = "—"


def _empty(value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


# --- Numbers -----------------------------------------------------------------------------------
# Babel writes and reads the pt-BR separators (CLDR's pt_BR data); the rounding is ours, half-up before Babel sees
# the value, because Babel rounds half-even (R$ 0,125 would read "R$ 0,12").

PT_BR = Locale.parse("pt_BR")
# CLDR's pt_BR money pattern has a no-break space after "R$"; every page, PDF and export has always printed a plain
# one (and text extracted from the PDFs, which people search and copy, keeps it), and a negative amount as
# "R$ -400,25" rather than CLDR's "-R$ 400,25". The symbol is Babel's, looked up once: format_currency works out
# the currency's plural name on every call, five times the cost of the number itself, in every money cell.
BRL = get_currency_symbol("BRL", locale=PT_BR)
MONEY_PATTERN = parse_pattern(f"{BRL} #,##0.00;{BRL} -#,##0.00")


def _as_decimal(value) -> Decimal:
    return value if isinstance(value, Decimal) else Decimal(str(value))


_QUANTA = {places: Decimal(1).scaleb(-places) for places in range(7)}


def _quantum(places: int) -> Decimal:
    return _QUANTA.get(places) or Decimal(1).scaleb(-places)


def _rounded(value, places: int) -> Decimal:
    return _as_decimal(value).quantize(_quantum(places), rounding=ROUND_HALF_UP)


@lru_cache(maxsize=32)
def _pattern(places: int, *, trailing_zeros: bool) -> NumberPattern:
    """`#,##0.00` (2 places, always shown) or `#,##0.###` (up to 3): thousands grouped, parsed once."""
    return parse_pattern("#,##0" + ("." + ("0" if trailing_zeros else "#") * places if places else ""))


def number(value, places: int = 2) -> str:
    """pt-BR number with thousands separators, rounded half-up to `places` decimals: `1.234,56`; "—" when empty."""
    if _empty(value):
        return EMPTY
    return format_decimal(_rounded(value, places), format=_pattern(places, trailing_zeros=True), locale=PT_BR)


def decimal(value, max_places: int = 3) -> str:
    """pt-BR number with up to `max_places` decimals and no trailing zeros: `30`, `32,5`, `1.234,567`."""
    if _empty(value):
        return EMPTY
    return format_decimal(_rounded(value, max_places), format=_pattern(max_places, trailing_zeros=False),
                          locale=PT_BR)


def money(value) -> str:
    """`R$ 1.234,56` (half-up: 0,125 → `R$ 0,13`), `R$ -400,25`."""
    if _empty(value):
        return EMPTY
    return format_decimal(_rounded(value, 2), format=MONEY_PATTERN, locale=PT_BR)


def centavos(value) -> str:
    """An integer number of centavos as money: 123456 → `R$ 1.234,56`."""
    return EMPTY if _empty(value) else money(Decimal(int(value)) / 100)


def weight(value) -> str:
    """kg with up to 3 decimals: `20.000 kg`, `1.234,5 kg`."""
    return EMPTY if _empty(value) else f"{decimal(value, 3)} kg"


def distance(value) -> str:
    """km with up to 2 decimals: `1.234,5 km`."""
    return EMPTY if _empty(value) else f"{decimal(value, 2)} km"


def percent(value) -> str:
    return EMPTY if _empty(value) else f"{decimal(value, 2)} %"


# --- Documents, plates, contacts ----------------------------------------------------------------

def _chars(value) -> str:
    return re.sub(r"[\s.\-/]", "", str(value or "")).upper()


def cpf_cnpj(value) -> str:
    """CPF `000.000.000-00`, CNPJ `00.000.000/0000-00` (alphanumeric CNPJ too); anything else as given."""
    v = _chars(value)
    if len(v) == 11 and v.isdigit():
        return f"{v[:3]}.{v[3:6]}.{v[6:9]}-{v[9:]}"
    if len(v) == 14 and v.isalnum() and v[12:].isdigit():
        return f"{v[:2]}.{v[2:5]}.{v[5:8]}/{v[8:12]}-{v[12:]}"
    return str(value).strip() if not _empty(value) else EMPTY


def cep(value) -> str:
    v = _chars(value)
    if len(v) == 8 and v.isdigit():
        return f"{v[:5]}-{v[5:]}"
    return v or EMPTY


def plate(value) -> str:
    """Old plates `ABC-1234`; Mercosul plates `ABC1D23` (without hyphen, as on the plate)."""
    v = _chars(value)
    if len(v) == 7 and v[:3].isalpha() and v[3:].isdigit():
        return f"{v[:3]}-{v[3:]}"
    return v or EMPTY


def phone(value) -> str:
    """E.164 as people write it: `(11) 98765-4321` for Brazil, `+1 415-555-2671` elsewhere."""
    if _empty(value):
        return EMPTY
    return _phone_text(str(value).strip())


# A list page formats each row's phone (the leads page: 50-200 a view, a third of its rendering through
# phonenumbers' parser): the same numbers come back on the next view, so their text is remembered.
@lru_cache(maxsize=4096)
def _phone_text(text: str) -> str:
    try:
        parsed = phonenumbers.parse(text, "BR")
    except phonenumbers.NumberParseException:
        return text
    if not phonenumbers.is_possible_number(parsed):
        return text
    style = (phonenumbers.PhoneNumberFormat.NATIONAL if parsed.country_code == 55
             else phonenumbers.PhoneNumberFormat.INTERNATIONAL)
    return phonenumbers.format_number(parsed, style)


def pix_key(value) -> str:
    """A PIX key by its kind: CPF/CNPJ punctuated, phone formatted, e-mail and random keys as given."""
    if _empty(value):
        return EMPTY
    text = str(value).strip()
    if text.startswith("+"):
        return phone(text)
    if re.fullmatch(r"[\d.\-/]{11,18}", text) and len(_chars(text)) in (11, 14):
        return cpf_cnpj(text)
    return text


def access_key(value) -> str:
    """A 44-digit key in groups of 4, as printed on the DANFE/DACTE."""
    v = str(value or "").replace(" ", "")
    return " ".join(v[i:i + 4] for i in range(0, len(v), 4)) if v else EMPTY


# --- Moments -----------------------------------------------------------------------------------

def local(value) -> datetime | None:
    """A timestamp in Brasília time: naive values are UTC (how the database keeps them)."""
    if value is None:
        return None
    aware = value if value.tzinfo else value.replace(tzinfo=UTC)
    return aware.astimezone(BRT)


def _moment(value, pattern: str) -> str:
    if value is None or value == "":
        return EMPTY
    if isinstance(value, datetime):
        return local(value).strftime(pattern)
    if isinstance(value, date):
        return value.strftime("%d/%m/%Y")
    return str(value)


def when(value) -> str:
    """A stored timestamp as `dd/mm/aaaa HH:MM` in Brasília time; a date as `dd/mm/aaaa`."""
    return _moment(value, "%d/%m/%Y %H:%M")


def day(value) -> str:
    """The day only, `dd/mm/aaaa` (a timestamp's day in Brasília)."""
    return _moment(value, "%d/%m/%Y")


def wall_clock(value) -> str:
    """A moment already in Brasília wall-clock time (trip start/end): midnight reads as a date."""
    if value is None or value == "":
        return EMPTY
    if isinstance(value, datetime):
        return value.strftime("%d/%m/%Y" if value.time() == datetime.min.time() else "%d/%m/%Y %H:%M")
    return day(value)


def iso_local(value) -> str:
    """`2026-11-23T10:15-03:00`, for <time datetime=...>."""
    return local(value).isoformat(timespec="minutes") if isinstance(value, datetime) else ""


def expiry(value, warn_days: int = 30, on: date | None = None) -> str:
    """A validity date's state: "expired", "soon" (within `warn_days`), "ok", or "" when there is no date."""
    if value is None or value == "":
        return ""
    limit = value.date() if isinstance(value, datetime) else value
    reference = on or brasilia_today()
    if limit < reference:
        return "expired"
    return "soon" if (limit - reference).days <= warn_days else "ok"


def days_left(value, on: date | None = None) -> str:
    """`hoje`, `amanhã`, `em 12 dias`; for a past date, `há 3 dias`."""
    if value is None or value == "":
        return EMPTY
    limit = value.date() if isinstance(value, datetime) else value
    delta = (limit - (on or brasilia_today())).days
    if delta == 0:
        return "hoje"
    if delta == 1:
        return "amanhã"
    return f"em {delta} dias" if delta > 0 else f"há {-delta} dia{'s' if delta < -1 else ''}"


def cnh_flag(value, on: date | None = None) -> str:
    """A driver's licence flag wherever a driver is listed or picked: `CNH vencida`, `CNH vence em 12 dias`
    (within 30 days), or "" (valid or no date)."""
    state = expiry(value, on=on)
    if state == "expired":
        return "CNH vencida"
    return f"CNH vence {days_left(value, on)}" if state == "soon" else ""


# --- Reading typed numbers ---------------------------------------------------------------------

# What reaches Babel: ASCII digits around dots and commas. Babel hands the rest to Decimal, which would also read
# "1e5", "NaN", "Infinity" and other scripts' digits.
_TYPED_NUMBER = re.compile(r"[0-9](?:[0-9.,]*[0-9])?")
_INVALID_NUMBER = "Número inválido: use vírgula para os decimais e ponto para os milhares, como em 1.500,50."


def parse_decimal(text, places: int = 2) -> Decimal | None:
    """What a Brazilian types in a money, weight or distance field, as a Decimal; None when empty.

    The comma is the decimal separator and dots only group thousands (Babel's strict pt_BR reading): "5.000,00",
    "5000,50", "5000" and "1.500" (= 1.500,00) are read; "1.5", "1500.50", "1,234.56" or "12,3,4" are ambiguous or
    wrong and raise FieldInvalid with a pt-BR message, never a silently different amount. More than `places`
    decimals is an error too (so "5,000" is not read as five in a money field).
    """
    if text is None:
        return None
    raw = re.sub(r"[\s\u00a0]", "", str(text)).removeprefix("R$")
    if not raw:
        return None
    if not _TYPED_NUMBER.fullmatch(raw[1:] if raw[0] in "+-" else raw):
        raise FieldInvalid(_INVALID_NUMBER, "invalid_number")
    try:
        value = read_pt_br(raw, locale=PT_BR, strict=True)
    except NumberFormatError as exc:
        raise FieldInvalid(_INVALID_NUMBER, "invalid_number") from exc
    if -value.as_tuple().exponent > places:
        example = number(Decimal("1500.5"), places) if places else "1.500"
        raise FieldInvalid(f"Use no máximo {places} casa(s) decimal(is), depois da vírgula (ex.: {example}).",
                           "too_many_decimals")
    return value


def decimal_input(value, places: int | None = 2) -> str:
    """A stored number as it goes back into a pt-BR text input: `23.000,50` (money) or `23.000,5` (weight); with
    `places=None`, every decimal it holds (`0,1234567`), none rounded away before it is posted back."""
    if _empty(value):
        return ""
    if places is None:
        return format_decimal(_as_decimal(value).normalize(), format=_pattern(0, trailing_zeros=False),
                              locale=PT_BR, decimal_quantization=False)
    return number(value, places) if places == 2 else decimal(value, places)


# Who did something, when it was not a person or an API key (core.actors names those two by prefix).
_ACTOR_WORDS = {"worker": "processamento automático", "cron": "rotina automática", "cli": "linha de comando",
                "sistema": "sistema", "marketplace": "vitrine de fretes (motorista)"}


def actor(value) -> str:
    """Who did it, in words: `user:ana@x.com` → `ana@x.com`, `api_key:flk_ab12` → `integração (chave flk_ab12)`,
    `worker` → `processamento automático`."""
    kind, _, who = str(value or "").partition(":")
    if kind == "user" and who:
        return who
    if kind == "api_key" and who:
        return f"integração (chave {who})"
    return _ACTOR_WORDS.get(str(value or ""), str(value or "—"))
# --- Statuses -----------------------------------------------------------------------------------------------------
# Each area keeps one status table in domain/<area>/presentation.py: `{code: (pt-BR label, badge tone)}`, the tone one
# of the page kit's (ok | warn | danger | info | muted | draft | dark, templates/_macros/kit.html `badge`).


def status_entry(table: dict, code) -> tuple[str, str]:
    """`(label, tone)` of `code` in a status table. A code the table does not know (a value written by a newer
    release, a typo in data) shows as itself, untoned: visible, never an error page."""
    if code in table:
        return table[code]
    return (EMPTY if _empty(code) else str(code)), ""


def status_label(table: dict, code) -> str:
    return status_entry(table, code)[0]


def status_labels(table: dict) -> dict:
    """`{code: label}`: a select's choices, a filter's options."""
    return {code: label for code, (label, _tone) in table.items()}


fmt = SimpleNamespace(
    number=number, decimal=decimal, money=money, centavos=centavos, weight=weight, distance=distance, percent=percent,
    cpf_cnpj=cpf_cnpj, doc=cpf_cnpj, cnpj=cpf_cnpj, cep=cep, plate=plate, phone=phone, pix_key=pix_key,
    access_key=access_key, when=when, local=when, day=day, trip=wall_clock, iso_local=iso_local,
    decimal_input=decimal_input, expiry=expiry, days_left=days_left, cnh_flag=cnh_flag, actor=actor,
)
"""Every formatter under one name, for templates (`{{ fmt.money(x) }}`) and code."""


# A record's code in running text ("Contrato AGR-000001 aberto"): the browser may break a line after its hyphen.
_CODE_IN_TEXT = re.compile(r"\b[A-Z]{2,6}-\d+\b")


def keep_codes(text):
    """Free text for a page, escaped, with every record code kept on one line (`<span class="nowrap">`): the text
    is escaped first and only our own span is added, so nothing typed becomes markup."""
    escaped = str(escape("" if text is None else text))
    return Markup(_CODE_IN_TEXT.sub(lambda m: f'<span class="nowrap">{m.group(0)}</span>', escaped))  # noqa: S704


def register_filters(app) -> None:
    """Once, in create_app: the filters (`{{ x | money }}`) and the `fmt` global used by pages and PDFs."""
    app.jinja_env.filters.update(
        money=money, centavos=centavos, number=number, decimal=decimal, weight=weight, distance=distance,
        percent=percent,
        cpf_cnpj=cpf_cnpj, cnpj=cpf_cnpj, cep=cep, plate=plate, phone=phone, pix_key=pix_key,
        access_key=access_key, datebr=when, when=when, day=day, iso_local=iso_local, keep_codes=keep_codes,
        actor=actor,
    )
    app.jinja_env.globals.setdefault("fmt", fmt)
