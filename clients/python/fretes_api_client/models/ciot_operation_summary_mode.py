from enum import Enum

class CiotOperationSummaryMode(str, Enum):
    IMPORTED = "imported"
    NORMAL = "normal"

    def __str__(self) -> str:
        return str(self.value)
