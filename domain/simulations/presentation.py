"""How price simulations read to people: each status's pt-BR label and badge tone (core.formatting, "Statuses")."""

STATUS = {"saved": ("Salva", "info"), "converted": ("Convertida em frete", "ok")}
