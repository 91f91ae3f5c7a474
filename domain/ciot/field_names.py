"""The CIOT operation's fields as people call them, for the timeline and the messages written in the domain
("Operação alterada: valor do frete, veículos, pagamentos."). The API keeps the names in the event's data
(`fields`); the words here are what a dispatcher reads. Every field a PATCH can change has an entry (tested)."""

FIELD_NAMES = {
    "external_id": "identificador no seu sistema",
    "freight_id": "frete vinculado",
    "tipo_operacao": "tipo de operação",
    "contratado_cpf_cnpj": "CPF/CNPJ do contratado",
    "contratado_rntrc": "RNTRC do contratado",
    "contratado_tipo": "tipo do contratado",
    "contratado_nome": "nome do contratado",
    "equiparado_tac": "equiparação a TAC",
    "distancia_km": "distância",
    "codigo_natureza_carga": "natureza da carga",
    "codigo_tipo_carga": "tipo de carga",
    "composicao_contratada": "composição contratada",
    "alto_desempenho": "alto desempenho",
    "retorno_vazio": "retorno vazio",
    "peso_carga": "peso da carga",
    "valor_frete": "valor do frete",
    "destinatario_cpf_cnpj": "CPF/CNPJ do destinatário",
    "destinatario_nome": "nome do destinatário",
    "bank_code": "banco",
    "agency": "agência",
    "account_number": "conta",
    "cpf_cnpj_owner": "CPF/CNPJ do titular da conta",
    "titular_parentesco": "parentesco do titular",
    "data_declaracao": "data da declaração",
    "viagem_inicio": "início da viagem",
    "viagem_fim": "fim da viagem",
    "chave_pix": "chave PIX",
    "tipo_chave_pix": "tipo da chave PIX",
    "tipo_pagamento": "forma de pagamento",
    "indicador_pagamento": "indicador de pagamento",
    "contingencia": "contingência",
    "justificativa_contingencia": "justificativa da contingência",
    "data_emissao_original": "data da emissão original",
    "origem": "origem",
    "destino": "destino",
    "contratantes": "contratantes",
    "vehicles": "veículos",
    "payments": "pagamentos",
    "documents": "documentos fiscais",
}


def field_name(name: str) -> str:
    """`valor_frete` → "valor do frete"; a name without an entry is shown with spaces, never with underscores."""
    return FIELD_NAMES.get(name) or name.replace("_", " ")


def field_names(names) -> str:
    """`["valor_frete", "vehicles"]` → "valor do frete, veículos"."""
    return ", ".join(field_name(name) for name in names)
