from enum import Enum

class FreightStatusChangeStatus(str, Enum):
    ACEITO = "aceito"
    ASSIGNED = "assigned"
    CANCELLED = "cancelled"
    DELIVERED = "delivered"
    DRAFT = "draft"
    IN_TRANSIT = "in_transit"
    NEGOTIATING = "negotiating"
    PICKED_UP = "picked_up"
    PUBLISHED = "published"

    def __str__(self) -> str:
        return str(self.value)
