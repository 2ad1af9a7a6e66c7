"""The stop link and the person link (issue 48, item 3).

Before: every message's ``List-Unsubscribe`` address led to a stop page that linked the person page; that
link never expired and could not be retired, and its holder read the player's seat links and changed where
all their messages went (so a seat link renewed because it leaked was mailed to the attacker). Now the stop
page stops one kind and opens nothing; a person link expires, can be retired, and changing an address kept
asks for the login.
"""

from __future__ import annotations

import pytest
from django.core import signing

from tests.factories import PlayerFactory, UserFactory
from tournament.models import Preference
from tournament.notifications.kinds import Kind
from tournament.notifications.links import person_token, stop_token
from tournament.notifications.preferences import preference_change

pytestmark = pytest.mark.django_db


@pytest.fixture
def pat():
    player = PlayerFactory(name="Pat Lim")
    preference_change(f"p{player.pk}", channels=["email"], stopped=[], email="pat@example.com")
    return player


def _choices(**changes) -> dict:
    return {"language": "en", "kinds": list(Kind.values), "channels": ["email"], **changes}


def test_the_stop_page_stops_one_kind_and_opens_nothing_else(pat, client):
    path = f"/messages/stop/{stop_token(f'p{pat.pk}', Kind.ORGANISER)}/"
    for answer in (client.get(path), client.post(path)):
        assert answer.status_code == 200
        assert "/messages/for/" not in answer.content.decode()
    assert Preference.objects.get(player=pat).stopped == [Kind.ORGANISER]


def test_a_person_link_expires(pat, client, settings, monkeypatch):
    settings.NOTIFY_PERSON_LINK_DAYS = 30
    real = signing.time.time
    monkeypatch.setattr(signing.time, "time", lambda: real() - 31 * 86400)
    old = person_token(f"p{pat.pk}")
    monkeypatch.setattr(signing.time, "time", lambda: real() - 29 * 86400)
    recent = person_token(f"p{pat.pk}")
    monkeypatch.undo()
    assert client.get(f"/messages/for/{old}/").status_code == 404
    assert client.get(f"/messages/for/{recent}/").status_code == 200
    # A link of the old form (no time in it) opens nothing either.
    unsigned = signing.Signer(salt="tournament.notify-person").sign(f"p{pat.pk}")
    assert client.get(f"/messages/for/{unsigned}/").status_code == 404


def test_a_person_retires_their_links_and_gets_a_new_one(pat, client):
    leaked = person_token(f"p{pat.pk}")
    other = person_token(f"p{pat.pk}")
    answer = client.post(f"/messages/for/{leaked}/", {"action": "retire"})
    assert answer.status_code == 302
    fresh = answer["Location"]
    assert fresh.startswith("/messages/for/") and leaked not in fresh
    page = client.get(fresh)  # where the redirect leads: the new link, and what happened
    assert page.status_code == 200 and "Your earlier private links no longer open this page" in (
        page.content.decode()
    )
    assert client.get(f"/messages/for/{leaked}/").status_code == 404
    assert client.get(f"/messages/for/{other}/").status_code == 404
    # And an account holder retires theirs from My messages.
    user = UserFactory(username="pat_account")
    pat.user = user
    pat.save()
    theirs = person_token(f"p{pat.pk}")
    client.force_login(user)
    assert client.post("/messages/", {"action": "retire"}).status_code == 302
    client.logout()
    assert client.get(f"/messages/for/{theirs}/").status_code == 404


def test_a_private_link_alone_never_changes_where_messages_go(pat, client):
    path = f"/messages/for/{person_token(f'p{pat.pk}')}/"
    refused = client.post(path, _choices(email="attacker@example.net"))
    assert refused.status_code == 400
    assert "changes only after you log in" in refused.content.decode()
    assert client.post(path, _choices(email="")).status_code == 400  # removing it is a change too
    assert Preference.objects.get(player=pat).email == "pat@example.com"
    # What is not an address is theirs to choose by the link: language, kinds, the same address.
    assert client.post(path, _choices(email="pat@example.com", language="zh-hans")).status_code == 302
    assert Preference.objects.get(player=pat).language == "zh-hans"
    # Logged in, they change it.
    user = UserFactory(username="pat_account")
    pat.user = user
    pat.save()
    client.force_login(user)
    assert client.post("/messages/", _choices(email="pat.new@example.com")).status_code == 302
    assert Preference.objects.get(player=pat).email == "pat.new@example.com"


def test_a_link_gives_an_address_where_none_is_kept(client):
    newcomer = PlayerFactory(name="New Comer")
    path = f"/messages/for/{person_token(f'p{newcomer.pk}')}/"
    assert client.post(path, _choices(email="new@example.com")).status_code == 302
    assert Preference.objects.get(player=newcomer).email == "new@example.com"


def test_a_link_alone_never_redirects_the_organisers_contact_or_the_accounts_email(client, settings):
    """Found by an attack (issue 48): with no address in the choices, messages go to the organiser's contact
    for the player (or the account's email), and a link holder could point them elsewhere."""
    settings.NOTIFY_EMAIL = True
    settings.WHATSAPP_TOKEN, settings.WHATSAPP_PHONE_ID = "token", "12345"
    mailed = PlayerFactory(name="Mail Only", contact="victim@example.com")
    phoned = PlayerFactory(name="Phone Only", contact="+6591234567")
    for player, field, value in (
        (mailed, "email", "attacker@evil.example"),
        (phoned, "whatsapp", "+6599999999"),
    ):
        path = f"/messages/for/{person_token(f'p{player.pk}')}/"
        refused = client.post(path, _choices(**{field: value}))
        assert refused.status_code == 400 and "changes only after you log in" in refused.content.decode()
        assert not Preference.objects.filter(player=player).exclude(**{field: ""}).exists()
        # Left empty, the contact stays where messages go: the language is theirs to choose.
        assert client.post(path, _choices(language="zh-hans")).status_code == 302
    account = UserFactory(username="has_login", email="login@example.com")
    linked = PlayerFactory(name="Linked", user=account)
    path = f"/messages/for/{person_token(f'p{linked.pk}')}/"
    assert client.post(path, _choices(email="attacker@evil.example")).status_code == 400
