"""The organiser's queue of disputed and waiting hands, the ruling, and the setting (issue 19)."""

import pytest
from django.urls import reverse

from tests.factories import PlayerFactory, seated_table
from tournament.confirmations.services import hand_answer
from tournament.tables.ledger import hand_record
from tournament.models import AuditEntry, HandCheck, Seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def disputed(competition, scorekeeper):
    competition.confirmation, competition.confirmations_needed = "players", 2
    competition.save()
    names = ["Ann East", "Ben South", "Cai West", "Dee North"]
    table = seated_table(competition=competition, players=[PlayerFactory(name=n) for n in names],
                         scorekeeper=scorekeeper)  # fmt: skip
    e, s = table.seat_map["E"], table.seat_map["S"]
    hand = hand_record(
        table=table,
        entry={"outcome": "win", "winner": e, "win": "discard", "discarder": s, "doubles": 4},
        user=scorekeeper,
    )
    west = Seat.objects.get(table=table, wind="W")
    hand_answer(hand=hand, seat=west, verdict="dispute", reason="Ann had only 2 doubles")
    return hand


def test_the_queue_shows_everything_needed_to_rule(olivia, competition, disputed):
    page = olivia.get(reverse("organiser:confirmations", args=[competition.pk]))
    assert page.status_code == 200
    queue = page.content.decode().split('data-testid="waiting"')[0]
    facts = ("hand 1", "Ann East won, on Ben South&#x27;s discard", "4 ", "Ben South pays Ann East",
             "Entered by sam_scorekeeper", "Cai West", "Ann had only 2 doubles", "next hand 2")  # fmt: skip
    for fact in facts:
        assert fact in queue, fact


def test_a_ruling_voids_the_hand_and_asks_for_re_entry(olivia, client, competition, disputed, scorekeeper):
    answer = olivia.post(
        reverse("organiser:rule", args=[disputed.pk]), {"ruling": "void", "reason": "2 doubles"}
    )
    assert answer.status_code == 302
    disputed.refresh_from_db()
    assert disputed.is_void and HandCheck.objects.get(hand=disputed).state == "voided"
    assert {"hand_disputed", "hand_voided", "hand_ruled"} <= set(
        AuditEntry.objects.filter(object_id=disputed.pk).values_list("action", flat=True)
    )
    client.force_login(scorekeeper)
    sheet = client.get(reverse("table:scoresheet", args=[disputed.table_id])).content.decode()
    assert "Enter again" in sheet and "Ruled on a dispute: 2 doubles" in sheet


def test_keep_needs_a_reason_and_only_the_competition_organisers_rule(
    client, other_organiser, organiser, disputed
):
    url = reverse("organiser:rule", args=[disputed.pk])
    client.force_login(other_organiser)
    assert client.post(url, {"ruling": "keep", "reason": "x"}).status_code == 403
    client.force_login(organiser)
    client.post(url, {"ruling": "keep", "reason": ""})
    assert HandCheck.objects.get(hand=disputed).ruling == ""
    client.post(url, {"ruling": "keep", "reason": "seen it"})
    assert HandCheck.objects.get(hand=disputed).state == "kept"


def test_the_setting_is_saved_through_its_door(olivia, competition):
    url = reverse("organiser:confirmations", args=[competition.pk])
    bad = olivia.post(url, {"confirmation": "players", "confirmations_needed": 5, "confirmation_minutes": 10})
    assert bad.status_code == 400
    olivia.post(url, {"confirmation": "unchallenged", "confirmations_needed": 2, "confirmation_minutes": 15})
    competition.refresh_from_db()
    assert (competition.confirmation, competition.confirmation_minutes) == ("unchallenged", 15)
    assert AuditEntry.objects.filter(action="confirmation_changed").count() == 1
