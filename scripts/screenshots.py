#!/usr/bin/env python
"""Write a screenshot of every page reachable from the menu, at phone (390 px) and desktop (1366 px) widths.

    python scripts/screenshots.py OUTDIR        # e.g. python scripts/screenshots.py /tmp/telas

Boots the app on a throw-away SQLite database (its own temporary folder, jobs inline), seeds a demo company with
sample partners, fleet, drivers and CIOT operations (tests/browser/pagewalk.py, the same walk the browser test
checks), logs in as its admin and saves OUTDIR/<width>/<nn>-<page>.png, full page. Needs the test extra
(playwright) and Chromium at /usr/bin/chromium or CHROMIUM_PATH. Prints each file and any problem the walk finds.
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


def main(outdir: str) -> int:
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    from app import create_app
    from core.db import db
    from core.tenancy import tenant_scope
    from demo import DEMO_EMAIL, DEMO_PASSWORD, seed_demo_company
    from domain.tenancy.models import Company
    from tests.browser import pagewalk

    instance = tempfile.mkdtemp(prefix="fretes-telas-")
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{instance}/telas.db", "INSTANCE_PATH": instance,
                      "SECRET_KEY": "screenshots", "REDIS_URL": "", "JOBS_INLINE": True})
    with app.app_context():
        db.create_all()
        company_id = seed_demo_company()["company_id"]
        company = db.session.get(Company, uuid.UUID(company_id))
        with tenant_scope(company.id):
            pagewalk.seed_sample(company, DEMO_EMAIL)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_port}"
    problems = 0
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
                                                 args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
            for _device, (width, height) in pagewalk.WIDTHS.items():
                folder = Path(outdir) / f"{width}px"
                folder.mkdir(parents=True, exist_ok=True)
                viewport = {"width": width, "height": height}
                context = browser.new_context(base_url=base, locale="pt-BR", viewport=viewport)
                page = context.new_page()
                pagewalk.log_in(page, base, DEMO_EMAIL, DEMO_PASSWORD)
                for number, url in enumerate(pagewalk.menu_urls(page, base), start=1):
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
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1]))
