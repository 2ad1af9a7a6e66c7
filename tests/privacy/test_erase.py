"""Erasure on request (issue 51): through the page, the API and the admin, by the person's organiser or a
superuser only; the name becomes a pseudonym everywhere; chips, standings and ratings unchanged."""

from __future__ import annotations

import datetime

import pytest
from django.db.models import Sum
from django.urls import reverse
from django.utils import timezone

from tests.privacy.conftest import CONTACT, NAME, NAME_ZH
from tests.public.test_exports import page_texts
from tournament.models import (
    AuditEntry,
    ChipTransfer,
    Consent,
    ErasureRecord,
    Message,
    Player,
    PlayerRating,
    Preference,
    PushSubscription,
    Registration,
    Screen,
    StandingRow,
)
from tournament.privacy.pseudonym import code_for
from tournament.standings import exports
from tournament.standings.store import standings_refresh

pytestmark = pytest.mark.django_db


def _figures(competition):
    return {
        "standings": sorted(
            StandingRow.objects.filter(competition=competition).values_list(
                "scope", "player_id", "net_chips", "sessions", "hands_won", "biggest_hand"
            )
        ),
        "ratings": sorted(PlayerRating.objects.values_list("player_id", "mu", "sigma", "rating", "sessions")),
        "ledger": (ChipTransfer.objects.count(), ChipTransfer.objects.aggregate(s=Sum("amount"))["s"]),
    }


def _erase_by_api(client, user, player, body=None):
    client.force_login(user)
    return client.post(
        reverse("api-player-erase", kwargs={"pk": player.pk}), body or {}, content_type="application/json"
    )


def test_erasure_leaves_chips_standings_and_ratings_as_they_were(client, organiser, league):
    competition, zelda = league["competition"], league["zelda"]
    before = _figures(competition)
    assert before["ratings"] and before["standings"]
    response = _erase_by_api(client, organiser, zelda, {"requested_on": "2026-01-05"})
    assert response.status_code == 200, response.content
    standings_refresh(competition)
    assert _figures(competition) == before


def test_the_api_erases_and_answers_the_pseudonym(client, organiser, league):
    zelda = league["zelda"]
    account = zelda.user
    response = _erase_by_api(client, organiser, zelda, {"requested_on": "2026-01-05"})
    assert response.status_code == 200
    pseudonym = response.json()["pseudonym"]
    assert pseudonym == f"Player {code_for(zelda.pk)}"
    zelda.refresh_from_db()
    account.refresh_from_db()
    assert zelda.name == pseudonym and zelda.contact == ""
    pref = Preference.objects.get(player=zelda)
    assert (pref.email, pref.whatsapp, pref.channels) == ("", "", [])
    assert pref.links_retired_at is not None
    assert not PushSubscription.objects.filter(preference=pref).exists()
    assert not account.is_active and account.email == "" and NAME.split()[0] not in account.get_full_name()
    assert not account.has_usable_password() and "zquokka" not in account.username
    reg = Registration.objects.get(pk=league["registration"].pk)
    assert (reg.name, reg.name_zh, reg.email, reg.phone, reg.answers) == (pseudonym, "", "", "", {})
    record = ErasureRecord.objects.get(player=zelda)
    assert record.requested_on == datetime.date(2026, 1, 5) and record.done_by == organiser
    assert Consent.objects.filter(player=zelda, purpose="messages:email").get().withdrawn_at is not None
    assert (
        Consent.objects.filter(player=zelda, purpose="league").get().withdrawn_at is None
    )  # the proof stays
    # the copies: audit, messages, the big screen
    for entry in AuditEntry.objects.all():
        assert NAME not in entry.summary and NAME not in str(entry.data), entry.summary
    erased = AuditEntry.objects.get(action="person_erased")
    assert pseudonym in erased.summary and erased.data["requested_on"] == "2026-01-05"
    for message in Message.objects.all():
        assert NAME not in message.subject + message.body and CONTACT not in message.address
    assert NAME not in Screen.objects.get(competition=league["competition"]).message


def test_the_pseudonym_is_shown_and_the_name_nowhere_in_pages_pdf_and_api(
    client, organiser, league, monkeypatch
):
    competition, zelda = league["competition"], league["zelda"]
    pseudonym = _erase_by_api(client, organiser, zelda).json()["pseudonym"]
    standings_refresh(competition)
    client.logout()
    html = client.get(reverse("public:standings", args=[competition.pk])).content.decode()
    assert pseudonym in html and NAME not in html and "Quokka" not in html
    player_page = client.get(reverse("public:player", args=[zelda.pk])).content.decode()
    assert pseudonym in player_page and "Quokka" not in player_page
    documents = []
    real = exports.pdf_bytes
    monkeypatch.setattr(exports, "pdf_bytes", lambda document: documents.append(document) or real(document))
    pdf = client.get(reverse("public:standings_pdf", args=[competition.pk]))
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    text = " ".join(page_texts(documents[0]))
    assert pseudonym in text and "Quokka" not in text
    api = client.get(f"/api/v1/competitions/{competition.pk}/standings/").content.decode()
    assert pseudonym in api and "Quokka" not in api
    assert "Quokka" not in client.get(f"/api/v1/players/{zelda.pk}/").content.decode()
    ratings = client.get("/api/v1/ratings/").content.decode()
    assert pseudonym in ratings and "Quokka" not in ratings
    csv = client.get(reverse("public:standings_csv", args=[competition.pk])).content.decode()
    assert pseudonym in csv and "Quokka" not in csv


