"""The `data` of every event the platform sends, typed for the OpenAPI document's `webhooks` section (each event's
emitter builds that dict: domain/freights, domain/marketplace, domain/simulations, domain/webhooks).
tests/webhooks/test_event_payloads.py validates the events real actions write against these schemas, so a field
added by an emitter fails until it is declared here (fields are only ever added: docs/api/webhooks.md)."""
from typing import Any

from pydantic import Field

from core.responses import ResponseModel, Timestamp, Uuid, webhook_event
from domain.freights.states import FREIGHT_STATUSES


@webhook_event("freight.status_changed", "Um frete mudou de status.")
class FreightStatusChangedData(ResponseModel):
    id: Uuid
    code: str = Field(description="FRT-000123")
    from_: str | None = Field(alias="from", description=f"Status anterior: {', '.join(FREIGHT_STATUSES)}.")
    to: str = Field(description="Novo status.")
    note: str | None


@webhook_event("offer.accepted", "Uma oferta de transportador foi aceita (o frete fica `aceito`).")
class OfferAcceptedData(ResponseModel):
    id: Uuid = Field(description="A oferta.")
    freight_id: Uuid
    freight_code: str
    price: float = Field(description="Preço acordado, em reais.")
    carrier_id: Uuid | None
    carrier_name: str | None


@webhook_event("marketplace.lead.created", "Um motorista registrou interesse num frete público.")
class MarketplaceLeadCreatedData(ResponseModel):
    id: Uuid
    freight_id: Uuid
    freight_code: str
    status: str
    driver_name: str
    created_at: Timestamp


@webhook_event("simulation.created", "Uma simulação foi salva (empresas com integrations.webhooks).")
class SimulationCreatedData(ResponseModel):
    id: Uuid
    methodology_id: Uuid
    methodology_version: int
    total: float
    currency: str
    status: str
    inputs: dict[str, Any]
    freight_id: Uuid | None
    created_by: str | None


@webhook_event("simulation.converted", "Uma simulação foi ligada a um frete (empresas com integrations.webhooks).")
class SimulationConvertedData(ResponseModel):
    id: Uuid
    methodology_id: Uuid
    total: float
    currency: str
    freight_id: Uuid


@webhook_event("webhook.test", "Evento de teste (painel ou POST /webhooks/endpoints/{id}/test).")
class WebhookTestData(ResponseModel):
    mensagem: str
    endpoint_id: Uuid
