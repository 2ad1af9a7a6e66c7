"""Who is told "you sit out tonight" (issue 49, item 1).

A walk of a real season found the bye told to everyone not seated: those who said no, never answered, or
said yes and stayed home, and the players a stage's cut left out. A bye is told only to a player who is
here and has no seat (checked in; on a night seated from the replies, who said yes); a player out at a
cut is told once that they are out, never that they sit out.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.api.conftest import client_for
from tests.season.told import events, kinds, standing
from tests.tournament.test_stage_doors import final
from tournament.models import Message, Round, Seat, Stage
from tournament.notifications.kinds import Kind
from tournament.season.links import season_link_token

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("inbox_only")]


def put(client, night, entry, body):
    return client.put(f"/api/v1/rounds/{night.pk}/attendance/{entry.player_id}/", body, format="json")


def seated(round_) -> set[int]:
    return set(Seat.objects.filter(round=round_).values_list("player_id", flat=True))


def test_a_night_seated_from_check_ins_tells_the_bye_only_to_who_is_here_api(season, as_organiser, telling):
    night, entries = season.night, season.entries
    for e in entries[:7]:
        put(as_organiser, night, e, {"reply": "yes"})
    put(as_organiser, night, entries[7], {"reply": "no"})  # entries[8] never answers
    for e in entries[1:7]:  # Pat (entries[0]) said yes and stays home
        put(as_organiser, night, e, {"checked_in": True})
    with telling():
        r = as_organiser.post(f"/api/v1/rounds/{night.pk}/seating/", {"publish": True}, format="json")
    assert r.status_code == 201 and len(r.json()["byes"]) == 2
    at_tables, here = seated(night), {e.player_id for e in entries[1:7]}
    byes = here - at_tables
    assert len(at_tables) == 4 and len(byes) == 2
    for e in entries:
        p = e.player_id
        if p in at_tables:
            assert kinds(p) == [Kind.SEATING]
        elif p in byes:
            assert kinds(p) == [Kind.BYE] and standing(p) == ["Round 1: you sit out tonight"]
        else:  # Pat (yes, stayed home), the no, the unanswered: told nothing
            assert kinds(p) == [], e.player.name


def test_a_night_seated_from_yes_replies_tells_the_bye_only_to_a_yes_page(season, organiser, client, telling):
    night, entries = season.night, season.entries
    client.force_login(organiser)
    answer = f"/organise/rounds/{night.pk}/night/answer/"
    for e in entries[:6]:
        client.post(answer, {"entry": e.pk, "action": "yes"})
    client.post(answer, {"entry": entries[6].pk, "action": "no"})  # 7 and 8 never answer
    with telling():
        r = client.post(f"/organise/rounds/{night.pk}/night/seat/", {"publish": "on"})
    assert r.status_code == 302
    night.refresh_from_db()
    assert night.status == Round.Status.SEATED
    yes = {e.player_id for e in entries[:6]}
    byes = yes - seated(night)
    assert len(byes) == 2
    for e in entries:
        p = e.player_id
        expected = [Kind.SEATING] if p in seated(night) else [Kind.BYE] if p in byes else []
        assert kinds(p) == expected, e.player.name
    # The player's season page says it too.
    bye = next(e for e in entries if e.player_id in byes)
    page = client.get(reverse("public:season_link", args=[season_link_token(bye)])).content.decode()
    assert "You sit out tonight" in page


def test_a_night_over_still_says_who_sat_out_on_the_season_page_as_the_inbox_does(
    season, organiser, client, telling
):
    """The walk of issue 47: once a night ended, a bye's season page read "here" for it while their inbox
    kept "you sit out tonight"; one who stayed home reads as before."""
    night, entries = season.night, season.entries
    client.force_login(organiser)
    answer = f"/organise/rounds/{night.pk}/night/answer/"
    for e in entries[:6]:
        client.post(answer, {"entry": e.pk, "action": "in", "confirm_date": "1"})
    client.post(answer, {"entry": entries[6].pk, "action": "yes"})  # said yes, stays home
    with telling():
        client.post(f"/organise/rounds/{night.pk}/night/seat/", {"publish": "on"})
    Round.objects.filter(pk=night.pk).update(status=Round.Status.FINISHED)
    bye = next(e for e in entries[:6] if e.player_id not in seated(night))
    assert standing(bye.player_id) == ["Round 1: you sit out tonight"]

    def line(entry) -> str:
        page = client.get(reverse("public:season_link", args=[season_link_token(entry)])).content.decode()
        start = page.index(f'id="night-{night.pk}"')
        return page[start : page.index("</li>", start)]

    assert "you sit out" in line(bye) and "here" not in line(bye)
    assert "said yes" in line(entries[6]) and "you sit out" not in line(entries[6])


def test_a_player_out_at_the_cut_is_told_once_that_they_are_out_never_that_they_sit_out(
    cup, organiser, client, telling
):
    stage = final(cup)  # the final takes four of eight, at one table (placing groups)
    as_organiser = client_for(organiser)
    round_ = cup.final_round
    with telling():
        r = as_organiser.post(f"/api/v1/rounds/{round_.pk}/seating/", {"publish": True}, format="json")
    assert r.status_code == 201
    in_final = seated(round_)
    assert {p.name for p in cup.players.values() if p.pk in in_final} == {"Ann", "Eve", "Ben", "Cat"}
    for player in cup.players.values():
        if player.pk in in_final:
            assert kinds(player.pk) == [Kind.SEATING]
        else:
            assert kinds(player.pk) == [Kind.RESULTS] and events(player.pk) == [f"s{stage.pk}:out"]
            assert standing(player.pk) == ["You are out of Final"]
    # Seated again and published again on the round page: the same tables, nobody told again.
    client.force_login(organiser)
    with telling():
        client.post(f"/organise/rounds/{round_.pk}/seat/", {})
        client.post(f"/organise/rounds/{round_.pk}/status/", {"action": "publish"})
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED and seated(round_) == in_final
    for player in cup.players.values():
        assert len(kinds(player.pk)) == 1, player.name
    assert Stage.objects.get(pk=stage.pk).status == Stage.Status.PUBLISHED


def test_a_draft_published_by_the_api_s_publish_action_tells_the_bye_only_to_who_is_here(
    season, as_organiser, telling
):
    night, entries = season.night, season.entries
    put(as_organiser, night, entries[0], {"reply": "yes"})  # Pat said yes and stays home
    for e in entries[1:6]:
        put(as_organiser, night, e, {"checked_in": True})
    with telling():
        draft = as_organiser.post(f"/api/v1/rounds/{night.pk}/seating/", {}, format="json")
    assert draft.status_code == 201 and Message.objects.count() == 0  # a draft tells nobody
    with telling():
        published = as_organiser.post(f"/api/v1/rounds/{night.pk}/publish/", format="json")
    assert published.status_code == 200, published.content
    at_tables = seated(night)
    (bye,) = {e.player_id for e in entries[1:6]} - at_tables
    for e in entries:
        p = e.player_id
        expected = [Kind.SEATING] if p in at_tables else [Kind.BYE] if p == bye else []
        assert kinds(p) == expected, e.player.name
