"""Platform codes of the trip: where it goes, what it carries, when, and under which fiscal documents.

LOC origin/destination, CRG cargo, DAT dates, DOC fiscal documents (the structural checks of the authority's manual,
DCS PEF). The parties and the vehicles are in rules/structure.py. Codes and severities: docs/ciot-rules.md.
"""
import re
from datetime import timedelta
from decimal import Decimal

from core.validators import (
    UFS,
    access_key_check_digit,
    access_key_model,
    municipalities,
    strip_punctuation,
)
from domain.ciot.modality import normalize_doc
from domain.ciot.rules.base import BLOCKER, RULES, WARNING, RuleContext
from domain.ciot.rules.helpers import (
    KIND_LABEL,
    KIND_MODEL,
    MODEL_LABEL,
    date_br,
    naive,
    nth,
    number,
    repeats,
    text,
)

MAX_DAYS_AHEAD = 30
MAX_DAYS_PAST = 30
MAX_TRIP_DAYS = 90
MAX_WEIGHT_KG = Decimal("9999999.99")
SIDES = (("origem", "da origem"), ("destino", "do destino"))


@RULES.rule("LOC01", BLOCKER, "Origem e destino obrigatórios")
def loc01(ctx: RuleContext):
    for name, _label in SIDES:
        if getattr(ctx.data, name) is None:
            yield (name, f"Informe {'a origem' if name == 'origem' else 'o destino'} da operação ({name}: tipo "
                         "municipio com uf e codigo_municipio IBGE, cep ou latlng). A ANTT exige origem e destino "
                         "na declaração.")


@RULES.rule("LOC02", BLOCKER, "Origem e destino com tipos diferentes")
def loc02(ctx: RuleContext):
    origem, destino = ctx.data.origem, ctx.data.destino
    if origem is not None and destino is not None and origem.tipo != destino.tipo:
        yield ("destino.tipo",
               f"destino.tipo ({destino.tipo}) deve ser igual a origem.tipo ({origem.tipo}): informe origem e "
               "destino do mesmo tipo.")


def _sides(ctx: RuleContext, tipo: str):
    for name, label in SIDES:
        location = getattr(ctx.data, name)
        if location is not None and location.tipo == tipo:
            yield name, label, location


@RULES.rule("LOC03", BLOCKER, "Município: UF e código IBGE obrigatórios, existentes e coerentes")
def loc03(ctx: RuleContext):
    table = municipalities()
    for name, label, location in _sides(ctx, "municipio"):
        uf = (text(location.uf) or "").upper()
        code = text(location.codigo_municipio)
        if not uf:
            yield f"{name}.uf", f"Informe a UF {label} ({name}.uf, sigla como SP)."
        elif uf not in UFS:
            yield f"{name}.uf", f"UF {label} inválida ({location.uf}): use a sigla de um dos 27 estados."
            uf = ""
        if not code:
            yield (f"{name}.codigo_municipio",
                   f"Informe o código IBGE do município {label} ({name}.codigo_municipio, 7 dígitos).")
            continue
        found = table.get(code)
        if found is None:
            yield (f"{name}.codigo_municipio",
                   f"Código IBGE do município {label} desconhecido ({code}): informe o código de 7 dígitos do IBGE.")
        elif uf and found[1] != uf:
            yield (f"{name}.codigo_municipio",
                   f"O município {label} {found[0]} ({code}) pertence a {found[1]}, não a {uf}: corrija "
                   f"{name}.uf ou {name}.codigo_municipio.")


@RULES.rule("LOC04", BLOCKER, "CEP com 8 dígitos obrigatório")
def loc04(ctx: RuleContext):
    for name, label, location in _sides(ctx, "cep"):
        cep = strip_punctuation(location.cep or "")
        if not re.fullmatch(r"\d{8}", cep):
            yield (f"{name}.cep",
                   f"Informe o CEP {label} com 8 dígitos ({name}.cep)"
                   + (f"; recebido: {location.cep}." if location.cep else "."))


