"""Walk every page a person reaches from the menu, at phone and desktop widths, and check each one: no horizontal
scroll, no console error, no failed request, every link answering 200, no serious or critical axe-core violation.

Shared by the browser test (tests/browser/test_pages_walk.py) and the screenshot command (scripts/screenshots.py),
so what a reviewer looks at is what the test checked. `seed_sample` gives every list something to show.
"""
import re
from dataclasses import dataclass, field
from datetime import timedelta
from urllib.parse import urljoin, urlparse

WIDTHS = {"celular": (390, 844), "desktop": (1366, 900)}
# axe-core's impacts the walk refuses: every one but "minor" (an empty action column header, a page without an h1
# are "moderate").
SERIOUS = ("moderate", "serious", "critical")
# Links the walk never follows: leaving the session, file downloads, the machine-readable API document.
SKIP_LINK_PARTS = ("/logout", ".pdf", ".csv", "/download", "/api/public", "/healthz")


def seed_sample(company, user_email: str) -> None:
    """A partner with a bank account, a vehicle, drivers (one CNH expiring, one expired), CIOT operations in a few
    statuses and a driver's lead on a public freight, so lists, detail pages and the dashboard show real content."""
    from core.clock import brasilia_today
    from core.tenancy import tenant_scope
    from domain.ciot import services as ciot
    from domain.ciot.schemas import OperationCreate
    from domain.fleet import services as fleet
    from domain.fleet.schemas import DriverCreate, VehicleCreate
    from domain.partners import services as partners
    from domain.partners.schemas import BankAccountCreate, PartnerCreate
    from tests.fixtures.ciot import ABSENT, CONTRATANTE_CNPJ, ciot_body
    from tests.fixtures.committing import commit

    with tenant_scope(company.id):
        partner = partners.create_partner(company, PartnerCreate.model_validate({
            "person_kind": "pj", "cpf_cnpj": CONTRATANTE_CNPJ, "legal_name": "Embarcadora Contratante SA",
            "roles": ["contratante"], "phone": "+551133334444", "cep": "01310100", "municipio_codigo": "3550308"}))
        partners.create_bank_account(partner, BankAccountCreate.model_validate(
            {"bank_code": "341", "agency": "1234", "account": "56789-0", "account_type": "corrente"}))
        fleet.create_vehicle(company, VehicleCreate.model_validate(
            {"plate": "ABC1D23", "vehicle_type": "carreta", "capacity_kg": "32000.5", "brand": "Volvo"}))
        for name, days, cpf in (("Ana Pereira", 12, "52998224725"), ("Bruno Lima", -5, "11144477735")):
            fleet.create_driver(company, DriverCreate.model_validate({
                "name": name, "cpf": cpf, "phone": "+5511987654321", "cnh_category": "E", "cnh_number": cpf,
                "cnh_expires_at": (brasilia_today() + timedelta(days=days)).isoformat()}))
        commit()
        for extra in ({"auto_emit": True}, {"destinatario_cpf_cnpj": ABSENT}, {}):
            ciot.create_operation(company, OperationCreate.model_validate(ciot_body(**extra)),
                                  actor=f"user:{user_email}")
            commit()
        _seed_agregado(company, user_email)
        _seed_lead(company)


