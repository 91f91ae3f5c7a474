"""How webhook endpoints and deliveries read to people: each status's pt-BR label and badge tone (core.formatting,
"Statuses"); an endpoint's status is its `enabled` flag."""
from core.formatting import status_labels

DELIVERY_STATUS = {"pending": ("Pendente", "warn"), "delivered": ("Entregue", "ok"), "failed": ("Falhou", "danger")}
DELIVERY_STATUS_LABELS = status_labels(DELIVERY_STATUS)
ENDPOINT_STATUS = {"ativo": ("Ativo", "ok"), "desativado": ("Desativado", "danger")}


