"""Request models of messages (docs/api/messages.md)."""
from typing import Annotated, Any, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from core import validators as v
from core.schemas import EmptyAsNone, ListQuery, RequestModel

Text = Annotated[str | None, EmptyAsNone]


class MessageCreate(RequestModel):
    channel: Literal["whatsapp", "sms", "email"]
    to: str = Field(min_length=1, max_length=254)
    freight_id: Text = Field(default=None, max_length=64)
    template: Text = Field(default=None, max_length=60)
    variables: dict[str, Any] = Field(default_factory=dict, max_length=50)
    body: Text = Field(default=None, max_length=4000)
    subject: Text = Field(default=None, max_length=200)

    @model_validator(mode="after")
    def _check(self):
        try:
            self.to = v.clean_email(self.to) if self.channel == "email" else v.clean_e164(self.to)
        except v.FieldInvalid as exc:
            raise PydanticCustomError(exc.code, exc.message, {"field": "to"}) from None
        if bool(self.template) == bool(self.body):
            raise PydanticCustomError("template_or_body", "Envie exatamente um entre template e body.",
                                      {"field": "template" if self.template else "body"})
        for name, value in self.variables.items():
            if not isinstance(value, str | int | float) or isinstance(value, bool) or len(str(value)) > 500:
                raise PydanticCustomError("invalid_variable", "Variáveis são textos ou números (até 500 caracteres).",
                                          {"field": f"variables.{name}"})
        return self


class MessageListQuery(ListQuery):
    freight_id: Text = Field(default=None, max_length=64)
    status: Literal["queued", "sent", "delivered", "failed"] | None = None
