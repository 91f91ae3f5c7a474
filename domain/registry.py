"""Imports every area's models so that SQLAlchemy metadata (create_all, Alembic) sees all tables."""
import core.models  # noqa: F401
import domain.billing.models  # noqa: F401
import domain.ciot.models  # noqa: F401
import domain.fleet.models  # noqa: F401
import domain.freights.models  # noqa: F401
import domain.messages.models  # noqa: F401
import domain.partners.models  # noqa: F401
import domain.payables.models  # noqa: F401
import domain.tenancy.models  # noqa: F401
