"""One door per change (issue 13): a round's life, corrections and finished play, through every door.

Each rule is tried through the service itself, the organiser's and the
scorekeeper's pages, the REST API and the Django admin; what must not
change does not, and every change that happens leaves one audit entry in
words with names.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.core.exceptions import PermissionDenied
from django.urls import reverse
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import CompetitionFactory, PlayerFactory, UserFactory, seated_table
from tournament.models import AuditEntry, ChipTransfer, Competition, Hand, Round
from tournament.rounds.lifecycle import round_end, round_reopen, round_start, table_end
from tournament.rounds.seating import RoundError
from tournament.tables.ledger.errors import HandRejected
from tournament.tables.ledger.record import hand_correct, hand_record
from tournament.tables.ledger.void import hand_void

pytestmark = pytest.mark.django_db


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


@pytest.fixture
def table(organiser, scorekeeper):
    names = ["Ann East", "Ben South", "Cai West", "Dee North"]
    table = seated_table(players=[PlayerFactory(name=n) for n in names], scorekeeper=scorekeeper)
    table.round.competition.organisers.add(organiser)
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.SEATED)  # as round_seat leaves it
    table.round.refresh_from_db()
    return table


def win(table, user, **extra) -> Hand:
    seats = table.seat_map
    entry = {"outcome": "win", "winner": seats["S"], "win": "discard", "discarder": seats["W"], "doubles": 3}
    return hand_record(table=table, entry={**entry, **extra}, user=user)


def ledger_sum(table) -> int:
    return sum(t.amount for t in ChipTransfer.objects.filter(table=table))


# --- the round resource takes no status or held results ------------------------------------------------


@pytest.mark.parametrize(
    "body", [{"status": "finished"}, {"status": "scheduled"}, {"results_held": True}], ids=str
)
def test_a_patch_cannot_move_a_round_or_hold_its_results(table, organiser, body):
    round_ = table.round
    before = (round_.status, round_.results_held, AuditEntry.objects.count())
    url = f"/api/v1/competitions/{round_.competition_id}/rounds/{round_.pk}/"
    answer = api(organiser).patch(url, body, format="json")
    assert answer.status_code == 400, answer.content
    assert answer.json()["errors"][0]["code"] == "read_only"
    round_.refresh_from_db()
    assert (round_.status, round_.results_held, AuditEntry.objects.count()) == before


def test_the_round_actions_check_the_transition_and_write_one_audit_entry(organiser):
    competition = CompetitionFactory()
    competition.organisers.add(organiser)
    round_ = Round.objects.create(competition=competition, number=1)
    client = api(organiser)
    refused = client.post(f"/api/v1/rounds/{round_.pk}/start/")
    assert refused.status_code == 409 and refused.json()["errors"][0]["code"] == "round_transition"
    assert client.post(f"/api/v1/rounds/{round_.pk}/finish/").status_code == 409
    round_.refresh_from_db()
    assert (
        round_.status == Round.Status.SCHEDULED
        and not AuditEntry.objects.filter(object_type="round").exists()
    )

    table = seated_table(competition=competition, round_number=1)
    assert table.round_id == round_.pk
    assert client.post(f"/api/v1/rounds/{round_.pk}/publish/").json()["status"] == "seated"
    assert client.post(f"/api/v1/rounds/{round_.pk}/start/").json()["status"] == "playing"
    [entry] = AuditEntry.objects.filter(action="round_started")
    assert AuditEntry.objects.filter(action="round_published").count() == 1
    assert entry.user == organiser and entry.summary == f"{organiser.username} started round 1"
    assert client.post(f"/api/v1/rounds/{round_.pk}/hold/").json()["results_held"] is True
    assert client.post(f"/api/v1/rounds/{round_.pk}/end/").json()["status"] == "finished"
    reopen = client.post(f"/api/v1/rounds/{round_.pk}/reopen/", {}, format="json")
    assert reopen.status_code == 400  # a reason is required
    reopened = client.post(
        f"/api/v1/rounds/{round_.pk}/reopen/", {"reason": "hand 3 mis-keyed"}, format="json"
    )
    assert reopened.json()["status"] == "playing"
    assert AuditEntry.objects.get(action="round_reopened").summary.endswith(": hand 3 mis-keyed")


@pytest.mark.parametrize("who", ["anonymous", "scorekeeper", "other_organiser"])
def test_only_the_competitions_organisers_may_act_on_a_round(table, scorekeeper, who):
    other = UserFactory(username="otto")
    other.groups.add(Group.objects.get(name="organiser"))
    CompetitionFactory().organisers.add(other)
    user = {"anonymous": None, "scorekeeper": scorekeeper, "other_organiser": other}[who]
    answer = api(user).post(f"/api/v1/rounds/{table.round_id}/start/")
    assert answer.status_code in (401, 403)
    table.round.refresh_from_db()
    assert table.round.status == Round.Status.SEATED
    with pytest.raises(PermissionDenied):
        round_start(table.round, user=user or other)


# --- finished rounds and ended tables: no hand recorded, voided or corrected, on any door ----------------


def test_a_finished_round_refuses_record_void_and_correct_on_every_door(
    table, organiser, scorekeeper, client
):
    hand = win(table, scorekeeper)
    voided = win(table, scorekeeper)
    hand_void(hand=voided, reason="wrong winner", user=scorekeeper)
    round_end(table.round, user=organiser)
    chips = ledger_sum(table)
    hands = Hand.objects.count()
    seats = table.seat_map
    entry = {"outcome": "win", "winner": seats["N"], "win": "self_draw", "doubles": 1}

    for door in (
        lambda: hand_record(table=table, entry=entry, user=scorekeeper),
        lambda: hand_void(hand=hand, reason="late change", user=organiser),
        lambda: hand_correct(hand=voided, entry=entry, user=organiser),
    ):
        with pytest.raises(HandRejected) as refused:
            door()
        assert refused.value.problems[0].code == "round_finished"

    keeper = api(scorekeeper)
    assert keeper.post(f"/api/v1/tables/{table.pk}/hands/", entry, format="json").status_code == 422
    assert keeper.post(f"/api/v1/hands/{hand.pk}/void/", {"reason": "x"}, format="json").status_code == 422
    assert keeper.post(f"/api/v1/hands/{voided.pk}/correct/", entry, format="json").status_code == 422

    client.force_login(scorekeeper)
    page = client.post(reverse("table:void", args=[table.pk, hand.pk]), {"reason": "after the end"})
    assert page.status_code in (302, 400, 403, 409, 422)
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    client.post(reverse("admin:tournament_handvoid_add"), {"hand": hand.pk, "reason": "from the admin"})

    assert not Hand.objects.filter(void__isnull=False, pk=hand.pk).exists()
    assert (ledger_sum(table), Hand.objects.count()) == (chips, hands)

    # Reopened (an audited step), the hand can be voided and entered again.
    round_reopen(table.round, reason="a wrong discarder at table 1", user=organiser)
    hand_void(hand=hand, reason="wrong discarder", user=organiser)
    assert AuditEntry.objects.filter(action="round_reopened").count() == 1


def test_an_ended_table_refuses_a_void_until_the_round_is_reopened(table, organiser, scorekeeper):
    round_start(table.round, user=organiser)
    hand = win(table, scorekeeper)
    table_end(table, user=organiser)
    with pytest.raises(HandRejected) as refused:
        hand_void(hand=hand, reason="too late", user=scorekeeper)
    assert refused.value.problems[0].code == "table_ended"
    with pytest.raises(RoundError):
        table_end(table, user=organiser)  # already ended
    round_end(table.round, user=organiser)
    round_reopen(table.round, reason="recount", user=organiser)
    table.refresh_from_db()
    assert table.ended_at is None
    hand_void(hand=hand, reason="recount showed a mistake", user=scorekeeper)


# --- a correction is a void plus one re-entry --------------------------------------------------------


def test_a_voided_hand_is_entered_again_once_through_every_door(table, scorekeeper, client):
    hand = win(table, scorekeeper)
    hand_void(hand=hand, reason="wrong discarder", user=scorekeeper)
    seats = table.seat_map
    entry = {"outcome": "win", "winner": seats["S"], "win": "discard", "discarder": seats["E"], "doubles": 3}
    first = hand_correct(hand=hand, entry=entry, user=scorekeeper)
    assert first.created and first.hand.corrects_id == hand.pk
    chips, hands = ledger_sum(table), Hand.objects.count()

    with pytest.raises(HandRejected) as refused:
        hand_correct(hand=hand, entry=entry, user=scorekeeper)
    assert refused.value.problems[0].code == "already_corrected"
    again = api(scorekeeper).post(f"/api/v1/hands/{hand.pk}/correct/", entry, format="json")
    assert again.status_code == 409 and again.json()["errors"][0]["code"] == "already_corrected"
    client.force_login(scorekeeper)
    page = client.get(reverse("table:scoresheet", args=[table.pk]))
    form = page.context["form"]
    client.post(
        reverse("table:record", args=[table.pk]),
        {
            "expected_number": form["expected_number"].value(),
            "idempotency_key": form["idempotency_key"].value(),
            "corrects": hand.pk,
            "outcome": "win", "winner": seats["S"], "win_from": seats["N"], "doubles": 3,
        },
    )  # fmt: skip
    assert (ledger_sum(table), Hand.objects.count()) == (chips, hands)

    # The re-entry itself can be voided and entered again once: each correction is one void and one entry.
    hand_void(hand=first.hand, reason="still wrong", user=scorekeeper)
    assert hand_correct(hand=first.hand, entry=entry, user=scorekeeper).hand.corrects_id == first.hand.pk


def test_the_api_corrects_a_voided_hand_in_its_place(table, scorekeeper):
    hand = win(table, scorekeeper)
    later = win(table, scorekeeper)
    hand_void(hand=hand, reason="wrong doubles", user=scorekeeper)
    seats = table.seat_map
    entry = {"outcome": "win", "winner": seats["S"], "win": "discard", "discarder": seats["W"], "doubles": 1}
    answer = api(scorekeeper).post(f"/api/v1/hands/{hand.pk}/correct/", entry, format="json")
    assert answer.status_code == 201, answer.content
    assert answer.json()["corrects"] == hand.pk and answer.json()["number"] == hand.number
    assert later.number == 2
    assert AuditEntry.objects.get(action="hand_corrected").summary.startswith(
        f"{scorekeeper.username} entered hand 1 again at table 1"
    )


def test_only_the_tables_scorekeeper_or_an_organiser_changes_its_hands(table, scorekeeper):
    other = UserFactory(username="kim")
    other.groups.add(Group.objects.get(name="scorekeeper"))
    hand = win(table, scorekeeper)
    with pytest.raises(PermissionDenied):
        hand_void(hand=hand, reason="not mine", user=other)
    with pytest.raises(PermissionDenied):
        win(table, other)
    assert not Hand.objects.filter(void__isnull=False).exists() and Hand.objects.count() == 1


def test_a_void_reads_in_words_with_names(table, scorekeeper):
    hand = win(table, scorekeeper)
    hand_void(hand=hand, reason="wrong discarder", user=scorekeeper)
    entry = AuditEntry.objects.get(action="hand_voided")
    assert entry.summary == f"{scorekeeper.username} voided hand 1 at table 1 of round 1: wrong discarder"
    assert entry.text == entry.summary  # English: the template untranslated


# --- the admin: the same rights and the same doors ------------------------------------------------------


@pytest.fixture
def staff_organiser(db):
    user = UserFactory(username="sly", is_staff=True)
    user.groups.add(Group.objects.get(name="organiser"))
    return user


def test_a_staff_organiser_cannot_join_another_organisers_competition_through_the_admin(
    client, staff_organiser
):
    theirs = CompetitionFactory(name="Theirs")
    owner = UserFactory(username="owner")
    theirs.organisers.add(owner)
    client.force_login(staff_organiser)
    url = reverse("admin:tournament_competition_change", args=[theirs.pk])
    assert client.get(url).status_code in (302, 403, 404)
    client.post(
        url,
        {"name": "Theirs", "kind": theirs.kind, "rules": theirs.rules, "capital": 400,
         "organisers": [owner.pk, staff_organiser.pk], "options": "{}", "standings_order": "[]"},
    )  # fmt: skip
    assert list(Competition.objects.get(pk=theirs.pk).organisers.all()) == [owner]
    listing = client.get(reverse("admin:tournament_competition_changelist"))
    assert "Theirs" not in listing.content.decode()


def test_an_admin_staff_change_goes_through_the_door_and_is_audited(client, staff_organiser):
    mine = CompetitionFactory(name="Mine")
    mine.organisers.add(staff_organiser)
    keeper = UserFactory(username="kit")
    client.force_login(staff_organiser)
    url = reverse("admin:tournament_competition_change", args=[mine.pk])
    page = client.get(url)
    assert page.status_code == 200
    data = {
        "name": "Mine", "kind": mine.kind, "rules": mine.rules, "options": "{}", "capital": 400,
        "organisers": [staff_organiser.pk], "scorekeepers": [keeper.pk],
        "standings_order": '["net_chips"]', "shared_places": "on",
        "withdrawn_standing": mine.withdrawn_standing, "substitute_results": mine.substitute_results,
        "entries-TOTAL_FORMS": "0", "entries-INITIAL_FORMS": "0",
        "entries-MIN_NUM_FORMS": "0", "entries-MAX_NUM_FORMS": "1000",
    }  # fmt: skip
    answer = client.post(url, data)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    assert list(mine.scorekeepers.all()) == [keeper]
    entry = AuditEntry.objects.get(action="staff_changed")
    assert entry.user == staff_organiser and "scorekeepers kit" in entry.summary
    assert not keeper.groups.exists()  # a staff place, no league-wide group (issue 48)


def test_the_admin_shows_a_rounds_status_and_held_results_read_only(client, table):
    admin = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(admin)
    round_ = table.round
    url = reverse("admin:tournament_round_change", args=[round_.pk])
    client.post(url, {"number": 1, "venue": "Hall", "status": "finished", "results_held": "on"})
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED and not round_.results_held
    assert round_.venue == "Hall"  # what the admin may change went through round_change
    assert AuditEntry.objects.filter(action="round_changed", user=admin).count() == 1
    hand = win(table, None)
    for name, obj in (("hand", hand), ("chiptransfer", hand.transfers.first())):
        page = client.get(reverse(f"admin:tournament_{name}_change", args=[obj.pk]))
        assert page.status_code == 200 and 'name="_save"' not in page.content.decode()


def test_the_scoresheet_offers_no_void_or_entry_once_the_round_is_finished(
    table, organiser, scorekeeper, client
):
    hand = win(table, scorekeeper)
    hand_void(hand=hand, reason="wrong winner", user=scorekeeper)
    win(table, scorekeeper)
    client.force_login(scorekeeper)
    page = client.get(reverse("table:scoresheet", args=[table.pk])).content.decode()
    assert "Enter again" in page and 'class="void-form"' in page and 'data-testid="hands-final"' not in page
    round_end(table.round, user=organiser)
    page = client.get(reverse("table:scoresheet", args=[table.pk])).content.decode()
    assert "Enter again" not in page and 'class="void-form"' not in page and 'id="entry-form"' not in page
    assert 'data-testid="hands-final"' in page


def test_a_hand_entered_again_once_offers_no_second_entry_even_when_that_entry_is_voided(
    table, scorekeeper, client
):
    hand = win(table, scorekeeper)
    hand_void(hand=hand, reason="wrong winner", user=scorekeeper)
    seats = table.seat_map
    entry = {"outcome": "win", "winner": seats["N"], "win": "self_draw", "doubles": 1}
    again = hand_correct(hand=hand, entry=entry, user=scorekeeper).hand
    hand_void(hand=again, reason="still wrong", user=scorekeeper)
    client.force_login(scorekeeper)
    page = client.get(reverse("table:scoresheet", args=[table.pk])).content.decode()
    assert f"?corrects={hand.pk}" not in page and f"?corrects={again.pk}" in page
    assert 'data-testid="corrected-voided"' in page
    stale = client.get(reverse("table:scoresheet", args=[table.pk]) + f"?corrects={hand.pk}")
    assert not stale.context["form"]["corrects"].value()


def test_a_staff_organiser_cannot_link_a_player_to_their_login_through_the_admin(
    client, staff_organiser, table, scorekeeper
):
    """The link decides who sees a held table as its player: an organiser of another competition set it to
    themself in the admin and read a held round's hands (found by an attacker's walk)."""
    player = table.seats.get(wind="E").player
    client.force_login(staff_organiser)
    url = reverse("admin:tournament_player_change", args=[player.pk])
    assert client.get(url).status_code == 200
    client.post(
        url, {"name": player.name, "registration_no": player.registration_no, "user": staff_organiser.pk}
    )
    player.refresh_from_db()
    assert player.user_id is None
    Round.objects.filter(pk=table.round_id).update(results_held=True)
    hand = win(table, scorekeeper)
    assert api(staff_organiser).get(f"/api/v1/hands/{hand.pk}/").status_code == 404


def test_a_correction_with_a_key_too_long_is_refused_not_cut(table, scorekeeper):
    hand = win(table, scorekeeper)
    hand_void(hand=hand, reason="wrong doubles", user=scorekeeper)
    seats = table.seat_map
    entry = {"outcome": "win", "winner": seats["S"], "win": "discard", "discarder": seats["W"], "doubles": 1}
    client = api(scorekeeper)
    answer = client.post(
        f"/api/v1/hands/{hand.pk}/correct/", entry, format="json", HTTP_IDEMPOTENCY_KEY="k" * 101
    )
    assert answer.status_code == 400 and answer.json()["errors"][0]["code"] == "idempotency_key_too_long"
    assert not Hand.objects.filter(corrects=hand).exists()
    key = "k" * 100
    first = client.post(f"/api/v1/hands/{hand.pk}/correct/", entry, format="json", HTTP_IDEMPOTENCY_KEY=key)
    again = client.post(f"/api/v1/hands/{hand.pk}/correct/", entry, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert (first.status_code, again.status_code) == (201, 200) and first.json()["id"] == again.json()["id"]


def test_a_reopening_reason_too_long_is_refused_not_cut(table, organiser, client):
    round_start(table.round, user=organiser)
    round_end(table.round, user=organiser)
    client.force_login(organiser)
    url = reverse("organiser:round_status", args=[table.round_id])
    client.post(url, {"action": "reopen", "reason": "x" * 301})
    table.round.refresh_from_db()
    assert table.round.status == Round.Status.FINISHED and not AuditEntry.objects.filter(
        action="round_reopened"
    )
    client.post(url, {"action": "reopen", "reason": "x" * 300})
    table.round.refresh_from_db()
    assert table.round.status == Round.Status.PLAYING
    assert AuditEntry.objects.get(action="round_reopened").data["reason"] == "x" * 300


def test_a_draft_seating_refuses_hands_on_every_door_and_the_first_hand_does_not_publish_it(
    table, organiser, scorekeeper, client
):
    """Issue 14: a draft is seen by its organisers only, so nobody plays at it, not even through the API."""
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.SCHEDULED)  # seated, not published
    table.round.refresh_from_db()
    seats = table.seat_map
    entry = {"outcome": "win", "winner": seats["N"], "win": "self_draw", "doubles": 1}
    for user in (scorekeeper, organiser, None):
        with pytest.raises(HandRejected) as refused:
            hand_record(table=table, entry=entry, user=user)
        assert refused.value.problems[0].code == "round_not_published"
    for user in (scorekeeper, organiser):
        answer = api(user).post(f"/api/v1/tables/{table.pk}/hands/", entry, format="json")
        assert answer.status_code == 422 and answer.json()["errors"][0]["code"] == "round_not_published"
    client.force_login(organiser)
    form = {"outcome": "win", "winner": seats["N"], "win": "self_draw", "doubles": "1", "confirm": "1"}
    client.post(reverse("table:record", args=[table.pk]), form)
    table.round.refresh_from_db()
    assert (Hand.objects.count(), table.round.status) == (0, Round.Status.SCHEDULED)


def test_a_reason_too_long_is_refused_not_cut_on_void_answer_and_ruling(table, organiser, scorekeeper):
    """Bad input gets a clear 400 and changes nothing: a 301-character reason is not stored as 300."""
    from tournament.confirmations.services import hand_answer, hand_rule
    from tournament.models import HandAnswer, HandCheck, Seat

    hand = win(table, scorekeeper)
    long = "x" * 301
    with pytest.raises(HandRejected) as refused:
        hand_void(hand=hand, reason=long, user=scorekeeper)
    assert (refused.value.status, refused.value.problems[0].code) == (400, "reason_too_long")
    answer = api(scorekeeper).post(f"/api/v1/hands/{hand.pk}/void/", {"reason": long}, format="json")
    assert answer.status_code == 400 and answer.json()["errors"][0]["field"] == "reason"  # the serializer's
    seat = Seat.objects.get(table=table, wind="W")
    with pytest.raises(HandRejected):
        hand_answer(hand=hand, seat=seat, verdict="dispute", reason=long)
    with pytest.raises(HandRejected):
        hand_rule(hand=hand, ruling="keep", reason=long, user=organiser)
    assert not Hand.objects.filter(void__isnull=False).exists()
    assert (HandAnswer.objects.count(), HandCheck.objects.exclude(ruling="").count()) == (0, 0)
    hand_void(hand=hand, reason="x" * 300, user=scorekeeper)  # the column's full length is fine


def test_the_admin_shows_a_competitions_entries_and_never_saves_them(client, table):
    """Issue 31, item 5: the inline changed status, player, substitute and withdrawal time unaudited."""
    from tournament.models import Entry

    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(root)
    competition = table.round.competition
    competition.organisers.add(root)
    entry = Entry.objects.filter(competition=competition).order_by("pk").first()
    other = Entry.objects.filter(competition=competition).exclude(pk=entry.pk).order_by("pk").first()
    url = reverse("admin:tournament_competition_change", args=[competition.pk])
    page = client.get(url).content.decode()
    assert entry.player.name in page and 'name="entries-0-status"' not in page
    before = list(Entry.objects.order_by("pk").values())
    data = {
        "name": competition.name, "kind": competition.kind, "rules": competition.rules, "options": "{}",
        "capital": competition.capital, "organisers": [root.pk], "standings_order": '["net_chips"]',
        "withdrawn_standing": competition.withdrawn_standing,
        "substitute_results": competition.substitute_results,
        "entries-TOTAL_FORMS": "2", "entries-INITIAL_FORMS": "1",
        "entries-MIN_NUM_FORMS": "0", "entries-MAX_NUM_FORMS": "1000",
        "entries-0-id": entry.pk, "entries-0-competition": competition.pk, "entries-0-status": "withdrawn",
        "entries-0-player": PlayerFactory().pk, "entries-0-substitute_for": other.pk,
        "entries-0-withdrawn_at_0": "2026-01-01", "entries-0-withdrawn_at_1": "10:00:00",
        "entries-1-competition": competition.pk, "entries-1-player": PlayerFactory().pk,
        "entries-1-status": "active",
    }  # fmt: skip
    client.post(url, data)
    assert list(Entry.objects.order_by("pk").values()) == before
    assert not AuditEntry.objects.filter(action__startswith="entry_").exists()
