from enum import Enum

class TacWithholdingLineKind(str, Enum):
    INSS = "inss"
    IRRF = "irrf"
    SENAT = "senat"
    SEST = "sest"

    def __str__(self) -> str:
        return str(self.value)
