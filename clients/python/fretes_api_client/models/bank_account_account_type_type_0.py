from enum import Enum

class BankAccountAccountTypeType0(str, Enum):
    CORRENTE = "corrente"
    PAGAMENTO = "pagamento"
    POUPANCA = "poupanca"

    def __str__(self) -> str:
        return str(self.value)
