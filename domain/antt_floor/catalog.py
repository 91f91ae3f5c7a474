"""What the floor tables are made of (tables A–D, the 12 cargo types of the Anexo II of Res. ANTT 5.867/2020) and the
reading of a coefficients CSV. The figures themselves are data (antt_floor_acts / antt_floor_coefficients)."""
import csv
import io
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation

TABLES = {
    "A": "Tabela A — carga lotação, contratação da composição veicular (ou caminhão simples)",
    "B": "Tabela B — contratação apenas do veículo automotor (unidade de tração)",
    "C": "Tabela C — Tabela A em operação de alto desempenho",
    "D": "Tabela D — Tabela B em operação de alto desempenho",
}
TABLE_SHORT = {"A": "composição completa", "B": "apenas tração", "C": "composição completa, alto desempenho",
               "D": "apenas tração, alto desempenho"}

# Key -> (number in the Anexo II, which is also the CIOT `codigo_tipo_carga`, pt-BR label).
CARGO_TYPES = {
    "granel_solido": (1, "Granel sólido"),
    "granel_liquido": (2, "Granel líquido"),
    "frigorificada_ou_aquecida": (3, "Frigorificada ou aquecida"),
    "conteinerizada": (4, "Conteinerizada"),
    "carga_geral": (5, "Carga geral"),
    "neogranel": (6, "Neogranel"),
    "perigosa_granel_solido": (7, "Perigosa (granel sólido)"),
    "perigosa_granel_liquido": (8, "Perigosa (granel líquido)"),
    "perigosa_frigorificada_ou_aquecida": (9, "Perigosa (frigorificada ou aquecida)"),
    "perigosa_conteinerizada": (10, "Perigosa (conteinerizada)"),
    "perigosa_carga_geral": (11, "Perigosa (carga geral)"),
    "granel_pressurizada": (12, "Carga granel pressurizada"),
}
CARGO_TYPE_BY_CODE = {code: key for key, (code, _label) in CARGO_TYPES.items()}
# The empty return is owed by law for containers (§ 4 of the floor rules of Res. 5.867/2020, see docs/antt-floor.md).
CONTAINER_CARGO_TYPES = frozenset({"conteinerizada", "perigosa_conteinerizada"})
EMPTY_RETURN_SHARE = Decimal("0.92")  # 92 % of CCD × return km
AXLES_RANGE = range(2, 10)  # the Anexo II columns: 2 to 9 loaded axles

CSV_COLUMNS = ("resolucao", "vigencia_inicio", "tabela", "tipo_carga", "eixos", "ccd", "cc")


def table_for(*, whole_composition: bool, high_performance: bool) -> str:
    """A/C when the whole composition (or a simple truck) is contracted, B/D for the traction unit alone; C/D for
    high-performance operations."""
    if whole_composition:
        return "C" if high_performance else "A"
    return "D" if high_performance else "B"


def cargo_label(key: str) -> str:
    return CARGO_TYPES[key][1] if key in CARGO_TYPES else key


@dataclass
class ParsedAct:
    name: str
    starts_on: date
    # (table, cargo_type, axles) -> (ccd, cc)
    coefficients: dict = field(default_factory=dict)


class MalformedCsv(ValueError):
    """A coefficients file that cannot be imported; the message names the line."""


def parse_floor_csv(text: str) -> list[ParsedAct]:
    """The acts of a coefficients CSV (columns `CSV_COLUMNS`), checked row by row: every refusal names its line."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    header = tuple(name.strip() for name in (reader.fieldnames or ()))
    if header != CSV_COLUMNS:
        raise MalformedCsv(f"linha 1: cabeçalho deve ser {','.join(CSV_COLUMNS)} (recebido: {','.join(header)})")
    acts: dict[str, ParsedAct] = {}
    for row in reader:
        line = reader.line_num
        try:
            if None in row or None in row.values():  # more cells than the header (restkey None), or fewer
                raise MalformedCsv("número de colunas diferente do cabeçalho")
            _add_row(acts, {key.strip(): value.strip() for key, value in row.items()})
        except MalformedCsv as exc:
            raise MalformedCsv(f"linha {line}: {exc}") from None
    if not acts:
        raise MalformedCsv("o arquivo não tem linhas de coeficientes")
    starts = [act.starts_on for act in acts.values()]
    if len(set(starts)) != len(starts):
        raise MalformedCsv("dois atos com a mesma data de início de vigência")
    return sorted(acts.values(), key=lambda act: act.starts_on)


def _add_row(acts: dict, row: dict) -> None:
    name = row["resolucao"]
    if not name or len(name) > 120:
        raise MalformedCsv("resolucao vazia ou com mais de 120 caracteres")
    try:
        starts_on = date.fromisoformat(row["vigencia_inicio"])
    except ValueError:
        raise MalformedCsv(f"vigencia_inicio '{row['vigencia_inicio']}' não é uma data AAAA-MM-DD") from None
    act = acts.setdefault(name, ParsedAct(name, starts_on))
    if act.starts_on != starts_on:
        raise MalformedCsv(f"{name} aparece com duas datas de vigência ({act.starts_on} e {starts_on})")
    table, cargo_type = row["tabela"], row["tipo_carga"]
    if table not in TABLES:
        raise MalformedCsv(f"tabela '{table}' inválida (use A, B, C ou D)")
    if cargo_type not in CARGO_TYPES:
        raise MalformedCsv(f"tipo_carga '{cargo_type}' desconhecido (use: {', '.join(CARGO_TYPES)})")
    axles = _axles(row["eixos"])
    ccd = _decimal(row["ccd"], "ccd", places=4)
    cc = _decimal(row["cc"], "cc", places=2)
    key = (table, cargo_type, axles)
    if key in act.coefficients:
        raise MalformedCsv(f"coeficiente repetido para {name}, tabela {table}, {cargo_type}, {axles} eixos")
    act.coefficients[key] = (ccd, cc)


def _axles(text: str) -> int:
    if not text.isdigit() or int(text) not in AXLES_RANGE:
        raise MalformedCsv(f"eixos '{text}' inválido (inteiro de {AXLES_RANGE.start} a {AXLES_RANGE.stop - 1})")
    return int(text)


def _decimal(text: str, column: str, *, places: int) -> Decimal:
    try:
        value = Decimal(text)
    except InvalidOperation:
        raise MalformedCsv(f"{column} '{text}' não é um número (use ponto decimal)") from None
    if not value.is_finite() or value <= 0 or value.as_tuple().exponent < -places:
        raise MalformedCsv(f"{column} '{text}' deve ser positivo, com até {places} casas decimais")
    return value
