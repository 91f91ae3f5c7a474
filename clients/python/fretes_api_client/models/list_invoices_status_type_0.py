from enum import Enum

class ListInvoicesStatusType0(str, Enum):
    CANCELADA = "cancelada"
    EMITIDA = "emitida"
    ENCERRADA = "encerrada"
    RASCUNHO = "rascunho"

    def __str__(self) -> str:
        return str(self.value)
