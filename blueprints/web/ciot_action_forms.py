"""The operation page's action forms (cancel, close, rectify) as WTForms forms rendered by the kit's `field`.

Their input names are the API bodies' fields (CancelBody, CloseBody, RectifyBody), which read and check what is
posted (blueprints/web/ciot.py `_form_body`): the forms carry no validators. Ids are prefixed by the action, since
the close and rectify forms both have `observacoes` on the same page.
"""
from wtforms import DateField, DateTimeLocalField, IntegerField, TextAreaField

from blueprints.web.formkit import DecimalBRField
from blueprints.web.forms_adapter import attach_errors
from blueprints.web.record_pages import PlainForm
from core.errors import FieldError


class CancelForm(PlainForm):
    motivo = TextAreaField("Motivo do cancelamento", id="cancel-motivo")


class CloseForm(PlainForm):
    peso_carga_final = DecimalBRField("Peso final da carga (kg)", places=3, mask="weight",
                                      id="close-peso_carga_final")
    distancia = DecimalBRField("Distância percorrida (km)", places=2, mask="distance", id="close-distancia")
    quantidade_viagens = IntegerField("Quantidade de viagens", id="close-quantidade_viagens")
    data_encerramento = DateField("Data de encerramento", id="close-data_encerramento")
    observacoes = TextAreaField("Observações", id="close-observacoes")


class RectifyForm(PlainForm):
    valor_frete = DecimalBRField("Valor do frete (R$)", places=2, mask="money", id="rectify-valor_frete")
    peso_carga = DecimalBRField("Peso da carga (kg)", places=3, mask="weight", id="rectify-peso_carga")
    data_declaracao = DateField("Data da declaração", id="rectify-data_declaracao")
    viagem_inicio = DateTimeLocalField("Início da viagem", id="rectify-viagem_inicio")
    viagem_fim = DateTimeLocalField("Fim da viagem", id="rectify-viagem_fim")
    observacoes = TextAreaField("Justificativa", id="rectify-observacoes")


ACTION_FORMS = {"cancel": CancelForm, "close": CloseForm, "rectify": RectifyForm}


def field_names(action: str) -> tuple[str, ...]:
    """The body fields an action's form posts."""
    return tuple(f.short_name for f in ACTION_FORMS[action](formdata=None))


def action_forms(posted, open_form: str | None, errors: list[FieldError]) -> dict:
    """Every action form of the panel: the one just posted (`open_form`) keeps what was typed and shows its
    errors next to the inputs; the others are empty."""
    forms = {}
    for action, form_class in ACTION_FORMS.items():
        form = form_class(formdata=posted if action == open_form else None)
        if action == open_form:
            attach_errors(form, errors)
        forms[action] = form
    return forms
