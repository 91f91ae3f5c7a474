from enum import Enum

class CiotAgregadoDebitoOutStatus(str, Enum):
    ATIVO = "ativo"
    CANCELADO = "cancelado"

    def __str__(self) -> str:
        return str(self.value)
