from enum import Enum

class CiotDocumentOutKind(str, Enum):
    CTE = "cte"
    MDFE = "mdfe"
    NFE = "nfe"

    def __str__(self) -> str:
        return str(self.value)
