from enum import Enum

class PartnerCreatePersonKind(str, Enum):
    PF = "pf"
    PJ = "pj"

    def __str__(self) -> str:
        return str(self.value)
