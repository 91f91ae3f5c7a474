"""How sent messages read to people: each status's pt-BR label and badge tone (core.formatting, "Statuses")."""

STATUS = {
    "queued": ("Na fila", "warn"), "sent": ("Enviada", "info"), "delivered": ("Entregue", "ok"),
    "failed": ("Falhou", "danger"),
    # Not stored: what a sent or delivered message of the development channel shows (it sends nothing).
    "simulated": ("Simulada", "muted"),
}
# The channel whose messages are shown as `simulated` once sent.
SIMULATED_PROVIDER = "development"
CHANNEL_LABELS = {"whatsapp": "WhatsApp", "sms": "SMS", "email": "E-mail"}


def shown_status(message) -> str:
    """The status code the pages show for a message: `simulated` for what the development channel "sent"."""
    if message.provider == SIMULATED_PROVIDER and message.status in ("sent", "delivered"):
        return "simulated"
    return message.status
