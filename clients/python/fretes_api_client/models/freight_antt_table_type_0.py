from enum import Enum

class FreightAnttTableType0(str, Enum):
    A = "A"
    B = "B"
    C = "C"
    D = "D"

    def __str__(self) -> str:
        return str(self.value)
