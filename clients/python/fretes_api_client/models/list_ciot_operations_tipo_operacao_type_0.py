from enum import Enum

class ListCiotOperationsTipoOperacaoType0(str, Enum):
    FRACIONADA = "fracionada"
    LOTACAO = "lotacao"

    def __str__(self) -> str:
        return str(self.value)
