"""Team events through the pages and the admin (issue 35): the same refusals as the API, nothing kept."""

from __future__ import annotations

from django.urls import reverse

from tests.factories import PlayerFactory, UserFactory, seated_table
from tests.teams.conftest import past_deadline
from tournament.models import AuditEntry, Entry, Lineup, Team, TeamMember
from tournament.tables.ledger.record import hand_record


def teams_url(event) -> str:
    return reverse("organiser:teams", args=[event.competition.pk])


def test_the_organiser_creates_a_team_adds_players_and_names_a_captain(event, client, organiser):
    client.force_login(organiser)
    newcomer = PlayerFactory(name="Nina New")
    Entry.objects.create(competition=event.competition, player=newcomer)
    r = client.get(teams_url(event))
    assert r.status_code == 200 and "Dragons" in r.text and "Nina New" in r.text
    # deleting a team asks first, naming it (static/js/app.js asks what data-confirm says)
    assert 'data-confirm="Delete the team Dragons? Its roster and its lineups are deleted with it."' in r.text
    assert client.post(teams_url(event), {"action": "create", "name": "Owls"}).status_code == 302
    owls = Team.objects.get(name="Owls")
    client.post(
        teams_url(event), {"action": "add", "team": owls.pk, "player": newcomer.pk, "substitute": "on"}
    )
    client.post(teams_url(event), {"action": "captain", "team": owls.pk, "player": newcomer.pk})
    owls.refresh_from_db()
    assert owls.captain == newcomer and owls.members.get().substitute
    r = client.post(teams_url(event), {"action": "rename", "team": owls.pk, "name": "dragons"})
    assert r.status_code == 400 and "Another team" in r.text  # names are told apart without case
    client.post(
        teams_url(event), {"action": "rename", "team": owls.pk, "name": "Night Owls", "short_name": "NO"}
    )
    assert Team.objects.get(pk=owls.pk).short_name == "NO"
    actions = set(
        AuditEntry.objects.filter(object_type="team", object_id=owls.pk).values_list("action", flat=True)
    )
    assert actions == {"team_created", "team_member_added", "team_captain_set", "team_changed"}


def test_the_page_refuses_a_player_already_in_another_team(event, client, organiser):
    client.force_login(organiser)
    taken = event.regulars(1)[0]
    r = client.post(teams_url(event), {"action": "add", "team": event.teams[0].pk, "player": taken.pk})
    assert r.status_code == 400 and "already in team Tigers" in r.text
    assert TeamMember.objects.get(player=taken).team == event.teams[1]


def test_the_page_refuses_bad_placing_points_and_saves_good_ones(event, client, organiser):
    client.force_login(organiser)
    form = {
        "action": "settings",
        "team_scoring": "placings",
        "lineup_deadline": "90",
        "substitute_rule": "counts",
    }
    r = client.post(teams_url(event), {**form, "placing_points": "1, 2, 3, 4"})
    assert r.status_code == 400
    event.competition.refresh_from_db()
    assert event.competition.team_scoring == "chips" and event.competition.placing_points == [4, 2, 1, 0]
    assert client.post(teams_url(event), {**form, "placing_points": "3, 2, 1, 0"}).status_code == 302
    event.competition.refresh_from_db()
    assert (event.competition.placing_points, event.competition.lineup_deadline) == ([3, 2, 1, 0], 90)


def test_another_organiser_and_a_captain_may_not_open_the_teams_page(event, client, player_user):
    from django.contrib.auth.models import Group

    client.force_login(player_user)
    assert client.get(teams_url(event)).status_code == 403
    other = UserFactory(username="otto_other_organiser")
    other.groups.add(Group.objects.get(name="organiser"))
    client.force_login(other)
    assert client.get(teams_url(event)).status_code == 403
    r = client.post(teams_url(event), {"action": "create", "name": "Owls"})
    assert r.status_code == 403 and not Team.objects.filter(name="Owls").exists()


def test_the_captain_names_the_lineup_on_the_page_until_the_deadline(event, client, player_user):
    client.force_login(player_user)
    home = client.get("/")
    url = reverse("public:lineup", args=[event.teams[0].pk])
    assert url in home.text  # the captain's way in, from the home page
    team = event.teams[0].name  # no possessive "Dragons's players" (issue 54)
    assert f"{team}: name the players for the next round" in home.text and f"{team}'s" not in home.text
    assert "Name exactly 4 players" in client.get(url).text  # the page says how many (issue 49)
    chosen = [str(p.pk) for p in event.regulars(0)[:3]] + [str(event.substitute(0).pk)]
    r = client.post(url, {"players": chosen[1:]})
    assert r.status_code == 400 and "Name exactly 4 players: 3 named." in r.text  # refused with words
    assert not Lineup.objects.exists()
    assert client.post(url, {"players": chosen}).status_code == 302
    assert Lineup.objects.get(team=event.teams[0]).players.count() == 4
    past_deadline(event)
    r = client.post(url, {"players": chosen[:1]})
    assert r.status_code == 409 and "deadline" in r.text
    assert Lineup.objects.get(team=event.teams[0]).players.count() == 4
    assert "the lineup is fixed" in client.get(url).text


