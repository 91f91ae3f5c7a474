from enum import Enum

class CiotPaymentOutKind(str, Enum):
    ADIANTAMENTO = "adiantamento"
    AJUSTE = "ajuste"
    PARCELA = "parcela"
    PEDAGIO = "pedagio"
    SALDO = "saldo"

    def __str__(self) -> str:
        return str(self.value)
