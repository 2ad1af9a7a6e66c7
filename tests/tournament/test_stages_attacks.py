"""An attacker's pass over the stage doors of issue 49 (change, delete, categories): through the page, the API
and the admin, whoever is not an organiser of the competition is refused and nothing changes; a stage played
or published stays; broken or huge input is a clear 4xx with nothing changed; a cut of an empty category
says so.

The cup of ``test_stage_doors``: eight players, round 1 (the preliminaries) finished; the final (round 2)."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from tests.api.conftest import client_for
from tests.factories import CompetitionFactory, UserFactory
from tests.tournament.test_stage_doors import cup, final, words  # noqa: F401 - the cup
from tournament.models import AuditEntry, EntryCategory, Stage
from tournament.stages import services

pytestmark = pytest.mark.django_db


def state() -> tuple:
    """What a refused attempt must leave as it was."""
    return (
        sorted(
            Stage.objects.values_list(
                "pk", "name", "seating", "cut_size", "category", "source_id", "category_club_id", "status",
                "advance", "carry_over",
            )
        ),
        sorted(EntryCategory.objects.values_list("entry_id", "name")),
        AuditEntry.objects.count(),
    )  # fmt: skip


@pytest.fixture
def rival():
    """An organiser of another competition, staff in the admin."""
    user = UserFactory(username="rita_rival_organiser", is_staff=True)
    user.groups.add(Group.objects.get(name="organiser"))
    CompetitionFactory(name="Rival Cup").organisers.add(user)
    return user


@pytest.mark.parametrize("who", ["rival", "scorekeeper", "player_user", "stranger"])
def test_nobody_but_its_organisers_changes_or_deletes_a_stage_or_sets_categories(cup, who, request, client):  # noqa: F811
    stage = final(cup, publish=False)
    user = request.getfixturevalue(who)
    before = state()
    api = client_for(user)
    url = f"/api/v1/stages/{stage.pk}/"
    assert api.patch(url, {"name": "Mine", "cut_size": 2}, format="json").status_code == 403
    assert api.delete(url).status_code == 403
    client.force_login(user)
    edit = {"name": "Mine", "seating": "draw", "cut_size": "2", "carry_over": "zero", "advance": "2"}
    assert client.post(reverse("organiser:stage_edit", args=[stage.pk]), edit).status_code in (302, 403)
    assert client.post(reverse("organiser:stage_delete", args=[stage.pk])).status_code in (302, 403)
    players = [cup.players["Ann"].pk, cup.players["Ben"].pk]
    r = client.post(reverse("organiser:stage_categories", args=[cup.competition.pk]),
                    {"name": "newcomer", "players": players})  # fmt: skip
    assert r.status_code in (302, 403)
    assert state() == before


def test_another_competitions_organiser_is_refused_in_the_admin(cup, rival, client):  # noqa: F811
    stage = final(cup, publish=False)
    entry = cup.competition.entries.get(player=cup.players["Ann"])
    EntryCategory.objects.create(entry=cup.competition.entries.get(player=cup.players["Ben"]), name="women")
    row = EntryCategory.objects.get()
    before = state()
    client.force_login(rival)
    body = {"name": "Mine", "seating": "draw", "cut_size": "2", "carry_over": "zero", "advance": "2",
            "category": "", "source": "", "category_club": ""}  # fmt: skip
    assert client.post(reverse("admin:tournament_stage_change", args=[stage.pk]), body).status_code in (
        302, 403, 404,
    )  # fmt: skip
    r = client.post(reverse("admin:tournament_stage_delete", args=[stage.pk]), {"post": "yes"})
    assert r.status_code in (302, 403, 404)
    r = client.post(reverse("admin:tournament_entrycategory_add"), {"entry": entry.pk, "name": "newcomer"})
    assert r.status_code in (200, 403) and "newcomer" not in EntryCategory.objects.values_list(
        "name", flat=True
    )
    r = client.post(reverse("admin:tournament_entrycategory_delete", args=[row.pk]), {"post": "yes"})
    assert r.status_code in (302, 403, 404)
    assert state() == before


def test_a_played_stage_and_a_published_cut_are_neither_changed_nor_deleted(cup, organiser, client):  # noqa: F811
    stage = final(cup)  # published
    api = client_for(organiser)
    before = state()
    for target in (cup.prelims, stage):  # hands recorded; a cut published
        url = f"/api/v1/stages/{target.pk}/"
        r = api.delete(url)
        assert r.status_code == 409 and "can no longer be deleted" in r.json()["errors"][0]["message"]
        r = api.patch(url, {"name": "Renamed"}, format="json")
        assert r.status_code == 409 and "can no longer be changed" in r.json()["errors"][0]["message"]
    client.force_login(organiser)
    r = client.post(reverse("organiser:stage_delete", args=[cup.prelims.pk]))
    assert r.status_code == 409 and "Hands are recorded in Preliminaries" in words(r)
    assert state() == before


@pytest.mark.parametrize(
    "body",
    [
        {"name": "Fi\x00nal"},
        {"name": "x" * 10_000},
        {"name": "   "},
        {"name": 5},
        {"name": ["Final"]},
        {"name": None},
        {"category": "new\x00comer"},
        {"category": "c" * 10_000},
        {"category": 7},
        {"cut_size": "4"},
        {"cut_size": True},
        {"cut_size": 4.5},
        {"cut_size": 0},
        {"cut_size": 10**30},
        {"advance": 3},
        {"seating": "bogus"},
        {"seating": ["groups"]},
        {"carry_over": {}},
        {"source": "x"},
        {"source": 10**6},
        {"category_club": 10**6},
        {"category_club": {"id": 1}},
        {"status": "published"},  # not a setting: refused, not silently dropped
        {"competition": 1},
        {"number": 9},
    ],
)
def test_broken_input_on_the_stage_api_is_a_400_and_nothing_changes(cup, organiser, body):  # noqa: F811
    stage = final(cup, publish=False)
    before = state()
    r = client_for(organiser).patch(f"/api/v1/stages/{stage.pk}/", body, format="json")
    assert r.status_code == 400, r.content
    assert r.json()["errors"][0]["message"]
    assert state() == before


@pytest.mark.parametrize(
    "raw",
    [
        '{"name": "\\ud800"}',
        '{"category": "\\udfff"}',
        '{"name": "Final", "name": "Other"}',
        "[]",
        "null",
        '"Final"',
        "{",
    ],
)
def test_malformed_json_on_the_stage_api_is_a_400_and_nothing_changes(cup, organiser, raw):  # noqa: F811
    stage = final(cup, publish=False)
    before = state()
    api = client_for(organiser)
    for method in ("patch", "post"):
        url = (
            f"/api/v1/stages/{stage.pk}/"
            if method == "patch"
            else f"/api/v1/competitions/{cup.competition.pk}/stages/"
        )
        r = getattr(api, method)(url, raw, content_type="application/json")
        assert r.status_code == 400, (method, r.content)
    assert state() == before


def test_a_source_stage_that_is_this_one_later_or_of_another_competition_is_refused(cup, organiser):  # noqa: F811
    stage = final(cup, publish=False)
    later = services.stage_create(cup.competition, name="Plate", cut_size=2)
    other = services.stage_create(CompetitionFactory(name="Other Cup"), name="Theirs")
    api = client_for(organiser)
    before = state()
    for source, code in ((stage.pk, 409), (later.pk, 409), (other.pk, 400)):
        r = api.patch(f"/api/v1/stages/{stage.pk}/", {"source": source}, format="json")
        assert r.status_code == code, (source, r.content)
    r = api.patch(f"/api/v1/stages/{cup.prelims.pk}/", {"cut_size": 4}, format="json")
    assert r.status_code == 409 and "Hands are recorded" in r.json()["errors"][0]["message"]
    assert state() == before


@pytest.mark.parametrize(
    "form",
    [
        {"name": "new\x00comer", "players": "ANN"},
        {"name": "n" * 10_000, "players": "ANN"},
        {"name": "   ", "players": "ANN"},
        {"name": "newcomer", "players": ""},
        {"name": "newcomer", "players": "x"},
        {"name": "newcomer", "players": "9" * 40},
        {"name": "newcomer", "players": "STRANGER"},  # a player of another competition
    ],
)
def test_broken_input_on_the_category_page_is_a_400_and_nothing_changes(cup, organiser, client, form):  # noqa: F811
    from tests.factories import PlayerFactory

    outsider = PlayerFactory(name="Zed")
    values = {"ANN": str(cup.players["Ann"].pk), "STRANGER": str(outsider.pk)}
    form = {k: values.get(v, v) for k, v in form.items()}
    client.force_login(organiser)
    before = state()
    r = client.post(reverse("organiser:stage_categories", args=[cup.competition.pk]), form)
    assert r.status_code == 400
    assert state() == before


def test_a_player_of_another_competition_is_refused_by_the_category_door(cup, organiser):  # noqa: F811
    from tests.factories import PlayerFactory

    before = state()
    with pytest.raises(services.StageError, match="Not entered in this competition: Zed"):
        from tournament.stages.categories import entry_categories_set

        entry_categories_set(cup.competition, "newcomer", [PlayerFactory(name="Zed")], user=organiser)
    assert state() == before


def test_a_cut_of_an_empty_category_says_nobody_is_in_it(cup, organiser, client):  # noqa: F811
    stage = final(cup, publish=False, category="women")
    before = state()
    with pytest.raises(services.StageError, match="Nobody of Women"):
        services.stage_publish(stage, user=organiser)
    client.force_login(organiser)
    page = words(client.get(reverse("organiser:stage", args=[stage.pk])))
    assert "Nobody of Women" in page  # said before publishing
    r = client_for(organiser).post(f"/api/v1/stages/{stage.pk}/publish/")
    assert r.status_code == 409 and "Nobody of Women" in r.json()["errors"][0]["message"]
    assert state() == before


def test_a_stage_name_with_a_nul_is_refused_on_the_page(cup, organiser, client):  # noqa: F811
    stage = final(cup, publish=False)
    client.force_login(organiser)
    before = state()
    edit = {"name": "Fi\x00nal", "seating": "draw", "cut_size": "2", "carry_over": "zero", "advance": "2"}
    assert client.post(reverse("organiser:stage_edit", args=[stage.pk]), edit).status_code == 400
    edit["name"] = "F" * 10_000
    assert client.post(reverse("organiser:stage_edit", args=[stage.pk]), edit).status_code == 400
    for field in ("source", "category_club"):  # an id past 64 bits names nothing: a 400, not a 500
        edit = edit | {"name": "Final", field: "9" * 40}
        assert client.post(reverse("organiser:stage_edit", args=[stage.pk]), edit).status_code == 400
    r = client.post(reverse("organiser:stage_delete", args=[10**12]))
    assert r.status_code == 404
    assert state() == before
    assert json.dumps(state())  # plain values
