"""Content-Security-Policy (issue 13): every page sends it, and no template needs inline script or style."""

import re
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.urls import reverse

from tests.factories import PlayerFactory, seated_table

pytestmark = pytest.mark.django_db

ROOT = Path(django_settings.BASE_DIR)
# Laid out by WeasyPrint into PDFs, never served to a browser: their <style> is no CSP's concern.
PRINT_ONLY = {"public/standings_print.html", "organiser/_print_style.html"}
INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "an inline <script>"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "an inline event handler (on...=)"),
    (re.compile(r"<style", re.I), "an inline <style>"),
    (re.compile(r"\sstyle\s*=", re.I), "a style attribute"),
    (re.compile(r"\shx-on", re.I), "an hx-on handler (eval)"),
    (re.compile(r"javascript:", re.I), "a javascript: URL"),
]


def served_templates():
    for base in (ROOT / "templates", ROOT / "tournament", ROOT / "scoring"):
        for path in base.rglob("*.html"):
            name = str(path.relative_to(ROOT / "templates")) if base.name == "templates" else str(path)
            if name not in PRINT_ONLY:
                yield name, path


def test_no_served_template_has_inline_script_handlers_or_style():
    found = []
    for name, path in served_templates():
        text = path.read_text()
        found += [f"{name}: {what}" for pattern, what in INLINE if pattern.search(text)]
    assert found == []


def policy(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {d.split()[0]: d.split()[1:] for d in (part.strip() for part in header.split(";")) if d}


def assert_strict(response) -> None:
    directives = policy(response)
    assert directives["default-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"]  # no 'unsafe-inline', no 'unsafe-eval'
    assert "'unsafe-inline'" not in directives["style-src"]


def test_the_main_pages_send_the_policy(client, scorekeeper):
    table = seated_table(players=[PlayerFactory() for _ in range(4)], scorekeeper=scorekeeper)
    competition = table.round.competition
    for url in (
        reverse("home"),
        reverse("login"),
        reverse("calculator"),
        reverse("public:standings", args=[competition.pk]),
        reverse("api-docs"),
        reverse("healthz"),
    ):
        response = client.get(url)
        # /healthz is 503 where no worker beats (CI's main run): still an answer with the policy.
        assert response.status_code in ((200, 503) if url == reverse("healthz") else (200,)), url
        assert_strict(response)
    client.force_login(scorekeeper)
    page = client.get(reverse("table:scoresheet", args=[table.pk]))
    assert page.status_code == 200
    assert_strict(page)
    html = page.content.decode()
    assert 'data-seat="E"' in html and "<style" not in html  # the winner is hidden by static CSS


def test_htmx_injects_no_indicator_style(client):
    html = client.get(reverse("home")).content.decode()
    assert '<meta name="htmx-config" content=\'{"includeIndicatorStyles": false}\'>' in html
    css = (ROOT / "static/css/app.css").read_text()
    assert ".htmx-request .htmx-indicator" in css


def test_the_policy_built_once_is_django_csp_s_own_and_follows_the_settings(client, settings):
    # tournament/project/csp.py keeps the header's text (issue 20): the same text django-csp builds, a
    # view's own policy still its own, and new settings a new text.
    from csp.middleware import CSPMiddleware as DjangoCSPMiddleware

    first, again = client.get(reverse("home")), client.get(reverse("home"))
    assert first["Content-Security-Policy"] == again["Content-Security-Policy"]
    own = DjangoCSPMiddleware(lambda request: None).process_response(first.wsgi_request, type(first)())
    assert first["Content-Security-Policy"] == own["Content-Security-Policy"]
    assert "'nonce-" in client.get("/api/v1/redoc/")["Content-Security-Policy"]  # csp_update, a nonce
    settings.CONTENT_SECURITY_POLICY = {"DIRECTIVES": {"default-src": ["'self'"], "img-src": ["data:"]}}
    assert policy(client.get(reverse("home"))) == {"default-src": ["'self'"], "img-src": ["data:"]}
