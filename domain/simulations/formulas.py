"""Formulas of methodology components: parsed and evaluated by simpleeval, restricted to arithmetic.

A formula is one expression over the methodology's input keys and other components' keys: numbers, + - * / // %,
a bounded **, comparisons, and/or/not, `a if cond else b` and a few whitelisted functions. Everything else that
Python's grammar allows (attribute access, subscripts, imports, lambdas, comprehensions, f-strings, keyword
arguments, walrus) is refused when the methodology is saved, naming the component. Numbers are exact Decimals.

Bounds: 500 characters and 200 syntax nodes per formula, a literal exponent of at most MAX_EXPONENT, every value
within ±MAX_MAGNITUDE, and a CPU-time budget per evaluation (the whole methodology) checked at every node.
"""
import ast
import gc
import math
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import (
    ROUND_HALF_UP,
    Context,
    Decimal,
    DecimalException,
    DivisionByZero,
    InvalidOperation,
    Overflow,
    localcontext,
)

from simpleeval import DEFAULT_OPERATORS, InvalidExpression, SimpleEval

MAX_FORMULA_LENGTH = 500
MAX_NODES = 200
MAX_EXPONENT = 12
MAX_MAGNITUDE = Decimal("1e15")
MAX_STRING = 40
TIME_BUDGET_SECONDS = 0.25  # CPU seconds: far above any real methodology (≈ 0,2 ms)
DECIMAL_CONTEXT = Context(prec=34, Emax=40, Emin=-40, traps=[InvalidOperation, DivisionByZero, Overflow])

ALLOWED_NODES = (ast.Expression, ast.Expr, ast.Name, ast.Load, ast.Constant, ast.UnaryOp, ast.BinOp, ast.BoolOp,
                 ast.Compare, ast.IfExp, ast.Call, ast.operator, ast.unaryop, ast.boolop, ast.cmpop)
# What a refused construct is called in the messages (pt-BR).
REFUSED_NAMES = {
    ast.Attribute: "acesso a atributo", ast.Subscript: "índice ou fatia", ast.Import: "import",
    ast.ImportFrom: "import", ast.Lambda: "lambda", ast.ListComp: "compreensão de lista",
    ast.SetComp: "compreensão de conjunto", ast.DictComp: "compreensão de dicionário",
    ast.GeneratorExp: "expressão geradora", ast.JoinedStr: "f-string", ast.NamedExpr: "atribuição (:=)",
    ast.List: "lista", ast.Tuple: "tupla", ast.Dict: "dicionário", ast.Set: "conjunto", ast.Starred: "*args",
    ast.Await: "await", ast.Yield: "yield", ast.keyword: "argumento nomeado",
}


