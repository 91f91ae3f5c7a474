from enum import Enum

class CiotOperationIndicadorPagamentoType0(str, Enum):
    PRAZO = "prazo"
    VISTA = "vista"

    def __str__(self) -> str:
        return str(self.value)