def _seed_agregado(company, user_email: str) -> None:
    """An aggregate contract of a TAC with a trip, a cancelled trip and a debit (its ledger shows every line kind)."""
    from domain.ciot_agregado import services as agregado
    from domain.ciot_agregado.schemas import CiotAgregadoCreate, CiotAgregadoDebitoCreate, CiotAgregadoViagemCreate
    from domain.partners import services as partners
    from domain.partners.schemas import PartnerCreate
    from tests.fixtures.agregado import agregado_body, debit_body, trip_body
    from tests.fixtures.committing import commit

    tac = partners.create_partner(company, PartnerCreate.model_validate({
        "person_kind": "pf", "cpf_cnpj": "52998224725", "legal_name": "João Agregado da Silva", "rntrc": "012345678",
        "rntrc_categoria": "TAC", "roles": ["contratado"]}))
    actor = f"user:{user_email}"
    contract = agregado.create_agregado(company, CiotAgregadoCreate.model_validate(agregado_body(tac)), actor=actor)
    commit()  # phase 1 of the opening; phase 2 declares it (the inline job already did: then it only reads)
    agregado.send_declaration(company, contract.id, str(contract.id), actor=actor)
    agregado.add_viagem(contract.id, CiotAgregadoViagemCreate.model_validate(trip_body()), actor=actor)
    cancelled = agregado.add_viagem(contract.id, CiotAgregadoViagemCreate.model_validate(trip_body(valor=90)),
                                    actor=actor)
    agregado.cancel_viagem(contract.id, cancelled.id, motivo="Lançada em dobro", actor=actor)
    agregado.add_debito(contract.id, CiotAgregadoDebitoCreate.model_validate(debit_body()), actor=actor)
    commit()


def record_paths(company) -> list[str]:
    """Pages the menu walk does not reach through a list's first row: the seeded public freight's page in the app
    and its public pages (the showcase `/fretes`, `/f/<slug>`), the driver form opened from its lead ("Cadastrar
    motorista" is a POST the walk does not press), an invoice (with its billing document, seeded here) and the
    webhooks pages (reached from Integrações, not the menu) and a payable's edit page. Run after `seed_sample` (its
    partner is the customer)."""
    from core.db import db
    from core.tenancy import tenant_scope
    from domain.billing import services as billing
    from domain.billing.schemas import DocumentCreate, InvoiceCreate
    from domain.freights.models import Freight
    from domain.marketplace.models import MarketplaceLead
    from domain.payables import services as payables
    from domain.payables.schemas import PayableCreate
    from domain.webhooks import services as webhooks
    from tests.fixtures.ciot import CONTRATANTE_CNPJ
    from tests.fixtures.committing import commit

    with tenant_scope(company.id):
        lead = db.session.scalars(db.select(MarketplaceLead)).one()
        freight = db.session.get(Freight, lead.freight_id)
        document = billing.create_document(company, DocumentCreate.model_validate(
            {"customer_cpf_cnpj": CONTRATANTE_CNPJ, "numero": "123", "serie": "1", "valor_centavos": 150000,
             "emissao_at": "2026-01-10"}))
        invoice = billing.create_invoice(company, InvoiceCreate.model_validate(
            {"customer_cpf_cnpj": CONTRATANTE_CNPJ, "document_ids": [str(document.id)]}))
        endpoint, _ = webhooks.create_endpoint(company, url="https://erp.example.com/fretes/webhook")
        [payable] = payables.create_payables(company, PayableCreate.model_validate(
            {"descricao": "Pneus da carreta", "valor_centavos": 120000, "vencimento_at": "2027-01-15",
             "supplier_cpf_cnpj": CONTRATANTE_CNPJ}))
        paths = [f"/fretes-operacao/{freight.id}", f"/financeiro/faturas/{invoice.id}", "/admin/webhooks",
                 f"/admin/webhooks/{endpoint.id}", f"/motoristas/novo?lead={lead.id}", "/fretes",
                 f"/financeiro/pagar/{payable.id}/editar",
                 f"/f/{freight.public_slug}"]
        commit()
    return paths


