"""Request models: pydantic types for our field rules and the translation of errors into `details`."""
import types
import typing
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import cache
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, model_validator
from pydantic.json_schema import WithJsonSchema
from pydantic_core import PydanticCustomError

from core import validators as v
from core.errors import FieldError, InvalidBody, InvalidQuery


class RequestModel(BaseModel):
    """Unknown fields are ignored (docs/decisions.md §1); strings are stripped; a number is never a boolean."""
    model_config = ConfigDict(extra="ignore", str_strip_whitespace=True)

    @model_validator(mode="before")
    @classmethod
    def _no_boolean_numbers(cls, data):
        """pydantic reads JSON `true` as 1 for an int, float or Decimal field (a payable of `valor_centavos: true`
        stored 1 centavo): refused, naming the field. Nested models check their own fields."""
        if isinstance(data, dict):
            for key in numeric_keys(cls):
                if isinstance(data.get(key), bool):
                    raise PydanticCustomError("number_type", "Informe um número (não true/false).", {"field": key})
            for key in date_keys(cls):
                if _bare_number(data.get(key)):
                    raise PydanticCustomError("date_parsing", "Data inválida (use AAAA-MM-DD; ISO 8601 com hora).",
                                              {"field": key})
        return data


NUMBER_TYPES = (int, float, Decimal)
DATE_TYPES = (date,)  # datetime is a date too


@cache
def numeric_keys(model: type[BaseModel]) -> tuple[str, ...]:
    """The input keys (aliases) of `model`'s fields that take a number and not a boolean."""
    return tuple(info.alias or name for name, info in model.model_fields.items()
                 if _takes(info.annotation, NUMBER_TYPES))


@cache
def date_keys(model: type[BaseModel]) -> tuple[str, ...]:
    """The input keys (aliases) of `model`'s fields that take a date or a moment."""
    return tuple(info.alias or name for name, info in model.model_fields.items() if _takes(info.annotation, DATE_TYPES))


def _takes(annotation, kinds: tuple) -> bool:
    if typing.get_origin(annotation) is Annotated:
        return _takes(typing.get_args(annotation)[0], kinds)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        options = typing.get_args(annotation)
        return bool not in options and any(_takes(option, kinds) for option in options)
    return isinstance(annotation, type) and issubclass(annotation, kinds) and annotation is not bool


