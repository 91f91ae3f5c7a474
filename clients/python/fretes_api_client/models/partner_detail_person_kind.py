from enum import Enum

class PartnerDetailPersonKind(str, Enum):
    PF = "pf"
    PJ = "pj"

    def __str__(self) -> str:
        return str(self.value)