def _seed_lead(company) -> None:
    """A public freight with a driver's lead (CPF, plate and message: every column of the leads page filled)."""
    from core.clock import brasilia_today as today
    from domain.freights import services as freights
    from domain.freights.schemas import FreightCreate
    from domain.marketplace import services as marketplace
    from domain.marketplace.schemas import LeadCreate
    from tests.fixtures.committing import commit
    from tests.fixtures.freights import freight_body
    pickup = f"{today().isoformat()}T14:00:00-03:00"  # today: the dashboard's pickups of the week show it
    freight = freights.create_freight(company, FreightCreate.model_validate(
        freight_body(visibility="publico", pickup_at=pickup)), status="published")
    commit()
    marketplace.create_lead(LeadCreate.model_validate({
        "slug": freight.public_slug, "driverName": "Maria Souza", "driverPhone": "(41) 99999-8888",
        "driverDoc": "529.982.247-25", "vehiclePlate": "ABC1D23", "message": "Tenho carreta livre amanhã."}),
        ip_addr="127.0.0.1", user_agent="pagewalk")
    commit()


@dataclass
class PageReport:
    url: str
    width: int
    problems: list = field(default_factory=list)
    card_rows: int = 0  # at phone width: the rows of the page's lists drawn as cards


def menu_urls(page, base: str) -> list[str]:
    """The menu's pages, then the first record of each list (detail pages) and the forms their buttons open."""
    page.goto(base + "/")
    urls = _same_origin(page, base, "nav.sidebar a[href]")
    more = []
    for url in list(urls):
        page.goto(url)
        # the page's own actions and its first records, each group capped on its own: a page head with several
        # actions (the CIOT list's "Nova operação", "a partir do CT-e", ...) must not crowd its records out
        more += _same_origin(page, base, "main .page-head a[href]")[:3]
        more += _same_origin(page, base, "main #results tbody a[href], main #operations-table tbody a[href], "
                                         "main #agregados-table tbody a[href]")[:3]
    return list(dict.fromkeys(urls + more))


def _same_origin(page, base: str, selector: str) -> list[str]:
    hrefs = page.eval_on_selector_all(selector, "els => els.map(e => e.href)")
    return [h.split("#")[0] for h in hrefs if h.startswith(base) and not any(p in h for p in SKIP_LINK_PARTS)]


