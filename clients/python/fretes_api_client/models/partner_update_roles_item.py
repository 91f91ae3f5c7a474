from enum import Enum

class PartnerUpdateRolesItem(str, Enum):
    CLIENTE_FRETE = "cliente_frete"
    CONTRATADO = "contratado"
    CONTRATANTE = "contratante"
    DESTINATARIO = "destinatario"
    FORNECEDOR = "fornecedor"
    REMETENTE = "remetente"
    TOMADOR = "tomador"

    def __str__(self) -> str:
        return str(self.value)
