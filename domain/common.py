"""Helpers every registry-like area shares (partners, fleet and the areas to come): schema field builders,
LIKE patterns, and the mechanics of creating and patching a record from a parsed body."""
from typing import Annotated

import sqlalchemy as sa
from pydantic import Field

from core.errors import FieldError, InvalidBody
from core.schemas import EmptyAsNone
from domain.tenancy.models import User

# --- Schema fields ---------------------------------------------------------------------------------------------

def text(max_length: int, min_length: int = 0):
    """A string field with length limits (after trimming)."""
    return Annotated[str, Field(min_length=min_length, max_length=max_length)]


def optional(tp):
    """Optional field: null or "" (or blanks) mean "no value"."""
    return Annotated[tp | None, EmptyAsNone]


# --- Queries -----------------------------------------------------------------------------------------------------

def like_pattern(term: str) -> str:
    """`%term%` with LIKE wildcards in the term taken literally (use with escape="\\")."""
    return "%" + term.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


# --- Creating and patching records -------------------------------------------------------------------------------

def actor_user_id(actor):
    """The acting user's id when the actor is a user (an API key or None records nobody)."""
    return actor.id if isinstance(actor, User) else None


def sent_of(data, sent_fields, fields) -> set[str]:
    """Fields a PATCH touches: the explicit list, else those set in the parsed model."""
    chosen = data.model_fields_set if sent_fields is None else sent_fields
    return set(chosen) & set(fields)


def missing_required(record, values: dict) -> list[FieldError]:
    """`None` for a NOT NULL column (e.g. a page listing a field in sent_fields that its model left unset)."""
    columns = type(record).__table__.c
    return [FieldError(name, "required", "Campo obrigatório.")
            for name, value in values.items() if value is None and not columns[name].nullable]


def apply_changes(record, values: dict) -> None:
    for name, value in values.items():
        if getattr(record, name) != value:
            setattr(record, name, value)


def invalid_body(errors: list[FieldError]) -> InvalidBody:
    names = ", ".join(sorted({e.field for e in errors}))
    return InvalidBody(f"Campos inválidos: {names}.", details=errors)


def raise_invalid(errors: list[FieldError]) -> None:
    if errors:
        raise invalid_body(errors)


# --- Titles (receivables and payables) --------------------------------------------------------------------------

OPEN_TITLE_STATUSES = ("aberto", "parcial")


def open_titles(model):
    """The open titles of `model` (Receivable, Payable), with the statuses inline as the partial indexes' predicate
    writes them (OPEN_TITLES_PREDICATE): a bound parameter would hide them from the planner, which then walks every
    paid title of the company."""
    return model.status.in_([sa.literal_column(f"'{status}'") for status in OPEN_TITLE_STATUSES])