def _bare_number(value) -> bool:
    """pydantic reads a number (`0`, `"1700000000"`) in a date field as seconds since 1970: `to=0` filtered up to
    1970-01-01 and answered 200. A date is written `AAAA-MM-DD` (a moment ISO 8601), never as a count."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int | float | Decimal):
        return True
    return isinstance(value, str) and _as_amount(value) is not None


def _wrap(fn):
    def run(value):
        if value is None:
            return value
        return fn(value)
    return AfterValidator(run)


def _empty_to_none(value):
    if isinstance(value, str) and not value.strip():
        return None
    return value


EmptyAsNone = BeforeValidator(_empty_to_none)

def _doc(description: str, pattern: str | None = None, example: str | None = None) -> WithJsonSchema:
    """What the OpenAPI document says about a field type: the pattern the server enforces (the check itself, with
    its pt-BR message, stays in core.validators) and an example."""
    schema = {"type": "string", "description": description}
    if pattern:
        schema["pattern"] = pattern
    if example:
        schema["examples"] = [example]
    return WithJsonSchema(schema)


Cpf = Annotated[str, _wrap(v.clean_cpf), _doc("CPF, com ou sem pontuação; dígitos verificadores conferidos.",
                                              example="529.982.247-25")]
CpfDigits = Annotated[str, _wrap(lambda s: v.clean_cpf(s, allow_punctuation=False)),
                      _doc("CPF, 11 dígitos sem pontuação; dígitos verificadores conferidos.", r"^\d{11}$",
                           "52998224725")]
Cnpj = Annotated[str, _wrap(v.clean_cnpj), _doc("CNPJ (14 caracteres, alfanumérico aceito), com ou sem pontuação.",
                                                example="11.222.333/0001-81")]
CpfCnpj = Annotated[str, _wrap(v.clean_cpf_cnpj), _doc("CPF ou CNPJ, com ou sem pontuação.",
                                                       example="11222333000181")]
CpfCnpjDigits = Annotated[str, _wrap(lambda s: v.clean_cpf_cnpj(s, allow_punctuation=False)),
                          _doc("CPF (11 dígitos) ou CNPJ (14 caracteres: 12 alfanuméricos e 2 dígitos), sem "
                               "pontuação; dígitos verificadores conferidos.", r"^(\d{11}|[0-9A-Za-z]{12}\d{2})$",
                               "11222333000181")]
Plate = Annotated[str, _wrap(v.clean_plate), _doc("Placa AAA9999 ou Mercosul AAA9A99 (hífen e minúsculas aceitos; "
                                                  "gravada em maiúsculas sem hífen).",
                                                  r"^[A-Za-z]{3}-?[0-9][A-Za-z0-9][0-9]{2}$", "ABC1D23")]
Rntrc = Annotated[str, _wrap(v.clean_rntrc), _doc("RNTRC, 9 dígitos (8 são completados com zero).",
                                                  example="012345678")]
Uf = Annotated[str, _wrap(v.clean_uf), _doc("Sigla da UF.", r"^[A-Za-z]{2}$", "SP")]
Cep = Annotated[str, _wrap(v.clean_cep), _doc("CEP, 8 dígitos, com ou sem hífen.", example="01310-100")]
Phone = Annotated[str, _wrap(v.clean_phone), _doc("Telefone com DDD, em qualquer formato; gravado em E.164.",
                                                  example="(11) 98765-4321")]
E164 = Annotated[str, _wrap(v.clean_e164), _doc("Telefone em E.164.", r"^\+[1-9]\d{7,14}$", "+5511987654321")]
Email = Annotated[str, _wrap(v.clean_email), _doc("E-mail.", example="contato@exemplo.com.br")]
AccessKey = Annotated[str, _wrap(v.clean_access_key), _doc("Chave de acesso de NF-e/CT-e/MDF-e, 44 dígitos "
                                                                "(espaços ignorados).")]
IbgeCode = Annotated[str, _wrap(v.clean_ibge_code), _doc("Código IBGE do município, 7 dígitos.", r"^\d{7}$",
                                                         "3550308")]

CENT = Decimal("0.01")


def _as_amount(value) -> Decimal | None:
    """A sent number as a finite Decimal (a float as the shortest text that names it); None for what is not one."""
    if isinstance(value, bool) or not isinstance(value, int | float | str | Decimal):
        return None
    try:
        amount = value if isinstance(value, Decimal) else Decimal(str(value).strip())
    except (InvalidOperation, ValueError):
        return None
    return amount if amount.is_finite() else None


def money_half_up(value):
    """Reais are stored with 2 places, rounded half-up (docs/api/README.md, "Money"): a JavaScript client computing
    3 × 33.1 sends 99.30000000000001, which is R$ 99,30, not an error. A float is read as the shortest text that
    names it (100.125 rounds to 100.13, as written); what is not a number is left as it came, for the type's own
    check to refuse (400), and so is a number too long to round to the cent (1e30: more digits than the decimal
    context holds), for the field's digit bound to refuse."""
    amount = _as_amount(value)
    if amount is None:
        return value
    try:
        return amount.quantize(CENT, rounding=ROUND_HALF_UP)
    except InvalidOperation:
        return amount


def below_floor_before_rounding(value, floor: Decimal | int) -> None:
    """Refuse an amount under the field's floor as sent, before rounding: -0.001 would round to -0.00, which the
    bound lets through (it equals 0), and be stored as R$ 0,00. The same code as any amount under the floor."""
    amount = _as_amount(value)
    if amount is not None and amount < floor:
        raise PydanticCustomError("greater_than_equal", "Input should be greater than or equal to {ge}",
                                  {"ge": floor})


def money(*, max_digits: int, **bounds) -> Any:
    """A money field in reais: an amount under its floor (`ge`) is refused as sent, then what passes is rounded
    half-up to the cent and checked (bounds, digits) as a 2-place decimal. The one reader of money in reais: the
    API's models and the pages' forms (which build the same models) all go through it."""
    floor = bounds.get("ge")

    def sent_then_rounded(value):
        if floor is not None:
            below_floor_before_rounding(value, floor)
        return money_half_up(value)
    # The constraints sit on the decimal itself, inside the check and the rounding: validation is the same either
    # way, but only then does the JSON Schema carry them as `minimum`/`maximum` numbers (outside, pydantic copies
    # its own keywords, `decimal_places` and `le` as a string, which generators and linters do not know).
    return Annotated[Decimal, Field(max_digits=max_digits, decimal_places=2, **bounds),
                     BeforeValidator(sent_then_rounded)]


Limit = Annotated[int, Field(ge=1, le=200)]
# The inclusive end of a date filter: 9999-12-31 means "no end" (its next day, used for the `<` bound, is out of range).
EndDate = Annotated[date, AfterValidator(lambda d: None if d == date.max else d)]


class ListQuery(RequestModel):
    limit: Limit = 50
    cursor: str | None = Field(default=None, max_length=512)


def _field_path(loc: tuple) -> str:
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += ("." if path else "") + str(part)
    return path or "body"


