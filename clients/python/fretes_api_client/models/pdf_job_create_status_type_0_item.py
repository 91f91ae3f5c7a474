from enum import Enum

class PdfJobCreateStatusType0Item(str, Enum):
    CANCELADO = "cancelado"
    EMITIDO = "emitido"
    ENCERRADO = "encerrado"

    def __str__(self) -> str:
        return str(self.value)
