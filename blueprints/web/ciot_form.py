"""The CIOT creation form: its fields, and the mapping between form names and the creation body.

Input names ARE body paths (`contratado_cpf_cnpj`, `origem.uf`, `vehicles[2].plate`), so a body error
(`vehicles[1].plate` from OperationCreate, or a rule's `field`) maps straight back to an input. Rows carry the
index they were rendered with; removing a row leaves a gap, so `DraftForm.rows` keeps, per list, the form indices
in order (body index i ↔ form index rows[kind][i]).
"""
import re
from dataclasses import dataclass, field

from core.errors import FieldError
from core.formatting import decimal_input, parse_decimal
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
    VEHICLE_KIND_LABELS,
)


@dataclass(frozen=True)
class F:
    """One input: `name` is the body field (relative to its row for lists)."""
    name: str
    label: str
    # text | number | date | datetime | select | textarea, or a masked kind of templates/_macros/forms.html MASKS:
    # money | weight | distance | decimal (read as pt-BR numbers) | cpf_cnpj | cep | phone | plate
    type: str = "text"
    choices: tuple = ()
    required: bool = False
    hint: str = ""
    step: str = ""
    wide: bool = False
    placeholder: str = ""


def _opts(labels: dict, blank: str | None = "—") -> tuple:
    pairs = tuple(labels.items())
    return ((("", blank),) + pairs) if blank is not None else pairs


YES_NO = (("", "—"), ("true", "Sim"), ("false", "Não"))

HEADER_FIELDS = (
    F("environment", "Ambiente", "select", (("homolog", "Homologação"), ("producao", "Produção")), required=True),
    F("tipo_operacao", "Tipo de operação", "select", _opts(TIPO_OPERACAO_LABELS, None), required=True),
    F("external_id", "Identificador no seu sistema", hint="Opcional; aparece nos registros."),
    F("data_declaracao", "Data da declaração", "date"),
)
CONTRATADO_FIELDS = (
    F("contratado_cpf_cnpj", "CPF/CNPJ do contratado", "cpf_cnpj", required=True),
    F("contratado_rntrc", "RNTRC do contratado", required=True, placeholder="9 dígitos"),
    F("contratado_tipo", "Tipo do contratado", "select", (("", "—"), ("TAC", "TAC"), ("ETC", "ETC"), ("CTC", "CTC")),
      hint="Ignorado quando o parceiro cadastrado tem categoria RNTRC."),
    F("equiparado_tac", "ETC equiparada a TAC", "select", YES_NO),
    F("contratado_nome", "Nome do contratado", wide=True),
)
DESTINATARIO_FIELDS = (
    F("destinatario_cpf_cnpj", "CPF/CNPJ do destinatário", "cpf_cnpj", hint="Exigido pela ANTT (regra DS01)."),
    F("destinatario_nome", "Nome do destinatário"),
)
TRIP_FIELDS = (
    F("distancia_km", "Distância (km)", "distance"),
    F("viagem_inicio", "Início da viagem", "datetime"),
    F("viagem_fim", "Fim da viagem", "datetime"),
)
CARGO_FIELDS = (
    F("codigo_natureza_carga", "Código da natureza da carga", hint="Tabela da ANTT (regra PRV04)."),
    F("codigo_tipo_carga", "Tipo de carga (piso mínimo)", "select",
      _opts({str(code): f"{code} · {name}" for code, name in TIPO_CARGA_LABELS.items()}),
      hint="Lotação: tabela do piso mínimo da ANTT (regra CRG03)."),
    F("composicao_contratada", "Contratação", "select", _opts(COMPOSICAO_LABELS),
      hint="Lotação: toda a composição ou só a tração (CRG03)."),
    F("alto_desempenho", "Alto desempenho", "select", YES_NO, hint="Lotação (CRG03)."),
    F("peso_carga", "Peso da carga (kg)", "weight"),
    F("valor_frete", "Valor do frete (R$)", "money"),
)
PAYMENT_ROOT_FIELDS = (
    F("tipo_pagamento", "Forma de pagamento", "select", _opts(TIPO_PAGAMENTO_LABELS)),
    F("indicador_pagamento", "Indicador", "select", _opts(INDICADOR_LABELS)),
    F("chave_pix", "Chave PIX padrão"),
    F("tipo_chave_pix", "Tipo da chave PIX padrão", "select", _opts(TIPO_CHAVE_PIX_LABELS)),
    F("bank_code", "Banco (3 dígitos)"),
    F("agency", "Agência"),
    F("account_number", "Conta"),
    F("cpf_cnpj_owner", "CPF/CNPJ do titular da conta", "cpf_cnpj",
      hint="TAC ou equiparado: o próprio contratado (TR05, PRV03)."),
)
LOCATION_FIELDS = {
    "municipio": (F("uf", "UF", placeholder="SP"), F("codigo_municipio", "Código IBGE", placeholder="3550308"),
                  F("municipio_nome", "Município")),
    "cep": (F("cep", "CEP", "cep"),),
    "latlng": (F("lat", "Latitude", "number", step="any"), F("lng", "Longitude", "number", step="any"),
               F("endereco_descricao", "Descrição do endereço")),
}
LOCATION_TIPOS = _opts(LOCATION_TIPO_LABELS, "Não informar")

