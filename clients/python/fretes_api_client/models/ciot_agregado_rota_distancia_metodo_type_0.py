from enum import Enum

class CiotAgregadoRotaDistanciaMetodoType0(str, Enum):
    ESTIMADA = "estimada"
    INFORMADA = "informada"
    ROTA = "rota"

    def __str__(self) -> str:
        return str(self.value)
