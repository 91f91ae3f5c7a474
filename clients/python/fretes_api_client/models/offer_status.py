from enum import Enum

class OfferStatus(str, Enum):
    ACEITA = "aceita"
    CONTRAPROPOSTA = "contraproposta"
    EXPIRADA = "expirada"
    PENDENTE = "pendente"
    REJEITADA = "rejeitada"

    def __str__(self) -> str:
        return str(self.value)
