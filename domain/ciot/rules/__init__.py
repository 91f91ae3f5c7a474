"""CIOT validation rules engine: pure, table-tested (tests/domain/ciot/test_rules.py).

    result = validate_operation(RuleContext(data=body, environment="homolog", company=IssuerInfo(...),
                                            contratado_categoria="TAC", contratado_etc_company=None,
                                            today=date.today()))
    result.as_dict()  # {"items": [{code, severity, field, message}], "summary": {ok, blockers, warnings}}

Every rule is a `Rule` (code, severity, applies(ctx), check(ctx)) in RULES, in this order: the contract's codes
(rules/contract.py), then the platform's structural codes (rules/structure.py, rules/trip.py,
rules/commercial.py), then the information items on what the platform filled in (rules/derived.py).
The catalogue with each code's meaning and modality is docs/ciot-rules.md.
"""
from domain.ciot.rules.base import (
    BLOCKER,
    INFO,
    RULES,
    WARNING,
    IssuerInfo,
    Rule,
    RuleContext,
    ValidationResult,
    Violation,
    validate_operation,
)

# Importing the rule modules fills RULES, and this order is the evaluation order: the contract's codes first.
from domain.ciot.rules import contract, structure, trip, commercial, derived  # noqa: F401  # isort: skip

RULES_BY_CODE = {rule.code: rule for rule in RULES}


def catalogue() -> list[dict]:
    """[{code, severity, title}] of every rule, in evaluation order (for docs and pages)."""
    return [rule.as_dict() for rule in RULES]


__all__ = [
    "BLOCKER",
    "INFO",
    "RULES",
    "RULES_BY_CODE",
    "WARNING",
    "IssuerInfo",
    "Rule",
    "RuleContext",
    "ValidationResult",
    "Violation",
    "catalogue",
    "validate_operation",
]