@RULES.rule("LOC05", BLOCKER, "Latitude e longitude obrigatórias")
def loc05(ctx: RuleContext):
    for name, label, location in _sides(ctx, "latlng"):
        for attr, word in (("lat", "a latitude"), ("lng", "a longitude")):
            if getattr(location, attr) is None:
                yield f"{name}.{attr}", f"Informe {word} {label} ({name}.{attr})."


# --- CRG: cargo and route ---------------------------------------------------------------------------

FLOOR_CARGO_TYPES = range(1, 13)  # the 12 cargo types of the ANTT floor tables (1 granel sólido … 12 pressurizada)


@RULES.rule("CRG01", BLOCKER, "Distância obrigatória e maior que zero")
def crg01(ctx: RuleContext):
    distance = ctx.data.distancia_km
    if distance is None:
        yield ("distancia_km",
               "Informe a distância da viagem em km (distancia_km): a ANTT exige a distância na declaração e o piso "
               "mínimo de frete é calculado a partir dela.")
    elif distance <= 0:
        yield "distancia_km", "distancia_km informada como zero: informe a distância da viagem em km."


@RULES.rule("CRG02", BLOCKER, "Peso da carga obrigatório, maior que zero e abaixo de 9.999.999,99 kg")
def crg02(ctx: RuleContext):
    weight = ctx.data.peso_carga
    if weight is None:
        yield "peso_carga", "Informe o peso da carga em kg (peso_carga): a ANTT exige o peso na declaração."
    elif weight <= 0:
        yield "peso_carga", "peso_carga informado como zero: informe o peso da carga em kg."
    elif weight >= MAX_WEIGHT_KG:
        yield ("peso_carga",
               f"peso_carga ({number(weight)} kg) deve ficar abaixo de 9.999.999,99 kg: confira a unidade (kg).")


@RULES.rule("CRG03", BLOCKER, "Tipo de carga obrigatório e entre os 12 tipos do piso (lotação e fracionada, #15.3)")
def crg03(ctx: RuleContext):
    """The manual asks the cargo type (#15.3) of every cargo declaration, lotação and fracionada. The other
    operational indicators (composição, alto desempenho, retorno vazio) are filled when omitted
    (domain/ciot/derivations.py), so they are never missing here."""
    cargo_type = ctx.data.codigo_tipo_carga
    if cargo_type is None:
        yield ("codigo_tipo_carga",
               "Informe codigo_tipo_carga (tipo de carga das tabelas do piso mínimo da ANTT, de 1 a 12; ex.: 5 carga "
               "geral): a ANTT exige o tipo de carga na declaração de lotação e de fracionada.")
    elif cargo_type not in FLOOR_CARGO_TYPES:
        yield ("codigo_tipo_carga",
               f"codigo_tipo_carga={cargo_type} não existe nas tabelas do piso mínimo da ANTT: use de 1 (granel "
               "sólido) a 12 (granel pressurizada).")


# --- DAT: dates ------------------------------------------------------------------------------------

def _declaration(ctx: RuleContext):
    return ctx.data.data_declaracao or ctx.today


@RULES.rule("DAT01", BLOCKER, "Data da declaração mais de 30 dias à frente")
def dat01(ctx: RuleContext):
    declared = ctx.data.data_declaracao
    if declared and declared > ctx.today + timedelta(days=MAX_DAYS_AHEAD):
        yield ("data_declaracao",
               f"data_declaracao ({date_br(declared)}) está mais de {MAX_DAYS_AHEAD} dias à frente de hoje "
               f"({date_br(ctx.today)}): a ANTT aceita declarar no máximo {MAX_DAYS_AHEAD} dias antes.")


@RULES.rule("DAT02", WARNING, "Data da declaração mais de 30 dias no passado")
def dat02(ctx: RuleContext):
    declared = ctx.data.data_declaracao
    if declared and declared < ctx.today - timedelta(days=MAX_DAYS_PAST):
        yield ("data_declaracao",
               f"data_declaracao ({date_br(declared)}) está mais de {MAX_DAYS_PAST} dias no passado: o CIOT deve ser "
               "declarado antes do início da viagem. Confira a data.")


