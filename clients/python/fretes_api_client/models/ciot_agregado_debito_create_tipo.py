from enum import Enum

class CiotAgregadoDebitoCreateTipo(str, Enum):
    ABASTECIMENTO = "abastecimento"
    ADIANTAMENTO = "adiantamento"
    MANUTENCAO = "manutencao"
    MULTA = "multa"
    OUTROS = "outros"
    PEDAGIO = "pedagio"

    def __str__(self) -> str:
        return str(self.value)
