from enum import Enum

class CiotAgregadoPagamentoTipoPagamentoType0(str, Enum):
    CARTAO_PRE_PAGO_IP = "cartao_pre_pago_ip"
    CONTA_CORRENTE = "conta_corrente"
    CONTA_PAGAMENTO = "conta_pagamento"
    CONTA_POUPANCA = "conta_poupanca"
    PIX = "pix"

    def __str__(self) -> str:
        return str(self.value)
