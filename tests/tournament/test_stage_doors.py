"""A stage's cut and a final's seating through every door (issue 36, review): the round page, the API, the
stage page and the admin.

1. A round of a stage is seated from the stage's players by the stage's method whichever door seats it:
   "Seat again" on the round page and ``POST /api/v1/rounds/{id}/seating/`` used to seat every entrant by
   the usual draw, the eliminated included; only the stage page's button seated the qualifiers. When the
   stage cannot seat it (its cut not published), every door refuses with the words, and writes nothing.
2. A cut is published only once every round of the stage before is finished and its results released:
   it used to be cut from live standings, a held round silently left out.

The cup: eight players, two tables in round 1 (the preliminaries, finished); Ann and Eve each self-draw 3
doubles (+24), the six others lose 8 each. The final (round 2) takes four.
"""

from __future__ import annotations

import html
from types import SimpleNamespace

import pytest
from django.urls import reverse

from tests.api.conftest import client_for
from tests.factories import CompetitionFactory, PlayerFactory, UserFactory, seated_table
from tournament.models import AuditEntry, ChipTransfer, Qualifier, Round, Seat, Stage, Table
from tournament.stages import services
from tournament.tables.ledger.record import hand_record

pytestmark = pytest.mark.django_db
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]
QUALIFIED = ["Ann", "Eve", "Ben", "Cat"]  # the cut to four, in seed order (test_stages.py)


def win(table, wind: str, doubles: int) -> None:
    winner = table.seat_map[wind]
    hand_record(
        table=table, entry={"outcome": "win", "winner": winner, "win": "self_draw", "doubles": doubles}
    )


@pytest.fixture
def cup(organiser):
    competition = CompetitionFactory(name="Club Cup")
    competition.organisers.add(organiser)
    players = [PlayerFactory(name=n) for n in NAMES]
    tables = [
        seated_table(competition=competition, players=players[:4]),
        seated_table(competition=competition, players=players[4:], table_number=2),
    ]
    for table in tables:
        win(table, "E", 3)
    round1 = tables[0].round
    Round.objects.filter(pk=round1.pk).update(status=Round.Status.FINISHED)  # played out
    prelims = services.stage_create(competition, name="Preliminaries")
    services.stage_add_round(prelims, round1)
    final_round = Round.objects.create(competition=competition, number=2)
    return SimpleNamespace(
        competition=competition, players={p.name: p for p in players}, prelims=prelims, round1=round1,
        tables=tables, final_round=final_round,
    )  # fmt: skip


def final(cup, *, publish=True, **kwargs) -> Stage:
    settings = {"name": "Final", "seating": Stage.Seating.GROUPS, "cut_size": 4} | kwargs
    stage = services.stage_create(cup.competition, **settings)
    services.stage_add_round(stage, cup.final_round)
    if publish:
        services.stage_publish(stage)
    return stage


def seated_names(round_) -> list[str]:
    """The round's seats, table by table, E, S, W, N."""
    seats = Seat.objects.filter(round=round_).order_by("table__number", "wind").select_related("player")
    order = {w: i for i, w in enumerate("ESWN")}
    return [s.player.name for s in sorted(seats, key=lambda s: (s.table.number, order[s.wind]))]


def written(round_) -> tuple:
    """What a refused seating must leave as it was."""
    return (
        Seat.objects.filter(round=round_).count(),
        Table.objects.filter(round=round_).count(),
        AuditEntry.objects.count(),
        Round.objects.get(pk=round_.pk).status,
    )


def words(response) -> str:
    return html.unescape(response.content.decode())


# --- 1. a stage's round is seated by its stage, whichever door seats it ---------------------------------


@pytest.mark.parametrize("method", [Stage.Seating.GROUPS, Stage.Seating.KNOCKOUT, Stage.Seating.DRAW,
                                    Stage.Seating.SWISS])  # fmt: skip
def test_seat_again_on_the_round_page_seats_only_the_stages_qualifiers(client, cup, organiser, method):
    final(cup, seating=method)
    client.force_login(organiser)
    url = reverse("organiser:round_seat", args=[cup.final_round.pk])
    for body in ({}, {"swiss": "on"}):  # "Generate seating", then "Seat again" (the form's swiss ignored)
        assert client.post(url, body).status_code == 302
        names = seated_names(cup.final_round)
        assert sorted(names) == sorted(QUALIFIED)  # was all eight, the eliminated too
        if method in (Stage.Seating.GROUPS, Stage.Seating.KNOCKOUT):
            assert names == QUALIFIED  # placing groups: the seeds E, S, W, N
    entry = AuditEntry.objects.filter(action="round_seated").latest("pk")
    assert entry.data.get("seated_from") == "stage"
    page = client.get(reverse("organiser:round", args=[cup.final_round.pk]))
    assert page.context["preview"]["p"].players == 4  # the preview tells the stage's four, not all eight
    assert 'data-testid="seating-stage"' in page.content.decode()


