"""How users' access and API keys read to people: each status's pt-BR label and badge tone (core.formatting,
"Statuses"); both are flags on the record (`is_active_user`, `revoked_at`), shown as statuses."""

USER_STATUS = {"ativo": ("Ativo", "ok"), "desativado": ("Desativado", "muted")}
API_KEY_STATUS = {"ativa": ("Ativa", "ok"), "revogada": ("Revogada", "muted")}
