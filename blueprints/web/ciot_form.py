"""The CIOT creation form: its fields, and the mapping between form names and the creation body.

Input names ARE body paths (`contratado_cpf_cnpj`, `origem.uf`, `vehicles[2].plate`), so a body error
(`vehicles[1].plate` from OperationCreate, or a rule's `field`) maps straight back to an input. Rows carry the
index they were rendered with; removing a row leaves a gap, so `DraftForm.rows` keeps, per list, the form indices
in order (body index i ↔ form index rows[kind][i]).
"""
import re
from dataclasses import dataclass, field

from domain.ciot.presentation import (COMPOSICAO_LABELS, DOCUMENT_KIND_LABELS, INDICADOR_LABELS,
                                      LOCATION_TIPO_LABELS, PAPEL_LABELS, PAYMENT_KIND_LABELS, TIPO_CARGA_LABELS,
                                      TIPO_CHAVE_PIX_LABELS, TIPO_OPERACAO_LABELS, TIPO_PAGAMENTO_LABELS,
                                      VEHICLE_KIND_LABELS)


@dataclass(frozen=True)
class F:
    """One input: `name` is the body field (relative to its row for lists)."""
    name: str
    label: str
    type: str = "text"  # text | number | date | datetime | select | textarea
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
    F("contratado_cpf_cnpj", "CPF/CNPJ do contratado", required=True, placeholder="000.000.000-00"),
    F("contratado_rntrc", "RNTRC do contratado", required=True, placeholder="9 dígitos"),
    F("contratado_tipo", "Tipo do contratado", "select", (("", "—"), ("TAC", "TAC"), ("ETC", "ETC"), ("CTC", "CTC")),
      hint="Ignorado quando o parceiro cadastrado tem categoria RNTRC."),
    F("equiparado_tac", "ETC equiparada a TAC", "select", YES_NO),
    F("contratado_nome", "Nome do contratado", wide=True),
)
DESTINATARIO_FIELDS = (
    F("destinatario_cpf_cnpj", "CPF/CNPJ do destinatário", hint="Exigido pela ANTT (regra DS01)."),
    F("destinatario_nome", "Nome do destinatário"),
)
TRIP_FIELDS = (
    F("distancia_km", "Distância (km)", "number", step="0.01"),
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
    F("peso_carga", "Peso da carga (kg)", "number", step="0.001"),
    F("valor_frete", "Valor do frete (R$)", "number", step="0.01"),
)
PAYMENT_ROOT_FIELDS = (
    F("tipo_pagamento", "Forma de pagamento", "select", _opts(TIPO_PAGAMENTO_LABELS)),
    F("indicador_pagamento", "Indicador", "select", _opts(INDICADOR_LABELS)),
    F("chave_pix", "Chave PIX padrão"),
    F("tipo_chave_pix", "Tipo da chave PIX padrão", "select", _opts(TIPO_CHAVE_PIX_LABELS)),
    F("bank_code", "Banco (3 dígitos)"),
    F("agency", "Agência"),
    F("account_number", "Conta"),
    F("cpf_cnpj_owner", "CPF/CNPJ do titular da conta", hint="TAC ou equiparado: o próprio contratado (TR05, PRV03)."),
)
LOCATION_FIELDS = {
    "municipio": (F("uf", "UF", placeholder="SP"), F("codigo_municipio", "Código IBGE", placeholder="3550308"),
                  F("municipio_nome", "Município")),
    "cep": (F("cep", "CEP", placeholder="00000-000"),),
    "latlng": (F("lat", "Latitude", "number", step="any"), F("lng", "Longitude", "number", step="any"),
               F("endereco_descricao", "Descrição do endereço")),
}
LOCATION_TIPOS = _opts(LOCATION_TIPO_LABELS, "Não informar")

