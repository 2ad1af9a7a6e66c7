"""Stages, second pass (issue 49, item 7), through the stage page, the API and the admin: a later cut takes
from the stage it names and says from which (a cut asking for more than that stage has is refused with
words); a stage is changed and deleted while nothing of it is played or published; the first stage is not
left a draft; the final's quality report lists no eliminated player as a bye; placing groups and knockout
seat a field that is not a multiple of four with byes; categories of entries and a cut per category.

The cup of ``test_stage_doors``: eight players, round 1 finished; Ann and Eve +24, the six others -8 each:
seeds Ann, Eve, Ben, Cat, Dan, Fay, Gus, Hal."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.api.conftest import client_for
from tests.factories import UserFactory
from tests.tournament.test_stage_doors import cup, final, seated_names, words  # noqa: F401 - the cup
from tournament.models import AuditEntry, EntryCategory, Round, Stage, StageRound
from tournament.rounds.seating import round_report, round_seat
from tournament.stages import services
from tournament.stages.categories import entry_categories_set
from tournament.stages.selectors import cut_preview

pytestmark = pytest.mark.django_db


def test_the_first_stage_is_published_at_once_and_shown_as_every_entrant(client, cup, organiser):  # noqa: F811
    assert cup.prelims.status == Stage.Status.PUBLISHED
    client.force_login(organiser)
    page = client.get(reverse("organiser:stage", args=[cup.prelims.pk])).text
    assert "every entrant" in page and ">Draft<" not in page


def test_a_later_cut_takes_from_the_stage_it_names_and_says_which(client, cup, organiser):  # noqa: F811
    final(cup, cut_size=4)
    plate_round = Round.objects.create(competition=cup.competition, number=3)
    plate = services.stage_create(cup.competition, name="Plate", cut_size=6, seating=Stage.Seating.GROUPS)
    services.stage_add_round(plate, plate_round)
    with pytest.raises(services.StageError, match="Round 2 has not started"):
        services.stage_publish(plate)  # cut from the final (the stage before), which has not played
    client.force_login(organiser)
    page = words(client.get(reverse("organiser:stage", args=[plate.pk])))
    assert "The cut is made from the standings of Final." in page
    assert "The cut lets 6 players in, but Final has only 4 to cut from" in page  # said before publishing
    r = client.post(
        reverse("organiser:stage_edit", args=[plate.pk]),
        {"name": "Plate", "seating": "groups", "cut_size": "6", "source": cup.prelims.pk,
         "carry_over": "zero", "advance": "2"},
    )  # fmt: skip
    assert r.status_code == 302
    plate.refresh_from_db()
    assert plate.source == cup.prelims and len(cut_preview(plate)) == 8  # the eight of the preliminaries
    assert "The cut is made from the standings of Preliminaries." in words(
        client.get(reverse("organiser:stage", args=[plate.pk]))
    )
    body = client_for(organiser).get(f"/api/v1/stages/{plate.pk}/").json()
    assert body["cut_from"] == cup.prelims.pk and body["source"] == cup.prelims.pk
    services.stage_publish(plate)
    assert AuditEntry.objects.filter(action="stage_changed", object_id=plate.pk).count() == 1
    public = words(client.get(reverse("public:stages", args=[cup.competition.pk])))
    assert "top 6 of Preliminaries" in public  # the public stage page says which stage the cut is from


def test_a_stage_is_changed_and_deleted_on_its_page_until_its_cut_is_published(client, cup, organiser):  # noqa: F811
    stage = final(cup, publish=False)
    client.force_login(organiser)
    edit = reverse("organiser:stage_edit", args=[stage.pk])
    form = {
        "name": "Grand Final",
        "seating": "groups",
        "cut_size": "4",
        "carry_over": "chips",
        "advance": "2",
    }
    assert client.post(edit, form | {"cut_size": "0"}).status_code == 400  # the form's bounds, nothing saved
    assert client.post(edit, form).status_code == 302
    stage.refresh_from_db()
    assert (stage.name, stage.carry_over) == ("Grand Final", "chips")
    services.stage_publish(stage)
    r = client.post(edit, form | {"name": "Other"})
    assert (
        r.status_code == 409
        and "The cut of Grand Final is published: it can no longer be changed." in words(r)
    )
    r = client.post(reverse("organiser:stage_delete", args=[stage.pk]))
    assert r.status_code == 409 and Stage.objects.filter(pk=stage.pk).exists()
    r = client.post(reverse("organiser:stage_delete", args=[cup.prelims.pk]))
    assert (
        r.status_code == 409
        and "Hands are recorded in Preliminaries: it can no longer be deleted." in words(r)
    )


def test_a_stage_is_changed_and_deleted_through_the_api(cup, organiser, stranger):  # noqa: F811
    stage = final(cup, publish=False)
    api = client_for(organiser)
    url = f"/api/v1/stages/{stage.pk}/"
    assert client_for(stranger).patch(url, {"cut_size": 2}, format="json").status_code == 403
    r = api.patch(url, {"cut_size": 2, "category": "newcomer"}, format="json")
    assert r.status_code == 200 and (r.json()["cut_size"], r.json()["category"]) == (2, "newcomer")
    assert api.patch(url, {"source": 10**6}, format="json").status_code == 400  # no such stage
    assert api.patch(url, {"cut_size": 0}, format="json").status_code == 400
    plate = services.stage_create(cup.competition, name="Plate", cut_size=2)  # cut from the final
    r = api.delete(url)
    assert r.status_code == 409 and "delete or change Plate first" in r.json()["errors"][0]["message"]
    assert api.delete(f"/api/v1/stages/{plate.pk}/").status_code == 204
    assert api.delete(url).status_code == 204
    assert (
        not Stage.objects.filter(pk=stage.pk).exists()
        and Round.objects.filter(pk=cup.final_round.pk).exists()
    )
    assert not StageRound.objects.filter(round=cup.final_round).exists()  # the round stays, in no stage
    assert AuditEntry.objects.filter(action="stage_deleted", object_id=stage.pk).exists()


def test_a_stage_is_changed_and_deleted_in_the_admin_through_its_doors(client, cup):  # noqa: F811
    stage = final(cup, publish=False)
    client.force_login(UserFactory(username="root_i49_stage", is_staff=True, is_superuser=True))
    change = reverse("admin:tournament_stage_change", args=[stage.pk])
    body = {"name": "Top Table", "seating": "groups", "cut_size": "4", "carry_over": "zero", "advance": "2",
            "category": "", "source": "", "category_club": ""}  # fmt: skip
    assert client.post(change, body).status_code == 302
    assert Stage.objects.get(pk=stage.pk).name == "Top Table"
    assert AuditEntry.objects.filter(action="stage_changed", object_id=stage.pk).exists()
    services.stage_publish(stage)
    r = client.post(change, body | {"name": "Late"})
    assert r.status_code == 200 and "it can no longer be changed" in words(r)  # on the form, not a 500
    assert (
        client.post(reverse("admin:tournament_stage_delete", args=[stage.pk]), {"post": "yes"}).status_code
        == 403
    )
    plate = services.stage_create(cup.competition, name="Plate", cut_size=2)
    r = client.post(reverse("admin:tournament_stage_delete", args=[plate.pk]), {"post": "yes"})
    assert r.status_code == 302 and not Stage.objects.filter(pk=plate.pk).exists()


def test_the_finals_quality_report_lists_no_eliminated_player_as_a_bye(cup, organiser):  # noqa: F811
    final(cup)
    round_seat(cup.final_round, user=organiser)
    assert round_report(cup.final_round).byes == ()  # the four eliminated are out, not sitting out


@pytest.mark.parametrize(
    ("seating", "seated", "byes"),
    [
        (Stage.Seating.GROUPS, ["Ann", "Eve", "Ben", "Cat"], ["Dan", "Fay"]),  # the last sit out
        (Stage.Seating.KNOCKOUT, ["Ben", "Cat", "Dan", "Fay"], ["Ann", "Eve"]),  # the best go on
    ],
)
def test_groups_and_knockout_seat_six_with_two_byes(cup, organiser, client, seating, seated, byes):  # noqa: F811
    final(cup, seating=seating, cut_size=6)
    result = round_seat(cup.final_round, user=organiser)
    names = {p.pk: p.name for p in cup.players.values()}
    assert seated_names(cup.final_round) == seated and [names[p] for p in result.byes] == byes
    client.force_login(organiser)
    page = client.get(reverse("organiser:round", args=[cup.final_round.pk]))
    assert page.context["report"]["byes"] == byes


def test_a_newcomers_cut_through_categories_on_the_page_the_api_and_the_admin(client, cup, organiser):  # noqa: F811
    client.force_login(organiser)
    newcomers = [cup.players[n] for n in ("Ben", "Dan", "Fay")]
    r = client.post(
        reverse("organiser:stage_categories", args=[cup.competition.pk]),
        {"name": "newcomer", "players": [p.pk for p in newcomers]},
    )
    assert r.status_code == 302
    assert (
        "Newcomers</b> (3): Ben, Dan, Fay"
        in client.get(reverse("organiser:stages", args=[cup.competition.pk])).text
    )
    admin = UserFactory(username="root_i49_cat", is_staff=True, is_superuser=True)
    client.force_login(admin)
    hal_entry = cup.competition.entries.get(player=cup.players["Hal"])
    r = client.post(
        reverse("admin:tournament_entrycategory_add"), {"entry": hal_entry.pk, "name": "newcomer"}
    )
    assert r.status_code == 302 and EntryCategory.objects.filter(entry=hal_entry, name="newcomer").exists()
    r = client_for(organiser).post(
        f"/api/v1/competitions/{cup.competition.pk}/stages/",
        {"name": "Newcomers", "cut_size": 2, "category": "newcomer", "source": cup.prelims.pk},
        format="json",
    )
    assert r.status_code == 201, r.content
    stage = Stage.objects.get(pk=r.json()["id"])
    lines = cut_preview(stage)
    assert [line.candidate.name for line in lines] == ["Ben", "Dan", "Fay", "Hal"]  # newcomers only
    assert [line.candidate.name for line in lines if line.qualified] == ["Ben", "Dan"]
    with pytest.raises(services.StageError, match="at most 40"):
        entry_categories_set(cup.competition, "x" * 41, newcomers, user=organiser)
    assert AuditEntry.objects.filter(action="entry_categories_set").count() == 2
