from enum import Enum

class InvoiceStatus(str, Enum):
    CANCELADA = "cancelada"
    EMITIDA = "emitida"
    ENCERRADA = "encerrada"
    RASCUNHO = "rascunho"

    def __str__(self) -> str:
        return str(self.value)
