"""A finished round's chips and counts are final (issue 31, item 3): nothing is asked for, entered,
accepted or compared again there, through the service, the pages, the API or the admin, until an
organiser reopens the round; then the count waiting for it goes on as before."""

import pytest
from django.urls import reverse

from tests.api.conftest import client_for
from tests.factories import UserFactory
from tournament.counts.services import CountError, count_accept, count_compare, count_enter, count_request
from tournament.models import AuditEntry, ChipCount, ChipTransfer
from tournament.rounds.lifecycle import round_finish, round_reopen, table_end
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


def test_a_count_asked_for_at_the_end_is_not_entered_once_the_round_is_finished(
    client, played, organiser, scorekeeper
):
    table_end(played, user=organiser)  # asks for a count
    round_finish(played.round, user=organiser)
    chips = _differing(played)
    before = _unchanged(played)

    _refused(lambda: count_enter(played, chips=chips, user=scorekeeper))
    _refused(lambda: count_request(played, user=organiser))

    client.force_login(scorekeeper)
    sheet = client.get(reverse("table:counts", args=[played.pk]))
    assert 'name="chips_' not in sheet.content.decode()  # no count form offered in a finished round
    page = client.post(
        reverse("table:count_enter", args=[played.pk]), {f"chips_{p}": str(n) for p, n in chips.items()}
    )
    assert page.status_code == 422 and "is finished" in page.content.decode()
    client.force_login(organiser)
    client.post(reverse("table:count_request", args=[played.pk]))

    body = {"chips": {str(p): n for p, n in chips.items()}}
    for user, url, data in (
        (scorekeeper, f"/api/v1/tables/{played.pk}/counts/", body),
        (organiser, f"/api/v1/tables/{played.pk}/counts/request/", {}),
    ):
        answer = client_for(user).post(url, data, format="json")
        assert answer.status_code == 422 and answer.json()["errors"][0]["code"] == "round_finished"
    assert _unchanged(played) == before

    round_reopen(played.round, reason="the count at the end", user=organiser)
    assert count_enter(played, chips=chips, user=scorekeeper).status == ChipCount.Status.DIFFERS


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
