"""Anonymous standings PDFs cannot starve the workers: kept per page and version, rate limited (issue 13)."""

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from tournament.standings import cache as standings_cache
from tournament.standings import exports

pytestmark = pytest.mark.django_db


@pytest.fixture
def renders(monkeypatch):
    made = []
    real = exports.pdf_bytes

    def counting(document):
        made.append(document)
        return real(document)

    monkeypatch.setattr(exports, "pdf_bytes", counting)
    cache.clear()
    return made


def test_anonymous_callers_share_one_render_while_the_standings_stand(league, renders):
    url = reverse("public:standings_pdf", args=[league["competition"].pk])
    first = Client(REMOTE_ADDR="10.0.0.1").get(url)
    second = Client(REMOTE_ADDR="10.0.0.2").get(url)
    assert first.status_code == second.status_code == 200
    assert second.content == first.content and second["Content-Type"] == "application/pdf"
    assert len(renders) == 1
    Client().get(url, HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert len(renders) == 2  # another language is another PDF


def test_a_new_standings_version_makes_a_new_pdf(league, renders, standings_floor):
    url = reverse("public:standings_pdf", args=[league["competition"].pk])
    Client().get(url)
    standings_cache.bump(policy=True)
    Client().get(url)
    assert len(renders) == 2


def test_an_address_making_too_many_new_pdfs_is_answered_429(league, renders, settings):
    # a day's window: three PDFs rendered (a second or more on a slow machine) across a minute's boundary
    # were counted in two windows (rate_limit counts fixed windows), and the third was let through
    settings.PDF_RATE_LIMIT = "2/day"
    url = reverse("public:standings_pdf", args=[league["competition"].pk])
    attacker = Client(REMOTE_ADDR="10.0.0.66")
    codes = [attacker.get(url, {"q": f"x{n}"}).status_code for n in range(3)]
    assert codes == [200, 200, 429]
    refused = attacker.get(url, {"q": "x9"})
    assert int(refused["Retry-After"]) > 0 and len(renders) == 2
    assert attacker.get(url, {"q": "x0"}).status_code == 200  # a kept PDF is still served
    assert Client(REMOTE_ADDR="10.0.0.67").get(url).status_code == 200  # another address is not held


def test_an_organiser_is_neither_limited_nor_served_a_kept_pdf(league, renders, settings, organiser):
    settings.PDF_RATE_LIMIT = "1/minute"
    url = reverse("public:standings_pdf", args=[league["competition"].pk])
    client = Client()
    client.force_login(organiser)
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 200]
    assert len(renders) == 3
