from enum import Enum

class CiotContratanteOutPapelType0(str, Enum):
    INTERMEDIARIO = "intermediario"
    PRINCIPAL = "principal"
    SOLIDARIO = "solidario"

    def __str__(self) -> str:
        return str(self.value)
