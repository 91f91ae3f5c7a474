from enum import Enum

class CiotPlaceTipo(str, Enum):
    CEP = "cep"
    LATLNG = "latlng"
    MUNICIPIO = "municipio"

    def __str__(self) -> str:
        return str(self.value)
