"""Roles, login pages and the demo league (issue 2, items 3 and 6)."""

import re
from itertools import combinations

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from tournament.access.roles import can_manage_competition
from tournament.league.demo import COMPETITION_NAME, PLAYER_NAMES, demo_league_load, demo_logins_create
from tournament.models import Club, Competition, Entry, Hand, Player, Round
from tournament.rounds.seating import round_tables
from tournament.tables.selectors import table_fold

pytestmark = pytest.mark.django_db


def test_role_groups_exist_with_their_permissions():
    organiser = Group.objects.get(name="organiser")
    codenames = set(organiser.permissions.values_list("codename", flat=True))
    assert {"add_competition", "change_competition", "add_player"} <= codenames
    assert not Group.objects.get(name="player").permissions.exists()
    assert "add_competition" not in set(
        Group.objects.get(name="scorekeeper").permissions.values_list("codename", flat=True)
    )


def test_demo_league_is_believable_and_safe_to_run_twice():
    demo_league_load()
    demo_league_load()
    assert Club.objects.count() == 2
    assert Player.objects.count() == 32 == len(set(PLAYER_NAMES))
    competition = Competition.objects.get(name=COMPETITION_NAME)
    assert competition.rules == "spgg-2023" and competition.capital == 400
    assert Entry.objects.filter(competition=competition).count() == 32
    # both clubs are represented evenly
    assert sorted(Player.objects.filter(club=c).count() for c in Club.objects.all()) == [16, 16]


def test_demo_has_seated_rounds_and_a_round_in_progress_with_hands_at_every_table():
    demo_league_load()
    hands_before = Hand.objects.count()
    demo_league_load()
    assert Hand.objects.count() == hands_before  # the second run adds nothing
    statuses = dict(Round.objects.values_list("number", "status"))
    assert statuses == {1: "finished", 2: "playing", 3: "seated"}
    playing = Round.objects.get(number=2)
    assert playing.tables.count() == 8
    for table in playing.tables.all():
        assert Hand.objects.filter(table=table).exists()
        state = table_fold(table).state
        assert sum(state.balances.values()) == 4 * 400  # no chip created or lost
    # the generator kept every pair of players to one meeting over the three rounds
    met = [frozenset(p) for r in Round.objects.all() for t in round_tables(r) for p in combinations(t, 2)]
    assert len(met) == len(set(met))


def test_demo_logins_can_log_in_with_the_printed_password(client):
    competition = demo_league_load()
    logins = {login.role: login for login in demo_logins_create(competition)}
    organiser = logins["organiser"]
    response = client.post(reverse("login"), {"username": organiser.username, "password": organiser.password})
    assert response.status_code == 302
    from django.contrib.auth import get_user_model

    user = get_user_model().objects.get(username=organiser.username)
    assert can_manage_competition(user, competition)
    scorekeeper = get_user_model().objects.get(username=logins["scorekeeper"].username)
    assert not can_manage_competition(scorekeeper, competition)


def test_login_page_and_logout(client, organiser):
    page = client.get(reverse("login"))
    assert page.status_code == 200 and b'name="password"' in page.content
    bad = client.post(reverse("login"), {"username": organiser.username, "password": "wrong"})
    assert bad.status_code == 200 and b"didn't match" in bad.content
    ok = client.post(reverse("login"), {"username": organiser.username, "password": "pw-for-tests-only"})
    assert ok.status_code == 302
    home = client.get(reverse("home"))
    assert b'data-role="organiser"' in home.content
    client.post(reverse("logout"))
    assert b'data-role="organiser"' not in client.get(reverse("home")).content


def test_base_layout_uses_only_local_assets(client):
    html = client.get(reverse("home")).content.decode()
    assert re.search(r"/static/vendor/htmx\.min(\.[0-9a-f]{12})?\.js", html)
    assert "http://" not in html.replace("http://testserver", "") and "https://" not in html
    assert 'name="viewport"' in html


def test_admin_has_the_league_models(admin_client):
    page = admin_client.get(reverse("admin:index"))
    for model in ("club", "player", "competition", "round", "table", "hand", "chiptransfer", "auditentry"):
        assert f"/admin/tournament/{model}/".encode() in page.content


def test_admin_never_edits_or_deletes_the_ledger(admin_client):
    demo_league_load()
    hand = Hand.objects.first()
    change = admin_client.get(reverse("admin:tournament_hand_change", args=[hand.pk]))
    assert change.status_code == 200 and b'name="_save"' not in change.content  # view only
    assert admin_client.post(reverse("admin:tournament_hand_delete", args=[hand.pk])).status_code == 403
    assert Hand.objects.filter(pk=hand.pk).exists()


def test_the_admin_records_and_voids_through_the_ledger(admin_client):
    from tests.factories import seated_table

    table = seated_table()
    east = table.seat_map["E"]
    bad = admin_client.post(
        reverse("admin:tournament_hand_add"),
        {
            "table": table.pk,
            "entry": '{"outcome": "win", "winner": 999999, "win": "self_draw", "doubles": 2}',
        },
    )
    assert bad.status_code == 200 and b"not playing at this table" in bad.content
    assert not Hand.objects.exists()
    entry = f'{{"outcome": "win", "winner": {east}, "win": "self_draw", "doubles": 2}}'
    ok = admin_client.post(reverse("admin:tournament_hand_add"), {"table": table.pk, "entry": entry})
    assert ok.status_code == 302
    hand = Hand.objects.get()
    assert hand.transfers.count() == 3 and table_fold(table).state.balances[east] == 412
    voided = admin_client.post(reverse("admin:tournament_handvoid_add"), {"hand": hand.pk, "reason": "typo"})
    assert voided.status_code == 302
    assert table_fold(table).state.balances[east] == 400 and hand.transfers.count() == 6  # reversed, kept
