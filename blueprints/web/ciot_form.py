"""The CIOT creation form: its fields (WTForms, one form per section and per row kind), and the mapping between
form names and the creation body.

Input names ARE body paths (`contratado_cpf_cnpj`, `origem.uf`, `vehicles[2].plate`), so a body error
(`vehicles[1].plate` from OperationCreate, or a rule's `field`) maps straight back to an input. Rows carry the
index they were rendered with; removing a row leaves a gap, so `DraftForm.rows` keeps, per list, the form indices
in order (body index i ↔ form index rows[kind][i]).
"""
import re
from dataclasses import dataclass, field
from typing import ClassVar

from werkzeug.datastructures import MultiDict
from wtforms import BooleanField, DateField, DateTimeLocalField, Form, SelectField, StringField
from wtforms.widgets import NumberInput

from blueprints.web.formkit import DecimalBRField, MaskedField, choices
from core.errors import FieldError
from core.formatting import cpf_cnpj, parse_decimal
from core.validators import FieldInvalid
from domain.ciot.presentation import (
    COMPOSICAO_LABELS,
    DOCUMENT_KIND_LABELS,
    INDICADOR_LABELS,
    LOCATION_TIPO_LABELS,
    PAPEL_LABELS,
    PAYMENT_KIND_LABELS,
    TIPO_CARGA_LABELS,
    TIPO_CHAVE_PIX_LABELS,
    TIPO_OPERACAO_LABELS,
    TIPO_PAGAMENTO_LABELS,
    TITULAR_PARENTESCO_LABELS,
    VEHICLE_KIND_LABELS,
)


class CiotFields(Form):
    """Fields and rendering only, like the other pages' PlainForm: the rules are OperationCreate's and the CIOT
    rules', so these forms carry no validators; `required` only marks the label (and the input's `required`).
    A section is bound to the posted values with its prefix: `origem.` or `vehicles[2].` (WTForms joins a prefix
    ending in `.` without a separator), so every input's name is its body path.

    The base is WTForms' `Form`, not PlainForm (a FlaskForm), on purpose: FlaskForm's one addition is binding to
    the request by itself, and these forms must never be. Many are bound per page, each to the draft's cleaned
    values (DraftForm: unknown names dropped, `destino.tipo` copied, the balance and axles filled), not to what
    was posted; the CSRF token is checked by CSRFProtect for every POST, as for PlainForm."""


class Required:
    """Marks a field required (label asterisk, `required` attribute); the schema checks it, not WTForms."""
    field_flags: ClassVar[dict] = {"required": True}

    def __call__(self, form, input_field):
        return None


REQUIRED = [Required()]


def select(label, labels: dict, blank: str | None = "—", **kw):
    pairs = ([("", blank)] if blank is not None else []) + list(labels.items())
    return SelectField(label, choices=choices(pairs), **kw)


def money(label, **kw):
    return DecimalBRField(label, places=2, mask="money", **kw)


def document(label, **kw):
    return MaskedField(label, mask="cpf_cnpj", **kw)


YES_NO = {"true": "Sim", "false": "Não"}
CONTRATADO_TIPOS = {"TAC": "TAC", "ETC": "ETC", "CTC": "CTC"}


class HeaderFields(CiotFields):
    environment = select("Ambiente", {"homolog": "Homologação", "producao": "Produção"}, None, validators=REQUIRED)
    tipo_operacao = select("Tipo de operação", TIPO_OPERACAO_LABELS, None, validators=REQUIRED)
    external_id = StringField("Identificador no seu sistema", description="Opcional; aparece nos registros.")
    data_declaracao = DateField("Data da declaração")


class ContratadoFields(CiotFields):
    contratado_cpf_cnpj = document("CPF/CNPJ do contratado", validators=REQUIRED)
    contratado_rntrc = StringField("RNTRC do contratado", validators=REQUIRED, render_kw={"placeholder": "9 dígitos"})
    contratado_tipo = select("Tipo do contratado", CONTRATADO_TIPOS,
                             description="Ignorado quando o parceiro cadastrado tem categoria RNTRC.")
    equiparado_tac = select("ETC equiparada a TAC", YES_NO)
    contratado_nome = StringField("Nome do contratado")


class DestinatarioFields(CiotFields):
    destinatario_cpf_cnpj = document("CPF/CNPJ do destinatário", description="Exigido pela ANTT (regra DS01).")
    destinatario_nome = StringField("Nome do destinatário")


