from enum import Enum

class CiotAgregadoOutContratadoCategoria(str, Enum):
    TAC = "TAC"
    TAC_EQUIPARADO = "TAC_EQUIPARADO"

    def __str__(self) -> str:
        return str(self.value)
