from enum import Enum

class AnttFloorPieceKey(str, Enum):
    DISPLACEMENT = "displacement"
    EMPTY_RETURN = "empty_return"
    LOADING = "loading"
    TOLLS = "tolls"

    def __str__(self) -> str:
        return str(self.value)
