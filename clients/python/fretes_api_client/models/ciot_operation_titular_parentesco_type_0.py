from enum import Enum

class CiotOperationTitularParentescoType0(str, Enum):
    COMPANHEIRO = "companheiro"
    CONJUGE = "conjuge"
    PARENTE_1_GRAU = "parente_1_grau"
    PARENTE_2_GRAU = "parente_2_grau"

    def __str__(self) -> str:
        return str(self.value)
