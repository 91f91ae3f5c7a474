from enum import Enum

class MessageStatus(str, Enum):
    DELIVERED = "delivered"
    FAILED = "failed"
    QUEUED = "queued"
    SENT = "sent"

    def __str__(self) -> str:
        return str(self.value)
