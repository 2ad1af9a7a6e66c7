"""A published seat that changes is told (issue 49, item 2).

Seated again and published again, nobody was told: players kept their old seat message (one read "table 1,
South" and sat East; one had both a seat and "you sit out"). Every change of a published seat, by any
door, tells each player whose table or wind changed their new seat, tells a player who lost their seat,
and the inbox shows the old message as replaced. Publishing the same seating again tells nobody again.
"""

from __future__ import annotations

import pytest

from tests.season.told import WIND, kinds, replaced, seat_of, seat_subject, standing
from tournament.models import Message, Round
from tournament.notifications.kinds import Kind
from tournament.notifications.links import person_token

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inbox_only")]


def seats(round_, entries) -> dict[int, tuple[int, str] | None]:
    return {e.player_id: seat_of(round_, e.player_id) for e in entries}


def test_seated_again_and_published_again_on_the_page_tells_each_change_once(
    season, organiser, client, telling
):
    night, entries = season.night, season.entries
    client.force_login(organiser)
    with telling():
        client.post(f"/organise/rounds/{night.pk}/seat/", {"seed": "1"})
        client.post(f"/organise/rounds/{night.pk}/status/", {"action": "publish"})
    before = seats(night, entries)
    (bye,) = [p for p, s in before.items() if s is None]  # nine, nobody answered: one bye
    assert kinds(bye) == [Kind.BYE] and all(kinds(p) == [Kind.SEATING] for p in before if p != bye)
    # Tonight eight come: the bye and seven of the seated; one seated player stays home.
    home = next(p for p, s in before.items() if s is not None)
    answer = f"/organise/rounds/{night.pk}/night/answer/"
    for e in entries:
        if e.player_id != home:
            client.post(answer, {"entry": e.pk, "action": "in"})
    with telling():
        assert client.post(f"/organise/rounds/{night.pk}/seat/", {}).status_code == 302  # a new draw
        client.post(f"/organise/rounds/{night.pk}/status/", {"action": "publish"})
    night.refresh_from_db()
    assert night.status == Round.Status.SEATED
    after = seats(night, entries)
    assert after[home] is None and after[bye] is not None
    for e in entries:
        p = e.player_id
        if p == home:  # lost their seat: told so, the seat message replaced
            assert kinds(p) == [Kind.SEATING, Kind.SEATING]
            assert standing(p) == ["Round 1 changed: you no longer have a seat"]
            assert replaced(p) == [f"Round 1: {seat_subject_of(before[p])}"]
        elif p == bye:  # had "you sit out", has a seat now: the bye replaced
            assert kinds(p) == [Kind.BYE, Kind.SEATING]
            assert standing(p) == [f"Round 1 changed: now {seat_subject(night, p)}"]
            assert replaced(p) == ["Round 1: you sit out tonight"]
        elif after[p] != before[p]:  # moved: told the new seat once
            assert kinds(p) == [Kind.SEATING, Kind.SEATING]
            assert standing(p) == [f"Round 1 changed: now {seat_subject(night, p)}"]
            assert replaced(p) == [f"Round 1: {seat_subject_of(before[p])}"]
        else:  # the same seat: nothing new
            assert kinds(p) == [Kind.SEATING] and standing(p) == [f"Round 1: {seat_subject(night, p)}"]
    assert any(after[p] != before[p] for p in after if p not in (home, bye))


def seat_subject_of(seat: tuple[int, str]) -> str:
    return f"table {seat[0]}, {WIND[seat[1]]}"


def test_publishing_the_same_seating_again_through_the_api_tells_nobody_again(season, as_organiser, telling):
    night = season.night
    url = f"/api/v1/rounds/{night.pk}/seating/"
    with telling():
        assert as_organiser.post(url, {"seed": 3, "publish": True}, format="json").status_code == 201
    first = Message.objects.count()
    assert first == 9  # eight seats and a bye, in the inbox
    with telling():
        assert as_organiser.post(url, {"seed": 3, "publish": True}, format="json").status_code == 201
        assert as_organiser.post(url, {"seed": 3, "publish": True}, format="json").status_code == 201
    assert Message.objects.count() == first
    before = seats(night, season.entries)
    with telling():  # another draw: only whose seat changed is told, once
        assert as_organiser.post(url, {"seed": 4, "publish": True}, format="json").status_code == 201
        assert as_organiser.post(url, {"seed": 4, "publish": True}, format="json").status_code == 201
    after = seats(night, season.entries)
    changed = [p for p in after if after[p] != before[p]]
    assert changed and Message.objects.count() == first + len(changed)
    for p in after:
        assert len(standing(p)) == 1
        if after[p] is not None:
            assert standing(p)[0].endswith(seat_subject(night, p))
        else:
            assert standing(p) == ["Round 1: you sit out tonight"]


def test_a_swap_on_a_published_round_tells_both_and_the_inbox_shows_the_old_seat_replaced(
    season, organiser, client, telling
):
    night, entries = season.night, season.entries
    client.force_login(organiser)
    with telling():
        client.post(f"/organise/rounds/{night.pk}/seat/", {"seed": "1"})
        client.post(f"/organise/rounds/{night.pk}/status/", {"action": "publish"})
    before = seats(night, entries)
    a = next(p for p, s in before.items() if s and s[0] == 1)
    b = next(p for p, s in before.items() if s and s[0] == 2)
    told = Message.objects.count()
    with telling():
        r = client.post(f"/organise/rounds/{night.pk}/swap/", {"player_a": a, "player_b": b})
    assert r.status_code == 302
    assert seat_of(night, a) == before[b] and seat_of(night, b) == before[a]
    assert Message.objects.count() == told + 2  # the two of them, nobody else
    for p, old in ((a, before[a]), (b, before[b])):
        assert standing(p) == [f"Round 1 changed: now {seat_subject(night, p)}"]
        assert replaced(p) == [f"Round 1: {seat_subject_of(old)}"]
    # The inbox page (the player's private link): the old seat struck through and marked replaced.
    page = client.get(f"/messages/for/{person_token(f'p{a}')}/").content.decode()
    assert page.count('data-replaced="true"') == 1 and "Replaced: the seating changed" in page
    new, old = (
        page.index(f"now {seat_subject(night, a)}"),
        page.index(f"<del><strong>Round 1: {seat_subject_of(before[a])}"),
    )
    assert new < old


def test_a_scorekeeper_named_after_publishing_is_told_the_table_once_and_players_nothing_more(
    season, organiser, scorekeeper, client, telling
):
    """The walk of issue 47: a scorekeeper named to a table of a published night was never told it."""
    night = season.night
    client.force_login(organiser)
    with telling():
        client.post(f"/organise/rounds/{night.pk}/seat/", {"seed": "1"})
        client.post(f"/organise/rounds/{night.pk}/status/", {"action": "publish"})
    table = night.tables.get(number=1)
    told = Message.objects.count()
    with telling():
        r = client.post(f"/organise/rounds/{night.pk}/scorekeepers/", {f"table_{table.pk}": scorekeeper.pk})
    assert r.status_code == 302
    keeping = Message.objects.filter(user=scorekeeper, words="keeping")
    assert [m.subject for m in keeping] == ["Round 1: you keep the score at table 1"]
    assert Message.objects.count() == told + 1  # the inbox only (inbox_only): no player told again
    with telling():  # saved again unchanged: nobody told again
        client.post(f"/organise/rounds/{night.pk}/scorekeepers/", {f"table_{table.pk}": scorekeeper.pk})
    assert Message.objects.count() == told + 1
