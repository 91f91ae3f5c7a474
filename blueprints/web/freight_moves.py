"""The freight page's status buttons: the next steps the freight can take (domain.freights.services.next_statuses),
each with the question its confirmation asks, saying what happens (the public link closing, a final status); and the
public link those steps open and close."""
from typing import NamedTuple

from core.public_urls import public_url
from domain.freights import services
from domain.freights.models import SHOWCASE_STATUSES
from domain.freights.presentation import STATUS_LABELS as FREIGHT_STATUS_LABELS
from domain.freights.states import TERMINAL


class StatusMove(NamedTuple):
    status: str
    label: str
    question: str  # what the confirmation asks, saying what happens


def status_moves(freight) -> list[StatusMove]:
    """The freight page's status buttons (services.next_statuses), each with the question its confirmation asks."""
    return [StatusMove(status, FREIGHT_STATUS_LABELS[status], _move_question(freight, status))
            for status in services.next_statuses(freight)]


def _move_question(freight, status: str) -> str:
    label = FREIGHT_STATUS_LABELS[status].lower()
    said = [f"Cancelar o frete {freight.code}?" if status == "cancelled"
            else f"Mudar o status do frete {freight.code} para {label}?"]
    on_showcase = freight.visibility == "publico"
    if status == "published":
        said.append("Ele passa a receber ofertas e aparece na vitrine pública de fretes." if on_showcase
                    else "Ele passa a receber ofertas; por ser privado, não aparece na vitrine pública.")
    elif on_showcase and freight.status in SHOWCASE_STATUSES and status not in SHOWCASE_STATUSES:
        said.append("O link público do frete fecha: ele sai da vitrine e quem abrir o link verá que o frete já foi "
                    "fechado.")
    if status in TERMINAL:
        said.append("É um status final: depois dele o status não muda mais.")
    return " ".join(said)


def public_link(freight) -> str | None:
    """The address a carrier opens (/f/<slug>), while the showcase answers it: public and open to offers."""
    if freight.visibility != "publico" or freight.status not in SHOWCASE_STATUSES or not freight.public_slug:
        return None
    return public_url("marketplace.detail", slug=freight.public_slug)
