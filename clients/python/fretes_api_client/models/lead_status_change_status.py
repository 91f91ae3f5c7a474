from enum import Enum

class LeadStatusChangeStatus(str, Enum):
    CONTATADO = "contatado"
    CONVERTIDO = "convertido"
    DESCARTADO = "descartado"
    NOVO = "novo"

    def __str__(self) -> str:
        return str(self.value)