class TripFields(CiotFields):
    distancia_km = DecimalBRField("Distância (km)", places=2, mask="distance",
                                  description="Vazio: estimada entre os municípios de origem e destino (confira).")
    viagem_inicio = DateTimeLocalField("Início da viagem")
    viagem_fim = DateTimeLocalField("Fim da viagem")


class CargoFields(CiotFields):
    codigo_natureza_carga = StringField("Código da natureza da carga", description="Tabela da ANTT (regra PRV04).")
    codigo_tipo_carga = select("Tipo de carga (piso mínimo)",
                               {str(code): f"{code} · {name}" for code, name in TIPO_CARGA_LABELS.items()},
                               description="Lotação e fracionada: tabela do piso mínimo da ANTT (regra CRG03).")
    composicao_contratada = select("Contratação", COMPOSICAO_LABELS, "Padrão: composição completa",
                                   description="Lotação: toda a composição (tabelas A/C) ou só a tração (B/D).")
    alto_desempenho = select("Alto desempenho", YES_NO, "Padrão: não", description="Lotação (tabelas C/D).")
    retorno_vazio = select("Retorno vazio", YES_NO, "Padrão: sim para contêiner, senão não",
                           description="Lotação: o retorno vazio entra no piso mínimo (Res. ANTT 5.867/2020).")
    peso_carga = DecimalBRField("Peso da carga (kg)", places=3, mask="weight")
    valor_frete = money("Valor do frete (R$)")


class PaymentRootFields(CiotFields):
    tipo_pagamento = select("Forma de pagamento", TIPO_PAGAMENTO_LABELS)
    indicador_pagamento = select("Indicador", INDICADOR_LABELS)
    chave_pix = StringField("Chave PIX padrão")
    tipo_chave_pix = select("Tipo da chave PIX padrão", TIPO_CHAVE_PIX_LABELS, "Pelo formato da chave")
    bank_code = StringField("Banco (3 dígitos)")
    agency = StringField("Agência")
    account_number = StringField("Conta")
    cpf_cnpj_owner = document("CPF/CNPJ do titular da conta",
                              description="TAC ou equiparado: o próprio contratado, ou parente informado abaixo.")
    titular_parentesco = select("Parentesco do titular com o contratado", TITULAR_PARENTESCO_LABELS,
                                "O próprio contratado",
                                description="Lei 11.442, art. 5º-A: cônjuge, companheiro ou parente até o 2º grau.")


class LocationTypeFields(CiotFields):
    """One selector gives both sides their type (bound with the `origem.` prefix; `destino.tipo` follows)."""
    tipo = select("Tipo de origem/destino", LOCATION_TIPO_LABELS, "Não informar",
                  description="Origem e destino usam o mesmo tipo (regra LOC02).")


class SubmitFields(CiotFields):
    """Not a body field: whether the creation also requests the emission."""
    auto_emit = BooleanField("Emitir na ANTT logo após salvar (se a validação não tiver bloqueios)",
                             false_values=("", "false", "0"))


class MunicipioFields(CiotFields):
    uf = StringField("UF", render_kw={"placeholder": "SP"})
    codigo_municipio = StringField("Código IBGE", render_kw={"placeholder": "3550308"})
    municipio_nome = StringField("Município")


class CepFields(CiotFields):
    cep = MaskedField("CEP", mask="cep")


class LatLngFields(CiotFields):
    lat = StringField("Latitude", widget=NumberInput(step="any"))
    lng = StringField("Longitude", widget=NumberInput(step="any"))
    endereco_descricao = StringField("Descrição do endereço")


class ContratanteRow(CiotFields):
    cpf_cnpj = document("CPF/CNPJ", validators=REQUIRED)
    nome = StringField("Nome", validators=REQUIRED)
    rntrc = StringField("RNTRC")
    papel = select("Papel", PAPEL_LABELS, "Padrão (1º = principal)")
    percentual = DecimalBRField("Percentual", places=2, mask="decimal")
    valor_frete = money("Valor do frete (R$)")
    observacoes = StringField("Observações")


