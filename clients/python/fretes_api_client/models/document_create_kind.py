from enum import Enum

class DocumentCreateKind(str, Enum):
    CTE = "cte"
    NFE = "nfe"
    OUTRO = "outro"
    PDF = "pdf"
    XLSX = "xlsx"

    def __str__(self) -> str:
        return str(self.value)
