"""Freight and offer statuses and the rules a status change obeys (their pt-BR words: domain.freights.presentation)."""

# The contract's eight, plus `aceito` (what accepting an offer sets).
FREIGHT_STATUSES = ("draft", "published", "negotiating", "aceito", "assigned", "picked_up", "in_transit",
                    "delivered", "cancelled")
TERMINAL = ("delivered", "cancelled")
# The order a freight usually goes through (cancelling aside): the freight page offers the next steps of it.
FLOW = tuple(status for status in FREIGHT_STATUSES if status != "cancelled")
NEXT_OFFERED = 2
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
OTHER_OFFER_ACCEPTED = "outra oferta aceita"
