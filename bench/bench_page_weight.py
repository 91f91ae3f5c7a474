"""The public pages on a slow 3G link, in Chromium at 390 px: bytes received and load times.

    python bench/bench_page_weight.py [loads]        (default 5 loads of each page, cold cache each time)

Serves the real app (throwaway SQLite, 50 public freights) over HTTP from a thread, opens /fretes (a full page of 50
freights) and /f/<slug> in the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium) with the network emulated
through CDP (Network.emulateNetworkConditions) as DevTools' "Slow 3G": 2,000 ms round trip, 50,000 bytes/s down and
up. Each load uses a new browser context (empty cache); then one warm load (assets cached). Prints per page the bytes
received by resource type (headers + body) and the median times to DOMContentLoaded and to load. The byte budget
(< 100 KB before images) is asserted by tests/browser/test_marketplace.py; times are reported here only.
"""
import os
import statistics
import sys
import threading
from collections import Counter

from _common import bench_app

CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
SLOW_3G = {"offline": False, "latency": 2000, "downloadThroughput": 50_000, "uploadThroughput": 50_000}
TIMING = ("(() => { const n = performance.getEntriesByType('navigation')[0];"
          " return [n.domContentLoadedEventEnd, n.loadEventEnd]; })()")


def serve(app) -> str:
    import logging

    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # no line per request

    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}"


def first_slug(app) -> str:
    import sqlalchemy as sa

    from core.db import db
    from core.tenancy import cross_tenant
    from domain.freights.models import Freight

    with app.app_context():
        return db.session.scalar(cross_tenant(sa.select(Freight.public_slug).where(Freight.visibility == "publico")
                                              .order_by(Freight.created_at.desc()).limit(1)))


def load(context, url: str) -> tuple[Counter, float, float]:
    """(bytes by resource type, ms to DOMContentLoaded, ms to load) of one navigation under slow 3G."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_3G)
    requests = []

    def record(request):  # a function of our own: Playwright tags the handler, a bound builtin cannot be tagged
        requests.append(request)
    page.on("request", record)
    page.goto(url, wait_until="load", timeout=120_000)
    weights = Counter()
    for request in requests:
        sizes = request.sizes()
        weights[request.resource_type] += sizes["responseHeadersSize"] + sizes["responseBodySize"]
    dom_ready, loaded = page.evaluate(TIMING)
    page.close()
    return weights, dom_ready, loaded


def main(loads: int) -> None:
    from bench_marketplace import seed
    from playwright.sync_api import sync_playwright

    app = bench_app()
    seed(app, 50)
    base = serve(app)
    pages = {"/fretes (50 freights)": f"{base}/fretes", "/f/<slug>": f"{base}/f/{first_slug(app)}"}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True,
                                             args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"])
        viewport = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "locale": "pt-BR"}
        print(f"slow 3G: {SLOW_3G['latency']} ms round trip, {SLOW_3G['downloadThroughput']} bytes/s; "
              f"{loads} cold loads")
        for name, url in pages.items():
            cold = []
            for _ in range(loads):
                context = browser.new_context(**viewport)
                cold.append(load(context, url))
                context.close()
            context = browser.new_context(**viewport)
            load(context, url)
            warm = load(context, url)
            context.close()
            weights = cold[0][0]
            before_images = sum(size for kind, size in weights.items() if kind != "image")
            print(f"{name}: {before_images / 1024:.1f} KB before images "
                  f"({', '.join(f'{kind} {size / 1024:.1f} KB' for kind, size in weights.most_common())})")
            print(f"    cold: DOMContentLoaded p50 {statistics.median(c[1] for c in cold):,.0f} ms, "
                  f"load p50 {statistics.median(c[2] for c in cold):,.0f} ms"
                  f"   warm (assets cached): {sum(warm[0].values()) / 1024:.1f} KB, load {warm[2]:,.0f} ms")
        browser.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
