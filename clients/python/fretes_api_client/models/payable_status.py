from enum import Enum

class PayableStatus(str, Enum):
    ABERTO = "aberto"
    CANCELADO = "cancelado"
    PAGO = "pago"
    PARCIAL = "parcial"
    VENCIDO = "vencido"

    def __str__(self) -> str:
        return str(self.value)
