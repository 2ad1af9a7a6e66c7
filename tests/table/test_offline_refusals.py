"""A hand kept offline and refused when sent (issue 32, item 12): nothing entered is dropped silently.

The server notes the refusal (``tournament.tables.refusals``) so the organiser sees it on the round's page
until the scorekeeper resolves it: recorded after all (the same key accepted), or discarded from the phone.
"""

import pytest
from django.urls import reverse

from tests.table.test_offline_server import kept_hand, send
from tournament.models import AuditEntry, Hand, RefusedHand
from tournament.rounds.lifecycle import round_end, round_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def ended(table, organiser):
    table.round.competition.organisers.add(organiser)
    round_start(table.round, user=organiser)
    round_end(table.round, user=organiser)
    return table


def resolve(client, table, key):
    return client.post(reverse("table:queued_resolve", args=[table.pk]), {"idempotency_key": key})


def test_a_hand_refused_because_the_round_ended_is_noted_for_the_organiser(
    client, ended, seats, scorekeeper, organiser
):
    client.force_login(scorekeeper)
    data = {
        **kept_hand(ended, seats, scorekeeper),
        "kept_summary": "Ben South won on the discard of Cai West",
    }
    answer = send(client, ended, data)
    assert answer.status_code == 422 and Hand.objects.count() == 0
    (noted,) = RefusedHand.objects.all()
    assert (noted.table, noted.number, noted.kept_by, noted.resolution) == (ended, 1, scorekeeper, "")
    assert noted.reasons == answer.json()["reasons"] and noted.summary.startswith("Ben South")
    send(client, ended, data)  # sent again: still one note
    assert RefusedHand.objects.count() == 1
    assert AuditEntry.objects.filter(action="hand.offline_refused").count() == 1

    client.force_login(organiser)
    page = client.get(reverse("organiser:round", args=[ended.round_id]))
    assert "1 hand kept offline was refused" in page.content.decode()
    assert "Ben South won on the discard of Cai West" in page.content.decode()
    # ...and among what needs them now, on the dashboard too (item 3), until it is resolved
    alert = "table 1: a hand kept offline was refused when sent"
    assert alert in client.get(reverse("organiser:dashboard")).content.decode()
    client.force_login(scorekeeper)
    assert resolve(client, ended, data["idempotency_key"]).status_code in (200, 204, 302)
    client.force_login(organiser)
    assert alert not in client.get(reverse("organiser:dashboard")).content.decode()


def test_only_the_tables_keeper_resolves_it_and_then_the_organiser_no_longer_sees_it(
    client, ended, seats, scorekeeper, organiser, stranger
):
    client.force_login(scorekeeper)
    send(client, ended, kept_hand(ended, seats, scorekeeper))
    client.force_login(stranger)
    assert resolve(client, ended, "k-1").status_code == 403
    assert RefusedHand.objects.get().resolution == ""
    client.force_login(scorekeeper)
    assert resolve(client, ended, "k-1").status_code == 200
    assert RefusedHand.objects.get().resolution == "discarded"
    assert AuditEntry.objects.filter(action="hand.offline_discarded").count() == 1
    client.force_login(organiser)
    page = client.get(reverse("organiser:round", args=[ended.round_id]))
    assert "kept offline was refused" not in page.content.decode()


def test_a_refused_hand_fixed_and_recorded_ends_its_note(client, table, seats, scorekeeper):
    client.force_login(scorekeeper)
    assert send(client, table, kept_hand(table, seats, scorekeeper, doubles=0)).status_code == 422
    assert RefusedHand.objects.get().resolution == ""
    assert send(client, table, kept_hand(table, seats, scorekeeper, doubles=3)).status_code == 201
    assert RefusedHand.objects.get().resolution == "recorded"


def test_a_phone_of_another_user_or_a_stranger_notes_nothing(client, table, seats, scorekeeper, stranger):
    client.force_login(stranger)
    assert send(client, table, kept_hand(table, seats, stranger)).status_code == 403
    client.force_login(scorekeeper)
    assert send(client, table, kept_hand(table, seats, stranger)).status_code == 409  # not_yours
    assert RefusedHand.objects.count() == 0


def test_a_nul_in_a_kept_hand_or_its_resolve_is_refused_and_noted_nowhere(client, ended, seats, scorekeeper):
    """PostgreSQL stores no NUL: noting one, or looking such a key up, was a 500 there (attacker's pass)."""
    client.force_login(scorekeeper)
    data = kept_hand(ended, seats, scorekeeper)
    for bad in ({"kept_summary": "Ben\x00"}, {"idempotency_key": "k\x00"}, {"extra\x00": "x"}):
        answer = send(client, ended, {**data, **bad})
        assert answer.status_code == 400 and answer.json()["code"] == "invalid", bad
    assert not RefusedHand.objects.exists() and Hand.objects.count() == 0
    refused = resolve(client, ended, "k\x00")
    assert refused.status_code == 400 and refused.json()["code"] == "invalid"
