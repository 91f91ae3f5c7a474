"""Imports every area's models, so that SQLAlchemy metadata (create_all, Alembic) sees all tables, and its signal
listeners (core.signals), so that they are connected before anything is sent."""
import core.models
import core.progress  # noqa: F401  fails a job's progress row when RQ gives up on the job (core.signals.job_gave_up)
import domain.antt_floor.importer  # connects the seeding of the bundled floor acts on create_all
import domain.antt_floor.models
import domain.billing.models
import domain.ciot.models
import domain.ciot_agregado.models
import domain.fleet.models
import domain.freights.models
import domain.marketplace.models
import domain.messages.listeners  # mails account notices (core.signals.password_reset_asked, …)
import domain.messages.models
import domain.partners.models
import domain.payables.models
import domain.simulations.listeners
import domain.simulations.models
import domain.tenancy.models
import domain.webhooks.listeners  # fans an outbox event out to the endpoints (core.signals.event_emitted)
import domain.webhooks.models  # noqa: F401
