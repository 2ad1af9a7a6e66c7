"""Password change and reset through Django's own views, the mail settings, and the lock-out page."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.core import mail
from django.core.exceptions import ImproperlyConfigured
from rest_framework.authtoken.models import Token

from tests.accounts.conftest import PASSWORD
from tournament.project.env import EmailConfig, email_url

LINK = re.compile(r"https?://[^/\s]+(/accounts/reset/[^\s]+/)")


@pytest.mark.django_db
def test_the_reset_emails_link_sets_a_new_password_end_to_end(client, side_a):
    keeper = side_a.keeper
    token = Token.objects.create(user=keeper)
    response = client.post("/accounts/reset/", {"email": keeper.email})
    assert response.status_code == 302 and response["Location"] == "/accounts/reset/sent/"
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == [keeper.email] and "a_keeper" in message.body
    path = LINK.search(message.body)[1]

    form = client.get(path, follow=True)  # Django swaps the token for a session mark, then shows the form
    assert form.status_code == 200 and form.context["validlink"]
    done = client.post(form.redirect_chain[-1][0], {"new_password1": PASSWORD, "new_password2": PASSWORD})
    assert done.status_code == 302 and done["Location"] == "/accounts/reset/done/"
    said = client.get(done["Location"]).content.decode()  # in a player's words (issue 32, item 23)
    assert "log in with it" in said and "most players have none" in said and "were revoked" not in said

    keeper.refresh_from_db()
    assert keeper.check_password(PASSWORD)
    assert not Token.objects.filter(pk=token.pk).exists()  # the reset path revokes the API tokens too
    logged_in = client.post("/accounts/login/", {"username": "a_keeper", "password": PASSWORD})
    assert logged_in.status_code == 302 and client.session.get("_auth_user_id") == str(keeper.pk)
    again = client.get(path, follow=True)  # the link works once
    assert not again.context["validlink"]
    assert "This link does not work" in again.content.decode()


@pytest.mark.django_db
def test_an_unknown_address_sends_nothing_and_says_the_same(client, side_a):
    response = client.post("/accounts/reset/", {"email": "nobody@example.org"})
    assert response.status_code == 302 and response["Location"] == "/accounts/reset/sent/"
    assert mail.outbox == []


@pytest.mark.django_db
def test_the_reset_pages_speak_chinese(client, side_a):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    client.post("/accounts/reset/", {"email": side_a.keeper.email})
    assert "重置" in mail.outbox[0].subject or "密码" in mail.outbox[0].subject
    assert "密码" in client.get("/accounts/reset/").content.decode()


@pytest.mark.django_db
def test_a_password_change_revokes_the_tokens_and_keeps_the_session(client, side_a):
    keeper = side_a.keeper
    token = Token.objects.create(user=keeper)
    client.force_login(keeper)
    response = client.post(
        "/accounts/password/",
        {"old_password": "pw-for-tests-only", "new_password1": PASSWORD, "new_password2": PASSWORD},
    )
    assert response.status_code == 302 and response["Location"] == "/accounts/password/done/"
    assert not Token.objects.filter(pk=token.pk).exists()
    assert client.get("/accounts/password/done/").status_code == 200  # still logged in


@pytest.mark.django_db
def test_the_lock_out_page_is_translated_and_shows_the_way_back(client, side_a, settings):
    settings.AXES_FAILURE_LIMIT = 2
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    for _ in range(3):
        response = client.post("/accounts/login/", {"username": "a_keeper", "password": "wrong"})
    assert response.status_code == 429
    page = response.content.decode()
    assert 'href="/accounts/reset/"' in page and 'href="/"' in page
    assert "Too many failed logins" not in page and "登录" in page


@pytest.mark.parametrize(
    ("url", "want"),
    [
        (
            "smtp://mailer:s3cret@smtp.example.org:2525",
            EmailConfig("smtp.example.org", 2525, "mailer", "s3cret"),
        ),
        (
            "smtp://u:p%40ss@mail.example.org?tls",
            EmailConfig("mail.example.org", 587, "u", "p@ss", use_tls=True),
        ),
        ("smtp://mail.example.org?ssl=true", EmailConfig("mail.example.org", 465, use_ssl=True)),
        ("smtps://mail.example.org", EmailConfig("mail.example.org", 465, use_ssl=True)),
        ("smtp+tls://mail.example.org:25", EmailConfig("mail.example.org", 25, use_tls=True)),
        ("console://", EmailConfig()),
    ],
)
def test_email_url(url, want):
    assert email_url("EMAIL_URL", url) == want


@pytest.mark.parametrize("url", ["http://mail.example.org", "smtp://", "smtp://h?tls&ssl", "smtp://h:port"])
def test_a_wrong_email_url_stops_the_app_with_its_name(url):
    with pytest.raises(ImproperlyConfigured, match="EMAIL_URL"):
        email_url("EMAIL_URL", url)


def test_no_mail_server_prints_to_the_console():
    assert EmailConfig().backend.endswith("console.EmailBackend")
    assert EmailConfig("smtp.example.org").backend.endswith("smtp.EmailBackend")


@pytest.mark.django_db
def test_the_reset_form_is_limited_per_client_and_per_address(client, side_a, side_b):
    for _ in range(5):
        assert client.post("/accounts/reset/", {"email": side_a.keeper.email}).status_code == 302
    assert len(mail.outbox) == 3  # three messages an hour to one address; the page says the same
    for _ in range(5):
        client.post("/accounts/reset/", {"email": "nobody@example.org"})
    refused = client.post("/accounts/reset/", {"email": side_b.keeper.email})
    assert refused.status_code == 429 and "Too many requests" in refused.content.decode()
    assert len(mail.outbox) == 3
