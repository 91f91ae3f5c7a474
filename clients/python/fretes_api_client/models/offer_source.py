from enum import Enum

class OfferSource(str, Enum):
    API = "api"
    PAGINA = "pagina"
    PUBLICO = "publico"

    def __str__(self) -> str:
        return str(self.value)
