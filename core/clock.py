"""The platform's clock: dates people mean ("today", "not in the future") are Brasília dates, not the server's.

The server runs in UTC: between 21:00 and 24:00 in Brasília (UTC-3) the UTC date is already tomorrow, so a check
against the server's `date.today()` would accept tomorrow's date for three hours a day. Pure functions; the clock is
injectable (`now`: a callable returning an aware datetime) so tests freeze a moment instead of waiting for one.
"""
from collections.abc import Callable
from datetime import UTC, date, datetime, time
from zoneinfo import ZoneInfo

BRT = ZoneInfo("America/Sao_Paulo")

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def brasilia_today(now: Clock = utc_now) -> date:
    """Today's date in Brasília at the moment `now()` (an aware datetime; a naive one is taken as UTC)."""
    moment = now()
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(BRT).date()


def brasilia_day_start(day: date) -> datetime:
    """The moment a Brasília date begins, as stored timestamps are (naive UTC): 2030-01-10 → 2030-01-10 03:00."""
    return datetime.combine(day, time(), tzinfo=BRT).astimezone(UTC).replace(tzinfo=None)