class VehicleRow(CiotFields):
    plate = MaskedField("Placa", mask="plate", validators=REQUIRED)
    vehicle_kind = select("Tipo", VEHICLE_KIND_LABELS, None, validators=REQUIRED)
    rntrc = StringField("RNTRC")
    axles = StringField("Eixos", widget=NumberInput(step="1"),
                        description="Deste veículo. Vazio: os eixos do cadastro da frota (pela placa).")
    own_fleet = select("Frota própria do contratado", YES_NO)


class PaymentRow(CiotFields):
    kind = select("Parcela", PAYMENT_KIND_LABELS, None, validators=REQUIRED)
    tipo_pagamento = select("Forma", TIPO_PAGAMENTO_LABELS, None, validators=REQUIRED)
    indicador_pagamento = select("Indicador", INDICADOR_LABELS, None, validators=REQUIRED)
    amount = money("Valor (R$)", validators=REQUIRED,
                   description="Saldo vazio: o valor do frete menos as outras parcelas.")
    due_date = DateField("Vencimento", validators=REQUIRED)
    contratante_cpf_cnpj = document("CPF/CNPJ do contratante pagador")
    banco = StringField("Banco")
    agencia = StringField("Agência")
    conta = StringField("Conta")
    titular_cpf_cnpj = document("Titular (CPF/CNPJ)")
    codigo_pagamento = StringField("Chave PIX / código do cartão")
    tipo_chave_pix = select("Tipo da chave PIX", TIPO_CHAVE_PIX_LABELS, "Pelo formato da chave")
    titular_parentesco = select("Parentesco do titular", TITULAR_PARENTESCO_LABELS, "O próprio contratado")


class DocumentRow(CiotFields):
    kind = select("Tipo", DOCUMENT_KIND_LABELS, None, validators=REQUIRED)
    access_key = StringField("Chave de acesso (44 dígitos)")
    number = StringField("Número")
    series = StringField("Série")
    emitter_cnpj = document("CNPJ do emitente")
    emitter_name = StringField("Nome do emitente")
    freight_value = money("Frete (R$)")
    cargo_weight_kg = DecimalBRField("Peso bruto (kg)", places=3, mask="weight")


# Inputs that take a whole row of the grid (long text).
WIDE = {"contratado_nome", "observacoes", "access_key"}
WIDGET_KINDS = {"SelectField": "select", "DateField": "date", "DateTimeLocalField": "datetime"}


@dataclass(frozen=True)
class Spec:
    """What the mapping needs of a field: its name (relative to its row or side), label and kind: text, select,
    date, datetime, or a mask of templates/_macros/forms.html (money, weight, distance and decimal are read as
    pt-BR numbers)."""
    name: str
    label: str
    type: str


def specs(form_class) -> tuple[Spec, ...]:
    return tuple(Spec(f.short_name, f.label.text, getattr(f, "mask", None) or WIDGET_KINDS.get(f.type, "text"))
                 for f in form_class())


SECTION_FORMS = {"header": HeaderFields, "contratado": ContratadoFields, "destinatario": DestinatarioFields,
                 "trip": TripFields, "cargo": CargoFields, "payment_root": PaymentRootFields, "submit": SubmitFields}
ROW_FORMS = {"contratantes": ContratanteRow, "vehicles": VehicleRow, "payments": PaymentRow,
             "documents": DocumentRow}
LOCATION_FORMS = {"municipio": MunicipioFields, "cep": CepFields, "latlng": LatLngFields}
HEADER_FIELDS, CONTRATADO_FIELDS, DESTINATARIO_FIELDS, TRIP_FIELDS, CARGO_FIELDS, PAYMENT_ROOT_FIELDS, _ = (
    specs(form) for form in SECTION_FORMS.values())
LOCATION_FIELDS = {tipo: specs(form) for tipo, form in LOCATION_FORMS.items()}
ROW_FIELDS = {kind: specs(form) for kind, form in ROW_FORMS.items()}
ROW_TITLES = {"contratantes": "Contratante", "vehicles": "Veículo", "payments": "Pagamento",
              "documents": "Documento"}
# A new form starts with one contratante and one vehicle (the body needs at least one of each).
INITIAL_ROWS = {"contratantes": [0], "vehicles": [0], "payments": [], "documents": []}
MAX_ROWS = {"contratantes": 20, "vehicles": 20, "payments": 100, "documents": 500}

