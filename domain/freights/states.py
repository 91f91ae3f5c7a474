"""Freight and offer statuses, their pt-BR labels and the rules a status change obeys."""

# The contract's eight, plus `aceito` (what accepting an offer sets).
FREIGHT_STATUSES = ("draft", "published", "negotiating", "aceito", "assigned", "picked_up", "in_transit",
                    "delivered", "cancelled")
TERMINAL = ("delivered", "cancelled")
FREIGHT_STATUS_LABELS = {
    "draft": "Rascunho", "published": "Publicado", "negotiating": "Em negociação", "aceito": "Aceito",
    "assigned": "Atribuído", "picked_up": "Coletado", "in_transit": "Em trânsito", "delivered": "Entregue",
    "cancelled": "Cancelado",
}
FREIGHT_BADGES = {
    "draft": "badge-muted", "published": "badge-info", "negotiating": "badge-warn", "aceito": "badge-ok",
    "assigned": "badge-ok", "picked_up": "badge-info", "in_transit": "badge-info", "delivered": "badge-ok",
    "cancelled": "badge-muted",
}
# Statuses in which offers can still be registered.
OPEN_FOR_OFFERS = ("draft", "published", "negotiating")
# Moving here needs these fields set (field -> pt-BR name).
REQUIRES = {
    "assigned": {"carrier": "transportador"},
    "picked_up": {"driver_id": "motorista", "vehicle_id": "veículo"},
    "in_transit": {"driver_id": "motorista", "vehicle_id": "veículo"},
}

VISIBILITIES = ("privado", "publico")

OFFER_STATUSES = ("pendente", "contraproposta", "aceita", "rejeitada", "expirada")
OPEN_OFFER = ("pendente", "contraproposta")
OFFER_STATUS_LABELS = {"pendente": "Pendente", "contraproposta": "Contraproposta", "aceita": "Aceita",
                       "rejeitada": "Rejeitada", "expirada": "Expirada"}
OFFER_BADGES = {"pendente": "badge-warn", "contraproposta": "badge-info", "aceita": "badge-ok",
                "rejeitada": "badge-muted", "expirada": "badge-muted"}
OTHER_OFFER_ACCEPTED = "outra oferta aceita"