def test_after_the_deadline_with_nothing_named_the_captain_is_told_what_happens(event, client):
    client.force_login(event.captain_b)
    past_deadline(event)
    text = client.get(reverse("public:lineup", args=[event.teams[1].pk])).text
    assert "the lineup is fixed" not in text
    assert "nobody was named: before seating, the organiser seats your regulars (Tiger 0, Tiger 1" in text


def test_the_lineup_page_answers_ids_no_row_can_have_with_a_400(event, client, player_user):
    client.force_login(player_user)
    url = reverse("public:lineup", args=[event.teams[0].pk])
    for junk in ("9" * 5000, "9" * 19, "-1", "1.5", "١٢"):
        r = client.post(url, {"players": [junk]})
        assert r.status_code == 400 and "Name at least one player" in r.text, junk
    assert not Lineup.objects.exists()


def test_a_captain_may_not_open_another_teams_lineup_page(event, client):
    client.force_login(event.captain_b)
    assert client.get(reverse("public:lineup", args=[event.teams[0].pk])).status_code == 403
    chosen = [str(p.pk) for p in event.regulars(0)]
    assert (
        client.post(reverse("public:lineup", args=[event.teams[0].pk]), {"players": chosen}).status_code
        == 403
    )
    r = client.post(reverse("public:lineup", args=[event.teams[1].pk]), {"players": chosen})
    assert r.status_code == 400 and "Not on the team" in r.text  # Dragons' players are not Tigers'
    assert not Lineup.objects.exists()


def test_the_admin_refuses_a_player_in_two_teams_and_names_no_lineup(event, client, organiser):
    admin_user = UserFactory(username="root_i35", is_staff=True, is_superuser=True)
    client.force_login(admin_user)
    taken = event.regulars(1)[0]
    r = client.post(
        reverse("admin:tournament_teammember_add"), {"team": event.teams[0].pk, "player": taken.pk}
    )
    assert r.status_code == 200 and "already in team Tigers" in r.text
    assert TeamMember.objects.get(player=taken).team == event.teams[1]
    assert client.get(reverse("admin:tournament_lineup_add")).status_code == 403
    assert client.get(reverse("admin:tournament_team_changelist")).status_code == 200
    newcomer = PlayerFactory()
    Entry.objects.create(competition=event.competition, player=newcomer)
    r = client.post(
        reverse("admin:tournament_teammember_add"), {"team": event.teams[0].pk, "player": newcomer.pk}
    )
    assert r.status_code == 302 and TeamMember.objects.get(player=newcomer).team == event.teams[0]
    assert AuditEntry.objects.filter(action="team_member_added", data__player_id=newcomer.pk).exists()


def _team_form(event, team=None, **fields) -> dict:
    """The admin's team form as posted: its fields and the (read-only) roster inline's management form."""
    members = team.members.count() if team is not None else 0
    data = {"name": "", "short_name": "", "captain": ""} | fields
    if team is None:
        data["competition"] = event.competition.pk
    return data | {"members-TOTAL_FORMS": str(members), "members-INITIAL_FORMS": str(members)}


def test_the_admin_says_on_the_form_a_name_another_team_has_in_any_case(event, client):
    """The door refuses "dragons" beside "Dragons"; the admin raised it from save_model: a 500."""
    client.force_login(UserFactory(username="root_i35d", is_staff=True, is_superuser=True))
    client.raise_request_exception = False
    teams, audits = Team.objects.count(), AuditEntry.objects.count()
    r = client.post(reverse("admin:tournament_team_add"), _team_form(event, name="dragons"))
    assert r.status_code == 200 and "Another team of this competition has that name." in r.text
    tigers = event.teams[1]
    url = reverse("admin:tournament_team_change", args=[tigers.pk])
    r = client.post(url, _team_form(event, tigers, name="DRAGONS", captain=tigers.captain_id))
    assert r.status_code == 200 and "Another team of this competition has that name." in r.text
    tigers.refresh_from_db()
    assert tigers.name == "Tigers" and Team.objects.count() == teams and AuditEntry.objects.count() == audits
    r = client.post(url, _team_form(event, tigers, name="Tigers Two", captain=tigers.captain_id))
    assert r.status_code == 302 and Team.objects.get(pk=tigers.pk).name == "Tigers Two"