TOP_SPECS = {f.name: f for group in (HEADER_FIELDS, CONTRATADO_FIELDS, DESTINATARIO_FIELDS, TRIP_FIELDS, CARGO_FIELDS,
                                     PAYMENT_ROOT_FIELDS) for f in group}
TOP_LEVEL = set(TOP_SPECS) | {"auto_emit"}
# pt-BR decimal inputs (text, inputmode=decimal, masked): decimals allowed per kind; read by core.formatting.
DECIMAL_PLACES = {"money": 2, "weight": 3, "distance": 2, "decimal": 2}
TOP_TYPES = {name: f.type for name, f in TOP_SPECS.items()}

# What a person reads for a body path (the live panel, inline messages): labels, never `contratantes[0].cpf_cnpj`.
TOP_LABELS = {name: f.label for name, f in TOP_SPECS.items()}
# Body fields the API takes and the form does not show, still named by rule messages.
API_ONLY_LABELS = {"contingencia": "Contingência", "justificativa_contingencia": "Justificativa da contingência",
                   "contratante_index": "Índice do contratante pagador (0 = o 1º)"}
SIDE_LABELS = {"origem": "Origem", "destino": "Destino"}
LIST_LABELS = {"contratantes": "Contratantes", "vehicles": "Veículos", "payments": "Pagamentos",
               "documents": "Documentos fiscais"}
LOCATION_LABELS = {f.name: f.label for fields in LOCATION_FIELDS.values() for f in fields} | {"tipo": "Tipo"}
PATH = re.compile(r"^(?P<root>[a-z_]+)(?:\[(?P<index>\d+)\])?(?:\.(?P<sub>[a-z_]+))?")


def field_label(path: str) -> str:
    """`contratantes[0].cpf_cnpj` → "Contratante 1 · CPF/CNPJ"; `valor_frete` → "Valor do frete (R$)"."""
    match = PATH.match(path or "")
    if not match:
        return path or "Operação"
    root, index, sub = match["root"], match["index"], match["sub"]
    if root in ROW_FIELDS:
        labels = {f.name: f.label for f in ROW_FIELDS[root]} | API_ONLY_LABELS
        head = f"{ROW_TITLES[root]} {int(index) + 1}" if index is not None else LIST_LABELS[root]
        return f"{head} · {labels.get(sub, sub)}" if sub else head
    if root in SIDE_LABELS:
        return f"{SIDE_LABELS[root]} · {LOCATION_LABELS.get(sub, sub)}" if sub else SIDE_LABELS[root]
    return TOP_LABELS.get(root) or API_ONLY_LABELS.get(root) or root.replace("_", " ").capitalize()


def _all_choice_labels() -> dict[str, str]:
    """Every select value of the form (`conta_corrente`, `outros`, `pix`) → its option label."""
    labels = {}
    for form in (*SECTION_FORMS.values(), *ROW_FORMS.values(), *LOCATION_FORMS.values()):
        for field_ in form():
            for choice in field_.iter_choices() if isinstance(field_, SelectField) else ():
                if choice[0]:
                    labels.setdefault(str(choice[0]), str(choice[1]))
    return labels


def _choice_labels() -> dict[str, str]:
    """The select values a message may name bare: those with an underscore (`conta_corrente`, `apenas_tracao`) and
    the acronyms (`pix` → PIX); a bare `outros` or `prazo` is a word of the sentence, left as it is."""
    return {value: label for value, label in ALL_CHOICE_LABELS.items() if "_" in value or label.isupper()}


# Every name a rule message may use for an input (the labels of the WTForms declarations): top-level fields, row
# fields (`titular_cpf_cnpj`, `agency`), location fields and the lists (`payments`: “Pagamentos”); the first
# declaration wins for a shared row name.
NAME_LABELS = (API_ONLY_LABELS | {f.name: f.label for fields in ROW_FIELDS.values() for f in fields} | LOCATION_LABELS
               | TOP_LABELS | LIST_LABELS)