@RULES.rule("DAT03", BLOCKER, "Início e fim da viagem obrigatórios")
def dat03(ctx: RuleContext):
    for name, label in (("viagem_inicio", "início"), ("viagem_fim", "fim")):
        if getattr(ctx.data, name) is None:
            yield (name, f"Informe a data de {label} da viagem ({name}): a ANTT exige o período da viagem na "
                         "declaração da operação de transporte.")


def _trip(ctx: RuleContext):
    return naive(ctx.data.viagem_inicio), naive(ctx.data.viagem_fim)


@RULES.rule("DAT04", BLOCKER, "Fim da viagem antes do início")
def dat04(ctx: RuleContext):
    start, end = _trip(ctx)
    if start and end and end < start:
        yield ("viagem_fim",
               f"viagem_fim ({date_br(end)}) é anterior a viagem_inicio ({date_br(start)}): "
               "corrija as datas da viagem.")


@RULES.rule("DAT05", BLOCKER, "Viagem com mais de 90 dias corridos")
def dat05(ctx: RuleContext):
    start, end = _trip(ctx)
    if start and end and (end.date() - start.date()).days > MAX_TRIP_DAYS:
        days = (end.date() - start.date()).days
        yield ("viagem_fim",
               f"A viagem vai de {date_br(start)} a {date_br(end)} ({days} dias corridos): a ANTT aceita no "
               f"máximo {MAX_TRIP_DAYS} dias. Corrija viagem_fim ou divida em mais operações.")


@RULES.rule("DAT06", BLOCKER, "Viagem começa antes da data da declaração")
def dat06(ctx: RuleContext):
    start, _ = _trip(ctx)
    declared = _declaration(ctx)
    if start and start.date() < declared:
        yield ("viagem_inicio",
               f"viagem_inicio ({date_br(start)}) é anterior à data da declaração ({date_br(declared)}): a ANTT "
               "recusa a declaração de uma viagem já iniciada. Corrija as datas.")


@RULES.rule("DAT07", BLOCKER, "Viagem começa mais de 30 dias depois de hoje (B22; fora de contingência)")
def dat07(ctx: RuleContext):
    start, _ = _trip(ctx)
    limit = ctx.today + timedelta(days=MAX_DAYS_AHEAD)
    if start and start.date() > limit and not ctx.data.contingencia:
        yield ("viagem_inicio",
               f"viagem_inicio ({date_br(start)}) está mais de {MAX_DAYS_AHEAD} dias depois de hoje "
               f"({date_br(ctx.today)}; limite {date_br(limit)}): a ANTT aceita declarar viagens que começam em até "
               f"{MAX_DAYS_AHEAD} dias (regra B22). Declare mais perto da viagem.")


@RULES.rule("DAT08", BLOCKER, "Viagem começa antes de hoje (fora de contingência)")
def dat08(ctx: RuleContext):
    start, _ = _trip(ctx)
    if start and start.date() < ctx.today and not ctx.data.contingencia:
        yield ("viagem_inicio",
               f"viagem_inicio ({date_br(start)}) é anterior a hoje ({date_br(ctx.today)}): fora de contingência a "
               "ANTT só aceita declarar viagens que ainda não começaram. Corrija a data de início.")


@RULES.rule("DAT09", BLOCKER, "Justificativa de contingência sem contingência")
def dat09(ctx: RuleContext):
    if text(ctx.data.justificativa_contingencia) and not ctx.data.contingencia:
        yield ("justificativa_contingencia",
               "justificativa_contingencia foi informada, mas a operação não está em contingência "
               "(contingencia=false): remova a justificativa. Ela só é aceita junto com contingencia=true.")


MAX_JUSTIFICATION = 255


@RULES.rule("DAT10", BLOCKER, "Justificativa de contingência com mais de 255 caracteres (B4)")
def dat10(ctx: RuleContext):
    justification = text(ctx.data.justificativa_contingencia) or ""
    if len(justification) > MAX_JUSTIFICATION:
        yield ("justificativa_contingencia",
               f"justificativa_contingencia tem {len(justification)} caracteres: a ANTT aceita no máximo "
               f"{MAX_JUSTIFICATION} (regra B4). Resuma a justificativa.")