def test_the_api_seats_a_final_round_from_the_stage_again_and_again(cup, organiser):
    stage = final(cup)
    services.stage_seat_round(stage, cup.final_round, user=organiser)  # the stage page's button first
    api = client_for(organiser)
    for body in ({}, {"swiss": True, "seed": 7}):
        answer = api.post(f"/api/v1/rounds/{cup.final_round.pk}/seating/", body, format="json")
        assert answer.status_code == 201, answer.content
        assert answer.json()["seated_from"] == "stage" and answer.json()["byes"] == []
        assert seated_names(cup.final_round) == QUALIFIED


def test_a_withdrawn_qualifiers_replacement_is_seated_by_the_round_page(client, cup, organiser):
    stage = final(cup)
    services.qualifier_replace(stage, cup.players["Ben"].pk)
    client.force_login(organiser)
    assert client.post(reverse("organiser:round_seat", args=[cup.final_round.pk]), {}).status_code == 302
    assert seated_names(cup.final_round) == ["Ann", "Eve", "Cat", "Dan"]


def test_every_door_refuses_to_seat_a_final_before_its_cut_and_writes_nothing(client, cup, organiser):
    stage = final(cup, publish=False)
    before = written(cup.final_round)
    said = "Round 2 belongs to the stage Final: publish its cut before seating it."
    client.force_login(organiser)
    page = client.post(reverse("organiser:round_seat", args=[cup.final_round.pk]), {})
    assert page.status_code == 409 and said in words(page)
    api = client_for(organiser).post(f"/api/v1/rounds/{cup.final_round.pk}/seating/", {}, format="json")
    assert api.status_code == 422 and api.json()["errors"][0] == {"code": "cannot_seat", "message": said}
    stage_page = client.post(
        reverse("organiser:stage_action", args=[stage.pk]), {"action": "seat", "round": cup.final_round.pk}
    )
    assert stage_page.status_code == 409 and said in words(stage_page)
    stage_api = client_for(organiser).post(
        f"/api/v1/stages/{stage.pk}/seat/", {"round": cup.final_round.pk}, format="json"
    )
    assert stage_api.status_code == 409 and stage_api.json()["errors"][0]["message"] == said
    assert written(cup.final_round) == before
    # The round page says so before anyone presses the button.
    assert said in words(client.get(reverse("organiser:round", args=[cup.final_round.pk])))


def test_planning_every_round_at_once_refuses_a_stages_round(client, cup, organiser):
    final(cup)
    before = written(cup.final_round)
    said = "Round 2 belongs to the stage Final, which seats its own players: seat the rounds one at a time."
    client.force_login(organiser)
    page = client.post(reverse("organiser:rounds_plan", args=[cup.competition.pk]))
    assert page.status_code == 409 and said in words(page)
    api = client_for(organiser).post(f"/api/v1/competitions/{cup.competition.pk}/seating/", {}, format="json")
    assert api.status_code == 422 and api.json()["errors"][0]["message"] == said
    assert written(cup.final_round) == before


def test_a_stages_round_takes_no_reserves(cup, organiser):
    final(cup)
    before = written(cup.final_round)
    answer = client_for(organiser).post(
        f"/api/v1/rounds/{cup.final_round.pk}/seating/", {"reserves": [cup.players["Dan"].pk]}, format="json"
    )
    assert answer.status_code == 422
    assert answer.json()["errors"][0]["message"] == (
        "Round 2 is seated from the players of the stage Final: it takes no reserves."
    )
    assert written(cup.final_round) == before


def test_a_knockout_round_waits_for_the_round_before_it(client, cup, organiser):
    stage = final(cup, seating=Stage.Seating.KNOCKOUT, cut_size=8)
    last = Round.objects.create(competition=cup.competition, number=3)
    services.stage_add_round(stage, last)
    services.stage_seat_round(stage, cup.final_round)
    Round.objects.filter(pk=cup.final_round.pk).update(status=Round.Status.PLAYING)
    before = written(last)
    said = "Round 2, before it in the stage Final, is not finished: who goes on to round 3 is not known yet."
    client.force_login(organiser)
    page = client.post(reverse("organiser:round_seat", args=[last.pk]), {})
    assert page.status_code == 409 and said in words(page)
    api = client_for(organiser).post(f"/api/v1/rounds/{last.pk}/seating/", {}, format="json")
    assert api.status_code == 422 and api.json()["errors"][0]["message"] == said
    assert written(last) == before


