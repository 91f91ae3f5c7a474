from enum import Enum

class VehicleCreateStatus(str, Enum):
    ATIVO = "ativo"
    INATIVO = "inativo"
    MANUTENCAO = "manutencao"

    def __str__(self) -> str:
        return str(self.value)
