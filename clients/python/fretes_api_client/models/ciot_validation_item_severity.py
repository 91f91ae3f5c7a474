from enum import Enum

class CiotValidationItemSeverity(str, Enum):
    BLOCKER = "blocker"
    INFO = "info"
    WARNING = "warning"

    def __str__(self) -> str:
        return str(self.value)