def test_a_first_stage_seated_by_the_usual_draw_keeps_the_usual_door(cup, organiser):
    round_ = Round.objects.create(competition=cup.competition, number=2 + 1)
    services.stage_add_round(cup.prelims, round_)
    answer = client_for(organiser).post(f"/api/v1/rounds/{round_.pk}/seating/", {}, format="json")
    assert answer.status_code == 201 and answer.json()["seated_from"] == "entries"
    assert sorted(seated_names(round_)) == sorted(NAMES)


# --- 2. a cut waits for every round of the stage before, finished and released --------------------------


@pytest.fixture
def three_rounds(cup):
    """The preliminaries played over three rounds: round 2 finished but its results held, round 3 playing.
    Round 2 turns the standings: Ben and Fay self-draw 6 doubles. The final is round 4."""
    cup.final_round.delete()
    second = [
        seated_table(competition=cup.competition, players=[cup.players[n] for n in t], round_number=2,
                     table_number=i)
        for i, t in enumerate((("Ben", "Ann", "Cat", "Dan"), ("Fay", "Eve", "Gus", "Hal")), start=1)
    ]  # fmt: skip
    for table in second:
        win(table, "E", 6)
    third = seated_table(competition=cup.competition, players=list(cup.players.values())[:4], round_number=3)
    for round_ in (second[0].round, third.round):
        services.stage_add_round(cup.prelims, round_)
    Round.objects.filter(pk=second[0].round_id).update(status=Round.Status.FINISHED, results_held=True)
    Round.objects.filter(pk=third.round_id).update(status=Round.Status.PLAYING)
    final_round = Round.objects.create(competition=cup.competition, number=4)
    stage = services.stage_create(cup.competition, name="Final", seating=Stage.Seating.GROUPS, cut_size=4,
                                  carry_over=Stage.CarryOver.CHIPS)  # fmt: skip
    services.stage_add_round(stage, final_round)
    return SimpleNamespace(stage=stage, second=second[0].round, third=third.round)


WAITS = (
    "Round 3 is still playing; round 2's results are held: the cut waits until every round of "
    "Preliminaries is finished and its results released."
)


def cut_state(stage) -> tuple:
    return Stage.objects.get(pk=stage.pk).status, Qualifier.objects.filter(stage=stage).count()


def test_the_cut_door_refuses_a_stage_still_playing_or_held(cup, three_rounds, organiser):
    before = AuditEntry.objects.count()
    with pytest.raises(services.StageError) as refused:
        services.stage_publish(three_rounds.stage, user=organiser)
    assert str(refused.value) == WAITS
    assert cut_state(three_rounds.stage) == ("draft", 0) and AuditEntry.objects.count() == before


def test_the_stage_page_refuses_the_cut_and_says_what_is_unfinished(client, cup, three_rounds, organiser):
    before = AuditEntry.objects.count()
    client.force_login(organiser)
    stage_url = reverse("organiser:stage", args=[three_rounds.stage.pk])
    shown = client.get(stage_url)
    assert 'data-testid="cut-waits"' in shown.content.decode() and WAITS in words(shown)
    action = reverse("organiser:stage_action", args=[three_rounds.stage.pk])
    refused = client.post(action, {"action": "publish"})
    assert refused.status_code == 409 and WAITS in words(refused)
    assert cut_state(three_rounds.stage) == ("draft", 0) and AuditEntry.objects.count() == before


def test_the_api_refuses_the_cut_and_says_what_is_unfinished(cup, three_rounds, organiser):
    before = AuditEntry.objects.count()
    answer = client_for(organiser).post(f"/api/v1/stages/{three_rounds.stage.pk}/publish/")
    assert answer.status_code == 409
    assert answer.json()["errors"] == [{"code": "stage", "message": WAITS}]
    assert cut_state(three_rounds.stage) == ("draft", 0) and AuditEntry.objects.count() == before


def test_the_admin_publishes_no_cut_and_seats_no_round(client, cup, three_rounds):
    client.force_login(UserFactory(username="root_stage_doors", is_staff=True, is_superuser=True))
    before = AuditEntry.objects.count()
    change = reverse("admin:tournament_stage_change", args=[three_rounds.stage.pk])
    r = client.post(change, {"status": "published"})  # the stage's settings change here; never its status
    assert r.status_code == 200 and "This field is required." in r.text
    assert client.get(reverse("admin:tournament_stage_add")).status_code == 403
    assert client.get(reverse("admin:tournament_qualifier_add")).status_code == 403
    assert client.get(reverse("admin:tournament_table_add")).status_code == 403
    assert cut_state(three_rounds.stage) == ("draft", 0) and AuditEntry.objects.count() == before