def test_erasing_twice_is_a_409_and_changes_nothing(client, organiser, league):
    zelda = league["zelda"]
    assert _erase_by_api(client, organiser, zelda).status_code == 200
    entries = AuditEntry.objects.count()
    again = _erase_by_api(client, organiser, zelda)
    assert again.status_code == 409 and again.json()["errors"][0]["code"] == "already_erased"
    assert AuditEntry.objects.count() == entries and ErasureRecord.objects.count() == 1
    page = client.post(
        reverse("privacy:erase", args=[zelda.pk]), {"requested_on": "2026-01-01", "confirm": "on"}
    )
    assert page.status_code == 409 and ErasureRecord.objects.count() == 1


@pytest.mark.parametrize("who", ["other_organiser", "stranger", "player_user"])
def test_nobody_else_erases_a_person_and_nothing_changes(client, league, who, request):
    zelda = league["zelda"]
    user = request.getfixturevalue(who)
    assert _erase_by_api(client, user, zelda).status_code == 403
    page = client.post(
        reverse("privacy:erase", args=[zelda.pk]), {"requested_on": "2026-01-01", "confirm": "on"}
    )
    assert page.status_code == 403
    assert client.get(reverse("privacy:erase", args=[zelda.pk])).status_code == 403
    zelda.refresh_from_db()
    assert zelda.name == NAME and not ErasureRecord.objects.exists()


def test_an_organiser_cannot_erase_a_person_who_also_plays_elsewhere(client, organiser, league, loner):
    from tests.factories import EntryFactory

    EntryFactory(competition=league["competition"], player=loner)  # also in "Elsewhere Cup", not theirs
    assert _erase_by_api(client, organiser, loner).status_code == 403
    assert Player.objects.get(pk=loner.pk).name == "Walter Elsewhere"


def test_anonymous_and_bad_input_are_refused(client, organiser, league):
    zelda = league["zelda"]
    assert client.post(reverse("api-player-erase", kwargs={"pk": zelda.pk})).status_code in (401, 403)
    tomorrow = (timezone.localdate() + datetime.timedelta(days=1)).isoformat()
    for body in ({"requested_on": tomorrow}, {"requested_on": "yesterday"}):
        response = _erase_by_api(client, organiser, zelda, body)
        assert response.status_code == 400, body
    url = reverse("api-player-erase", kwargs={"pk": zelda.pk})
    assert client.post(url, "[]", content_type="application/json").status_code == 400
    assert (
        client.post("/api/v1/players/999999/erase/", {}, content_type="application/json").status_code == 404
    )
    zelda.refresh_from_db()
    assert zelda.name == NAME and not ErasureRecord.objects.exists()


def test_the_page_asks_to_confirm_then_erases(client, organiser, league):
    competition, zelda = league["competition"], league["zelda"]
    client.force_login(organiser)
    account_page = client.get(reverse("organiser:player_account", args=[competition.pk, zelda.pk]))
    assert reverse("privacy:erase", args=[zelda.pk]) in account_page.content.decode()
    url = reverse("privacy:erase", args=[zelda.pk])
    assert client.get(url).status_code == 200
    unconfirmed = client.post(url, {"requested_on": "2026-01-02"})
    assert unconfirmed.status_code == 400 and Player.objects.get(pk=zelda.pk).name == NAME
    done = client.post(url, {"requested_on": "2026-01-02", "confirm": "on"}, follow=True)
    assert done.status_code == 200
    zelda.refresh_from_db()
    assert zelda.name.startswith("Player ") and ErasureRecord.objects.get().requested_on == datetime.date(
        2026, 1, 2
    )
    assert NAME_ZH not in Registration.objects.get().name_zh


def test_the_admin_action_calls_the_same_door(client, superuser, other_organiser, league):
    zelda = league["zelda"]
    url = reverse("admin:tournament_player_changelist")
    other_organiser.is_staff = True
    other_organiser.save()
    client.force_login(other_organiser)
    client.post(url, {"action": "erase_people", "_selected_action": [zelda.pk]})
    assert Player.objects.get(pk=zelda.pk).name == NAME and not ErasureRecord.objects.exists()
    client.force_login(superuser)
    response = client.post(url, {"action": "erase_people", "_selected_action": [zelda.pk]}, follow=True)
    assert response.status_code == 200
    assert ErasureRecord.objects.get().done_by == superuser
    assert Player.objects.get(pk=zelda.pk).name.startswith("Player ")
