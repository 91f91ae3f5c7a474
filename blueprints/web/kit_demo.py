"""The page kit on one page (templates/kit_demo.html): every component of templates/_macros/kit.html and
_macros/forms.html with sample content, for the component screenshots of docs/pages.md
(`python scripts/screenshots.py --kit docs/img`) and for trying a change to the kit in a browser.

Not part of the application: create_app registers it only with `KIT_DEMO = True` (the test app and the screenshots
script set it).
"""
import json

from flask import Blueprint, render_template, request
from flask_login import login_required
from werkzeug.datastructures import MultiDict
from wtforms import Form, StringField

from blueprints.web.formkit import DecimalBRField, MaskedField

bp = Blueprint("kit_demo", __name__, url_prefix="/kit")

SAMPLE_PARTNERS = (("João Transportes da Silva", "529.982.247-25 · RNTRC 012345678 · TAC"),
                   ("João Pedro Cargas Ltda", "11.222.333/0001-81 · RNTRC 987654321 · ETC"))


class DemoForm(Form):
    """Fields and rendering only (like the pages' PlainForm): one of each masked kind."""
    valor_frete = DecimalBRField("Valor do frete (R$)", places=2, mask="money")
    peso = DecimalBRField("Peso da carga (kg)", places=3, mask="weight")
    documento = MaskedField("CPF/CNPJ", mask="cpf_cnpj")
    telefone = MaskedField("Telefone", mask="phone")
    placa = MaskedField("Placa", mask="plate")
    cep = MaskedField("CEP", mask="cep")
    chave_pix = MaskedField("Chave PIX", mask="pix_key")
    observacoes = StringField("Observações")


@bp.get("/")
@login_required
def page():
    form = DemoForm(MultiDict({"valor_frete": "5.000,00", "peso": "20.000,5", "documento": "529.982.247-2",
                               "telefone": "(11) 98765-4321", "placa": "ABC1D23"}))
    form.documento.errors = ["CPF incompleto: são 11 dígitos."]
    return render_template("kit_demo.html", form=form)


@bp.get("/busca")
@login_required
def search():
    """The picker's sample answer: the partners whose name contains `q`."""
    query = (request.args.get("q") or "").strip().lower()
    options = [{"id": f"kit-option-{i}", "label": name, "detail": detail,
                "fill_json": json.dumps({"kit_nome": name}, ensure_ascii=False)}
               for i, (name, detail) in enumerate(SAMPLE_PARTNERS) if query and query in name.lower()]
    return render_template("ciot/_picker_options.html", options=options if len(query) >= 2 else None, query=query)
