"""The organiser's standings settings (issue 6): tie-break order, shared places,
withdrawn players and substitutes, from the pure ranking to the stored rows the
public pages read, through the organiser's page and the API."""

import pytest

from tests.factories import CompetitionFactory, PlayerFactory, seated_table
from tournament.models import AuditEntry, Competition, Entry, StandingRow
from tournament.standings.compute import standings_compute
from tournament.standings.incremental import standings_table_changed
from tournament.standings.rank import PlayerTotals, merge_substitutes, validate_order
from tournament.standings.store import COMPETITION_SCOPE, standings_refresh, stored_standings
from tournament.tables.ledger.record import hand_record

# --- pure ---------------------------------------------------------------------------------------------


def test_validate_order_refuses_unknown_repeated_and_empty_orders():
    assert validate_order(["hands_won", "-za_hu"]) == ("hands_won", "-za_hu")
    for bad, words in [
        ([], "at least one"),
        (["luck"], "unknown metric"),
        (["net_chips", "-net_chips"], "twice"),
    ]:
        with pytest.raises(ValueError, match=words):
            validate_order(bad)


def test_a_substitute_s_totals_go_to_the_line_of_the_player_replaced():
    original = PlayerTotals(1, "Ah Kow", "Tampines", net_chips=-40, sessions=2, hands_won=1, biggest_hand=3,
                            withdrawn=True)  # fmt: skip
    sub = PlayerTotals(2, "Bee Lian", None, net_chips=100, sessions=1, hands_won=2, self_drawn_wins=1,
                       za_hu=1, biggest_hand=5)  # fmt: skip
    second_sub = PlayerTotals(
        3, "Chee Keong", None, net_chips=-10, sessions=1, biggest_hand=1, withdrawn=True
    )
    other = PlayerTotals(4, "Dolly", None, net_chips=7)
    merged = merge_substitutes([sub, original, other, second_sub], {2: 1, 3: 1})
    assert [m.player_id for m in merged] == [1, 4]
    line = merged[0]
    assert (line.name, line.club) == ("Ah Kow", "Tampines")
    assert line.net_chips == original.net_chips + sub.net_chips + second_sub.net_chips
    assert line.sessions == 4 and line.hands_won == 3 and line.self_drawn_wins == 1 and line.za_hu == 1
    assert line.biggest_hand == 5
    assert not line.withdrawn  # someone still plays on this line
    assert merged[1] is other
    with pytest.raises(ValueError, match="not in these standings"):
        merge_substitutes([sub], {2: 1})


# --- on the database -------------------------------------------------------------------------------------


def _table_with_a_big_and_two_small_wins():
    """East wins twice with 1 double on South's discard; West wins once with 5 doubles self-drawn."""
    table = seated_table(competition=CompetitionFactory())
    east, south, west = table.seat_map["E"], table.seat_map["S"], table.seat_map["W"]
    for _ in range(2):
        entry = {"outcome": "win", "winner": east, "win": "discard", "discarder": south, "doubles": 1}
        hand_record(table=table, entry=entry)
    hand_record(table=table, entry={"outcome": "win", "winner": west, "win": "self_draw", "doubles": 5})
    return table, east, west


def _places(standings):
    return {row.totals.player_id: row.rank for row in standings.rows}


@pytest.mark.django_db
def test_the_organiser_s_tie_break_order_decides_the_ranking():
    table, east, west = _table_with_a_big_and_two_small_wins()
    competition = table.round.competition
    by_chips = _places(standings_compute(competition))
    totals = {r.totals.player_id: r.totals for r in standings_compute(competition).rows}
    assert totals[west].net_chips > totals[east].net_chips and totals[east].hands_won > totals[west].hands_won
    assert by_chips[west] < by_chips[east]  # the default: net chips first
    competition.standings_order = ["hands_won", "net_chips"]
    competition.save()
    by_wins = _places(standings_compute(competition))
    assert by_wins[east] == 1 and by_wins[east] < by_wins[west]


@pytest.mark.django_db
def test_without_shared_places_equal_players_get_different_places():
    table, east, west = _table_with_a_big_and_two_small_wins()
    competition = table.round.competition
    # a second table that drew its one hand: four players equal on everything (0 chips, 1 session, no win)
    names = ("Zed", "Amy", "Bo", "Cy")
    players = [PlayerFactory(name=n) for n in names]
    other = seated_table(competition=competition, players=players, table_number=2)
    hand_record(table=other, entry={"outcome": "draw"})
    zed, amy = other.seat_map["E"], other.seat_map["S"]
    shared = _places(standings_compute(competition))
    assert shared[zed] == shared[amy]
    competition.shared_places = False
    competition.save()
    apart = _places(standings_compute(competition))
    assert apart[amy] + 3 == apart[zed]  # equal on everything: Amy, Bo, Cy, Zed, by name
    assert len(set(apart.values())) == len(apart)


