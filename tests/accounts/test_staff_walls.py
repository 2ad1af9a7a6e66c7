"""The walls around staff (issue 48): roles are per competition, and a staff change reaches only one's own.

Olivia organises the Spring League (Pat plays, Sam keeps score); Oscar organises Oscar's Cup. Before,
Oscar could add Pat to his cup's organisers, which put Pat in the league-wide organiser group for good:
removed again, Pat still created clubs through the API and opened the organiser's pages. A scorekeeper
taken off a staff kept their tables and recorded hands. A capital changed after hands moved every
table's balance, finished rounds included.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from tests.api.conftest import client_for
from tests.factories import UserFactory, seated_table
from tournament.access.roles import ORGANISER, is_league_organiser, may_record
from tournament.league.competitions import CompetitionError, competition_set_staff
from tournament.models import AuditEntry, Club, Competition, Hand, Round, Table
from tournament.tables.selectors import table_fold

pytestmark = pytest.mark.django_db

A_HAND = {"outcome": "win", "win": "self_draw", "doubles": 1}


def _staff(competition) -> tuple[list[int], list[int]]:
    competition = Competition.objects.get(pk=competition.pk)
    return (
        sorted(competition.organisers.values_list("pk", flat=True)),
        sorted(competition.scorekeepers.values_list("pk", flat=True)),
    )


def test_another_organiser_cannot_put_a_person_of_mine_on_his_staff_through_any_door(side_a, side_b, client):
    oscar, pat = side_b.organiser, side_a.player_account
    before = _staff(side_b.competition)

    with pytest.raises(CompetitionError, match="only a superuser may add them"):
        competition_set_staff(side_b.competition, organisers=[oscar, pat], user=oscar)
    answer = client_for(oscar).patch(
        f"/api/v1/competitions/{side_b.competition.pk}/", {"organisers": [oscar.pk, pat.pk]}, format="json"
    )
    assert answer.status_code == 403, answer.content  # the caller's right, not the body's fault
    assert "only a superuser" in str(answer.json())
    client.force_login(oscar)
    url = reverse("organiser:staff", args=[side_b.competition.pk])
    page = client.post(url, {"organisers": [oscar.username, pat.username], "scorekeepers": []})
    assert page.status_code == 400 and "only a superuser may add them" in page.content.decode()
    oscar.is_staff = True
    oscar.save()
    admin = client.post(
        reverse("admin:tournament_competition_change", args=[side_b.competition.pk]),
        _admin_body(side_b.competition, organisers=[oscar.pk, pat.pk]),
    )
    assert admin.status_code == 200  # the form again: Pat is not among the choices offered to Oscar
    assert "Select a valid choice" in admin.content.decode()

    assert _staff(side_b.competition) == before
    assert not pat.groups.filter(name=ORGANISER).exists()
    assert not AuditEntry.objects.filter(action="staff_changed").exists()


def test_the_staff_list_offers_only_ones_own_people_and_people_in_no_competition(side_a, side_b, client):
    loner = UserFactory(username="lee_in_no_competition")
    client.force_login(side_b.organiser)
    page = client.get(reverse("organiser:staff", args=[side_b.competition.pk])).content.decode()
    assert loner.username in page and side_b.keeper.username in page
    for theirs in (side_a.player_account, side_a.keeper, side_a.organiser):
        assert f'value="{theirs.username}"' not in page


def test_a_staff_place_is_no_league_wide_role(side_b, client):
    """A person in no competition, added to Oscar's organisers and removed again, is left with nothing."""
    oscar, lee = side_b.organiser, UserFactory(username="lee_newcomer")
    competition_set_staff(side_b.competition, organisers=[oscar, lee], user=oscar)
    assert not is_league_organiser(lee)
    lee_api = client_for(lee)
    assert lee_api.post("/api/v1/clubs/", {"name": "Lee's Club"}, format="json").status_code == 403
    client.force_login(lee)
    assert client.get(reverse("organiser:competition", args=[side_b.competition.pk])).status_code == 200
    assert client.get(reverse("organiser:competition_create")).status_code == 403
    assert "New competition" not in client.get(reverse("organiser:dashboard")).content.decode()

    competition_set_staff(side_b.competition, organisers=[oscar], user=oscar)
    assert client.get(reverse("organiser:dashboard")).status_code == 403
    assert client.get(reverse("organiser:competition", args=[side_b.competition.pk])).status_code == 403
    assert lee_api.post("/api/v1/clubs/", {"name": "Lee's Club"}, format="json").status_code == 403
    assert not Club.objects.filter(name="Lee's Club").exists()
    assert not lee.groups.filter(name=ORGANISER).exists()


