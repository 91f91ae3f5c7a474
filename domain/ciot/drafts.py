"""Validate a CIOT operation draft without saving it (the creation page's live validation panel).

The draft is a creation body as a dict (docs/api/ciot.md). It is checked exactly as creation would
check it: first the schema (domain.ciot.schemas.OperationCreate, the 400 `invalid_body` details of the API), then
— when the structure is valid — the rules engine with the same context the services build for a saved operation
(`validation.rule_context`), so the codes the panel shows are the codes creation will record.
"""
from dataclasses import dataclass, field
from types import SimpleNamespace

from core.errors import FieldError
from core.schemas import validate_data
from domain.ciot import validation
from domain.ciot.derivations import derive_for_company
from domain.ciot.rules import validate_operation
from domain.ciot.schemas import OperationCreate
from domain.ciot.states import status_for_validation


@dataclass
class DraftCheck:
    environment: str
    body: OperationCreate | None = None
    schema_errors: list[FieldError] = field(default_factory=list)
    validation: object | None = None  # domain.ciot.rules.ValidationResult when the schema passed

    @property
    def structure_ok(self) -> bool:
        return self.body is not None

    @property
    def items(self) -> list:
        return list(self.validation.items) if self.validation is not None else []

    @property
    def blockers(self) -> int:
        return len(self.schema_errors) + (self.validation.blockers if self.validation is not None else 0)

    @property
    def warnings(self) -> int:
        return self.validation.warnings if self.validation is not None else 0

    @property
    def expected_status(self) -> str | None:
        """The status creation would give (docs/decisions.md §4): com_divergencia / validado / pronto_emissao."""
        if self.validation is None:
            return None
        return status_for_validation(self.validation)


def check_draft(company, data: dict, input_errors=()) -> DraftCheck:
    """Schema errors, or the rule violations of a structurally valid draft. Never writes anything.

    `input_errors` are FieldErrors of inputs the form could not read (an ambiguous "1.5" in a money field): they
    are listed first, replace the schema's complaint about the same field, and keep the draft unstructured."""
    body, errors = validate_data(OperationCreate, data)
    environment = (body.environment if body is not None else data.get("environment")) or company.ciot_environment
    if environment not in ("homolog", "producao"):
        environment = company.ciot_environment
    if input_errors:
        unread = {e.field for e in input_errors}
        return DraftCheck(environment, schema_errors=list(input_errors) + [e for e in errors if e.field not in unread])
    if body is None:
        return DraftCheck(environment, schema_errors=errors)
    derivation = derive_for_company(body)  # as creation would fill it, so the panel shows the same items
    # rule_context reads only the operation's environment (and what was derived) when it is given the body: a
    # draft has no record yet.
    draft = SimpleNamespace(environment=environment, campos_derivados=derivation.derived,
                            distancia_origem=derivation.distance_method)
    ctx = validation.rule_context(draft, company, derivation.body)
    return DraftCheck(environment, body=derivation.body, validation=validate_operation(ctx))
