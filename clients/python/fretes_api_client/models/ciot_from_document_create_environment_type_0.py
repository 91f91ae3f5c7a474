from enum import Enum

class CiotFromDocumentCreateEnvironmentType0(str, Enum):
    HOMOLOG = "homolog"
    PRODUCAO = "producao"

    def __str__(self) -> str:
        return str(self.value)
