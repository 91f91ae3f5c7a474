from enum import Enum

class CiotModalitySource(str, Enum):
    BODY = "body"
    PARTNER = "partner"

    def __str__(self) -> str:
        return str(self.value)