@pytest.mark.django_db
@pytest.mark.parametrize("policy", ["unranked", "exclude"])
def test_withdrawn_players_stand_as_the_organiser_set(policy):
    table, east, west = _table_with_a_big_and_two_small_wins()
    competition = table.round.competition
    Entry.objects.filter(competition=competition, player_id=west).update(status=Entry.Status.WITHDRAWN)
    competition.withdrawn_standing = policy
    competition.save()
    standings_refresh(competition)
    read = stored_standings(competition, COMPETITION_SCOPE)  # places on read, as the pages and the API
    stored = {r.totals.player_id: r for r in read}
    if policy == "exclude":
        assert west not in stored and len(stored) == 3
    else:
        assert stored[west].rank is None and read[-1].totals.player_id == west
        assert sorted(r.rank for p, r in stored.items() if p != west) == [1, 2, 3]


@pytest.mark.django_db(transaction=True)
def test_a_substitute_s_hands_count_for_the_player_replaced_in_full_and_incremental_standings(monkeypatch):
    # The test runs the standings updates itself (as the worker would), to see the path each takes.
    monkeypatch.setattr("tournament.standings.queue.queue_standings_update", lambda table_id: None)
    first = seated_table(competition=CompetitionFactory(substitute_results="replaced"))
    competition = first.round.competition
    replaced = first.seat_map["N"]
    sub = PlayerFactory(name="Substitute")
    original_entry = Entry.objects.get(competition=competition, player_id=replaced)
    Entry.objects.filter(pk=original_entry.pk).update(status=Entry.Status.WITHDRAWN)
    Entry.objects.create(competition=competition, player=sub, substitute_for=original_entry)
    others = [first.seat_map[w] for w in "ESW"]
    second = seated_table(competition=competition, players=[*map(_player, others), sub], round_number=2)
    hand_record(table=first, entry={"outcome": "win", "winner": replaced, "win": "self_draw", "doubles": 2})
    assert standings_table_changed(first) == "full"  # the first computation
    assert standings_table_changed(second) == "full"  # round 2's scope, never computed
    hand_record(table=second, entry={"outcome": "win", "winner": sub.pk, "win": "self_draw", "doubles": 4})
    # Round 2's first hand gives its players a session: a ledger change the deltas carry (issue 32, item 2)
    assert standings_table_changed(second) == "incremental"
    hand_record(table=second, entry={"outcome": "false_win", "offender": sub.pk})
    assert standings_table_changed(second) == "incremental"  # the substitute's line is the replaced one's

    full = {r.totals.player_id: r.totals for r in standings_compute(competition).rows}
    assert sub.pk not in full
    line = full[replaced]
    assert line.hands_won == 2 and line.biggest_hand == 4 and line.sessions == 2 and not line.withdrawn
    assert line.za_hu == 1
    stored = {
        r.player_id: r for r in StandingRow.objects.filter(competition=competition, scope=COMPETITION_SCOPE)
    }
    assert set(stored) == set(full)
    assert (stored[replaced].net_chips, stored[replaced].hands_won) == (line.net_chips, 2)
    assert stored[replaced].za_hu == 1
    # A round's standings list who sat at its tables.
    round_two = {r.totals.player_id for r in standings_compute(competition, second.round).rows}
    assert sub.pk in round_two and replaced not in round_two


def _player(pk):
    from tournament.models import Player

    return Player.objects.get(pk=pk)


# --- the organiser's page and the API ---------------------------------------------------------------------


@pytest.fixture
def league(organiser):
    table, east, west = _table_with_a_big_and_two_small_wins()
    competition = table.round.competition
    competition.organisers.add(organiser)
    standings_refresh(competition)
    return competition, east, west


def _form(**changes):
    data = {"tiebreak_1": "net_chips", "tiebreak_2": "hands_won", "tiebreak_3": "biggest_hand",
            "tiebreak_4": "", "shared_places": "on", "withdrawn_standing": "rank",
            "substitute_results": "own"}  # fmt: skip
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


