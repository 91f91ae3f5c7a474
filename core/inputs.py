"""Guards every request input passes before any model sees it: NUL bytes (PostgreSQL text cannot hold them) in
the path, query strings, form fields and JSON, and the nesting depth of a JSON body (deep nesting exhausts the recursion
limit of the parser and of every walk over the result)."""
from flask import request

from core.errors import AppError, FieldError, InvalidBody, InvalidQuery, NotFound

MAX_JSON_DEPTH = 32
NUL = "\x00"
NUL_MESSAGE = "Contém um caractere nulo (\\u0000), que não é aceito."


def reject_nul_in_request(is_api: bool) -> None:
    """A path with a NUL byte (`/f/%00`, a callback token): 404, since no slug, token or id holds one (PostgreSQL
    would refuse the lookup's parameter with an error). Query parameters and form fields (pages) with a NUL byte:
    400 naming the first one."""
    if NUL in request.path:
        raise NotFound()
    # The API reads only JSON bodies (checked by check_json_tree): parsing a form here would consume the stream
    # that the API's 415 check reads, so forms are looked at on pages only.
    reads_form = not is_api and request.method in ("POST", "PUT", "PATCH") and not request.is_json
    for source, kind in ((request.args, "query"), (request.form if reads_form else {}, "form")):
        for name in source:
            if NUL in name or any(NUL in value for value in source.getlist(name)):
                field = name.replace(NUL, "\\u0000")[:100]
                if kind == "query":
                    raise InvalidQuery.for_field(field, NUL_MESSAGE, code="nul_character")
                raise AppError(f"Campo inválido: {field}. {NUL_MESSAGE}", code="invalid_body", status=400,
                               details=[FieldError(field, "nul_character", NUL_MESSAGE)])


def check_json_tree(data) -> None:
    """Depth at most MAX_JSON_DEPTH and no NUL in keys or strings; iterative, so any depth is safe to walk."""
    stack = [(data, "", 1)]
    while stack:
        node, path, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            raise too_deep()
        if isinstance(node, dict):
            for key, value in node.items():
                here = f"{path}.{key}" if path else key
                if NUL in key:
                    raise InvalidBody.for_field(here.replace(NUL, "\\u0000"), NUL_MESSAGE, code="nul_character")
                stack.append((value, here, depth + 1))
        elif isinstance(node, list):
            stack.extend((value, f"{path}[{i}]", depth + 1) for i, value in enumerate(node))
        elif isinstance(node, str) and NUL in node:
            raise InvalidBody.for_field(path or "body", NUL_MESSAGE, code="nul_character")


def too_deep() -> AppError:
    message = f"O JSON tem mais de {MAX_JSON_DEPTH} níveis de aninhamento."
    return AppError(message, code="invalid_json", status=400, details=[FieldError("body", "too_deep", message)])


# Fields no body may carry, at any depth (docs/api/README.md, "Writes").
ALWAYS_PROTECTED = ("company_id", "created_by")


def reject_protected(data: dict, extra_fields=()) -> None:
    found = [f for f in extra_fields if f in data]
    found += _find_keys(data, ALWAYS_PROTECTED, "")
    if found:
        details = [FieldError(f, "protected_field", "Campo definido pelo serviço; não o envie.") for f in found]
        raise InvalidBody(f"Campos protegidos não podem ser enviados: {', '.join(found)}.", details=details)


def _find_keys(node, names, path: str) -> list[str]:
    hits = []
    if isinstance(node, dict):
        for k, v in node.items():
            here = f"{path}.{k}" if path else k
            if k in names:
                hits.append(here)
            hits += _find_keys(v, names, here)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            hits += _find_keys(v, names, f"{path}[{i}]")
    return hits
