from enum import Enum

class CiotAgregadoOutStatus(str, Enum):
    ABERTO = "aberto"
    CANCELADO = "cancelado"
    EM_ENCERRAMENTO = "em_encerramento"
    ENCERRADO = "encerrado"

    def __str__(self) -> str:
        return str(self.value)
