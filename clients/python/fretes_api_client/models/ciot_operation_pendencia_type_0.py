from enum import Enum

class CiotOperationPendenciaType0(str, Enum):
    CANCELAMENTO = "cancelamento"
    EMISSAO = "emissao"
    ENCERRAMENTO = "encerramento"
    RETIFICACAO = "retificacao"

    def __str__(self) -> str:
        return str(self.value)
