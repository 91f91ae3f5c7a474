from enum import Enum

class CiotAgregadoPendenciaTipo(str, Enum):
    CANCELAMENTO = "cancelamento"
    DECLARACAO = "declaracao"
    ENCERRAMENTO = "encerramento"

    def __str__(self) -> str:
        return str(self.value)