ALL_CHOICE_LABELS = _all_choice_labels()
CHOICE_LABELS = _choice_labels()
QUOTED_VALUE = re.compile(r"['`](?P<value>[a-z_]+)['`]")  # a value the API names in quotes: 'outros', `outros`
WORD = re.compile(r"(?<![\w“.\[])(?P<root>[a-z][a-z0-9_]*)(?P<index>\[\d*\])?(?:\.(?P<sub>[a-z][a-z0-9_]*))?(?![\w”])")
FLAG = re.compile(r"(?P<label>“[^”]+”)\s*=\s*(?P<value>true|false)\b", re.IGNORECASE)
# The RNTRC category values that are not words (the partner form's option label).
RNTRC_CATEGORY_WORDS = {"TAC_EQUIPARADO": "“ETC equiparada a TAC”"}
RNTRC_CATEGORY = re.compile(r"\bTAC_EQUIPARADO\b")
RAW_DOCUMENT = re.compile(r"(?<![\w./-])(?P<doc>\d{11}|[0-9A-Z]{12}\d{2})(?![\w./-])")


def _word(match: re.Match) -> str:
    token, root, sub = match.group(0), match["root"], match["sub"]
    if match["index"] is not None or sub:
        known = root in ROW_FIELDS or root in SIDE_LABELS
        return f"“{field_label(token.replace('[]', '[0]'))}”" if known else token
    if root in NAME_LABELS and ("_" in root or NAME_LABELS[root].lower() != root):
        return f"“{NAME_LABELS[root]}”"
    return CHOICE_LABELS.get(root, token)


def plain_words(message: str) -> str:
    """A rule message for a page: the body's names (`valor_frete`, `payments[0].agency`, `titular_cpf_cnpj`) by
    their labels in quotes, select values (`conta_corrente`, `'outros'`) by their option labels, `“X”=true` as
    “X” marcado and CPF/CNPJ formatted. The API keeps the names (clients address fields by them)."""
    text = QUOTED_VALUE.sub(lambda m: f"“{ALL_CHOICE_LABELS.get(m['value'], m['value'])}”", message or "")
    text = WORD.sub(_word, text)
    text = FLAG.sub(lambda m: f"{m['label']} {'marcado' if m['value'].lower() == 'true' else 'desmarcado'}", text)
    text = text.replace("”=", "” = ")
    text = RNTRC_CATEGORY.sub(lambda m: RNTRC_CATEGORY_WORDS[m.group(0)], text)
    return RAW_DOCUMENT.sub(lambda m: cpf_cnpj(m["doc"]), text)


NAME = re.compile(r"^(?P<root>[a-z_]+)(?:\[(?P<index>\d{1,3})\])?(?:\.(?P<sub>[a-z_]+))?$")




