"""Signals an area sends so that other areas can act on it without the sender importing them (blinker, as Flask's
own signals). Receivers run synchronously, in the sender's transaction; they are connected when their module is
imported (domain/registry.py imports every area's listeners)."""
from blinker import Namespace

_signals = Namespace()

# A company was created (domain.tenancy.services.create_company); sent with the Company, flushed, before commit.
company_created = _signals.signal("company-created")
