"""How marketplace leads read to people: each status's pt-BR label and badge tone (core.formatting, "Statuses")."""
from core.formatting import status_labels

STATUS = {"novo": ("Novo", "warn"), "contatado": ("Contatado", "info"), "convertido": ("Convertido", "ok"),
          "descartado": ("Descartado", "muted")}
STATUS_LABELS = status_labels(STATUS)