# --- DOC: fiscal documents -------------------------------------------------------------------------

def _key(document) -> str | None:
    return re.sub(r"\s", "", document.access_key or "") or None


def _valid_key(document) -> str | None:
    key = _key(document)
    if key and re.fullmatch(r"\d{44}", key) and access_key_check_digit(key[:43]) == int(key[43]):
        return key
    return None


@RULES.rule("DOC01", BLOCKER, "Chave de acesso inválida (44 dígitos com dígito verificador)")
def doc01(ctx: RuleContext):
    for index, document in enumerate(ctx.data.documents):
        key = _key(document)
        if key is None:
            continue
        label = KIND_LABEL.get(document.kind, document.kind)
        if not re.fullmatch(r"\d{44}", key):
            received = "há caracteres que não são dígitos" if len(key) == 44 else f"recebidos {len(key)} caracteres"
            yield (f"documents[{index}].access_key",
                   f"Chave de acesso do {nth(index)} documento ({label}) deve ter 44 dígitos ({received}).")
        elif access_key_check_digit(key[:43]) != int(key[43]):
            yield (f"documents[{index}].access_key",
                   f"Chave de acesso do {nth(index)} documento ({label}) inválida: o dígito verificador não confere. "
                   "Copie a chave novamente do DANFE/DACTE.")


@RULES.rule("DOC02", BLOCKER, "Modelo da chave de acesso não corresponde ao tipo do documento")
def doc02(ctx: RuleContext):
    for index, document in enumerate(ctx.data.documents):
        key = _key(document)
        if not key or not re.fullmatch(r"\d{44}", key):
            continue
        model, expected = access_key_model(key), KIND_MODEL.get(document.kind)
        if expected and model != expected:
            found = MODEL_LABEL.get(model, f"modelo {model}")
            yield (f"documents[{index}].access_key",
                   f"A chave do {nth(index)} documento é de {found} (modelo {model}), mas kind={document.kind} "
                   f"espera modelo {expected} ({KIND_LABEL[document.kind]}). Corrija kind ou a chave.")


@RULES.rule("DOC03", WARNING, "Operação de lotação sem documentos fiscais")
def doc03(ctx: RuleContext):
    if ctx.data.tipo_operacao == "lotacao" and not ctx.data.documents:
        yield ("documents",
               "Operação de lotação sem documentos fiscais: informe a NF-e da carga e/ou o CT-e para vincular o "
               "CIOT ao transporte declarado.")


@RULES.rule("DOC04", WARNING, "Chave de acesso repetida")
def doc04(ctx: RuleContext):
    for index, first in repeats([_key(document) for document in ctx.data.documents]):
        yield (f"documents[{index}].access_key",
               f"A chave de acesso do {nth(index)} documento repete a do {nth(first)}: informe cada documento uma "
               "única vez.")


@RULES.rule("DOC05", WARNING, "Emitente, série ou número diferentes dos contidos na chave de acesso")
def doc05(ctx: RuleContext):
    for index, document in enumerate(ctx.data.documents):
        key = _valid_key(document)
        if key is None:
            continue
        emitter = normalize_doc(document.emitter_cnpj)
        in_key = key[6:20]
        if emitter and len(emitter) in (11, 14) and emitter.zfill(14) != in_key:
            yield (f"documents[{index}].emitter_cnpj",
                   f"O emitente informado ({emitter}) difere do CNPJ/CPF contido na chave de acesso do {nth(index)} "
                   f"documento ({in_key}).")
        series, number = text(document.series), text(document.number)
        if series and series.isdigit() and int(series) != int(key[22:25]):
            yield (f"documents[{index}].series",
                   f"A série informada ({series}) difere da série contida na chave de acesso do {nth(index)} "
                   f"documento ({int(key[22:25])}).")
        if number and number.isdigit() and int(number) != int(key[25:34]):
            yield (f"documents[{index}].number",
                   f"O número informado ({number}) difere do número contido na chave de acesso do {nth(index)} "
                   f"documento ({int(key[25:34])}).")
