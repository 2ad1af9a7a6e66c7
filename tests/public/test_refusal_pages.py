"""Every refusal a person can meet is a page of the site, in their language, saying what to do (issue 54,
item 6): a bare "403 Forbidden" met a player opening their own check-in code and a captain opening another
team's lineup."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_refused_page_is_the_sites_own_with_the_refusals_words(client):
    client.force_login(UserFactory(username="pat", first_name="Pat", last_name="Lim"))
    page = client.get("/organise/")
    html = page.content.decode()
    assert page.status_code == 403 and 'data-testid="refused"' in html
    assert "Only organisers may open this page." in html and "logged in as Pat Lim" in html
    assert '<nav class="nav"' in html  # the site's frame: a way on
    chinese = client.get("/organise/", headers={"accept-language": "zh-hans"})
    assert chinese.status_code == 403 and "只有组织者" in chinese.content.decode()


def test_a_missing_page_says_so_and_where_to_go(client):
    page = client.get("/competitions/999999/")
    assert page.status_code == 404 and 'data-testid="not-found"' in page.content.decode()
    link = client.get("/messages/for/p1:forged/")
    assert link.status_code == 404 and "This link is not valid." in link.content.decode()


def test_an_expired_form_is_a_page_that_says_what_to_do():
    csrf = Client(enforce_csrf_checks=True)
    csrf.force_login(UserFactory(username="sam"))
    page = csrf.post("/messages/", {"language": "en"})
    assert page.status_code == 403 and "The form has expired" in page.content.decode()
