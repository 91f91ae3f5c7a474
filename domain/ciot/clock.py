"""CIOT's clock: trip moments and declaration dates are Brasília wall-clock times, stored naive."""
from datetime import datetime

from core.clock import BRT
from core.errors import InvalidBody


def now_local() -> datetime:
    """Wall-clock time in Brasília (naive), the clock of trip moments and declaration dates."""
    return datetime.now(BRT).replace(tzinfo=None)


def local_moment(value: datetime | None, field_name: str = "viagem_inicio") -> datetime | None:
    """Trip moments are stored as naive Brasília time: an offset, when sent, is honoured by converting.
    Years outside 1900..2200 are a 400 (they cannot be converted or compared safely)."""
    if value is None:
        return None
    if not 1900 <= value.year <= 2200:
        raise InvalidBody.for_field(field_name, "Data fora do intervalo aceito (anos 1900 a 2200).")
    if value.tzinfo is None:
        return value
    return value.astimezone(BRT).replace(tzinfo=None)
