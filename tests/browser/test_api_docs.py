"""The API docs (issue 22): Swagger UI from this site, token login and "try it out" under the CSP."""

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect
from rest_framework.authtoken.models import Token

from tests.browser.test_csp import violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The first render waits for the schema, which the live server builds for the whole API on first asking
# (seconds on a loaded CI machine: Redoc missed expect's 5 s default once, on a clean clone under load)
RENDER_MS = 30_000


@pytest.fixture
def desktop_page(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(15000)  # Swagger UI's bundle and the schema are large
    yield page
    context.close()


def other_hosts(page, live_server) -> list[str]:
    own = urlsplit(live_server.url).netloc
    found: list[str] = []
    page.on(
        "request",
        lambda r: r.url.startswith("http") and urlsplit(r.url).netloc != own and found.append(r.url),
    )
    return found


def test_swagger_ui_logs_in_with_a_token_and_tries_a_call(desktop_page, live_server, organiser):
    page = desktop_page
    key = Token.objects.create(user=organiser).key
    found, elsewhere = violations(page), other_hosts(page, live_server)
    page.goto(live_server.url + "/api/v1/docs/")

    listing = page.locator("#operations-competitions-competitions_list")
    expect(listing).to_be_visible(timeout=RENDER_MS)  # the operations, from the schema
    assert page.locator(".opblock").count() > 40

    page.locator(".auth-wrapper button.authorize").click()
    token_form = page.locator(".auth-container").filter(has_text="tokenAuth")
    token_form.locator("input").fill(f"Token {key}")
    token_form.locator("button.authorize").click()
    expect(token_form.locator("button", has_text="Logout")).to_be_visible()
    page.locator(".auth-btn-wrapper button.btn-done").first.click()

    listing.locator(".opblock-summary-control").click()
    listing.locator("button.try-out__btn").click()
    with page.expect_request(lambda r: urlsplit(r.url).path == "/api/v1/competitions/") as sent:
        listing.locator("button.execute").click()
    assert sent.value.headers.get("authorization") == f"Token {key}"
    expect(listing.locator(".live-responses-table tbody .response-col_status").first).to_have_text("200")

    score = page.locator("#operations-scoring-score_hand")  # the schema's own example for the engine's body
    score.locator(".opblock-summary-control").click()
    expect(score.locator(".examples-select").first).to_contain_text("The contract's hand")

    page.wait_for_load_state("networkidle")
    assert found == [] and elsewhere == []


def test_redoc_shows_the_operations_and_loads_nothing_from_another_host(desktop_page, live_server):
    page = desktop_page
    found, loaded = violations(page), []
    own = urlsplit(live_server.url).netloc
    page.on(
        "requestfinished",
        lambda r: r.url.startswith("http") and urlsplit(r.url).netloc != own and loaded.append(r.url),
    )
    page.goto(live_server.url + "/api/v1/redoc/")
    expect(page.locator("#redoc .api-content")).to_be_visible(timeout=RENDER_MS)
    expect(page.get_by_text("/api/v1/competitions/").first).to_be_attached()
    page.wait_for_load_state("networkidle")
    assert loaded == []
    # Only Redocly's logo in Redoc's menu (from their CDN) is refused; its styles and scripts all run.
    assert [v for v in found if "cdn.redoc.ly" not in v] == []
