"""A person's own data page (issue 51): logged in or by their private link; JSON and CSV downloads;
contact corrected through the door; consent to messages withdrawn by channel."""

from __future__ import annotations

import csv
import io
import json

import pytest
from django.urls import reverse

from tests.privacy.conftest import CONTACT, NAME
from tournament.models import AuditEntry, Consent, Player, Preference
from tournament.notifications.links import person_token
from tournament.notifications.preferences import person_links_retire

pytestmark = pytest.mark.django_db


def _link(player) -> str:
    return reverse("privacy:person", args=[person_token(f"p{player.pk}")])


def test_the_person_logged_in_sees_everything_held_about_them(client, league):
    zelda = league["zelda"]
    client.force_login(zelda.user)
    page = client.get(reverse("privacy:mine"))
    html = page.content.decode()
    assert page.status_code == 200 and page["Cache-Control"] == "private, no-store"
    assert NAME in html and CONTACT in html and "Messages by Email" in html
    data = client.get(reverse("privacy:mine_json")).json()
    assert data["person"]["name"] == NAME and data["person"]["contact"] == CONTACT
    assert data["preferences"]["email"] == "zelda@example.com" and data["preferences"]["push_subscriptions"]
    assert {(c["purpose"], c["notice_version"]) for c in data["consents"]} == {
        ("league", 1),
        ("messages:email", 1),
    }
    assert data["entries"][0]["competition"] == "Ratings League"
    assert len(data["hands"]) == 3  # two hands at table 1 of round 1, one at table 1 of round 2
    assert data["registrations"][0]["answers"] == {"Dietary needs": "vegetarian"}
    assert any(m["body"] == f"Dear {NAME}" for m in data["messages"])
    api = client.get("/api/v1/me/data/")
    assert api.status_code == 200 and api.json()["person"]["name"] == NAME


def test_the_hands_carry_the_person_s_chips_as_the_ledger_has_them(client, league):
    from tests.public.helpers import ledger_net

    zelda = league["zelda"]
    client.force_login(zelda.user)
    data = client.get(reverse("privacy:mine_json")).json()
    assert sum(h["chips"] for h in data["hands"]) == ledger_net(zelda)


def test_the_csv_download_neutralises_formulas(client, league):
    zelda = league["zelda"]
    Player.objects.filter(pk=zelda.pk).update(contact='=HYPERLINK("http://x","y")')
    client.force_login(zelda.user)
    response = client.get(reverse("privacy:mine_csv"))
    assert response["Content-Type"].startswith("text/csv") and "attachment" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode()[1:])))
    assert rows[0] == ["section", "item", "field", "value"]
    contact = [r for r in rows if r[:3] == ["person", "", "contact"]][0]
    assert contact[3] == '\'=HYPERLINK("http://x","y")'
    assert not any(cell.startswith(("=", "+", "@")) for row in rows for cell in row)


def test_a_person_without_an_account_opens_their_page_by_their_link(client, league):
    zelda = league["zelda"]
    zelda.user = None
    zelda.save()
    url = _link(zelda)
    page = client.get(url)
    assert page.status_code == 200 and NAME in page.content.decode()
    assert page["Referrer-Policy"] == "same-origin"
    assert json.loads(client.get(url + "data.json").content)["person"]["name"] == NAME
    assert client.get(url + "data.csv").status_code == 200
    token = url.split("/for/")[1].rstrip("/")
    inbox = client.get(reverse("notifications:person", args=[token])).content.decode()
    assert url in inbox  # the messages' page leads to the data page, by the same link


def test_a_forged_expired_or_retired_link_opens_nothing(client, league, settings):
    zelda = league["zelda"]
    url = _link(zelda)
    assert client.get(url.replace("/for/", "/for/x")).status_code == 404
    person_links_retire(f"p{zelda.pk}")
    assert client.get(url).status_code == 404 and client.get(url + "data.json").status_code == 404
    settings.NOTIFY_PERSON_LINK_DAYS = -1
    assert client.get(_link(zelda)).status_code == 404


def test_anonymous_gets_no_data(client, league):
    assert client.get(reverse("privacy:mine")).status_code == 302
    assert client.get(reverse("privacy:mine_json")).status_code == 302
    assert client.get("/api/v1/me/data/").status_code in (401, 403)


def test_the_person_corrects_their_contact_logged_in_audited(client, league):
    zelda = league["zelda"]
    client.force_login(zelda.user)
    response = client.post(
        reverse("privacy:mine"),
        {
            "action": "contact",
            "contact": "+6590000000",
            "email": "new@example.com",
            "whatsapp": "+6598765432",
        },
    )
    assert response.status_code == 302
    zelda.refresh_from_db()
    assert zelda.contact == "+6590000000" and Preference.objects.get(player=zelda).email == "new@example.com"
    zelda.user.refresh_from_db()
    assert zelda.user.email == "new@example.com"  # one email per person: the login's too (issue 47, item 8)
    entry = AuditEntry.objects.get(action="contact_corrected")
    assert set(entry.data["fields"]) == {"contact", "email"} and "+6590000000" not in str(entry.data)


def test_by_link_a_contact_kept_is_not_changed_and_nothing_changes(client, league):
    zelda = league["zelda"]
    url = _link(zelda)
    response = client.post(url, {"action": "contact", "contact": "+6511111111", "email": "zelda@example.com"})
    assert response.status_code == 400
    zelda.refresh_from_db()
    assert zelda.contact == CONTACT and not AuditEntry.objects.filter(action="contact_corrected").exists()
    too_long = client.post(url, {"action": "contact", "contact": "x" * 500})
    assert too_long.status_code == 400


def test_withdrawing_a_channel_records_the_consent_withdrawn(client, league):
    zelda = league["zelda"]
    url = _link(zelda)
    assert client.post(url, {"action": "withdraw", "channel": "email"}).status_code == 302
    assert "email" not in Preference.objects.get(player=zelda).channels
    consent = Consent.objects.get(player=zelda, purpose="messages:email")
    assert consent.withdrawn_at is not None and consent.notice.version == 1
    assert AuditEntry.objects.filter(action="consent_withdrawn", object_id=zelda.pk).exists()
    assert client.post(url, {"action": "withdraw", "channel": "pigeon"}).status_code == 400


def test_unticking_a_channel_on_the_messages_page_withdraws_its_consent(client, league, settings):
    settings.NOTIFY_EMAIL, settings.WHATSAPP_TOKEN, settings.WHATSAPP_PHONE_ID = True, "t", "p"
    zelda = league["zelda"]
    client.force_login(zelda.user)
    response = client.post(
        reverse("notifications:mine"),
        {"channels": ["whatsapp"], "kinds": ["seating"], "language": "", "email": "zelda@example.com",
         "whatsapp": "+6598765432"},
    )  # fmt: skip
    assert response.status_code == 302, response.content.decode()[:500]
    assert Consent.objects.get(player=zelda, purpose="messages:email").withdrawn_at is not None
    assert Consent.objects.get(player=zelda, purpose="league").withdrawn_at is None
