from enum import Enum

class ListVehiclesStatusType0(str, Enum):
    ATIVO = "ativo"
    INATIVO = "inativo"
    MANUTENCAO = "manutencao"

    def __str__(self) -> str:
        return str(self.value)
