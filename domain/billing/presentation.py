"""How invoices and fiscal documents read to people: each status's pt-BR label and badge tone (core.formatting,
"Statuses"), for the pages and the invoice PDF."""

STATUS = {
    "rascunho": ("Rascunho", "draft"), "emitida": ("Emitida", "info"), "encerrada": ("Encerrada (paga)", "ok"),
    "cancelada": ("Cancelada", "muted"),
}
DOCUMENT_STATUS = {
    "pendente": ("Pendente", "warn"), "vinculado": ("Em rascunho", "info"), "faturado": ("Faturado", "ok"),
    "descartado": ("Descartado", "muted"),
}
