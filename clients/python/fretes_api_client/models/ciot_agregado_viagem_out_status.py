from enum import Enum

class CiotAgregadoViagemOutStatus(str, Enum):
    ATIVA = "ativa"
    CANCELADA = "cancelada"

    def __str__(self) -> str:
        return str(self.value)