_PT_MESSAGES = {
    "missing": "Campo obrigatório.",
    "string_type": "Deve ser texto.",
    "int_type": "Deve ser um número inteiro.",
    "int_parsing": "Deve ser um número inteiro.",
    "int_from_float": "Deve ser um número inteiro.",
    "float_type": "Deve ser um número.",
    "float_parsing": "Deve ser um número.",
    "decimal_parsing": "Deve ser um número.",
    "decimal_type": "Deve ser um número.",
    "bool_type": "Deve ser verdadeiro ou falso.",
    "bool_parsing": "Deve ser verdadeiro ou falso.",
    "list_type": "Deve ser uma lista.",
    "dict_type": "Deve ser um objeto.",
    "model_type": "Deve ser um objeto.",
    "model_attributes_type": "Deve ser um objeto.",
    "date_type": "Data inválida (use AAAA-MM-DD).",
    "date_parsing": "Data inválida (use AAAA-MM-DD).",
    "date_from_datetime_parsing": "Data inválida (use AAAA-MM-DD).",
    "date_from_datetime_inexact": "Data inválida (use AAAA-MM-DD).",
    "datetime_type": "Data e hora inválidas (ISO 8601).",
    "datetime_parsing": "Data e hora inválidas (ISO 8601).",
    "datetime_from_date_parsing": "Data e hora inválidas (ISO 8601).",
    "uuid_type": "Identificador inválido (uuid).",
    "uuid_parsing": "Identificador inválido (uuid).",
    "enum": "Valor não permitido.",
    "literal_error": "Valor não permitido.",
    "finite_number": "Deve ser um número finito.",
    "json_invalid": "JSON inválido.",
    "json_type": "JSON inválido.",
    "int_parsing_size": "Número inteiro fora do intervalo aceito.",
    "string_unicode": "Texto com caracteres inválidos.",
    "string_not_ascii": "Use apenas caracteres ASCII.",
    "bytes_type": "Deve ser texto.",
    "tuple_type": "Deve ser uma lista.",
    "set_type": "Deve ser uma lista.",
    "frozen_set_type": "Deve ser uma lista.",
    "iterable_type": "Deve ser uma lista.",
    "set_item_not_hashable": "Item de lista inválido.",
    "mapping_type": "Deve ser um objeto.",
    "none_required": "Deve ser nulo.",
    "extra_forbidden": "Campo não permitido.",
    "frozen_field": "Campo não pode ser alterado.",
    "frozen_instance": "Registro não pode ser alterado.",
    "is_instance_of": "Tipo inválido.",
    "union_tag_invalid": "Tipo não reconhecido.",
    "union_tag_not_found": "Campo obrigatório para identificar o tipo.",
    "assertion_error": "Valor inválido.",
    "date_past": "A data deve estar no passado.",
    "date_future": "A data deve estar no futuro.",
    "datetime_past": "A data e hora devem estar no passado.",
    "datetime_future": "A data e hora devem estar no futuro.",
    "datetime_object_invalid": "Data e hora inválidas (ISO 8601).",
    "timezone_naive": "Informe a data e hora sem fuso horário.",
    "timezone_aware": "Informe a data e hora com fuso horário (ex.: -03:00 ou Z).",
    "timezone_offset": "Fuso horário não aceito.",
    "time_type": "Hora inválida (use HH:MM).",
    "time_parsing": "Hora inválida (use HH:MM).",
    "time_delta_type": "Duração inválida.",
    "time_delta_parsing": "Duração inválida.",
    "url_type": "URL inválida.",
    "url_parsing": "URL inválida.",
    "url_syntax_violation": "URL inválida.",
    "url_too_long": "URL longa demais.",
    "url_scheme": "Esquema de URL não permitido (use http ou https).",
    "uuid_version": "Identificador inválido (uuid).",
}


# Messages that quote the limit from the error's context (lengths, digits, decimal places, multiples).
_LIMIT_MESSAGES = {
    "string_too_short": "Deve ter pelo menos {min_length} caracteres.",
    "string_too_long": "Deve ter no máximo {max_length} caracteres.",
    "too_short": "Deve ter pelo menos {min_length} itens.",
    "too_long": "Deve ter no máximo {max_length} itens.",
    "decimal_whole_digits": "Deve ter no máximo {whole_digits} dígitos antes da vírgula.",
    "decimal_max_places": "Deve ter no máximo {decimal_places} casas decimais.",
    "decimal_max_digits": "Deve ter no máximo {max_digits} dígitos no total.",
    "multiple_of": "Deve ser múltiplo de {multiple_of}.",
}


def _limit_message(kind: str, ctx: dict) -> str | None:
    template = _LIMIT_MESSAGES.get(kind)
    if template is None:
        return None
    try:
        return template.format(**ctx)
    except (KeyError, IndexError):
        return None