def test_a_scorekeeper_taken_off_the_staff_keeps_no_table(side_a, client):
    olivia, sam = side_a.organiser, side_a.keeper
    playing = seated_table(competition=side_a.competition, scorekeeper=sam)
    finished = seated_table(competition=side_a.competition, round_number=2, scorekeeper=sam)
    Round.objects.filter(pk=finished.round_id).update(status=Round.Status.FINISHED)
    sam_api = client_for(sam)
    url = f"/api/v1/tables/{playing.pk}/hands/"
    east = playing.seat_map["E"]
    assert sam_api.post(url, {**A_HAND, "winner": east}, format="json").status_code == 201

    client.force_login(olivia)
    page = client.post(
        reverse("organiser:staff", args=[side_a.competition.pk]),
        {"organisers": [olivia.username], "scorekeepers": []},
    )
    assert page.status_code == 302
    assert Table.objects.get(pk=playing.pk).scorekeeper is None  # an unfinished round's table: cleared
    assert Table.objects.get(pk=finished.pk).scorekeeper == sam  # who kept score in the past: kept
    entry = AuditEntry.objects.get(action="staff_changed")
    assert entry.data["tables_cleared"] == [playing.pk]

    assert not may_record(sam, Table.objects.get(pk=playing.pk))
    assert sam_api.post(url, {**A_HAND, "winner": east}, format="json").status_code == 403
    assert Hand.objects.filter(table=playing).count() == 1
    # The finished round's table kept them as who kept score; reopened, it plays again without them.
    from tournament.rounds.lifecycle import round_reopen

    round_reopen(Round.objects.get(pk=finished.round_id), reason="a hand to correct", user=olivia)
    assert Table.objects.get(pk=finished.pk).scorekeeper is None
    assert not may_record(sam, Table.objects.get(pk=finished.pk))
    client.force_login(sam)
    sheet = client.get(reverse("table:scoresheet", args=[playing.pk])).content.decode()
    assert 'name="winner"' not in sheet


@pytest.mark.parametrize("door", ["api", "page", "admin"])
def test_the_capital_is_fixed_once_a_hand_is_played(organiser, scorekeeper, client, door):
    table = seated_table(scorekeeper=scorekeeper)
    competition = table.round.competition
    competition.organisers.add(organiser)
    answer = client_for(scorekeeper).post(
        f"/api/v1/tables/{table.pk}/hands/", {**A_HAND, "winner": table.seat_map["E"]}, format="json"
    )
    assert answer.status_code == 201
    balances = table_fold(Table.objects.get(pk=table.pk)).state.balances
    if door == "api":
        answer = client_for(organiser).patch(
            f"/api/v1/competitions/{competition.pk}/", {"capital": 500}, format="json"
        )
        assert answer.status_code == 400 and "capital" in answer.json()["errors"][0]["field"]
    elif door == "page":
        client.force_login(organiser)
        answer = client.post(
            reverse("organiser:competition_edit", args=[competition.pk]),
            {"name": competition.name, "kind": competition.kind, "rules": competition.rules, "capital": 500},
        )
        assert answer.status_code == 400 and "can no longer change" in answer.content.decode()
    else:
        organiser.is_staff = True
        organiser.save()
        client.force_login(organiser)
        answer = client.post(
            reverse("admin:tournament_competition_change", args=[competition.pk]),
            _admin_body(competition, capital=500),
        )
        assert answer.status_code == 200 and "can no longer change" in answer.content.decode()
    assert Competition.objects.get(pk=competition.pk).capital == 400
    assert table_fold(Table.objects.get(pk=table.pk)).state.balances == balances


def _admin_body(competition, **changes) -> dict:
    """The admin's change form for ``competition`` as it stands, with ``changes``."""
    competition = Competition.objects.get(pk=competition.pk)
    body = {
        "name": competition.name,
        "kind": competition.kind,
        "rules": competition.rules,
        "options": "{}",
        "capital": competition.capital,
        "organisers": list(competition.organisers.values_list("pk", flat=True)),
        "scorekeepers": list(competition.scorekeepers.values_list("pk", flat=True)),
        "standings_order": '["net_chips"]',
        "withdrawn_standing": competition.withdrawn_standing,
        "substitute_results": competition.substitute_results,
        "entries-TOTAL_FORMS": "0", "entries-INITIAL_FORMS": "0",
        "entries-MIN_NUM_FORMS": "0", "entries-MAX_NUM_FORMS": "1000",
    }  # fmt: skip
    body.update(changes)
    return {k: v for k, v in body.items() if v is not None}


def test_nobody_is_put_in_the_organiser_group_by_a_staff_change(side_b):
    lee = UserFactory(username="lee_newcomer")
    competition_set_staff(side_b.competition, organisers=[side_b.organiser, lee], user=side_b.organiser)
    assert not Group.objects.get(name=ORGANISER).user_set.filter(pk=lee.pk).exists()


def test_the_admins_new_competition_refuses_anothers_people_on_the_form(side_a, side_b, client):
    """Found by an attack (issue 48): the admin's add form let the refusal through as a 500; its pickers
    listed every account."""
    oscar = side_b.organiser
    oscar.is_staff = True
    oscar.save()
    client.force_login(oscar)
    url = reverse("admin:tournament_competition_add")
    offered = client.get(url).content.decode()
    assert f'value="{side_a.player_account.pk}"' not in offered and f'value="{oscar.pk}"' in offered
    body = {
        "name": "Sneaky", "kind": "league", "rules": "spgg-2023", "options": "{}", "capital": 400,
        "organisers": [oscar.pk, side_a.player_account.pk], "standings_order": '["net_chips"]',
        "withdrawn_standing": "ranked_last", "substitute_results": "own",
        "entries-TOTAL_FORMS": "0", "entries-INITIAL_FORMS": "0",
        "entries-MIN_NUM_FORMS": "0", "entries-MAX_NUM_FORMS": "1000",
    }  # fmt: skip
    answer = client.post(url, body)
    assert answer.status_code == 200  # the form again, with its errors: no 500
    assert not Competition.objects.filter(name="Sneaky").exists()
