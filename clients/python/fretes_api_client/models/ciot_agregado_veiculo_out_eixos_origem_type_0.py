from enum import Enum

class CiotAgregadoVeiculoOutEixosOrigemType0(str, Enum):
    FROTA = "frota"
    INFORMADO = "informado"

    def __str__(self) -> str:
        return str(self.value)
