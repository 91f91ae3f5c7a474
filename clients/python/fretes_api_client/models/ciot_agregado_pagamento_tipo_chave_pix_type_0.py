from enum import Enum

class CiotAgregadoPagamentoTipoChavePixType0(str, Enum):
    ALEATORIA = "aleatoria"
    CNPJ = "cnpj"
    CPF = "cpf"
    EMAIL = "email"
    TELEFONE = "telefone"

    def __str__(self) -> str:
        return str(self.value)
