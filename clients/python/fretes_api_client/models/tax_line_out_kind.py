from enum import Enum

class TaxLineOutKind(str, Enum):
    COFINS = "cofins"
    ICMS = "icms"
    PIS = "pis"

    def __str__(self) -> str:
        return str(self.value)
