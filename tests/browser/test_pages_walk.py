"""Every page reachable from the menu (plus the detail and public pages of pagewalk.record_paths), as an admin, at
390 px and 1366 px: no horizontal scroll, no console error, no failed request, every link answering 200, and
axe-core finding no serious or critical violation; at 390 px every list is a column of cards (amount, status and
primary action in sight, a result on the first screen), at 1366 px the lists stay tables."""
import re
from urllib.parse import urlparse

import pytest

from tests.browser import pagewalk

pytestmark = pytest.mark.browser
UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"


@pytest.fixture
def company(make_company):
    """A company with the finance modules: their pages are in the menu (and walked) only then."""
    return make_company(modules=["billing", "financial"])


@pytest.fixture
def seeded_admin(make_user, company):
    user = make_user(company, role="admin")
    pagewalk.seed_sample(company, user.email)
    return user


@pytest.mark.parametrize("device", list(pagewalk.WIDTHS))
def test_every_menu_page_is_clean(device, seeded_admin, company, _chromium, live_server):
    from axe_playwright_python.sync_playwright import Axe
    width, height = pagewalk.WIDTHS[device]
    context = _chromium.new_context(base_url=live_server, locale="pt-BR", viewport={"width": width, "height": height})
    context.set_default_timeout(30_000)
    page = context.new_page()
    try:
        pagewalk.log_in(page, live_server, seeded_admin.email, seeded_admin.plain_password)
        urls = pagewalk.menu_urls(page, live_server)
        assert len(urls) >= 12, urls  # the menu's 8 pages plus detail pages and forms
        for detail in ("/ciot/", "/parceiros/"):  # seeded records: their detail pages are walked from the lists
            assert any(re.search(detail + UUID, url) for url in urls), (detail, "\n".join(urls))
        page.goto(live_server + "/leads")  # the leads page is walked with the seeded lead in its table
        assert page.get_by_test_id("leads").locator("tr[data-lead]").count() == 1 and live_server + "/leads" in urls
        urls = list(dict.fromkeys(urls + [live_server + path for path in pagewalk.record_paths(company)]))
        axe, links = Axe(), {}
        reports = [pagewalk.check_page(page, url, width, axe=axe, checked_links=links) for url in urls]
    finally:
        context.close()
    problems = [f"{r.url} @{r.width}px: {p}" for r in reports for p in r.problems]
    assert not problems, "\n".join(problems)
    if width <= pagewalk.PHONE_MAX:  # every list page with rows drew them as cards, and the checks above ran on them
        carded = {urlparse(r.url).path for r in reports if r.card_rows}
        assert set(LISTS_WITH_ROWS) <= carded, sorted(set(LISTS_WITH_ROWS) - carded)


# The list pages the sample data fills (pagewalk.seed_sample, record_paths).
LISTS_WITH_ROWS = ("/ciot/", "/ciot/agregados/", "/fretes-operacao/", "/parceiros", "/veiculos", "/motoristas",
                   "/leads", "/financeiro/documentos", "/financeiro/faturas", "/financeiro/pagar", "/admin/usuarios",
                   "/admin/webhooks")


