"""A trip's origin and destination as IBGE municipalities (the shipped table, data/municipios_ibge.csv): given by
code, by name with its UF, or by name alone when only one municipality in the country has it. The pages pick them by
name (UF select + municipality list); the API takes either. Every answer is (code, IBGE name, UF)."""
from collections import defaultdict
from functools import lru_cache
from typing import NamedTuple

from core.validators import FieldInvalid, fold, municipalities, resolve_ibge_code


class Place(NamedTuple):
    codigo_ibge: str
    nome: str
    uf: str


@lru_cache(maxsize=1)
def _codes_by_name() -> dict[str, list[str]]:
    """Folded name → the IBGE codes of every municipality of that name (several UFs share names)."""
    index = defaultdict(list)
    for code, (name, _uf) in municipalities().items():
        index[fold(name)].append(code)
    return dict(index)


def _place(code: str) -> Place:
    name, uf = municipalities()[code]
    return Place(code, name, uf)


def by_code(code: str) -> Place:
    """FieldInvalid (`unknown_municipality`) when the table has no such 7-digit code."""
    code = (code or "").strip()
    if code not in municipalities():
        raise FieldInvalid(f"Código IBGE '{code}' não encontrado na lista de municípios do IBGE (7 dígitos).",
                           "unknown_municipality")
    return _place(code)


def by_name(name: str, uf: str | None) -> Place:
    """The municipality `name` in `uf`; without a UF, the only one of that name in the country. FieldInvalid
    `unknown_municipality` when none, `ambiguous_municipality` (naming the UFs) when several and no UF was given."""
    if uf:
        code = resolve_ibge_code(name, uf)
        if code is None:
            raise FieldInvalid(f"Município '{name}' não encontrado em {uf.upper()} na lista do IBGE: informe o nome "
                               "de um município da UF.", "unknown_municipality")
        return _place(code)
    codes = _codes_by_name().get(fold(name), [])
    if not codes:
        raise FieldInvalid(f"Município '{name}' não encontrado na lista do IBGE.", "unknown_municipality")
    if len(codes) > 1:
        ufs = ", ".join(sorted(municipalities()[c][1] for c in codes))
        raise FieldInvalid(f"Há {len(codes)} municípios chamados '{name}' ({ufs}): informe a UF ou o código IBGE.",
                           "ambiguous_municipality")
    return _place(codes[0])


def resolve_side(code: str | None, name: str | None, uf: str | None) -> Place:
    """One side of a trip. FieldInvalid carries `.field` = the suffix to blame (`codigo_ibge`, `municipio_nome`
    or `uf`): nothing given, an unknown code or name, an ambiguous name, or a code and a name/UF that disagree."""
    if code:
        place = _blame(by_code, "codigo_ibge", code)
        if name and fold(name) != fold(place.nome):
            raise _with_field(FieldInvalid(f"O código IBGE {place.codigo_ibge} é {place.nome}/{place.uf}, não "
                                           f"'{name}': envie um só, ou os dois do mesmo município.",
                                           "municipality_mismatch"), "codigo_ibge")
        if uf and uf.upper() != place.uf:
            raise _with_field(FieldInvalid(f"O código IBGE {place.codigo_ibge} é de {place.nome}/{place.uf}, não de "
                                           f"{uf.upper()}.", "municipality_mismatch"), "uf")
        return place
    if not name:
        raise _with_field(FieldInvalid("Informe o município: código IBGE, ou nome (com a UF quando houver mais de um "
                                       "com esse nome).", "required"), "municipio_nome")
    return _blame(by_name, "municipio_nome", name, uf)


def _with_field(exc: FieldInvalid, field: str) -> FieldInvalid:
    exc.field = field
    return exc


def _blame(find, field: str, *args) -> Place:
    try:
        return find(*args)
    except FieldInvalid as exc:
        raise _with_field(exc, field) from None
