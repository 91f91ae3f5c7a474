from enum import Enum

class DriverCnhCategoryType0(str, Enum):
    A = "A"
    AB = "AB"
    AC = "AC"
    AD = "AD"
    AE = "AE"
    B = "B"
    C = "C"
    D = "D"
    E = "E"

    def __str__(self) -> str:
        return str(self.value)
