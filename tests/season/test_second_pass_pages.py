"""Issue 47, item 13: what the season's pages say, met by a new organiser (both doors where there are
two: the organiser's page and the scorekeeper's)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import EntryFactory, UserFactory, seated_table
from tournament.models import Attendance, Round, Seat
from tournament.season.links import season_link_token

pytestmark = pytest.mark.django_db


def test_a_reply_is_said_once_beside_it_the_page_opens_there_and_the_choice_is_marked(
    season, player_user, client
):
    client.force_login(player_user)
    url = f"/season/{season.competition.pk}/"
    later = Round.objects.create(competition=season.competition, number=2)
    r = client.post(url, {"round": season.night.pk, "reply": "yes"})
    assert r.status_code == 302 and r["Location"] == f"{url}?saved={season.night.pk}#next"
    page = client.get(r["Location"]).content.decode()
    assert page.count("Your reply is saved.") == 1
    assert 'value="yes" class="primary chosen" aria-pressed="true"' in page
    r = client.post(url, {"round": later.pk, "reply": "no"})  # a later night, from the list
    assert r["Location"] == f"{url}?saved={later.pk}#night-{later.pk}"
    page = client.get(r["Location"]).content.decode()
    assert page.count("Your reply is saved.") == 1 and f'id="night-{later.pk}"' in page
    assert 'value="no" class="chosen" aria-pressed="true"' in page
    # Through the private link: the same
    link = f"/season/link/{season_link_token(season.entries[1])}/"
    r = client.post(link, {"round": season.night.pk, "reply": "maybe"})
    assert r["Location"] == f"{link}?saved={season.night.pk}#next"
    assert client.get(r["Location"]).content.decode().count("Your reply is saved.") == 1


def test_the_door_swaps_in_place_keeps_its_count_and_tells_a_bye_from_a_seat(season, organiser, client):
    client.force_login(organiser)
    url = f"/organise/rounds/{season.night.pk}/night/"
    for e in season.entries[:5]:
        Attendance.objects.create(round=season.night, entry=e, checked_in=True)
    page = client.get(url).content.decode()
    assert 'hx-select="#door"' in page and 'data-testid="door-count"' in page
    # 5 here and 4 reserves: one table and one sits out, or three reserves make a second table
    assert "1 table and 1 sits out, or 3 reserves make 2 tables." in page
    assert client.post(f"{url}seat/", {"publish": "on"}).status_code == 302
    page = client.get(url).content.decode()
    assert page.count('data-testid="seated"') == 4 and page.count('data-testid="bye"') == 1
    bye = next(e for e in season.entries[:5] if not Seat.objects.filter(player_id=e.player_id).exists())
    assert f'id="p{bye.player_id}" class="here bye"' in page
    # A tap answered by htmx: the same page, its door and counts swapped in, said once in the door's head
    answer = f"{url}answer/"
    r = client.post(
        answer, {"entry": season.entries[6].pk, "action": "in"}, HTTP_HX_REQUEST="true", follow=True
    )
    done = r.content.decode()
    head = done[
        done.index('data-testid="door-head"') : done.index("</div>", done.index('data-testid="door-head"'))
    ]
    assert "<strong>6</strong> here" in head
    assert done.count('class="messages"') == 0  # the layout's list is empty on this page: nothing said twice


def test_the_door_flags_last_night_s_no_shows(season, organiser, client):
    client.force_login(organiser)
    Attendance.objects.create(round=season.night, entry=season.entries[2], reply="yes", no_show=True)
    second = Round.objects.create(competition=season.competition, number=2)
    page = client.get(f"/organise/rounds/{second.pk}/night/").content.decode()
    row = page[page.index(f'id="p{season.entries[2].player_id}"') :]
    assert row[: row.index("</li>")].count("no-show last night") == 1
    assert page.count('data-testid="missed-last"') == 1


def test_a_scorekeeper_s_tables_page_leads_to_the_door(season, scorekeeper, client):
    client.force_login(scorekeeper)
    page = client.get(reverse("table:mine")).content.decode()
    assert f"/organise/rounds/{season.night.pk}/night/#door" in page
    assert client.get(f"/organise/rounds/{season.night.pk}/night/").status_code == 200
    client.force_login(UserFactory())  # not the competition's staff: no door offered
    assert "night/#door" not in client.get(reverse("table:mine")).content.decode()


def test_the_season_page_offers_each_private_link_to_copy_share_or_send(season, organiser, client):
    client.force_login(organiser)
    page = client.get(f"/organise/competitions/{season.competition.pk}/season/").content.decode()
    assert page.count('data-testid="whatsapp"') == 9 and page.count("data-copy=") == 9
    token = season_link_token(season.pat)
    assert "https://wa.me/?text=" in page and token in page
    assert "js/share-links" in page


def test_ending_a_round_says_time_is_up_only_when_it_is(organiser, client):
    table = seated_table()
    round_ = table.round
    round_.competition.organisers.add(organiser)
    client.force_login(organiser)
    Round.objects.filter(pk=round_.pk).update(
        status=Round.Status.PLAYING, ends_at=timezone.now() + timedelta(minutes=118, seconds=30)
    )
    page = client.post(
        f"/organise/rounds/{round_.pk}/status/", {"action": "end"}, follow=True
    ).content.decode()
    assert "Ended early, 1:58 before time: 1 tables ended, the round is finished." in page
    assert "Time is up: 1 tables ended" not in page
    other = seated_table(competition=EntryFactory().competition)
    other.round.competition.organisers.add(organiser)
    Round.objects.filter(pk=other.round.pk).update(
        status=Round.Status.PLAYING, ends_at=timezone.now() - timedelta(minutes=1)
    )
    page = client.post(
        f"/organise/rounds/{other.round.pk}/status/", {"action": "end"}, follow=True
    ).content.decode()
    assert "Time is up: 1 tables ended, the round is finished." in page
