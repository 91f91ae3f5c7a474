from enum import Enum

class CiotDocumentKind(str, Enum):
    CTE = "cte"
    MDFE = "mdfe"
    NFE = "nfe"

    def __str__(self) -> str:
        return str(self.value)
