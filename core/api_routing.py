"""Static API paths that a variable sibling would otherwise swallow: `PATCH /leads/count` matched
`PATCH /leads/<lead_id>` with "count" as the id (a 404 about a lead), and `PATCH /drivers/bulk` a driver named
"bulk". Each method the sibling takes and the static path does not is routed to a 405 with `Allow` naming the
static path's own methods, as for any other path."""
from collections import defaultdict

from werkzeug.exceptions import MethodNotAllowed


def refuse_shadowed_methods(blueprint, specs) -> list[tuple[str, tuple[str, ...]]]:
    """Add the 405 routes to `blueprint` (before it is registered); returns (path, methods) added."""
    methods_of: dict[str, set[str]] = defaultdict(set)
    for spec in specs:
        methods_of[spec.rule].add(spec.method)
    added = []
    for rule, own in methods_of.items():
        if "<" in rule:
            continue
        shadowing = set().union(*(methods for other, methods in methods_of.items() if _shadows(other, rule)))
        missing = tuple(sorted(shadowing - own))
        if missing:
            endpoint = "shadowed_" + rule.strip("/").replace("/", "_").replace("-", "_")
            blueprint.add_url_rule(rule, endpoint=endpoint, view_func=_not_allowed(own), methods=list(missing))
            added.append((rule, missing))
    return added


def _shadows(variable_rule: str, static_rule: str) -> bool:
    """Whether `variable_rule` (with <params>) matches the path `static_rule`."""
    if "<" not in variable_rule:
        return False
    wanted, given = variable_rule.strip("/").split("/"), static_rule.strip("/").split("/")
    return len(wanted) == len(given) and all(w == g or w.startswith("<") for w, g in zip(wanted, given, strict=True))


def _not_allowed(allowed: set[str]):
    valid = sorted(allowed | ({"HEAD"} if "GET" in allowed else set()) | {"OPTIONS"})

    def not_allowed(**_params):
        raise MethodNotAllowed(valid_methods=valid)
    return not_allowed