def check_page(page, url: str, width: int, *, axe=None, checked_links: dict | None = None) -> PageReport:
    """Open `url` at the page's current width and list what is wrong with it."""
    report = PageReport(url, width)
    # Leave the previous page before listening: a request of its own still on its way (the sidebar badge polls every
    # 30 s) is cancelled by the navigation, which would count as a failed request of this page.
    page.goto("about:blank")
    console, failed = [], []
    on_console = lambda msg: console.append(msg.text) if msg.type == "error" else None  # noqa: E731
    on_response = lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None  # noqa: E731
    on_failed = lambda r: failed.append(f"falhou {r.url}")  # noqa: E731
    page.on("console", on_console)
    page.on("response", on_response)
    page.on("requestfailed", on_failed)
    try:
        # Not "networkidle" (500 ms without traffic: a clock, never reached under load while a page polls):
        # the load event (subresources and iframes), the fonts, and no htmx request in flight (htmx marks the
        # requesting element with .htmx-request until its answer has been handled).
        page.goto(url, wait_until="load")
        page.evaluate("document.fonts.ready.then(() => true)")
        page.wait_for_function("() => document.querySelectorAll('.htmx-request').length === 0")
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        if overflow > 0:
            wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
                .filter(e => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
                .slice(0, 3).map(e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '.' + e.className)""")
            report.problems.append(f"rolagem horizontal de {overflow}px ({', '.join(wide)})")
        report.problems += [f"palavra quebrada: {word}" for word in broken_words(page)]
        report.problems += [f"palavra interna: {word}" for word in internal_words(page)]
        report.problems += [f"mais de um botão principal: {', '.join(found)}" for found in [primary_buttons(page)]
                            if len(found) > 1]
        if width <= PHONE_MAX:
            report.problems += [f"tabela no celular: {table}" for table in phone_tables(page)]
            cards = phone_cards(page)
            report.card_rows = cards["rows"]
            report.problems += [f"lista no celular: {problem}" for problem in cards["problems"]]
        else:
            report.problems += [f"lista no computador: {table}" for table in desktop_lists(page)]
        report.problems += [f"erro no console: {text}" for text in console]
        report.problems += [f"requisição falhou: {text}" for text in failed]
        if checked_links is not None:
            for href in _same_origin(page, urlparse(url)._replace(path="", query="").geturl(), "a[href]"):
                if href not in checked_links:
                    checked_links[href] = page.request.get(urljoin(url, href)).status
                if checked_links[href] != 200:
                    report.problems.append(f"link {href} respondeu {checked_links[href]}")
        if axe is not None:
            result = axe.run(page)
            for violation in result.response["violations"]:
                if violation["impact"] in SERIOUS:
                    targets = [n["target"] for n in violation["nodes"][:3]]
                    report.problems.append(f"axe {violation['id']} ({violation['impact']}): {targets}")
    finally:
        page.remove_listener("console", on_console)
        page.remove_listener("response", on_response)
        page.remove_listener("requestfailed", on_failed)
    return report


# Every rendered word (and a money amount, "R$ 1.200,00", as one unit) must sit on one line: a word laid out on two
# lines was narrower than its text. Measured in the browser with a Range per word; text the page does not show
# (hidden, screen-reader only, the anti-bot field) is skipped, and so is an element marked `.break-any`, the kit's
# opt-in for what may wrap anywhere (a secret shown once).
BROKEN_WORDS_JS = r"""() => {
  const broken = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  // One unit each: an amount with its "R$", a token holding a digit (a date, a code, a plate, a CPF: CIOT-000003
  // never breaks at its hyphen), else a word up to a hyphen ("pré-" and "visualização" may sit on two lines).
  const unit = /R\$\s?-?[\d.,]+|\S*\d\S*|[^\s-]+-?/g;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    const skipped = "script, style, template, noscript, option, textarea, .sr-only, .visually-hidden, .hp, .break-any";
    if (!el || el.closest(skipped)) continue;
    if (!el.getClientRects().length || getComputedStyle(el).visibility === "hidden") continue;
    for (const match of node.data.matchAll(unit)) {
      if (match[0].length < 2) continue;
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.bottom)));
      const where = el.tagName.toLowerCase() + (el.className ? "." + el.className : "");
      if (tops.size > 1) broken.push(`${match[0]} (${where})`);
    }
  }
  return [...new Set(broken)].slice(0, 8);
}"""


PHONE_MAX = 800  # static/css/app.css: the phone layout
# On a phone a table wider than its card scrolls inside it (the wrapper scrolls, not the page) with its first column
# fixed, so each row keeps its name while the other columns slide under it.
PHONE_TABLES_JS = r"""() => [...document.querySelectorAll(".table-wrap")].filter(w => w.offsetParent).flatMap(wrap => {
  const table = wrap.querySelector("table");
  const first = table && table.querySelector("tbody tr:not(.empty-row) > :first-child");
  if (!table || table.offsetWidth <= wrap.clientWidth + 1) return [];
  const problems = [];
  if (!["auto", "scroll"].includes(getComputedStyle(wrap).overflowX)) problems.push("não rola de lado");
  if (first && getComputedStyle(first).position !== "sticky") problems.push("primeira coluna não fica fixa");
  return problems.map(p => `${table.id || table.dataset.testid || "tabela"}: ${p}`);
})"""


# On a phone a list (kit `table(..., cards=True)`) is a column of cards: on each row the cells its header marks as
# the amount, the status and the primary action (or the title's link when the list has no action column) must be
# drawn inside the screen's width, with nothing to scroll sideways, and the first card must be on the first screen
# (filters folded behind "Filtrar" leave room for the results).
PHONE_CARDS_JS = r"""(formFirst) => {
  const width = document.documentElement.clientWidth, problems = [];
  let rows = 0;
  const inView = el => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.left >= -0.5 && r.right <= width + 0.5
      && getComputedStyle(el).visibility !== "hidden"; };
  const lists = [...document.querySelectorAll("table.as-cards")].filter(t => t.closest(".table-wrap").offsetParent);
  lists.forEach((table, index) => {
    const name = table.id || table.dataset.testid || "lista";
    const heads = [...table.tHead.rows[0].cells];
    const data = [...table.tBodies].flatMap(b => [...b.rows]).filter(r => r.cells.length >= heads.length);
    if (!data.length) return;
    if (!table.classList.contains("cards-ready") || data.some(r => !r.dataset.card)) {
      problems.push(`${name}: linhas que não viraram cartões`);
    }
    const wrap = table.closest(".table-wrap");
    if (wrap.scrollWidth > wrap.clientWidth + 1) {
      problems.push(`${name}: rola de lado (${wrap.scrollWidth}/${wrap.clientWidth})`);
    }
    data.filter(r => r.dataset.card).forEach((row, i) => {
      rows += 1;
      const where = `${name} linha ${i + 1}`;
      for (const [role, what] of [["is-amount", "valor"], ["is-status", "situação"]]) {
        row.querySelectorAll(`:scope > td.${role}`).forEach(cell => {
          if (!inView(cell)) problems.push(`${where}: ${what} fora da tela`);
        });
      }
      const keys = [...row.querySelectorAll(":scope > :is(td.is-title, td.is-amount, td.is-status, td.is-action)")]
        .map(cell => cell.getBoundingClientRect());
      const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1
        && a.top < b.bottom - 1 && b.top < a.bottom - 1;
      if (keys.some((a, j) => keys.slice(j + 1).some(b => overlap(a, b)))) {
        problems.push(`${where}: campos sobrepostos`);
      }
      const action = row.querySelector(":scope > td.is-action :is(a, button, select, input:not([type=hidden]))")
        || row.querySelector(":scope > td.is-title a");
      if (action && !inView(action)) problems.push(`${where}: ação principal fora da tela`);
    });
    const first = data[0];
    if (index === 0 && !formFirst && first.getBoundingClientRect().top + window.scrollY >= window.innerHeight) {
      problems.push(`${name}: nenhum resultado na primeira tela`);
    }
  });
  return {rows, problems: [...new Set(problems)].slice(0, 8)};
}"""


# Pages whose first screen is rightly something else than a list: a record's own data before its bank accounts, the
# billing settings' form before the customers with a layout.
FORM_FIRST = (r"/parceiros/[0-9a-f-]{36}$", r"/financeiro/configuracoes$")


def phone_cards(page) -> dict:
    """At phone width: {"rows": the list rows drawn as cards, "problems": what a person would have to swipe to
    (an amount, a status or a primary action outside the screen), a list still drawn as a table, a first screen
    without a result}."""
    form_first = any(re.search(pattern, urlparse(page.url).path) for pattern in FORM_FIRST)
    return page.evaluate(PHONE_CARDS_JS, form_first)


def desktop_lists(page) -> list[str]:
    """At desktop width the lists stay tables: the names of those whose rows are not table rows."""
    return page.evaluate("""() => [...document.querySelectorAll("table.as-cards")].filter(t => t.offsetParent)
        .filter(t => [...t.tBodies].some(b => [...b.rows].some(r => getComputedStyle(r).display !== "table-row")))
        .map(t => t.id || t.dataset.testid || "lista")""")


def phone_tables(page) -> list[str]:
    """The tables wider than their card that do not scroll sideways with their first column fixed."""
    return page.evaluate(PHONE_TABLES_JS)


def wide_tables(page) -> list[str]:
    """The tables wider than their card (they scroll inside it): at desktop width, a hint of a free-text column
    that should wrap (`td.text`)."""
    return page.evaluate("""() => [...document.querySelectorAll(".table-wrap")].filter(w => w.offsetParent)
        .filter(w => w.scrollWidth > w.clientWidth + 1)
        .map(w => (w.querySelector("table").id || "tabela") + " " + w.scrollWidth + "/" + w.clientWidth)""")


# Words of the code, not of the people who use the pages: raw enum values (EMISSOR_ETC_NAO_CADASTRADA,
# TAC_EQUIPARADO, com_divergencia), who-did-it prefixes (user:, api_key:), the code's names for its parts
# ("marketplace", "worker", "homolog"), "CTE" for CT-e and raw event names (ciot.emitted, offer.accepted). A code
# may be shown small beside its pt-BR title inside `.code-ref` (a rule code, a webhook's event name), which is
# skipped; so are the API's reference page (it documents the fields by their names) and form fields' values.
INTERNAL_WORDS = [
    r"\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b",
    # lower-case words joined by "_" (an enum value); not a token with digits (an API key's prefix, flk_3f9a…)
    r"(?<![\w.@-])[a-z]+(?:_[a-z]+)+\b(?![@.\w-])",
    r"\b(?:user|api_key):",
    r"(?i)\bmarketplace\b", r"(?i)\bworkers?\b", r"\bhomolog\b", r"\bCTE\b",
    r"\b(?:ciot|freight|offer|marketplace|simulation|webhook|payable|invoice|lead)\.[a-z_]+(?:\.[a-z_]+)*\b",
    # English words of the code's names and of settings screens ("vehicles, payments", "Phone number ID", "token")
    r"(?i)\b(?:vehicles?|payments?|documents?|drivers?|partners?|freights?|offers?|invoices?|payables?|"
    r"contracts?|trips?|phone|number|token|starttls|username|password|sender|settings|amount|upload|"
    r"none|null|true|false|error|failed|pending|draft|issued|cancell?ed|submit|endpoint)\b",
    # the API's own addresses (a request line "POST /api/public/v1/…", a bare path in a sentence "(/fretes)")
    r"\b(?:GET|POST|PUT|PATCH|DELETE) /", r"\(/[a-z]",
]
INTERNAL_WORDS_JS = r"""(patterns) => {
  const found = [];
  const skipped = "script, style, template, noscript, textarea, .sr-only, .visually-hidden, .hp, .code-ref";
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const regexes = patterns.map(p => p.startsWith("(?i)") ? new RegExp(p.slice(4), "gi") : new RegExp(p, "g"));
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest(skipped)) continue;
    for (const re of regexes) {
      for (const m of node.data.matchAll(re)) found.push(`${m[0]} (${el.tagName.toLowerCase()})`);
    }
  }
  return [...new Set(found)].slice(0, 20);
}"""
# Pages written for developers: their text names fields and events as the API does.
DEVELOPER_PAGES = ("/api/docs", "/api/public")


def internal_words(page) -> list[str]:
    """The words of the code (see INTERNAL_WORDS) the page shows as text."""
    if any(part in page.url for part in DEVELOPER_PAGES):
        return []
    return page.evaluate(INTERNAL_WORDS_JS, INTERNAL_WORDS)


# One primary action per screen: the visible `.primary` buttons and button-links of the page's content (a form
# folded in a closed <details> or a hidden dialog is not on the screen; the confirmation dialog's own is its screen).
PRIMARY_JS = r"""() => [...document.querySelectorAll("main .primary")]
  .filter(e => e.matches("button, a.button, input[type=submit]") && !e.closest("dialog")
               && e.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }))
  .map(e => e.textContent.trim() || e.value)"""


def primary_buttons(page) -> list[str]:
    """The labels of the primary buttons the page shows."""
    return page.evaluate(PRIMARY_JS)


def broken_words(page) -> list[str]:
    """The words (money amounts, dates) the page lays out across two lines."""
    return page.evaluate(BROKEN_WORDS_JS)


def log_in(page, base: str, email: str, password: str) -> None:
    page.goto(base + "/login")
    page.get_by_label("E-mail").fill(email)
    page.get_by_label("Senha").fill(password)
    with page.expect_navigation():
        page.get_by_role("button", name="Entrar").click()
