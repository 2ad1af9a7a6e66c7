"""A finished round's chips and counts are final (issue 31, item 3): nothing is asked for, entered,
accepted or compared again there, through the service, the pages, the API or the admin, until an
organiser reopens the round; then the count waiting for it goes on as before."""

import pytest
from django.conf import settings
from django.urls import reverse

from tests.api.conftest import client_for
from tests.factories import UserFactory
from tournament.counts.services import CountError, count_accept, count_compare, count_enter, count_request
from tournament.models import AuditEntry, ChipCount, ChipTransfer
from tournament.rounds.lifecycle import round_end, round_finish, round_reopen, table_end
from tournament.tables.selectors import table_fold

pytestmark = pytest.mark.django_db


def _differing(table):
    ledger = dict(table_fold(table).state.balances)
    east, south = table.seat_map["E"], table.seat_map["S"]
    return {**ledger, east: ledger[east] - 8, south: ledger[south] + 8}


def _refused(door) -> None:
    with pytest.raises(CountError) as refused:
        door()
    assert (refused.value.status, refused.value.problems[0].code) == (422, "round_finished")


def _unchanged(table):
    return (
        list(ChipCount.objects.filter(table=table).values_list("pk", "status", "chips").order_by("pk")),
        ChipTransfer.objects.filter(adjustment_of__isnull=False).count(),
        AuditEntry.objects.filter(action__startswith="count_").count(),
    )


def test_the_count_asked_for_at_the_end_is_entered_after_the_finish_and_nothing_more(
    client, played, organiser, scorekeeper
):
    """Issue 54, item 3: the organiser ends the round, and the table's own scorekeeper gets the count form
    (in both languages), not "the table's scorekeeper enters it"; entering it moves no chip. A new count
    is not asked for there, and the difference waits for a reopening to be accepted."""
    round_end(played.round, user=organiser)  # finishes the round, asking each table for a count
    chips = _differing(played)
    _refused(lambda: count_request(played, user=organiser))

    client.force_login(scorekeeper)
    for language, words in (("en", "Count the chips"), ("zh-hans", "清点筹码")):
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        sheet = client.get(reverse("table:counts", args=[played.pk])).content.decode()
        assert 'name="chips_' in sheet and words in sheet
        assert 'data-testid="count-asked"' not in sheet
    balances = dict(table_fold(played).state.balances)
    page = client.post(
        reverse("table:count_enter", args=[played.pk]), {f"chips_{p}": str(n) for p, n in chips.items()}
    )
    assert page.status_code == 302
    count = ChipCount.objects.get(table=played, status=ChipCount.Status.DIFFERS)
    assert dict(table_fold(played).state.balances) == balances  # entered, nothing moved
    again = client.get(reverse("table:counts", args=[played.pk])).content.decode()
    assert 'name="chips_' not in again  # one count: the end's, entered

    client.force_login(organiser)
    page = client.get(reverse("table:counts", args=[played.pk])).content.decode()
    assert 'data-testid="count-reopen"' in page
    body = {"chips": {str(p): n for p, n in chips.items()}}
    for user, url, data in (
        (scorekeeper, f"/api/v1/tables/{played.pk}/counts/", body),
        (organiser, f"/api/v1/tables/{played.pk}/counts/request/", {}),
        (organiser, f"/api/v1/counts/{count.pk}/accept/", {"reason": "East paid South"}),
    ):
        answer = client_for(user).post(url, data, format="json")
        assert answer.status_code == 422 and answer.json()["errors"][0]["code"] == "round_finished"
    assert ChipTransfer.objects.filter(adjustment_of__isnull=False).count() == 0

    round_reopen(played.round, reason="the count at the end", user=organiser)
    assert count_accept(count, reason="East paid South", user=organiser).status == ChipCount.Status.ACCEPTED


def test_a_count_asked_for_during_play_becomes_the_ends_count(client, played, organiser, scorekeeper):
    count_request(played, user=organiser)  # asked mid-session; then the round's time is up
    round_end(played.round, user=organiser)
    assert ChipCount.objects.get(table=played, status=ChipCount.Status.REQUESTED).at_end
    client.force_login(scorekeeper)
    assert 'name="chips_' in client.get(reverse("table:counts", args=[played.pk])).content.decode()
    assert count_enter(played, chips=_differing(played), user=scorekeeper).status == ChipCount.Status.DIFFERS


def test_a_differing_count_is_not_accepted_or_compared_once_the_round_is_finished(
    client, played, organiser, scorekeeper
):
    table_end(played, user=organiser)
    count = count_enter(played, chips=_differing(played), user=scorekeeper)
    round_finish(played.round, user=organiser)
    balances = dict(table_fold(played).state.balances)
    before = _unchanged(played)

    _refused(lambda: count_accept(count, reason="East paid South on the table", user=organiser))
    _refused(lambda: count_compare(count, user=organiser))

    client.force_login(organiser)
    for name, data in (("table:count_accept", {"reason": "East paid South"}), ("table:count_compare", {})):
        client.post(reverse(name, args=[played.pk, count.pk]), data)
    api = client_for(organiser)
    for action, body in (("accept", {"reason": "East paid South"}), ("compare", {})):
        answer = api.post(f"/api/v1/counts/{count.pk}/{action}/", body, format="json")
        assert answer.status_code == 422 and answer.json()["errors"][0]["code"] == "round_finished"

    root = UserFactory(username="root", is_staff=True, is_superuser=True)
    client.force_login(root)  # the admin shows counts, it never changes them
    change = reverse("admin:tournament_chipcount_change", args=[count.pk])
    client.post(change, {"status": ChipCount.Status.ACCEPTED, "reason": "from the admin"})

    assert _unchanged(played) == before
    assert dict(table_fold(played).state.balances) == balances

    round_reopen(played.round, reason="accept the count", user=organiser)
    assert count_accept(count, reason="East paid South", user=organiser).status == ChipCount.Status.ACCEPTED
