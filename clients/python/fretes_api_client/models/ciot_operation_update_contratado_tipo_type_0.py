from enum import Enum

class CiotOperationUpdateContratadoTipoType0(str, Enum):
    CTC = "CTC"
    ETC = "ETC"
    TAC = "TAC"

    def __str__(self) -> str:
        return str(self.value)
