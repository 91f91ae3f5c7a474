from enum import Enum

class FreightVisibility(str, Enum):
    PRIVADO = "privado"
    PUBLICO = "publico"

    def __str__(self) -> str:
        return str(self.value)