@pytest.mark.parametrize(
    ("status", "held", "said"),
    [
        (Round.Status.SCHEDULED, False, "Round 1 has not started"),
        (Round.Status.SEATED, False, "Round 1 has not started"),
        (Round.Status.PLAYING, False, "Round 1 is still playing"),
        (Round.Status.FINISHED, True, "Round 1's results are held"),
    ],
)
def test_each_unfinished_round_is_named(cup, organiser, status, held, said):
    Round.objects.filter(pk=cup.round1.pk).update(status=status, results_held=held)
    stage = final(cup, publish=False)
    answer = client_for(organiser).post(f"/api/v1/stages/{stage.pk}/publish/")
    assert answer.status_code == 409
    assert answer.json()["errors"][0]["message"] == (
        f"{said}: the cut waits until every round of Preliminaries is finished and its results released."
    )
    assert cut_state(stage) == ("draft", 0)


def test_a_stage_without_rounds_has_nothing_to_cut(organiser):
    competition = CompetitionFactory()
    competition.organisers.add(organiser)
    services.stage_create(competition, name="Preliminaries")
    stage = services.stage_create(competition, name="Final", cut_size=4)
    answer = client_for(organiser).post(f"/api/v1/stages/{stage.pk}/publish/")
    assert answer.status_code == 409 and answer.json()["errors"][0]["message"] == (
        "The stage Preliminaries has no rounds yet: the cut is made from its finished rounds."
    )
    assert cut_state(stage) == ("draft", 0)


def test_once_finished_and_released_the_cut_counts_every_round(cup, three_rounds, organiser):
    Round.objects.filter(pk=three_rounds.third.pk).update(status=Round.Status.FINISHED)
    Round.objects.filter(pk=three_rounds.second.pk).update(results_held=False)
    answer = client_for(organiser).post(f"/api/v1/stages/{three_rounds.stage.pk}/publish/")
    assert answer.status_code == 200, answer.content
    won = sum(ChipTransfer.objects.filter(table__round=three_rounds.second, to_player__name="Ben")
              .values_list("amount", flat=True))  # fmt: skip
    assert won > 32  # more than round 1's 24 and 8 apart
    lines = Qualifier.objects.filter(stage=three_rounds.stage).select_related("player").order_by("seed")
    chips = {q.player.name: q.carried_chips for q in lines}
    assert chips["Ben"] == chips["Fay"] == -8 + won and chips["Ann"] == chips["Eve"] == 24 - won // 3
    assert [q.player.name for q in lines if q.status == "in"][:2] == ["Ben", "Fay"]
    assert AuditEntry.objects.filter(action="stage_cut_published").count() == 1


def test_a_published_cut_keeps_the_rounds_it_was_made_from(client, cup, organiser):
    """Found by an attack (issue 48): after the cut was published, a round it was made from could be
    reopened or held, and the stage before could take another round: the cut stood on rounds no longer
    finished. Refused through the API, the round page and the stage's door; nothing changes."""
    final(cup)
    api = client_for(organiser)
    before = (Round.objects.get(pk=cup.round1.pk).status, Round.objects.get(pk=cup.round1.pk).results_held)
    reopened = api.post(f"/api/v1/rounds/{cup.round1.pk}/reopen/", {"reason": "fix a hand"}, format="json")
    held = api.post(f"/api/v1/rounds/{cup.round1.pk}/hold/", {}, format="json")
    for answer in (reopened, held):
        assert answer.status_code == 409, answer.content
        assert "the cut to Final was made from" in str(answer.json())
    client.force_login(organiser)
    for body in ({"action": "reopen", "reason": "fix a hand"}, {"action": "hold"}):
        page = client.post(f"/organise/rounds/{cup.round1.pk}/status/", body, follow=True)
        assert "the cut to Final was made from" in html.unescape(page.content.decode())
    late = Round.objects.create(competition=cup.competition, number=3)
    added = api.post(f"/api/v1/stages/{cup.prelims.pk}/rounds/", {"round": late.pk}, format="json")
    assert added.status_code in (400, 409, 422) and "takes no more rounds" in str(added.json())
    after = (Round.objects.get(pk=cup.round1.pk).status, Round.objects.get(pk=cup.round1.pk).results_held)
    assert after == before and not cup.prelims.stage_rounds.filter(round=late).exists()
    assert not AuditEntry.objects.filter(action__in=["round_reopened", "results_held"]).exists()
