from enum import Enum

class MethodologyTaxMode(str, Enum):
    BY_INSIDE = "by_inside"
    BY_OUTSIDE = "by_outside"

    def __str__(self) -> str:
        return str(self.value)
