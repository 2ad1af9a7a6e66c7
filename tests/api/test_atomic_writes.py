"""No write survives an error answer (issue 13): a request's writes are one transaction.

On SQLite a hand was kept behind a 500 (written by the ledger, then the answer failed), and that hand
broke two list endpoints afterwards. Here something after the write fails on purpose; nothing written
in that request may remain, through the API and through the scoresheet page.
"""

import pytest
from rest_framework.test import APIClient

from tests.api.test_hands import hands_url, south_wins_on_west
from tests.factories import PlayerFactory, seated_table
from tests.table.helpers import post_hand
from tournament.api import serializers_hands
from tournament.models import AuditEntry, ChipTransfer, Club, Hand, HandVoid, Round

pytestmark = pytest.mark.django_db


def _boom(*args, **kwargs):
    raise RuntimeError("failed after the write")


def _written() -> tuple[int, ...]:
    return tuple(m.objects.count() for m in (Hand, ChipTransfer, HandVoid, AuditEntry, Round, Club))


@pytest.fixture
def no_raise(as_scorekeeper):
    as_scorekeeper.raise_request_exception = False
    return as_scorekeeper


def test_a_hand_whose_answer_fails_is_not_kept(league, no_raise, anonymous, monkeypatch):
    before = _written()
    monkeypatch.setattr(serializers_hands.HandRecordedSerializer, "to_representation", _boom)
    response = no_raise.post(hands_url(league.table), south_wins_on_west(league), format="json")
    assert response.status_code == 500 and response.json()["errors"][0]["code"] == "server_error"
    assert _written() == before and not Hand.objects.exists()
    monkeypatch.undo()
    assert anonymous.get(hands_url(league.table)).status_code == 200  # the lists still answer
    assert anonymous.get(f"/api/v1/tables/{league.table.pk}/").status_code == 200
    again = no_raise.post(hands_url(league.table), south_wins_on_west(league), format="json")
    assert again.status_code == 201 and again.json()["number"] == 1


def test_a_void_whose_answer_fails_is_not_kept(league, no_raise, monkeypatch):
    hand = no_raise.post(hands_url(league.table), {"outcome": "draw"}, format="json").json()
    before = _written()
    monkeypatch.setattr(serializers_hands.HandSerializer, "to_representation", _boom)
    response = no_raise.post(f"/api/v1/hands/{hand['id']}/void/", {"reason": "misread"}, format="json")
    assert response.status_code >= 500
    assert _written() == before and not HandVoid.objects.exists()


def test_an_error_answered_after_a_write_rolls_it_back(league, as_organiser, monkeypatch):
    # A 4xx answered by the view after something was written keeps nothing either.
    from tournament.api import views

    def refuse_after_saving(self, serializer):
        serializer.save(competition=self.competition())
        from rest_framework.exceptions import ValidationError

        raise ValidationError({"number": ["refused after the save"]})

    monkeypatch.setattr(views.RoundViewSet, "perform_create", refuse_after_saving)
    before = _written()
    response = as_organiser.post(f"/api/v1/competitions/{league.competition.pk}/rounds/", {}, format="json")
    assert response.status_code == 400 and "errors" in response.json()
    assert _written() == before


def test_failed_logins_are_still_counted_by_the_token_endpoint():
    from axes.models import AccessAttempt

    response = APIClient().post("/api/v1/auth/token/", {"username": "nobody", "password": "x"}, format="json")
    assert response.status_code == 400
    assert AccessAttempt.objects.filter(username="nobody").exists()


def test_a_hand_recorded_on_the_scoresheet_whose_page_fails_is_not_kept(client, scorekeeper, monkeypatch):
    table = seated_table(players=[PlayerFactory() for _ in range(4)], scorekeeper=scorekeeper)
    client.force_login(scorekeeper)
    client.raise_request_exception = False
    monkeypatch.setattr("django.contrib.messages.success", _boom)  # after the ledger has written
    response = post_hand(client, table, {"outcome": "draw"})
    assert response.status_code >= 500
    assert not Hand.objects.exists() and not AuditEntry.objects.filter(action="hand_recorded").exists()
