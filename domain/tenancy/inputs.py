"""The rules of the admin inputs (users, API keys, branding), checked by the services that the pages, the CLI and
the jobs all call: the page forms only declare fields and labels (docs/pages.md, "Inputs").

`Problems` collects every problem of one call, so a form shows them all at once: each is a FieldError named as
the service's argument (the page puts it under that input) with a short message, since the input's label gives
the context, and a whole sentence for the error's own message, read where no label is (the CLI, a log)."""
from collections.abc import Callable

from core.errors import FieldError, InvalidBody
from core.validators import FieldInvalid

PASSWORD_MIN, PASSWORD_MAX = 8, 200


class Problems:
    def __init__(self):
        self.errors: list[FieldError] = []
        self.sentences: list[str] = []

    def add(self, field: str, code: str, message: str, sentence: str | None = None) -> None:
        self.errors.append(FieldError(field, code, message))
        self.sentences.append(sentence or f"{field}: {message}")

    def read(self, field: str, value, clean: Callable, *, required: str, sentence: str):
        """`clean(value)`, or None with the problem noted (`required` when empty, else the cleaner's message)."""
        if not (value or "").strip():
            self.add(field, "required", required, sentence)
            return None
        try:
            return clean(value)
        except FieldInvalid as exc:
            self.add(field, exc.code, exc.message, sentence)
            return None

    def check_length(self, field: str, value, limit: int) -> None:
        if value is not None and len(value.strip()) > limit:
            self.add(field, "too_long", f"No máximo {limit} caracteres.")

    def check_password(self, field: str, value) -> None:
        """One rule for every password the app sets: 8 to 200 characters (the upper bound keeps hashing cheap)."""
        if not value:
            self.add(field, "required", "Informe a senha.", "Informe a senha.")
        elif not PASSWORD_MIN <= len(value) <= PASSWORD_MAX:
            self.add(field, "length", f"De {PASSWORD_MIN} a {PASSWORD_MAX} caracteres.",
                     f"A senha precisa de pelo menos {PASSWORD_MIN} caracteres (no máximo {PASSWORD_MAX}).")

    def raise_any(self) -> None:
        """Raise InvalidBody (400; the pages answer 422) carrying every problem, if there is one."""
        if self.errors:
            raise InvalidBody(" ".join(self.sentences), details=self.errors)
