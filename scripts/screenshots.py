#!/usr/bin/env python
"""Write a screenshot of every page reachable from the menu, plus the detail pages the menu does not lead to (a
freight, an invoice, the webhooks) and the public pages (the showcase /fretes and a freight's /f/<slug>), at phone
(390 px) and desktop (1366 px) widths; or, with --kit, one small screenshot per component of the page kit (the
images of docs/pages.md).

    python scripts/screenshots.py OUTDIR        # e.g. python scripts/screenshots.py /tmp/telas
    python scripts/screenshots.py --kit docs/img

Boots the app on a throw-away SQLite database (its own temporary folder, jobs inline), seeds a demo company with
sample partners, fleet, drivers, CIOT operations, a public freight, an invoice and a webhook endpoint
(tests/browser/pagewalk.py, the same walk the browser test checks), saves the login page (logged out, 00-login), logs
in as its admin and saves OUTDIR/<width>/<nn>-<page>.png, full page. Needs the test extra (playwright) and Chromium
at /usr/bin/chromium or CHROMIUM_PATH. Prints each file and any problem the walk finds.

--kit turns on the kit's demo page (blueprints/web/kit_demo.py, config KIT_DEMO; never in production) and saves
each of its [data-component] boxes as OUTDIR/kit-<component>.png at a 900 px wide window: the picker with its list
open, the confirm dialog open.
"""
import os
import re
import shutil
import sys
import tempfile
import threading
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


KIT_WIDTH = {"width": 900, "height": 900}


def shoot_kit(browser, base: str, outdir: str) -> int:
    """One PNG per [data-component] box of the kit's demo page."""
    from demo import DEMO_EMAIL, DEMO_PASSWORD
    from tests.browser import pagewalk

    folder = Path(outdir)
    folder.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(base_url=base, locale="pt-BR", viewport=KIT_WIDTH)
    page = context.new_page()
    pagewalk.log_in(page, base, DEMO_EMAIL, DEMO_PASSWORD)
    page.goto(f"{base}/kit/")
    page.wait_for_load_state("networkidle")
    for box in page.locator("[data-component]").all():
        name = box.get_attribute("data-component")
        path = str(folder / f"kit-{name}.png")
        box.scroll_into_view_if_needed()
        if name == "picker":  # with the answer's list open under the search box
            with page.expect_response("**/kit/busca?*"):
                page.locator("#kit-picker").press_sequentially("jo")
            page.locator("#kit-picker-list [role=option]").first.wait_for()
            page.locator("#kit-picker").press("ArrowDown")
            outer, listed = box.bounding_box(), page.locator("#kit-picker-list").bounding_box()
            bottom = max(outer["y"] + outer["height"], listed["y"] + listed["height"]) + 8
            scroll_y = page.evaluate("window.scrollY")  # a full-page clip is in page coordinates
            page.screenshot(path=path, animations="disabled", full_page=True,
                            clip={"x": outer["x"], "y": outer["y"] + scroll_y, "width": outer["width"],
                                  "height": bottom - outer["y"]})
            page.locator("#kit-picker").press("Escape")
        elif name == "confirm":  # the dialog the button opens
            box.get_by_role("button").click()
            page.locator("#confirm-dialog").screenshot(path=path, animations="disabled")
            page.keyboard.press("Escape")
        else:
            box.screenshot(path=path, animations="disabled")
        print(path, f"{os.path.getsize(path) // 1024} KB")
    context.close()
    return 0


def main(outdir: str, *, kit: bool = False) -> int:
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    from app import create_app
    from core.db import db
    from core.tenancy import tenant_scope
    from core.transaction import unit_of_work
    from demo import DEMO_EMAIL, DEMO_PASSWORD, seed_demo_company
    from domain.tenancy.models import Company
    from tests.browser import pagewalk

    instance = tempfile.mkdtemp(prefix="fretes-telas-")
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{instance}/telas.db", "INSTANCE_PATH": instance,
                      "SECRET_KEY": "screenshots", "REDIS_URL": "", "JOBS_INLINE": True, "KIT_DEMO": kit})
    with app.app_context():
        db.create_all()
        with unit_of_work():
            company_id = seed_demo_company()["company_id"]
        company = db.session.get(Company, uuid.UUID(company_id))
        record_paths = []
        if not kit:
            with tenant_scope(company.id):
                pagewalk.seed_sample(company, DEMO_EMAIL)
            record_paths = pagewalk.record_paths(company)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    problems = 0
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                                                 args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
            if kit:
                problems = shoot_kit(browser, base, outdir)
            for _device, (width, height) in ({} if kit else pagewalk.WIDTHS).items():
                folder = Path(outdir) / f"{width}px"
                folder.mkdir(parents=True, exist_ok=True)
                viewport = {"width": width, "height": height}
                context = browser.new_context(base_url=base, locale="pt-BR", viewport=viewport)
                page = context.new_page()
                # The login page first, logged out (a deployment of one company: its name and logo on it).
                report = pagewalk.check_page(page, base + "/login", width)
                page.screenshot(path=str(folder / "00-login.png"), full_page=True)
                print(folder / "00-login.png", *(f"\n  ! {p}" for p in report.problems))
                problems += len(report.problems)
                pagewalk.log_in(page, base, DEMO_EMAIL, DEMO_PASSWORD)
                urls = list(dict.fromkeys(pagewalk.menu_urls(page, base) + [base + p for p in record_paths]))
                for number, url in enumerate(urls, start=1):
                    report = pagewalk.check_page(page, url, width)
                    name = re.sub(r"[^a-z0-9]+", "-", url[len(base):].lower()).strip("-") or "painel"
                    name = re.sub(r"[0-9a-f]{8}-[0-9a-f-]{27}", "registro", name)
                    path = folder / f"{number:02d}-{name}.png"
                    page.screenshot(path=str(path), full_page=True)
                    print(path, *(f"\n  ! {p}" for p in report.problems))
                    problems += len(report.problems)
                context.close()
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(instance, ignore_errors=True)
    return 1 if problems else 0


if __name__ == "__main__":
    args = sys.argv[1:]
    kit = "--kit" in args
    args = [a for a in args if a != "--kit"]
    if len(args) != 1:
        sys.exit(__doc__)
    sys.exit(main(args[0], kit=kit))
