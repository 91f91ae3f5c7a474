from enum import Enum

class CiotActionPendingStatus(str, Enum):
    CANCELADO = "cancelado"
    COM_DIVERGENCIA = "com_divergencia"
    EMITIDO = "emitido"
    EMITINDO = "emitindo"
    ENCERRADO = "encerrado"
    PRONTO_EMISSAO = "pronto_emissao"
    RASCUNHO = "rascunho"
    REJEITADO = "rejeitado"
    VALIDADO = "validado"

    def __str__(self) -> str:
        return str(self.value)