def _message_for(err: dict) -> tuple[str, str]:
    kind = err.get("type", "invalid")
    ctx = err.get("ctx") or {}
    if kind == "value_error" and isinstance(ctx.get("error"), v.FieldInvalid):
        exc = ctx["error"]
        return exc.code, exc.message
    limit = _limit_message(kind, ctx)
    if limit is not None:
        return kind, limit
    if kind in ("greater_than_equal", "greater_than"):
        return kind, f"Deve ser maior{' ou igual' if kind.endswith('equal') else ''} a {ctx.get('ge', ctx.get('gt'))}."
    if kind in ("less_than_equal", "less_than"):
        return kind, f"Deve ser menor{' ou igual' if kind.endswith('equal') else ''} a {ctx.get('le', ctx.get('lt'))}."
    if kind == "string_pattern_mismatch":
        return kind, "Formato inválido."
    if kind in ("enum", "literal_error") and ctx.get("expected"):
        return kind, f"Valor não permitido; use {str(ctx['expected']).replace(' or ', ' ou ')}."
    if kind == "value_error":
        return "invalid", str(ctx.get("error") or err.get("msg", "Valor inválido."))
    return kind, _PT_MESSAGES.get(kind, err.get("msg", "Valor inválido."))


def details_from(exc: ValidationError, prefix: str = "") -> list[FieldError]:
    out = []
    for err in exc.errors(include_url=False):
        code, message = _message_for(err)
        loc = tuple(p for p in err["loc"] if p not in ("function-after[run(), str]",))
        # Model-level checks name their field in the error context (see PydanticCustomError uses).
        named = (err.get("ctx") or {}).get("field")
        path = _field_path(loc + (named,)) if named else _field_path(loc)
        out.append(FieldError(f"{prefix}{path}" if prefix else path, code, message))
    return out


def parse_body(model: type[BaseModel], data: Any):
    if not isinstance(data, dict):
        raise InvalidBody("O corpo deve ser um objeto JSON.",
                          details=[FieldError("body", "dict_type", "Deve ser um objeto.")])
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        details = details_from(exc)
        raise InvalidBody(_summary(details), details=details) from exc


def validate_data(model: type[BaseModel], data: Any) -> tuple[Any, list[FieldError]]:
    """Validate one row (a form, a spreadsheet line, a bulk item) without raising: (instance or None, details)."""
    if not isinstance(data, dict):
        return None, [FieldError("body", "dict_type", "Deve ser um objeto.")]
    try:
        return model.model_validate(data), []
    except ValidationError as exc:
        return None, details_from(exc)


def parse_query(model: type[BaseModel], args) -> BaseModel:
    data = {k: args.get(k) for k in args}
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        details = details_from(exc)
        raise InvalidQuery(_summary(details), details=details) from exc


def _summary(details: list[FieldError]) -> str:
    names = ", ".join(sorted({d.field for d in details})[:5])
    return f"Campos inválidos: {names}." if names else "Corpo da requisição inválido."


def dump_date(value: date | None) -> str | None:
    return value.isoformat() if value else None


__all__ = [
    "E164",
    "AccessKey",
    "Cep",
    "Cnpj",
    "Cpf",
    "CpfCnpj",
    "CpfCnpjDigits",
    "CpfDigits",
    "Email",
    "EmptyAsNone",
    "EndDate",
    "Field",
    "IbgeCode",
    "Limit",
    "ListQuery",
    "Phone",
    "Plate",
    "RequestModel",
    "Rntrc",
    "Uf",
    "date",
    "datetime",
    "details_from",
    "dump_date",
    "money",
    "money_half_up",
    "parse_body",
    "parse_query",
    "validate_data",
]


def comma_list(value: str | None) -> list[str]:
    """`a, b,,c` → ["a", "b", "c"]: the query-string form of a list (`?status=emitido,cancelado`)."""
    return [part.strip() for part in (value or "").split(",") if part.strip()]


def comma_choices(value: str | None, allowed, *, what: str) -> str | None:
    """Validate a comma list against `allowed`; returns it normalised (deduplicated, in order) or None."""
    items = comma_list(value)
    unknown = [item for item in items if item not in allowed]
    if unknown:
        raise ValueError(f"{what}: {', '.join(unknown)[:200]}. Use: {', '.join(allowed)}.")
    return ",".join(dict.fromkeys(items)) or None


def check_date_order(date_from, date_to) -> None:
    """For `from`/`to` query pairs: a reversed range is a 400 naming `from`."""
    if date_from and date_to and date_from > date_to:
        raise PydanticCustomError("date_order", "A data inicial deve ser anterior ou igual à data final.",
                                  {"field": "from"})
