"""/api/docs in a real browser: the vendored Swagger UI renders the API's own document under the app's
Content-Security-Policy (no CDN, no inline script), the webhooks API and the document's `webhooks` section included."""
import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_the_reference_renders_the_document(browser_page):
    page = browser_page
    refused = []
    page.on("console", lambda message: refused.append(message.text)
            if "Content Security Policy" in message.text else None)
    with page.expect_response(lambda r: r.url.endswith("/api/public/v1/openapi.json")) as document:
        page.goto("/api/docs")
    assert document.value.status == 200
    expect(page.locator(".info .title")).to_contain_text("Fretes Public API")
    expect(page.locator("#operations-parceiros-createPartner")).to_be_visible()
    expect(page.locator("#operations-webhooks-createWebhookEndpoint")).to_be_attached()
    assert refused == []
