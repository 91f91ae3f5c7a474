from enum import Enum

class CiotEmissionDataEnvironment(str, Enum):
    HOMOLOG = "homolog"
    PRODUCAO = "producao"

    def __str__(self) -> str:
        return str(self.value)
