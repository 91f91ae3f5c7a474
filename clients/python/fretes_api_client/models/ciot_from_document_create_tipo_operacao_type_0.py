from enum import Enum

class CiotFromDocumentCreateTipoOperacaoType0(str, Enum):
    FRACIONADA = "fracionada"
    LOTACAO = "lotacao"

    def __str__(self) -> str:
        return str(self.value)
