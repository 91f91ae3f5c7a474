"""How vehicles and drivers read to people: each status's pt-BR label and badge tone (core.formatting,
"Statuses")."""
from core.formatting import status_labels

VEHICLE_STATUS = {"ativo": ("Ativo", "ok"), "manutencao": ("Em manutenção", "warn"), "inativo": ("Inativo", "muted")}
DRIVER_STATUS = {"ativo": ("Ativo", "ok"), "inativo": ("Inativo", "muted")}
VEHICLE_STATUS_LABELS = status_labels(VEHICLE_STATUS)
DRIVER_STATUS_LABELS = status_labels(DRIVER_STATUS)
# A spreadsheet import's lines: the mark of each line before the import (domain.fleet.staged_import) and what
# happened to it after, shown as the words stored.
IMPORT_LINE_STATUS = {"novo": ("novo", "ok"), "duplicado": ("duplicado", "warn"), "inválido": ("inválido", "danger")}
IMPORT_OUTCOME_STATUS = {"criado": ("criado", "ok"), "duplicado": ("duplicado", "warn"),
                         "inválido": ("inválido", "danger")}