ROW_FIELDS = {
    "contratantes": (
        F("cpf_cnpj", "CPF/CNPJ", "cpf_cnpj", required=True), F("nome", "Nome", required=True), F("rntrc", "RNTRC"),
        F("papel", "Papel", "select", _opts(PAPEL_LABELS, "Padrão (1º = principal)")),
        F("percentual", "Percentual", "decimal"), F("valor_frete", "Valor do frete (R$)", "money"),
        F("observacoes", "Observações", wide=True),
    ),
    "vehicles": (
        F("plate", "Placa", "plate", required=True),
        F("vehicle_kind", "Tipo", "select", _opts(VEHICLE_KIND_LABELS, None), required=True),
        F("rntrc", "RNTRC"),
        F("axles", "Eixos", "number", step="1",
          hint="Deste veículo. Vazio: os eixos do cadastro da frota (pela placa)."),
        F("own_fleet", "Frota própria do contratado", "select", YES_NO),
    ),
    "payments": (
        F("kind", "Parcela", "select", _opts(PAYMENT_KIND_LABELS, None), required=True),
        F("tipo_pagamento", "Forma", "select", _opts(TIPO_PAGAMENTO_LABELS, None), required=True),
        F("indicador_pagamento", "Indicador", "select", _opts(INDICADOR_LABELS, None), required=True),
        F("amount", "Valor (R$)", "money", required=True),
        F("due_date", "Vencimento", "date", required=True),
        F("contratante_cpf_cnpj", "CPF/CNPJ do contratante pagador", "cpf_cnpj"),
        F("banco", "Banco"), F("agencia", "Agência"), F("conta", "Conta"),
        F("titular_cpf_cnpj", "Titular (CPF/CNPJ)", "cpf_cnpj"), F("codigo_pagamento", "Chave PIX / código do cartão"),
        F("tipo_chave_pix", "Tipo da chave PIX", "select", _opts(TIPO_CHAVE_PIX_LABELS)),
    ),
    "documents": (
        F("kind", "Tipo", "select", _opts(DOCUMENT_KIND_LABELS, None), required=True),
        F("access_key", "Chave de acesso (44 dígitos)", wide=True), F("number", "Número"), F("series", "Série"),
        F("emitter_cnpj", "CNPJ do emitente", "cpf_cnpj"), F("emitter_name", "Nome do emitente"),
        F("freight_value", "Frete (R$)", "money"),
        F("cargo_weight_kg", "Peso bruto (kg)", "weight"),
    ),
}
ROW_TITLES = {"contratantes": "Contratante", "vehicles": "Veículo", "payments": "Pagamento",
              "documents": "Documento"}
# A new form starts with one contratante and one vehicle (the body needs at least one of each).
INITIAL_ROWS = {"contratantes": [0], "vehicles": [0], "payments": [], "documents": []}
MAX_ROWS = {"contratantes": 20, "vehicles": 20, "payments": 100, "documents": 500}

TOP_LEVEL = {f.name for group in (HEADER_FIELDS, CONTRATADO_FIELDS, DESTINATARIO_FIELDS, TRIP_FIELDS, CARGO_FIELDS,
                                  PAYMENT_ROOT_FIELDS) for f in group} | {"auto_emit"}
# pt-BR decimal inputs (text, inputmode=decimal, masked): decimals allowed per kind; read by core.formatting.
DECIMAL_PLACES = {"money": 2, "weight": 3, "distance": 2, "decimal": 2}
TOP_TYPES = {f.name: f.type for group in (TRIP_FIELDS, CARGO_FIELDS) for f in group}

