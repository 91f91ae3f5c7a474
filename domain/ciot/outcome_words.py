"""What the API and the pages say of an authority request's outcome (protocol.AuthorityOutcome.mensagem), per
action: the emission's words and those of rectify, cancel and close. Apart from the actions' handlers
(emission.py, authority.py), which import the protocol: the protocol reads its words here without importing them."""
from domain.ciot.issuer import environment_label
from domain.ciot.protocol_job import FAILED, REJECTED, SUCCEEDED

WHAT = {"rectify": "Retificação", "cancel": "Cancelamento", "close": "Encerramento"}


def outcome_message(outcome) -> str:
    if outcome.action == "emit":
        return emission_message(outcome)
    return authority_message(outcome)


def emission_message(outcome) -> str:
    op = outcome.op
    if outcome.state == SUCCEEDED:
        return f"CIOT {op.codigo_ciot} emitido ({environment_label(op.environment)})."
    if outcome.state == REJECTED:
        return f"Emissão rejeitada pela ANTT: {op.mensagem_antt}"
    if outcome.state == FAILED:
        if outcome.configuration:
            return f"A ANTT recusou a conexão da empresa; nada foi emitido. {outcome.error_message}"
        return "Falha técnica ao falar com o provedor CIOT; nada foi emitido. Tente novamente."
    return f"Emissão em andamento; consulte a operação {op.code} em instantes."


def authority_message(outcome) -> str:
    """Rectify, cancel and close."""
    op, what = outcome.op, WHAT[outcome.action]
    if outcome.state == SUCCEEDED:
        return {"rectify": f"Retificação registrada na ANTT; CIOT {op.codigo_ciot} mantido.",
                "cancel": f"CIOT {op.codigo_ciot} cancelado.",
                "close": f"CIOT {op.codigo_ciot} encerrado."}[outcome.action]
    if outcome.state == REJECTED:
        return f"{what} rejeitado(a) pela ANTT: {op.mensagem_antt}"
    if outcome.state == FAILED:
        if outcome.configuration:
            return f"{what} não enviado(a): a ANTT recusou a conexão da empresa. {outcome.error_message}"
        return f"{what} não concluído(a): falha técnica ao falar com o provedor CIOT; nada foi alterado. Tente " \
               "novamente."
    return f"{what} enviado(a) à ANTT; a resposta ainda não chegou. Consulte a operação {op.code} em instantes."