@pytest.mark.django_db(transaction=True)
def test_the_organiser_changes_the_order_and_the_stored_standings_follow(client, organiser, league,
                                                                         tasks_in_process):  # fmt: skip
    competition, east, west = league
    client.force_login(organiser)
    url = f"/organise/competitions/{competition.pk}/standings/"
    page = client.get(url)
    assert page.status_code == 200 and 'name="tiebreak_1"' in page.content.decode()

    def stored_rank(player_id):
        competition.refresh_from_db()
        return next(r.rank for r in stored_standings(competition) if r.totals.player_id == player_id)

    assert stored_rank(west) < stored_rank(east)
    answer = client.post(url, _form(tiebreak_1="hands_won", tiebreak_2="net_chips", tiebreak_3=""))
    assert answer.status_code == 302
    competition.refresh_from_db()
    assert competition.standings_order == ["hands_won", "net_chips"]
    assert stored_rank(east) == 1 and stored_rank(west) > 1  # recomputed on commit
    audit = AuditEntry.objects.get(action="standings_settings_changed", competition=competition)
    assert audit.user == organiser and audit.data["standings_order"] == ["hands_won", "net_chips"]


@pytest.mark.django_db
def test_a_repeated_metric_is_refused_and_nothing_changes(client, organiser, league):
    competition, *_ = league
    client.force_login(organiser)
    url = f"/organise/competitions/{competition.pk}/standings/"
    answer = client.post(url, _form(tiebreak_2="-net_chips", shared_places=None))
    assert answer.status_code == 400
    assert "already in the order above" in answer.content.decode()
    competition.refresh_from_db()
    assert (
        competition.standings_order == ["net_chips", "hands_won", "biggest_hand"]
        and competition.shared_places
    )
    assert not AuditEntry.objects.filter(action="standings_settings_changed").exists()


@pytest.mark.django_db
def test_an_organiser_of_another_competition_cannot_change_them(client, league):
    from django.contrib.auth.models import Group

    from tests.factories import UserFactory

    competition, *_ = league
    outsider = UserFactory(username="outsider_organiser")
    outsider.groups.add(Group.objects.get(name="organiser"))
    client.force_login(outsider)
    answer = client.post(f"/organise/competitions/{competition.pk}/standings/", _form(tiebreak_1="za_hu"))
    assert answer.status_code in (403, 404)
    assert Competition.objects.get(pk=competition.pk).standings_order[0] == "net_chips"


@pytest.mark.django_db(transaction=True)
def test_the_api_reads_and_changes_the_settings(client, organiser, league, tasks_in_process):
    competition, east, west = league
    client.force_login(organiser)
    url = f"/api/v1/competitions/{competition.pk}/"
    body = client.get(url).json()
    assert body["standings_order"] == ["net_chips", "hands_won", "biggest_hand"]
    assert body["shared_places"] is True and body["withdrawn_standing"] == "rank"
    bad = client.patch(url, {"standings_order": ["net_chips", "luck"]}, content_type="application/json")
    assert bad.status_code == 400 and "luck" in bad.content.decode()
    assert Competition.objects.get(pk=competition.pk).standings_order[1] == "hands_won"
    good = client.patch(url, {"standings_order": ["hands_won"], "withdrawn_standing": "exclude"},
                        content_type="application/json")  # fmt: skip
    assert good.status_code == 200, good.content
    standings = client.get(f"/api/v1/competitions/{competition.pk}/standings/").json()["results"]
    assert standings[0]["player"] == east


@pytest.mark.django_db(transaction=True)
def test_withdrawing_a_player_on_the_organiser_s_page_updates_the_stored_standings(
    client, organiser, league, tasks_in_process
):
    competition, east, west = league
    Competition.objects.filter(pk=competition.pk).update(withdrawn_standing="unranked")
    standings_refresh(Competition.objects.get(pk=competition.pk))
    competition.refresh_from_db()
    read = stored_standings(competition)
    assert read[0].totals.player_id == west and read[0].rank == 1 and not read[0].totals.withdrawn
    client.force_login(organiser)
    entry = Entry.objects.get(competition=competition, player_id=west)
    assert client.post(f"/organise/entries/{entry.pk}/withdraw/").status_code == 302
    assert StandingRow.objects.get(competition=competition, scope=COMPETITION_SCOPE, player_id=west).withdrawn
    last = stored_standings(competition)[-1]
    assert last.totals.player_id == west and last.totals.withdrawn and last.rank is None
