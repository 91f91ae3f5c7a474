from enum import Enum

class MarketplaceLeadCountStatus(str, Enum):
    CONTATADO = "contatado"
    CONVERTIDO = "convertido"
    DESCARTADO = "descartado"
    NOVO = "novo"

    def __str__(self) -> str:
        return str(self.value)