class FormulaError(Exception):
    """A formula that cannot be accepted or evaluated; `code` is stable, the message pt-BR."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


def _dec(value) -> Decimal:
    if isinstance(value, bool):
        return Decimal(int(value))
    if isinstance(value, Decimal):
        return value
    if isinstance(value, int | float):
        return Decimal(str(value))
    raise FormulaError("type_error", f"Valor não numérico: {value!r}.")


def _bounded_power(base, exponent):
    exponent = _dec(exponent)
    if exponent != exponent.to_integral_value() or abs(exponent) > MAX_EXPONENT:
        raise FormulaError("power_too_large", f"Potência não permitida: expoente inteiro de até {MAX_EXPONENT}.")
    return _dec(base) ** int(exponent)


def _round(value, places=0):
    places = int(_dec(places))
    if not 0 <= places <= 6:
        raise FormulaError("invalid_argument", "arredondar: casas entre 0 e 6.")
    return _dec(value).quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def _minimum(*values):
    if not values:
        raise FormulaError("invalid_argument", "min precisa de ao menos um valor.")
    return min(_dec(v) for v in values)


def _maximum(*values):
    if not values:
        raise FormulaError("invalid_argument", "max precisa de ao menos um valor.")
    return max(_dec(v) for v in values)


# The functions every formula may call (the catalogue the editor shows). Extra ones (the ANTT floor) are added by
# register_function, so this module knows no area.
FUNCTIONS: dict[str, Callable] = {
    "min": _minimum, "max": _maximum, "abs": lambda x: abs(_dec(x)), "arredondar": _round,
    "arredondar_acima": lambda x: Decimal(math.ceil(_dec(x))),
    "arredondar_abaixo": lambda x: Decimal(math.floor(_dec(x))),
}
FUNCTION_HELP: dict[str, str] = {
    "min": "min(a, b, ...): o menor valor", "max": "max(a, b, ...): o maior valor", "abs": "abs(x): valor absoluto",
    "arredondar": "arredondar(x, casas): arredonda meio para cima",
    "arredondar_acima": "arredondar_acima(x): o inteiro igual ou acima",
    "arredondar_abaixo": "arredondar_abaixo(x): o inteiro igual ou abaixo",
}


# Functions that read reference data (a database lookup): their own time does not count against the budget.
DATA_FUNCTIONS: set[str] = set()


def register_function(name: str, func: Callable, help_text: str, *, reads_data: bool = False) -> None:
    FUNCTIONS[name] = func
    FUNCTION_HELP[name] = help_text
    if reads_data:
        DATA_FUNCTIONS.add(name)


class Budget:
    """The time limit of one methodology evaluation, shared by its components. It counts the thread's CPU time, not
    the wall clock: a process descheduled on a busy machine must not have a valid methodology refused."""

    def __init__(self, seconds: float = TIME_BUDGET_SECONDS):
        self.deadline = time.thread_time() + seconds

    def check(self) -> None:
        if time.thread_time() > self.deadline:
            raise FormulaError("time_limit", "Tempo de cálculo excedido.")


@contextmanager
def collector_paused():
    """The budget counts this thread's CPU time, and a garbage collection of the whole process heap that happens to
    start inside an evaluation (hundreds of ms in a long-lived worker) would be charged to the formula: a valid
    methodology refused, a company's creation failing. An evaluation is bounded and allocates little, so the
    collector waits for it to end. Re-enabled only by whoever disabled it (nested or concurrent evaluations)."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


OPERATORS = {op: fn for op, fn in DEFAULT_OPERATORS.items() if op not in (ast.BitXor, ast.BitOr, ast.BitAnd,
                                                                           ast.LShift, ast.RShift, ast.Invert)}
OPERATORS[ast.Pow] = _bounded_power


@dataclass(frozen=True)
class Parsed:
    """A checked formula: its tree and the names it reads."""
    source: str
    tree: ast.AST
    names: frozenset


def parse_formula(source: str) -> Parsed:
    """Parse and check one formula (no evaluation): allowed syntax only, within the size bounds."""
    source = (source or "").strip()
    if not source:
        raise FormulaError("empty_formula", "Fórmula vazia.")
    if len(source) > MAX_FORMULA_LENGTH:
        raise FormulaError("formula_too_long", f"Fórmula com mais de {MAX_FORMULA_LENGTH} caracteres.")
    try:
        tree = ast.parse(source, mode="eval")
    except SyntaxError as exc:
        raise FormulaError("syntax_error", f"Erro de sintaxe na posição {exc.offset or 0}.") from None
    nodes = list(ast.walk(tree))
    if len(nodes) > MAX_NODES:
        raise FormulaError("formula_too_complex", f"Fórmula com mais de {MAX_NODES} elementos.")
    names = set()
    for node in nodes:
        _check_node(node)
        if isinstance(node, ast.Name) and not _is_called_function(node, nodes):
            names.add(node.id)
    return Parsed(source, tree.body, frozenset(names))


def _is_called_function(name: ast.Name, nodes) -> bool:
    return any(isinstance(n, ast.Call) and n.func is name for n in nodes)


