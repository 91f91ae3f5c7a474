from enum import Enum

class CiotAgregadoPendenciaTipo(str, Enum):
    CANCELAMENTO = "cancelamento"
    DECLARACAO = "declaracao"
    ENCERRAMENTO = "encerramento"
    RETIFICACAO = "retificacao"

    def __str__(self) -> str:
        return str(self.value)
