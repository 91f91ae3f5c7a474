from enum import Enum

class ListWebhookDeliveriesEventTypeType0(str, Enum):
    FREIGHT_STATUS_CHANGED = "freight.status_changed"
    MARKETPLACE_LEAD_CREATED = "marketplace.lead.created"
    OFFER_ACCEPTED = "offer.accepted"
    SIMULATION_CONVERTED = "simulation.converted"
    SIMULATION_CREATED = "simulation.created"
    WEBHOOK_TEST = "webhook.test"

    def __str__(self) -> str:
        return str(self.value)
