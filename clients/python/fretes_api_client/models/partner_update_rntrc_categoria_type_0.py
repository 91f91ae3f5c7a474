from enum import Enum

class PartnerUpdateRntrcCategoriaType0(str, Enum):
    CTC = "CTC"
    ETC = "ETC"
    TAC = "TAC"
    TAC_EQUIPARADO = "TAC_EQUIPARADO"

    def __str__(self) -> str:
        return str(self.value)