def _check_node(node: ast.AST) -> None:
    if not isinstance(node, ALLOWED_NODES):
        what = REFUSED_NAMES.get(type(node), type(node).__name__)
        raise FormulaError("forbidden_syntax", f"Não permitido em fórmulas: {what}.")
    if isinstance(node, ast.Name) and node.id.startswith("_"):
        raise FormulaError("forbidden_syntax", f"Nome não permitido: {node.id}.")
    if isinstance(node, ast.Constant):
        if isinstance(node.value, str) and len(node.value) > MAX_STRING:
            raise FormulaError("string_too_long", f"Texto com mais de {MAX_STRING} caracteres.")
        if not isinstance(node.value, bool | int | float | str):
            raise FormulaError("forbidden_syntax", "Constante não permitida.")
    if isinstance(node, ast.Call):
        if not isinstance(node.func, ast.Name):
            raise FormulaError("forbidden_syntax", "Não permitido em fórmulas: chamada de algo que não é uma função "
                                                   "do catálogo.")
        if node.func.id not in FUNCTIONS:
            raise FormulaError("unknown_function", f"Função desconhecida: {node.func.id}. Disponíveis: "
                                                   f"{', '.join(sorted(FUNCTIONS))}.")
        if node.keywords:
            raise FormulaError("forbidden_syntax", "Não permitido em fórmulas: argumento nomeado.")
    if isinstance(node, ast.BinOp) and type(node.op) not in OPERATORS:
        raise FormulaError("forbidden_syntax", "Operador não permitido.")
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow):
        # The exponent is a literal: an exponent computed from inputs could grow without bound.
        if not isinstance(node.right, ast.Constant) or isinstance(node.right.value, bool | str):
            raise FormulaError("power_too_large", "Potência só com expoente numérico fixo (ex.: x ** 2).")
        _bounded_power(Decimal(1), node.right.value)


class _Evaluator(SimpleEval):
    """simpleeval with exact numbers, the node whitelist above, a value bound and a deadline."""

    def __init__(self, names: dict, budget: Budget):
        super().__init__(operators=OPERATORS, functions=FUNCTIONS, names=names)
        self.budget = budget
        self.nodes = {t: h for t, h in self.nodes.items() if t in ALLOWED_NODES}

    def _eval_call(self, node):
        if node.func.id not in DATA_FUNCTIONS:
            return super()._eval_call(node)
        started = time.thread_time()
        try:
            return super()._eval_call(node)
        finally:
            self.budget.deadline += time.thread_time() - started

    def _eval(self, node):
        self.budget.check()
        value = super()._eval(node)
        if isinstance(value, Decimal) and abs(value) > MAX_MAGNITUDE:
            raise FormulaError("value_too_large", "Valor fora do limite (1e15).")
        return value

    @staticmethod
    def _eval_constant(node):
        value = node.value
        if isinstance(value, int | float) and not isinstance(value, bool):
            return Decimal(str(value))
        return value


def evaluator(names: dict, budget: Budget | None = None) -> "_Evaluator":
    """One evaluator for a whole methodology: `names` is read live, so components can be added as they are computed."""
    return _Evaluator(names, budget or Budget())


def evaluate(parsed: Parsed, names: dict, *, budget: Budget | None = None, using: "_Evaluator | None" = None):
    """The value of a checked formula with `names` bound (Decimals, booleans, strings)."""
    with localcontext(DECIMAL_CONTEXT):
        try:
            return (using or _Evaluator(names, budget or Budget())).eval(parsed.source, previously_parsed=parsed.tree)
        except FormulaError:
            raise
        except ZeroDivisionError:
            raise FormulaError("division_by_zero", "Divisão por zero.") from None
        except DecimalException as exc:
            code = "division_by_zero" if "Division" in type(exc).__name__ else "value_too_large"
            message = "Divisão por zero." if code == "division_by_zero" else "Valor fora do limite."
            raise FormulaError(code, message) from None
        except (InvalidExpression, TypeError, ValueError, ArithmeticError) as exc:
            raise FormulaError("evaluation_error", f"Não foi possível calcular: {exc}.") from None
