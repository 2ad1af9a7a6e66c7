"""Accounts and abuse (issue 13): login lock-out per name and address; the client's address behind proxies."""

import json

import pytest
from django.core.cache import cache
from django.test import Client, RequestFactory
from django.urls import reverse

from tournament.access.request_meta import client_ip, request_meta

pytestmark = pytest.mark.django_db

PASSWORD = "pw-for-tests-only"


def login(client: Client, username: str, password: str, **extra):
    return client.post(reverse("login"), {"username": username, "password": password}, **extra)


def fail_five_times(username: str, **extra) -> None:
    attacker = Client()
    for _ in range(5):
        assert login(attacker, username, "guess", **extra).status_code in (200, 429)


def test_guessing_as_nobody_does_not_lock_the_organiser_out_from_the_same_address(organiser):
    fail_five_times("nobody", REMOTE_ADDR="10.0.0.9")
    answer = login(Client(), organiser.username, PASSWORD, REMOTE_ADDR="10.0.0.9")
    assert answer.status_code == 302  # logged in


def test_guessing_a_users_password_locks_out_that_address_only(organiser):
    fail_five_times(organiser.username, REMOTE_ADDR="10.0.0.9")
    assert login(Client(), organiser.username, PASSWORD, REMOTE_ADDR="10.0.0.9").status_code == 429
    assert login(Client(), organiser.username, PASSWORD, REMOTE_ADDR="10.0.0.10").status_code == 302


def test_a_failed_try_keeps_the_username_and_warns_before_the_lock_out(organiser):
    """Issue 32, item 22: the username was cleared, and the lock-out came without a word."""
    client = Client(REMOTE_ADDR="10.0.0.11")
    first = login(client, organiser.username, "guess").content.decode()
    assert f'value="{organiser.username}"' in first and 'data-testid="tries-left"' not in first
    second = login(client, organiser.username, "guess").content.decode()
    assert "3 more wrong tries and logging in is locked for 15 minutes." in second
    login(client, organiser.username, "guess")
    fourth = login(client, organiser.username, "guess").content.decode()
    assert "1 more wrong try and logging in is locked for 15 minutes." in fourth


def test_behind_the_proxy_one_attacker_does_not_lock_everybody_out(organiser, settings):
    settings.TRUSTED_PROXIES = 1
    proxy = {"REMOTE_ADDR": "172.16.0.1"}  # every request comes from the proxy
    fail_five_times(organiser.username, HTTP_X_FORWARDED_FOR="203.0.113.5", **proxy)
    again = login(Client(), organiser.username, PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.5", **proxy)
    assert again.status_code == 429
    answer = login(Client(), organiser.username, PASSWORD, HTTP_X_FORWARDED_FOR="198.51.100.7", **proxy)
    assert answer.status_code == 302


def test_a_made_up_forwarded_address_does_not_reset_the_lock_out(organiser, settings):
    settings.TRUSTED_PROXIES = 1
    for n in range(5):  # the attacker writes a new address each time; the proxy appends the real one
        login(Client(), organiser.username, "guess", HTTP_X_FORWARDED_FOR=f"1.2.3.{n}, 203.0.113.5")
    spoofed = login(Client(), organiser.username, PASSWORD, HTTP_X_FORWARDED_FOR="9.9.9.9, 203.0.113.5")
    assert spoofed.status_code == 429


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, "", "10.0.0.1"),
        (0, "1.2.3.4", "10.0.0.1"),  # no proxy trusted: the header is anyone's to write
        (1, "1.2.3.4", "1.2.3.4"),
        (1, "6.6.6.6, 1.2.3.4", "1.2.3.4"),  # the left is the client's own writing
        (2, "6.6.6.6, 1.2.3.4, 10.9.9.9", "1.2.3.4"),
        (2, "1.2.3.4", "1.2.3.4"),
        (1, "not-an-address", "10.0.0.1"),
        (1, "2001:db8::7", "2001:db8::7"),
        (1, "192.168.1.20", "192.168.1.20"),  # a club's own network behind the proxy
    ],
)
def test_the_client_address_behind_trusted_proxies(settings, proxies, forwarded, expected):
    settings.TRUSTED_PROXIES = proxies
    extra = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1", HTTP_USER_AGENT="phone", **extra)
    assert client_ip(request) == expected
    assert request_meta(request).ip_address == expected and request_meta(request).user_agent == "phone"


@pytest.mark.parametrize("proxies", [0, 1])
def test_headers_no_proxy_of_ours_writes_are_never_read(settings, proxies):
    settings.TRUSTED_PROXIES = proxies
    forged = {
        "HTTP_X_REAL_IP": "6.6.6.6",
        "HTTP_CF_CONNECTING_IP": "6.6.6.7",
        "HTTP_FORWARDED": "for=6.6.6.9",
    }
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1", **forged)
    assert client_ip(request) == "10.0.0.1"


def _scoring_limit(settings, proxies: int) -> None:
    cache.clear()
    rates = {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "scoring": "2/minute"}
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": rates,
        "NUM_PROXIES": proxies,
    }


def _settle(client: Client, **extra) -> int:
    body = {"rules": "spgg-2023", "outcome": "draw"}
    answer = client.post("/api/v1/settle/", json.dumps(body), content_type="application/json", **extra)
    return answer.status_code


def test_a_spoofed_forwarded_for_does_not_reset_the_scoring_limit(settings):
    _scoring_limit(settings, 0)
    client = Client(REMOTE_ADDR="10.0.0.3")
    codes = [_settle(client, HTTP_X_FORWARDED_FOR=f"1.2.3.{n}") for n in range(3)]
    assert codes[0] != 429 and codes[-1] == 429, codes


def test_behind_one_proxy_only_the_address_it_appended_counts_for_the_scoring_limit(settings):
    _scoring_limit(settings, 1)
    proxy = Client(REMOTE_ADDR="172.16.0.1")
    codes = [_settle(proxy, HTTP_X_FORWARDED_FOR=f"1.2.3.{n}, 203.0.113.5") for n in range(3)]
    assert codes[0] != 429 and codes[-1] == 429, codes
    assert _settle(proxy, HTTP_X_FORWARDED_FOR="198.51.100.7") != 429  # another client behind the proxy


def test_the_settings_use_one_number_of_proxies():
    from django.conf import settings

    assert settings.REST_FRAMEWORK["NUM_PROXIES"] == settings.TRUSTED_PROXIES == 0
    assert settings.AXES_CLIENT_IP_CALLABLE == "tournament.access.request_meta.client_ip"
    assert settings.AXES_LOCKOUT_PARAMETERS == [["username", "ip_address"]]


def test_the_fifth_wrong_password_answers_a_page_in_the_persons_language_with_a_way_back(organiser):
    """Issue 14: the lock-out was a line of English text with no page around it."""
    from django.conf import settings

    person = Client()
    answers = [login(person, organiser.username, "guess") for _ in range(5)]
    assert [a.status_code for a in answers[:4]] == [200] * 4
    locked = answers[4]
    html = locked.content.decode()
    assert locked.status_code == 429 and "<html" in html and "Too many attempts" in html
    assert "Try again in 15 minutes." in html and f'href="{reverse("home")}"' in html
    person.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    chinese = login(person, organiser.username, "guess").content.decode()
    assert "尝试次数过多" in chinese and "15 分钟后再试" in chinese
