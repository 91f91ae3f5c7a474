"""The platform's clock: dates people mean ("today", "not in the future") are Brasília dates, not the server's.

The server runs in UTC: between 21:00 and 24:00 in Brasília (UTC-3) the UTC date is already tomorrow, so a check
against the server's `date.today()` would accept tomorrow's date for three hours a day. `brasilia_today` is the
one "today in Brasília" of the code base. The clock is injectable (`now`: a callable returning an aware datetime),
and `utc_now` is read at each call, so tests freeze a moment (monkeypatch `core.clock.utc_now`) instead of waiting.
"""
from collections.abc import Callable
from datetime import UTC, date, datetime, time
from zoneinfo import ZoneInfo

BRT = ZoneInfo("America/Sao_Paulo")

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def brasilia_today(now: Clock | None = None) -> date:
    """Today's date in Brasília at the moment `now()` (default: the clock, `utc_now`)."""
    return brasilia_date((now or utc_now)())


def brasilia_date(moment: datetime) -> date:
    """The Brasília date of `moment` (an aware datetime; a naive one is taken as UTC, as stored timestamps are)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(BRT).date()


def brasilia_day_start(day: date) -> datetime:
    """The moment a Brasília date begins, as stored timestamps are (naive UTC): 2030-01-10 → 2030-01-10 03:00."""
    return datetime.combine(day, time(), tzinfo=BRT).astimezone(UTC).replace(tzinfo=None)