def test_the_admin_says_on_the_form_that_no_team_is_added_once_hands_are_recorded(event, client):
    players = [PlayerFactory() for _ in range(4)]
    table = seated_table(competition=event.competition, players=players, round_number=2)  # published
    hand_record(table=table, entry={"outcome": "draw"})
    client.force_login(UserFactory(username="root_i35e", is_staff=True, is_superuser=True))
    client.raise_request_exception = False
    r = client.post(reverse("admin:tournament_team_add"), _team_form(event, name="Owls"))
    assert r.status_code == 200 and "Hands are recorded in this competition" in r.text
    assert not Team.objects.filter(name="Owls").exists()
    assert not AuditEntry.objects.filter(action="team_created").exists()


def test_the_admins_delete_goes_through_the_door_and_is_audited(event, client):
    client.force_login(UserFactory(username="root_i35b", is_staff=True, is_superuser=True))
    pandas = event.teams[3]
    r = client.post(
        reverse("admin:tournament_team_changelist"),
        {"action": "delete_selected", "_selected_action": [pandas.pk], "post": "yes"},
    )
    assert r.status_code == 302 and not Team.objects.filter(pk=pandas.pk).exists()
    assert AuditEntry.objects.filter(action="team_deleted", object_id=pandas.pk).exists()


def test_the_admin_judges_the_team_settings_as_the_door_does(event, client):
    client.force_login(UserFactory(username="root_i35c", is_staff=True, is_superuser=True))
    competition = event.competition
    url = reverse("admin:tournament_competition_change", args=[competition.pk])
    data = {
        "name": competition.name, "kind": competition.kind, "rules": competition.rules, "options": "{}",
        "capital": 400, "organisers": [u.pk for u in competition.organisers.all()],
        "standings_order": '["net_chips"]', "shared_places": "on",
        "withdrawn_standing": competition.withdrawn_standing,
        "substitute_results": competition.substitute_results,
        "team_scoring": "placings", "placing_points": "[1, 2, 3, 4]", "lineup_deadline": "30",
        "substitute_rule": "not_counted",
        "entries-TOTAL_FORMS": "0", "entries-INITIAL_FORMS": "0",
        "entries-MIN_NUM_FORMS": "0", "entries-MAX_NUM_FORMS": "1000",
    }  # fmt: skip
    r = client.post(url, data)
    assert r.status_code == 200 and "each no more than the one before" in r.text
    competition.refresh_from_db()
    assert (competition.team_scoring, competition.placing_points) == ("chips", [4, 2, 1, 0])
    assert client.post(url, {**data, "placing_points": "[6, 3, 1, 0]"}).status_code == 302
    competition.refresh_from_db()
    assert (competition.placing_points, competition.lineup_deadline, competition.substitute_rule) == (
        [6, 3, 1, 0], 30, "not_counted",
    )  # fmt: skip


def test_the_organiser_is_warned_that_a_captain_without_an_account_cannot_log_in(event, client, organiser):
    """Cranes' and Pandas' captains have no account (issue 49): the teams page, the captain's change (page
    and admin) and the API say so; Dragons' captain (Pat) logs in, and is not warned of."""
    client.force_login(organiser)
    page = client.get(teams_url(event)).text
    assert page.count('data-testid="captain-no-account"') == 2
    assert "Crane 0 has no account and cannot log in to name the lineup" in page
    assert "Dragon 0 has no account" not in page
    crane = event.regulars(2)[1]
    r = client.post(
        teams_url(event), {"action": "captain", "team": event.teams[2].pk, "player": crane.pk}, follow=True
    )
    assert f"{crane.name} has no account and cannot log in" in r.text
    teams = client.get(f"/api/v1/competitions/{event.competition.pk}/teams/").json()["results"]
    assert {t["name"]: t["captain_can_log_in"] for t in teams} == {
        "Cranes": False, "Dragons": True, "Pandas": False, "Tigers": True,
    }  # fmt: skip
    admin_user = UserFactory(username="root_i49", is_staff=True, is_superuser=True)
    client.force_login(admin_user)
    panda = event.regulars(3)[2]
    r = client.post(
        reverse("admin:tournament_team_change", args=[event.teams[3].pk]),
        _team_form(event, event.teams[3], name="Pandas", captain=panda.pk),
        follow=True,
    )
    assert r.status_code == 200 and f"{panda.name} has no account and cannot log in" in r.text
    assert Team.objects.get(pk=event.teams[3].pk).captain == panda