def slug(name: str) -> str:
    """A form name as an element id: `vehicles[2].plate` → `vehicles-2-plate`."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@dataclass
class DraftForm:
    """The posted (or initial) values by input name, the rows per list and the errors by input name. Not a form
    class of its own: it binds the WTForms sections and rows above to its values, and places the body's errors
    itself (`with_errors`), since a row's input index is not its body index once a row was removed."""
    values: dict = field(default_factory=dict)
    rows: dict = field(default_factory=lambda: {k: list(v) for k, v in INITIAL_ROWS.items()})
    errors: dict = field(default_factory=dict)
    # errors (by body path) of inputs that could not be read, such as ambiguous pt-BR numbers; set by body()
    input_errors: list = field(default_factory=list)

    def value(self, name: str, default: str = "") -> str:
        value = self.values.get(name)
        return default if value is None else value

    def error(self, name: str) -> str:
        return self.errors.get(name, "")

    def next_index(self, kind: str) -> int:
        return max(self.rows.get(kind) or [-1]) + 1

    @property
    def location_tipo(self) -> str:
        return self.value("origem.tipo")

    # --- the bound WTForms forms the template renders ---------------------------------------------------------

    def _bind(self, form_class, prefix: str = ""):
        return form_class(formdata=MultiDict(self.values), prefix=prefix)

    def section(self, name: str):
        """A top-level section (`header`, `contratado`, ...) bound to the values."""
        return self._bind(SECTION_FORMS[name])

    def row(self, kind: str, index: int):
        """One row of a list, its inputs named `kind[index].field`."""
        return self._bind(ROW_FORMS[kind], f"{kind}[{index}].")

    def location_type(self):
        return self._bind(LocationTypeFields, "origem.")

    def location(self, side: str):
        """The origin or destination inputs of the chosen location type (None when not informed)."""
        form_class = LOCATION_FORMS.get(self.location_tipo)
        return self._bind(form_class, f"{side}.") if form_class else None

    wide_fields = WIDE
    slug = staticmethod(slug)
    label = staticmethod(field_label)
    plain = staticmethod(plain_words)

    # --- form → body ---------------------------------------------------------------------------------------

    @classmethod
    def from_form(cls, form) -> "DraftForm":
        values, rows = {}, {kind: set() for kind in ROW_FIELDS}
        for key in form:
            match = NAME.match(key)
            if not match:
                continue
            root, index, sub = match["root"], match["index"], match["sub"]
            if root in ROW_FIELDS and index is not None:
                if len(rows[root]) < MAX_ROWS[root] * 2:
                    rows[root].add(int(index))
                if sub not in {f.name for f in ROW_FIELDS[root]}:
                    continue
            elif root in ("origem", "destino"):
                if index is not None or not sub:
                    continue
            elif root not in TOP_LEVEL or index is not None or sub:
                continue
            values[key] = (form.get(key) or "").strip()
        # one selector gives both sides their tipo (the body requires them equal, rule LOC02)
        if "origem.tipo" in values:
            values["destino.tipo"] = values["origem.tipo"]
        return cls(values=values, rows={kind: sorted(found) for kind, found in rows.items()})

    def _read(self, path: str, kind: str, value: str):
        """An input's value for the body: pt-BR decimals read (an unreadable one is left out and reported in
        `input_errors`, never guessed); everything else as typed."""
        places = DECIMAL_PLACES.get(kind)
        if places is None:
            return value
        try:
            return str(parse_decimal(value, places))
        except FieldInvalid as exc:
            self.input_errors.append(FieldError(path, exc.code, exc.message))
            return None

    def body(self) -> dict:
        """The creation body these values describe (empty inputs are absent fields)."""
        data: dict = {}
        self.input_errors = []
        for name in sorted(TOP_LEVEL - {"auto_emit"}):
            value = self.values.get(name)
            if value and (read := self._read(name, TOP_TYPES.get(name, "text"), value)) is not None:
                data[name] = read
        for side in ("origem", "destino"):
            tipo = self.values.get(f"{side}.tipo")
            if not tipo:
                continue
            location = {"tipo": tipo}
            for f in LOCATION_FIELDS.get(tipo, ()):
                value = self.values.get(f"{side}.{f.name}")
                if value:
                    location[f.name] = value
            data[side] = location
        for kind, fields in ROW_FIELDS.items():
            items = []
            for position, index in enumerate(self.rows[kind]):
                item = {}
                for f in fields:
                    value = self.values.get(f"{kind}[{index}].{f.name}")
                    if value and (read := self._read(f"{kind}[{position}].{f.name}", f.type, value)) is not None:
                        item[f.name] = read
                items.append(item)
            data[kind] = items
        data["auto_validate"] = True
        data["auto_emit"] = self.values.get("auto_emit") in ("1", "true", "on", "y")
        return data

    # --- body paths → inputs ---------------------------------------------------------------------------------

    def input_name(self, path: str) -> str:
        """`vehicles[1].plate` (body index) → `vehicles[3].plate` (form index); other paths unchanged."""
        match = re.match(r"^(contratantes|vehicles|payments|documents)\[(\d+)\](.*)$", path or "")
        if not match:
            return path or ""
        kind, index, rest = match.group(1), int(match.group(2)), match.group(3)
        order = self.rows.get(kind) or []
        return f"{kind}[{order[index]}]{rest}" if index < len(order) else path

    def with_errors(self, pairs) -> "DraftForm":
        """Attach (body path, message) pairs to their inputs; several messages on one input are joined."""
        errors: dict = {}
        for path, message in pairs:
            name = self.input_name(path)
            errors[name] = f"{errors[name]} {message}" if name in errors else message
        self.errors = errors
        return self

    def error_slots(self) -> list[str]:
        """Every input (and list) that can show an error: the live panel refreshes all of them."""
        names = sorted(TOP_LEVEL - {"auto_emit"}) + list(ROW_FIELDS) + ["origem", "destino", "origem.tipo",
                                                                         "destino.tipo"]
        for side in ("origem", "destino"):
            names += [f"{side}.{f.name}" for f in LOCATION_FIELDS.get(self.location_tipo, ())]
        for kind, indices in self.rows.items():
            for i in indices:
                names += [f"{kind}[{i}]"] + [f"{kind}[{i}].{f.name}" for f in ROW_FIELDS[kind]]
        return list(dict.fromkeys(names))
