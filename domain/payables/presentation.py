"""How titles (payables, and receivables, which share the statuses) read to people: each status's pt-BR label and
badge tone (core.formatting, "Statuses"); `vencido` is shown, not stored (an open title past its due date)."""

STATUS = {
    "aberto": ("Aberto", "info"), "parcial": ("Parcial", "warn"), "vencido": ("Vencido", "danger"),
    "pago": ("Pago", "ok"), "cancelado": ("Cancelado", "muted"),
}
