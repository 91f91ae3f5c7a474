from enum import Enum

class CiotAgregadoVeiculoTipoVeiculoType0(str, Enum):
    AUTOMOTOR = "automotor"
    CAVALO_TRATOR = "cavalo_trator"
    IMPLEMENTO = "implemento"

    def __str__(self) -> str:
        return str(self.value)
