"""Every status badge comes from one table per area (domain/<area>/presentation.py) through the kit's
`status_badge(kind, code)` (a template global): each status a model allows has its words and a kit tone, an unknown
code still shows, and no template spells a status's words or badge markup itself."""
import re
from pathlib import Path

import pytest
from flask import render_template_string

from blueprints.web.statuses import STATUS_TABLES
from domain.billing.models import DOCUMENT_STATUSES, INVOICE_STATUSES, RECEIVABLE_STATUSES
from domain.ciot.states import STATES as CIOT_STATUSES
from domain.ciot_agregado.models import STATUSES as AGREGADO_STATUSES
from domain.fleet.models import DRIVER_STATUSES, VEHICLE_STATUSES
from domain.fleet.staged_import import MARK_DUPLICATE, MARK_INVALID, MARK_NEW
from domain.freights.states import FREIGHT_STATUSES, OFFER_STATUSES
from domain.marketplace.models import LEAD_STATUSES
from domain.messages.models import MESSAGE_STATUSES
from domain.payables.models import PAYABLE_STATUSES
from domain.payables.schemas import LISTED_STATUSES
from domain.simulations.models import SIMULATION_STATUSES
from domain.webhooks.models import DELIVERY_STATES

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
# What each kind's records may hold: the models' and contracts' own tuples (flags shown as statuses: both values).
ALLOWED = {
    "freight": FREIGHT_STATUSES, "offer": OFFER_STATUSES, "message": MESSAGE_STATUSES, "ciot": CIOT_STATUSES,
    "agregado": AGREGADO_STATUSES, "invoice": INVOICE_STATUSES, "billing_document": DOCUMENT_STATUSES,
    "title": (*RECEIVABLE_STATUSES, *PAYABLE_STATUSES, *LISTED_STATUSES), "lead": LEAD_STATUSES,
    "simulation": SIMULATION_STATUSES, "vehicle": VEHICLE_STATUSES, "driver": DRIVER_STATUSES,
    "import_line": (MARK_NEW, MARK_DUPLICATE, MARK_INVALID), "import_outcome": ("criado", MARK_DUPLICATE, MARK_INVALID),
    "partner": ("ativo", "inativo"), "user": ("ativo", "desativado"), "api_key": ("ativa", "revogada"),
    "webhook_endpoint": ("ativo", "desativado"), "webhook_delivery": DELIVERY_STATES,
}
KIT_TONES = {"ok", "warn", "danger", "info", "muted", "draft", "dark"}


def test_every_status_table_is_checked():
    assert set(STATUS_TABLES) == set(ALLOWED)


def missing_statuses(kind: str) -> set[str]:
    return set(ALLOWED[kind]) - set(STATUS_TABLES[kind])


@pytest.mark.parametrize("kind", sorted(ALLOWED))
def test_every_allowed_status_has_words_and_a_kit_tone(kind):
    assert not missing_statuses(kind), f"{kind}: no label for {missing_statuses(kind)}"
    for code, (label, tone) in STATUS_TABLES[kind].items():
        assert label.strip() and tone in KIT_TONES, (kind, code)


def test_a_status_the_table_lacks_is_found(monkeypatch):
    """The failing case: a status added to a model without its words is reported."""
    monkeypatch.setitem(ALLOWED, "freight", (*FREIGHT_STATUSES, "teleported"))
    assert missing_statuses("freight") == {"teleported"}


def badge_html(kind, code) -> str:
    source = '{{ status_badge(kind, code) }}'
    return render_template_string(source, kind=kind, code=code)


def test_a_known_status_renders_its_words_and_tone(app):
    with app.test_request_context():
        assert badge_html("ciot", "com_divergencia") == (
            '<span class="badge badge-danger" data-status="com_divergencia">Com divergência</span>')


@pytest.mark.parametrize(("code", "shown"), [("teleported", ">teleported<"), (None, ">—<"), ("", ">—<")])
def test_an_unknown_status_shows_as_itself_not_an_error(app, code, shown):
    with app.test_request_context():
        html = badge_html("freight", code)
    assert shown in html and 'class="badge"' in html


def test_an_unknown_kind_is_a_template_mistake(app):
    with app.test_request_context(), pytest.raises(KeyError):
        badge_html("spaceship", "aberto")


# --- No template spells a status itself ---------------------------------------------------------------------------

def templates() -> list[Path]:
    """Every template but the kit itself and its showcase page."""
    kit = {TEMPLATES / "_macros" / "kit.html", TEMPLATES / "kit_demo.html"}
    return sorted(p for p in TEMPLATES.rglob("*.html") if p not in kit)


def spelled_statuses(source: str) -> list[str]:
    """Badges `source` writes by hand: markup with a data-status, or the kit's badge() given a status's words."""
    found = re.findall(r'<span class="badge[^"]*"[^>]*data-status=', source)
    labels = {label for table in STATUS_TABLES.values() for label, _tone in table.values()}
    for literal in re.findall(r"""\bbadge\(\s*["']([^"']+)["']""", source):
        if literal in labels:
            found.append(literal)
    return found


@pytest.mark.parametrize("path", templates(), ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_no_template_spells_a_status(path):
    found = spelled_statuses(path.read_text(encoding="utf-8"))
    assert not found, f"use the kit's status_badge(kind, code) instead of {found}"


def test_the_check_finds_a_hand_written_status():
    """The failing cases: the driver list's badge and the board's if-chain as they were written."""
    assert spelled_statuses('<span class="badge badge-ok" data-status="ativo">Ativo</span>')
    assert spelled_statuses("{% if r.status == 'parcial' %}{{ badge('Parcial', 'warn', status='parcial') }}{% endif %}")
    assert spelled_statuses('{{ status_badge("title", r.status) }} {{ badge("Homologação", "warn") }}') == []


def test_the_badge_escapes_what_it_is_given(app):
    with app.test_request_context():
        html = render_template_string('{{ status_badge("freight", code, title=t) }}', code='<b>"x"</b>', t="a&b")
    assert "<b>" not in html and 'title="a&amp;b"' in html and "&lt;b&gt;" in html
