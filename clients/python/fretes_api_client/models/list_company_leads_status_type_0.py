from enum import Enum

class ListCompanyLeadsStatusType0(str, Enum):
    CONTATADO = "contatado"
    CONVERTIDO = "convertido"
    DESCARTADO = "descartado"
    NOVO = "novo"

    def __str__(self) -> str:
        return str(self.value)
