"""Jinja filters shared by pages and PDFs (pt-BR formats)."""
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal


def fmt_cnpj(value: str | None) -> str:
    v = value or ""
    if len(v) == 14:
        return f"{v[:2]}.{v[2:5]}.{v[5:8]}/{v[8:12]}-{v[12:]}"
    if len(v) == 11:
        return f"{v[:3]}.{v[3:6]}.{v[6:9]}-{v[9:]}"
    return v


def fmt_number(value, places: int = 2) -> str:
    """pt-BR number: `1.234,56`, rounded half-up to `places` decimals; "—" when empty."""
    if value is None or value == "":
        return "—"
    amount = Decimal(str(value)).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)
    text = f"{amount:,.{places}f}"
    return text.replace(",", "X").replace(".", ",").replace("X", ".")


def fmt_money(value) -> str:
    return fmt_number(value, 2)


def fmt_date(value) -> str:
    if value is None:
        return "—"
    if isinstance(value, datetime):
        return value.strftime("%d/%m/%Y %H:%M")
    if isinstance(value, date):
        return value.strftime("%d/%m/%Y")
    return str(value)


def register_filters(app) -> None:
    app.jinja_env.filters.update(cnpj=fmt_cnpj, cpf_cnpj=fmt_cnpj, money=fmt_money, datebr=fmt_date)
