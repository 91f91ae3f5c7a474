from enum import Enum

class CiotOperationCreateTipoOperacao(str, Enum):
    FRACIONADA = "fracionada"
    LOTACAO = "lotacao"

    def __str__(self) -> str:
        return str(self.value)
