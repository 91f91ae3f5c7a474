"""How partners read to people: the active flag as a status (`ativo` / `inativo`), its pt-BR label and badge tone
(core.formatting, "Statuses")."""

STATUS = {"ativo": ("Ativo", "ok"), "inativo": ("Inativo", "muted")}


def status_of(partner) -> str:
    return "ativo" if partner.is_active else "inativo"
