from enum import Enum

class CiotOperationComposicaoContratadaType0(str, Enum):
    APENAS_TRACAO = "apenas_tracao"
    COMPLETA = "completa"

    def __str__(self) -> str:
        return str(self.value)
