from enum import Enum

class CiotContratantePapelType0(str, Enum):
    INTERMEDIARIO = "intermediario"
    PRINCIPAL = "principal"
    SOLIDARIO = "solidario"

    def __str__(self) -> str:
        return str(self.value)
