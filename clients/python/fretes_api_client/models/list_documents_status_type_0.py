from enum import Enum

class ListDocumentsStatusType0(str, Enum):
    DESCARTADO = "descartado"
    FATURADO = "faturado"
    PENDENTE = "pendente"
    VINCULADO = "vinculado"

    def __str__(self) -> str:
        return str(self.value)
