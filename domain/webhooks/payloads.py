"""The `data` of every event the platform sends, typed for the OpenAPI document's `webhooks` section. Each model
lives next to its emitter, which fills it with core.responses.dump (domain/freights, domain/marketplace,
domain/simulations serializers; the test event here), and is registered here with its summary, in the document's
order. tests/webhooks/test_event_payloads.py validates the events real actions write against these schemas (fields
are only ever added: docs/api/webhooks.md)."""
from core.responses import ResponseModel, Uuid, webhook_event
from domain.freights.serializers import FreightStatusChangedData, OfferAcceptedData
from domain.marketplace.serializers import MarketplaceLeadCreatedData
from domain.simulations.serializers import SimulationConvertedData, SimulationCreatedData

webhook_event("freight.status_changed", "Um frete mudou de status.")(FreightStatusChangedData)
webhook_event("offer.accepted", "Uma oferta de transportador foi aceita (o frete fica `aceito`).")(OfferAcceptedData)
webhook_event("marketplace.lead.created", "Um motorista registrou interesse num frete público.")(
    MarketplaceLeadCreatedData)
webhook_event("simulation.created", "Uma simulação foi salva (empresas com integrations.webhooks).")(
    SimulationCreatedData)
webhook_event("simulation.converted", "Uma simulação foi ligada a um frete (empresas com integrations.webhooks).")(
    SimulationConvertedData)


@webhook_event("webhook.test", "Evento de teste (painel ou POST /webhooks/endpoints/{id}/test).")
class WebhookTestData(ResponseModel):
    mensagem: str
    endpoint_id: Uuid
