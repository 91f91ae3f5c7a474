"""How freights and their offers read to people: each status's pt-BR label and badge tone (core.formatting,
"Statuses"), the one table the pages, the dashboard and the domain's messages read."""
from core.formatting import status_labels

STATUS = {
    "draft": ("Rascunho", "muted"), "published": ("Publicado", "info"), "negotiating": ("Em negociação", "warn"),
    "aceito": ("Aceito", "ok"), "assigned": ("Atribuído", "ok"), "picked_up": ("Coletado", "info"),
    "in_transit": ("Em trânsito", "info"), "delivered": ("Entregue", "ok"), "cancelled": ("Cancelado", "muted"),
}
# A published freight that only the company sees: the freight page's words for its status.
PRIVATE_PUBLISHED_LABEL = "Aberto (privado)"
OFFER_STATUS = {
    "pendente": ("Pendente", "warn"), "contraproposta": ("Contraproposta", "info"), "aceita": ("Aceita", "ok"),
    "rejeitada": ("Rejeitada", "muted"), "expirada": ("Expirada", "muted"),
}
STATUS_LABELS = status_labels(STATUS)
OFFER_STATUS_LABELS = status_labels(OFFER_STATUS)
