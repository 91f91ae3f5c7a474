from enum import Enum

class MethodologyInputOutType(str, Enum):
    BOOLEAN = "boolean"
    ENUM = "enum"
    INTEGER = "integer"
    NUMBER = "number"

    def __str__(self) -> str:
        return str(self.value)
