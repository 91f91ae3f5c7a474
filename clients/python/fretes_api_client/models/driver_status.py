from enum import Enum

class DriverStatus(str, Enum):
    ATIVO = "ativo"
    INATIVO = "inativo"

    def __str__(self) -> str:
        return str(self.value)