ROW_FIELDS = {
    "contratantes": (
        F("cpf_cnpj", "CPF/CNPJ", required=True), F("nome", "Nome", required=True), F("rntrc", "RNTRC"),
        F("papel", "Papel", "select", _opts(PAPEL_LABELS, "Padrão (1º = principal)")),
        F("percentual", "Percentual", "number", step="0.01"), F("valor_frete", "Valor do frete (R$)", "number",
                                                               step="0.01"),
        F("observacoes", "Observações", wide=True),
    ),
    "vehicles": (
        F("plate", "Placa", required=True, placeholder="ABC1D23"),
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
        F("amount", "Valor (R$)", "number", step="0.01", required=True),
        F("due_date", "Vencimento", "date", required=True),
        F("contratante_cpf_cnpj", "CPF/CNPJ do contratante pagador"),
        F("banco", "Banco"), F("agencia", "Agência"), F("conta", "Conta"),
        F("titular_cpf_cnpj", "Titular (CPF/CNPJ)"), F("codigo_pagamento", "Chave PIX / código do cartão"),
        F("tipo_chave_pix", "Tipo da chave PIX", "select", _opts(TIPO_CHAVE_PIX_LABELS)),
    ),
    "documents": (
        F("kind", "Tipo", "select", _opts(DOCUMENT_KIND_LABELS, None), required=True),
        F("access_key", "Chave de acesso (44 dígitos)", wide=True), F("number", "Número"), F("series", "Série"),
        F("emitter_cnpj", "CNPJ do emitente"), F("emitter_name", "Nome do emitente"),
        F("freight_value", "Frete (R$)", "number", step="0.01"),
        F("cargo_weight_kg", "Peso bruto (kg)", "number", step="0.001"),
    ),
}
ROW_TITLES = {"contratantes": "Contratante", "vehicles": "Veículo", "payments": "Pagamento",
              "documents": "Documento"}
# A new form starts with one contratante and one vehicle (the body needs at least one of each).
INITIAL_ROWS = {"contratantes": [0], "vehicles": [0], "payments": [], "documents": []}
MAX_ROWS = {"contratantes": 20, "vehicles": 20, "payments": 100, "documents": 500}

TOP_LEVEL = {f.name for group in (HEADER_FIELDS, CONTRATADO_FIELDS, DESTINATARIO_FIELDS, TRIP_FIELDS, CARGO_FIELDS,
                                  PAYMENT_ROOT_FIELDS) for f in group} | {"auto_emit"}
NUMERIC = {f.name for group in (TRIP_FIELDS, CARGO_FIELDS) for f in group if f.type == "number"} | {
    f"{kind}.{f.name}" for kind, fields in ROW_FIELDS.items() for f in fields if f.type == "number"} | {
    "location.lat", "location.lng"}

NAME = re.compile(r"^(?P<root>[a-z_]+)(?:\[(?P<index>\d{1,3})\])?(?:\.(?P<sub>[a-z_]+))?$")
BR_NUMBER = re.compile(r"^-?\d{1,3}(\.\d{3})+(,\d+)?$|^-?\d+,\d+$")


def slug(name: str) -> str:
    """A form name as an element id: `vehicles[2].plate` → `vehicles-2-plate`."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def _number(value: str) -> str:
    """Accept pt-BR numbers typed in text fields (`1.500,50`) as well as `1500.50`."""
    if BR_NUMBER.match(value):
        return value.replace(".", "").replace(",", ".")
    return value


@dataclass
class DraftForm:
    """The posted (or initial) values by input name, the rows per list and the errors by input name."""
    values: dict = field(default_factory=dict)
    rows: dict = field(default_factory=lambda: {k: list(v) for k, v in INITIAL_ROWS.items()})
    errors: dict = field(default_factory=dict)

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

    # --- form → body ---------------------------------------------------------------------------------------

    @classmethod
    def from_form(cls, form) -> "DraftForm":
        values, rows = {}, {kind: set() for kind in ROW_FIELDS}
        for key in form.keys():
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

    def body(self) -> dict:
        """The creation body these values describe (empty inputs are absent fields)."""
        data: dict = {}
        for name in TOP_LEVEL - {"auto_emit"}:
            value = self.values.get(name)
            if value:
                data[name] = _number(value) if name in NUMERIC else value
        for side in ("origem", "destino"):
            tipo = self.values.get(f"{side}.tipo")
            if not tipo:
                continue
            location = {"tipo": tipo}
            for f in LOCATION_FIELDS.get(tipo, ()):
                value = self.values.get(f"{side}.{f.name}")
                if value:
                    location[f.name] = _number(value) if f.type == "number" else value
            data[side] = location
        for kind, fields in ROW_FIELDS.items():
            items = []
            for index in self.rows[kind]:
                item = {}
                for f in fields:
                    value = self.values.get(f"{kind}[{index}].{f.name}")
                    if value:
                        item[f.name] = _number(value) if f.type == "number" else value
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