# What a person reads for a body path (the live panel, inline messages): labels, never `contratantes[0].cpf_cnpj`.
TOP_LABELS = {f.name: f.label for group in (HEADER_FIELDS, CONTRATADO_FIELDS, DESTINATARIO_FIELDS, TRIP_FIELDS,
                                            CARGO_FIELDS, PAYMENT_ROOT_FIELDS) for f in group}
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
        labels = {f.name: f.label for f in ROW_FIELDS[root]}
        head = f"{ROW_TITLES[root]} {int(index) + 1}" if index is not None else LIST_LABELS[root]
        return f"{head} · {labels.get(sub, sub)}" if sub else head
    if root in SIDE_LABELS:
        return f"{SIDE_LABELS[root]} · {LOCATION_LABELS.get(sub, sub)}" if sub else SIDE_LABELS[root]
    return TOP_LABELS.get(root, root.replace("_", " ").capitalize())


def plain_words(message: str) -> str:
    """A rule message for a page: body field names (`valor_frete`) replaced by their labels in quotes."""
    return RAW_NAME.sub(lambda m: f"“{TOP_LABELS[m.group(0)]}”", message or "")


NAME = re.compile(r"^(?P<root>[a-z_]+)(?:\[(?P<index>\d{1,3})\])?(?:\.(?P<sub>[a-z_]+))?$")


RAW_NAME = re.compile(r"\b(" + "|".join(sorted((n for n in TOP_LABELS if "_" in n), key=len, reverse=True)) + r")\b")


def slug(name: str) -> str:
    """A form name as an element id: `vehicles[2].plate` → `vehicles-2-plate`."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@dataclass
class DraftForm:
    """The posted (or initial) values by input name, the rows per list and the errors by input name."""
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


def _plate_key(value: str) -> str:
    return (value or "").replace("-", "").replace(" ", "").upper()


def fill_registry_axles(form: DraftForm, axles_by_plate) -> DraftForm:
    """Vehicle rows without axles take them from the fleet registry: `axles_by_plate(plates)` → {plate: axles}."""
    rows = {i: _plate_key(form.value(f"vehicles[{i}].plate")) for i in form.rows.get("vehicles", [])
            if not form.value(f"vehicles[{i}].axles")}
    known = axles_by_plate([plate for plate in rows.values() if plate]) if any(rows.values()) else {}
    for index, plate in rows.items():
        if plate in known:
            form.values[f"vehicles[{index}].axles"] = str(known[plate])
    return form


def initial_form(company, today) -> DraftForm:
    values = {"environment": company.ciot_environment, "tipo_operacao": "lotacao",
              "data_declaracao": today.isoformat(), "origem.tipo": "municipio", "destino.tipo": "municipio",
              "vehicles[0].vehicle_kind": "cavalo_trator"}
    return DraftForm(values=values)


# "Nova operação a partir desta": what a repeat trip keeps (parties, route, vehicles, how it is paid) and what it
# leaves to fill (dates, amounts, weights, documents, the external id).
NOT_COPIED = {"external_id", "data_declaracao", "viagem_inicio", "viagem_fim", "peso_carga", "valor_frete",
              "distancia_km"}
ROW_NOT_COPIED = {"contratantes": {"valor_frete"}, "payments": {"amount", "due_date"}}


def _as_input(value, kind: str) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if kind in DECIMAL_PLACES:
        return decimal_input(value, DECIMAL_PLACES[kind])
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def copy_form(company, today, record: dict) -> DraftForm:
    """The creation form prefilled from an operation's record (serializers.operation_record): a repeat trip."""
    form = initial_form(company, today)
    types = {f.name: f.type for group in (HEADER_FIELDS, CONTRATADO_FIELDS, DESTINATARIO_FIELDS, TRIP_FIELDS,
                                          CARGO_FIELDS, PAYMENT_ROOT_FIELDS) for f in group}
    for name, kind in types.items():
        if name not in NOT_COPIED and record.get(name) not in (None, ""):
            form.values[name] = _as_input(record[name], kind)
    for side in ("origem", "destino"):
        for key, value in (record.get(side) or {}).items():
            form.values[f"{side}.{key}"] = _as_input(value, "text")
    rows = {kind: [] for kind in ROW_FIELDS}
    for kind in ("contratantes", "vehicles", "payments"):
        for index, item in enumerate(record.get(kind) or []):
            rows[kind].append(index)
            for f in ROW_FIELDS[kind]:
                if f.name not in ROW_NOT_COPIED.get(kind, ()) and item.get(f.name) not in (None, ""):
                    form.values[f"{kind}[{index}].{f.name}"] = _as_input(item[f.name], f.type)
    form.rows = rows
    return form
