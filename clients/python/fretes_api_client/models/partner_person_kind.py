from enum import Enum

class PartnerPersonKind(str, Enum):
    PF = "pf"
    PJ = "pj"

    def __str__(self) -> str:
        return str(self.value)
