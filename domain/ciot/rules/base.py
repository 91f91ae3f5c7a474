"""Types of the CIOT rules engine: violations, the context a rule reads, the result, and the Rule object."""
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property
from typing import TYPE_CHECKING

from domain.ciot.modality import (
    Modality,
    bank_data_source,
    derive_modality,
    effective_bank_data,
    is_own_fleet,
    issued_by_contratado,
    normalize_doc,
)

if TYPE_CHECKING:  # pragma: no cover
    from domain.ciot.schemas import OperationCreate

BLOCKER = "blocker"
WARNING = "warning"
INFO = "info"  # what the platform assumed or filled (derived fields): shown, never counted against the status
SEVERITIES = (BLOCKER, WARNING, INFO)


@dataclass(frozen=True)
class Violation:
    code: str
    severity: str  # "blocker" | "warning" | "info"
    field: str     # e.g. "payments[1].titular_cpf_cnpj" or "" when general
    message: str   # pt-BR

    def as_dict(self) -> dict:
        return {"code": self.code, "severity": self.severity, "field": self.field, "message": self.message}


@dataclass
class IssuerInfo:
    """A company registered on the platform (the caller, or the contracted ETC)."""
    cnpj: str
    state_registration: str | None
    has_credentials: dict = field(default_factory=dict)  # {"homolog": bool, "producao": bool}


@dataclass
class RuleContext:
    data: "OperationCreate"
    environment: str                 # "homolog" | "producao" (resolved)
    company: IssuerInfo              # the caller company
    contratado_categoria: str | None  # RNTRC category of the contracted partner (ETC, TAC, CTC, TAC_EQUIPARADO)
    contratado_etc_company: IssuerInfo | None  # a platform company whose CNPJ == contratado_cpf_cnpj, if any
    today: date
    max_advance_percent: int = 30    # company setting, PG17
    # The ANTT floor check (domain.antt_floor check_price_against_floor), given by the service that gathers the
    # facts; None leaves VAL04 out (the engine itself reads no table).
    floor_check: Callable | None = None
    # Body paths the platform filled (domain/ciot/derivations.py) and how the distance was obtained (informada,
    # estimada, rota): the information items of rules/derived.py read them.
    derived: tuple = ()
    distance_method: str | None = None
    _facts: dict = field(default_factory=dict, repr=False, compare=False)  # once()

    def once(self, name: str, compute: Callable[["RuleContext"], object]):
        """A fact several rules of an area read, computed once per validation by compute(ctx) (e.g. the ANTT floor
        check, a table lookup, that VAL04 and VAL05 both need)."""
        if name not in self._facts:
            self._facts[name] = compute(self)
        return self._facts[name]

    # Derived facts, computed once per validation (additive helpers; the constructor is unchanged).
    @cached_property
    def modality(self) -> Modality:
        return derive_modality(self.data, self.contratado_categoria)

    @cached_property
    def own_fleet(self) -> bool:
        return is_own_fleet(self.data, self.company.cnpj if self.company else None)

    @cached_property
    def tac_rules(self) -> bool:
        """TAC or ETC treated as TAC, and not own fleet: the payment protections apply."""
        return self.modality.tac_or_equated and not self.own_fleet

    @cached_property
    def issued_by_contratado(self) -> bool:
        return issued_by_contratado(self.modality, self.own_fleet)

    @cached_property
    def contratado(self) -> str | None:
        return normalize_doc(self.data.contratado_cpf_cnpj)

    @cached_property
    def bank(self) -> dict:
        return effective_bank_data(self.data)

    @cached_property
    def bank_source(self) -> str | None:
        return bank_data_source(self.data)


@dataclass
class ValidationResult:
    items: list[Violation]

    @property
    def blockers(self) -> int:
        return sum(1 for item in self.items if item.severity == BLOCKER)

    @property
    def warnings(self) -> int:
        return sum(1 for item in self.items if item.severity == WARNING)

    @property
    def infos(self) -> int:
        return sum(1 for item in self.items if item.severity == INFO)

    @property
    def ok(self) -> bool:
        return self.blockers == 0

    @property
    def codes(self) -> list[str]:
        return [item.code for item in self.items]

    def summary(self) -> dict:
        return {"ok": self.ok, "blockers": self.blockers, "warnings": self.warnings}

    def as_dict(self) -> dict:
        return {"items": [item.as_dict() for item in self.items], "summary": self.summary()}


def always(ctx: RuleContext) -> bool:
    return True


@dataclass(frozen=True)
class Rule:
    """One validation rule: `applies(ctx)` gates it (modality), `check(ctx)` lists its violations."""
    code: str
    severity: str
    title: str  # pt-BR one-liner (catalogue, docs)
    when: Callable[[RuleContext], bool]
    run: Callable[[RuleContext], Iterable[tuple[str, str]] | None]  # yields (field path, pt-BR message)

    def applies(self, ctx: RuleContext) -> bool:
        return bool(self.when(ctx))

    def check(self, ctx: RuleContext) -> list[Violation]:
        return [Violation(self.code, self.severity, field_path, message)
                for field_path, message in (self.run(ctx) or ())]

    def as_dict(self) -> dict:
        return {"code": self.code, "severity": self.severity, "title": self.title}


class Registry(list):
    """The ordered list of rules, with a decorator to declare them:

        @RULES.rule("PG17", BLOCKER, "Adiantamento acima do limite", when=tac_rules)
        def pg17(ctx):
            yield "payments", "mensagem em pt-BR"
    """

    def rule(self, code: str, severity: str, title: str, when: Callable[[RuleContext], bool] = always):
        assert severity in SEVERITIES, severity  # noqa: S101  the rule table checked at import
        assert all(existing.code != code for existing in self), f"duplicate rule {code}"  # noqa: S101

        def register(fn):
            self.append(Rule(code, severity, title, when, fn))
            return fn
        return register


RULES = Registry()  # filled, in this order, by rules/contract.py, structure.py, trip.py, commercial.py


def validate_operation(ctx: RuleContext) -> ValidationResult:
    items: list[Violation] = []
    for rule in RULES:
        if rule.applies(ctx):
            items.extend(rule.check(ctx))
    return ValidationResult(items)