def test_phone_menu_is_collapsed_and_opens(seeded_admin, _chromium, live_server):
    context = _chromium.new_context(base_url=live_server, locale="pt-BR", viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        pagewalk.log_in(page, live_server, seeded_admin.email, seeded_admin.plain_password)
        menu_link = page.locator("nav.sidebar").get_by_role("link", name="Veículos")
        assert not menu_link.is_visible()  # the first screen shows the page, not the menu
        page.get_by_role("button", name="Menu").click()
        menu_link.click()
        page.wait_for_url("**/veiculos")
    finally:
        context.close()


@pytest.mark.parametrize("device", list(pagewalk.WIDTHS))
def test_login_and_error_pages_are_clean(device, make_user, company, _chromium, live_server):
    """The login page (logged out), and the 404 and 403 pages inside the app shell (logged in as read-only)."""
    from axe_playwright_python.sync_playwright import Axe
    width, height = pagewalk.WIDTHS[device]
    context = _chromium.new_context(base_url=live_server, locale="pt-BR", viewport={"width": width, "height": height})
    context.set_default_timeout(30_000)
    page = context.new_page()
    reader = make_user(company, role="leitura")
    try:
        axe = Axe()
        reports = [pagewalk.check_page(page, live_server + "/login", width, axe=axe, checked_links={})]
        pagewalk.log_in(page, live_server, reader.email, reader.plain_password)
        for path, status, words in (("/nao-existe", 404, "Página não encontrada"),
                                    ("/admin/usuarios", 403, "Acesso negado")):
            report = pagewalk.check_page(page, live_server + path, width, axe=axe, checked_links={})
            # the page's own status is the point here, not a failed request (nor the page's link to itself)
            # Chromium may abort the favicon fetch of a document answered with an error status (net::ERR_ABORTED).
            own = (f"requisição falhou: {status} {live_server}{path}", f"link {live_server}{path} respondeu {status}",
                   f"erro no console: Failed to load resource: the server responded with a status of {status} ",
                   f"requisição falhou: falhou {live_server}/static/favicon.svg")
            report.problems = [p for p in report.problems if not p.startswith(own)]
            assert page.get_by_text(words).first.is_visible() and page.locator("nav.sidebar").count() == 1
            reports.append(report)
    finally:
        context.close()
    problems = [f"{r.url} @{r.width}px: {p}" for r in reports for p in r.problems]
    assert not problems, "\n".join(problems)


def test_word_and_phone_table_checks_catch_what_they_look_for(_chromium):
    """The walk's measures fail on what they look for: a word squeezed letter by letter, an amount split from its
    "R$", a code broken at its hyphen, and a phone table that neither scrolls nor keeps its first column; and pass a
    hyphenated word on two lines."""
    context = _chromium.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.set_content("""<body style="font: 16px sans-serif">
          <p style="width: 3rem; overflow-wrap: anywhere">WhatsApp</p>
          <p style="width: 5rem">R$ 1.200,00</p>
          <p style="width: 4rem">AGR-000001</p>
          <p style="width: 4rem">pré-visualização</p>
          <div class="table-wrap" style="overflow: visible; width: 100px"><table id="t" style="width: 300px">
            <tbody><tr><td>a</td><td>b</td></tr></tbody></table></div></body>""")
        broken = " | ".join(pagewalk.broken_words(page))
        assert "WhatsApp" in broken and "R$ 1.200,00" in broken and "AGR-000001" in broken
        assert "visualiza" not in broken and "pré" not in broken
        assert pagewalk.phone_tables(page) == ["t: não rola de lado", "t: primeira coluna não fica fixa"]
    finally:
        context.close()


def test_internal_word_check_catches_what_it_looks_for(_chromium):
    """The walk's word check fails on the code's words shown as text (a raw enum value, an actor prefix, an event
    name, "worker", "CTE", the English names of fields and settings, an API request line, a bare path) and passes
    them small beside a pt-BR title (`.code-ref`), as a field's value, an API key's prefix in words ("integração
    (chave flk_…)") or Portuguese words that start like English ones ("Veículos", "documentos", "Número")."""
    context = _chromium.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    try:
        page.set_content("""<body><ul>
          <li>Emissão bloqueada: EMISSOR_ETC_NAO_CADASTRADA</li><li>— user:ana@example.com</li>
          <li>Evento ciot.emitted</li><li>Situação: com_divergencia</li><li>por worker</li><li>CTE 123</li>
          <li>Regra <strong>ETC contratada não cadastrada</strong>
            <small class="code-ref">EMISSOR_ETC_NAO_CADASTRADA</small></li>
          <li>Proposta aceita <small class="code-ref">offer.accepted</small></li><li>CT-e 123 em homologação</li>
          <li>— integração (chave flk_ab12cd34)</li>
          <li>Operação alterada: valor do frete, vehicles, payments</li><li>Phone number ID</li>
          <li>Como na API (POST /api/public/v1/vehicles)</li><li>Não aparece na vitrine (/fretes).</li>
          <li>Veículos, pagamentos e documentos fiscais; Número do documento</li>
          </ul><input value="pronto_emissao"><textarea>{data_coleta}</textarea></body>""")
        found = " | ".join(pagewalk.internal_words(page))
        for word in ("EMISSOR_ETC_NAO_CADASTRADA (li)", "user:", "ciot.emitted", "com_divergencia", "worker", "CTE",
                     "vehicles", "payments", "Phone", "number", "POST /", "(/f"):
            assert word in found, (word, found)
        assert "offer.accepted" not in found and "(small)" not in found and "pronto_emissao" not in found
        assert "data_coleta" not in found and "homolog" not in found and "flk_" not in found
        assert "Veículos" not in found and "documentos" not in found and "Número" not in found
    finally:
        context.close()


def test_primary_button_check_counts_what_the_screen_shows(_chromium):
    """Two visible primary actions in the content are counted; one folded in a closed <details>, a hidden one, the
    sidebar's and a plain button are not."""
    context = _chromium.new_context(viewport={"width": 1366, "height": 900})
    page = context.new_page()
    try:
        page.set_content("""<body><nav><a class="button primary">Menu</a></nav><main>
          <a class="button primary" href="#">Novo frete</a><button class="primary">Salvar</button>
          <details><summary>Cancelar</summary><button class="primary">Confirmar</button></details>
          <button class="primary" hidden>Oculto</button><button>Voltar</button></main></body>""")
        assert pagewalk.primary_buttons(page) == ["Novo frete", "Salvar"]
    finally:
        context.close()


def test_phone_card_checks_catch_what_they_look_for(_chromium):
    """The walk's list checks fail on what they look for — an amount pushed off the screen, a status drawn over the
    title, a row left as a table row, a list whose first card is below the first screen, a desktop list drawn as
    cards — and pass a list whose cards hold everything in sight."""
    head = ('<thead><tr><th class="is-title">Código</th><th class="is-amount">Valor</th>'
            '<th class="is-status">Situação</th></tr></thead>')
    card = ('<tr data-card="1" style="display: block"><td class="is-title"><a href="#">FRT-1</a></td>'
            '<td class="is-amount" style="display: block">R$ 1,00</td><td class="is-status">Aberto</td></tr>')
    bad = ('<tr data-card="1" style="display: block"><td class="is-title" style="display: block"><a href="#">FRT-2</a>'
           '</td><td class="is-status" style="display: block; margin-top: -1em">Aberto</td>'
           '<td class="is-amount" style="display: block; margin-left: 500px">R$ 2,00</td></tr>'
           '<tr><td>FRT-3</td><td>R$ 3,00</td><td>Aberto</td></tr>')
    context = _chromium.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    try:
        page.set_content(f"""<body style="margin: 0"><div class="table-wrap"><table class="as-cards cards-ready"
          id="good" style="display: block">{head}<tbody style="display: block">{card}</tbody></table></div></body>""")
        assert pagewalk.phone_cards(page) == {"rows": 1, "problems": []}
        page.set_content(f"""<body style="margin: 0"><div style="height: 900px"></div>
          <div class="table-wrap" style="overflow: hidden"><table class="as-cards cards-ready" id="lista"
          style="display: block">{head}<tbody style="display: block">{bad}</tbody></table></div></body>""")
        found = " | ".join(pagewalk.phone_cards(page)["problems"])
        for problem in ("lista: linhas que não viraram cartões", "valor fora da tela", "campos sobrepostos",
                        "lista: nenhum resultado na primeira tela"):
            assert problem in found, (problem, found)
        page.set_viewport_size({"width": 1366, "height": 900})
        assert pagewalk.desktop_lists(page) == ["lista"]
        page.set_content(f"<body><div class='table-wrap'><table class='as-cards' id='t'>{head}<tbody>"
                         "<tr><td>a</td><td>b</td><td>c</td></tr></tbody></table></div></body>")
        assert pagewalk.desktop_lists(page) == []
    finally:
        context.close()
