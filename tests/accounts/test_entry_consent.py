"""Entering another organiser's player asks first, and ratings count only trusted results (issue 48, 4 and 6).

Before: Oscar entered Olivia's best player Pat in a cup of his own with three accomplices, recorded made-up
losses (confirmations off) and ended it: Pat fell from 1st to 24th in the league's ratings. And the mere
entry froze Olivia's doors over Pat (no invitation, rename or deactivation) and opened her competition's
audit entries about Pat to Oscar.
"""

from __future__ import annotations

from html import escape

import pytest
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from tests.api.conftest import client_for
from tests.factories import CompetitionFactory, PlayerFactory, UserFactory, seated_table
from tournament.access.roles import may_manage_person
from tournament.league.entries import RequestRefused, entry_add, entry_request_decide
from tournament.league.players_import import players_import
from tournament.models import AuditEntry, Entry, EntryRequest, PlayerRating, Round
from tournament.ratings.store import ratings_rebuild
from tournament.ratings.trust import competition_set_rated

pytestmark = pytest.mark.django_db


def _entered(competition, player) -> bool:
    return Entry.objects.filter(competition=competition, player=player).exists()


def test_every_door_only_asks_to_enter_another_organisers_player(side_a, side_b, client):
    oscar, pat = side_b.organiser, side_a.player
    cup = side_b.competition
    # The service
    asked = entry_add(cup, pat, user=oscar)
    assert isinstance(asked, EntryRequest) and not _entered(cup, pat)
    assert entry_add(cup, pat, user=oscar) == asked  # asking again is the same request
    # The page
    client.force_login(oscar)
    answer = client.post(reverse("organiser:players_enter", args=[cup.pk]), {"players": [side_a.newcomer.pk]})
    assert answer.status_code == 302
    page = client.get(reverse("organiser:players", args=[cup.pk])).content.decode()
    assert "asked first" in page and side_a.newcomer.name in page
    assert not _entered(cup, side_a.newcomer)
    # The API
    players = [p.pk for p in (side_b.player, side_b.newcomer, pat)]
    answer = client_for(oscar).patch(f"/api/v1/competitions/{cup.pk}/", {"players": players}, format="json")
    assert answer.status_code == 200, answer.content
    assert pat.pk not in answer.json()["players"] and pat.pk in answer.json()["players_asked"]
    assert client_for(side_a.organiser).get(f"/api/v1/competitions/{cup.pk}/").json()["players_asked"] == []
    # A CSV import naming her registered player
    csv = f"name,registration_no\n{pat.name},{pat.registration_no}\n".encode()
    result = players_import(csv, competition=cup, user=oscar)
    assert (result.entered, result.asked) == (0, 1)  # asked (the same request waits), not entered
    # A substitute
    with pytest.raises(PermissionDenied, match="enter them first"):
        from tournament.league.entries import entry_substitute

        entry_substitute(Entry.objects.get(competition=cup, player=side_b.player), pat, user=oscar)
    assert not _entered(cup, pat)
    # Olivia's doors over Pat are still hers.
    assert may_manage_person(side_a.organiser, pat)
    assert EntryRequest.objects.filter(state="waiting").count() == 2


def test_the_player_or_their_organiser_answers_and_nobody_else(side_a, side_b, client):
    oscar, olivia, pat = side_b.organiser, side_a.organiser, side_a.player
    cup = side_b.competition
    asked = entry_add(cup, pat, user=oscar)
    for stranger in (oscar, UserFactory(username="someone")):
        with pytest.raises(PermissionDenied):
            entry_request_decide(asked, accept=True, user=stranger)
    client.force_login(oscar)
    answer = client.post(reverse("organiser:entry_requests"), {"request": asked.pk, "answer": "accept"})
    assert answer.status_code == 403 and not _entered(cup, pat)

    client.force_login(olivia)
    dashboard = client.get(reverse("organiser:dashboard")).content.decode()
    assert "waits for your answer" in dashboard
    listing = client.get(reverse("organiser:entry_requests")).content.decode()
    assert pat.name in listing and escape(cup.name) in listing
    answer = client.post(reverse("organiser:entry_requests"), {"request": asked.pk, "answer": "accept"})
    assert answer.status_code == 302 and _entered(cup, pat)
    assert AuditEntry.objects.filter(action="entry_request_accepted", competition=cup).exists()
    again = client.post(reverse("organiser:entry_requests"), {"request": asked.pk, "answer": "decline"})
    assert again.status_code == 409
    with pytest.raises(RequestRefused):
        entry_request_decide(asked, accept=False, user=olivia)

    # Pat (their account) declines another request themself, from their messages page.
    other = CompetitionFactory(name="Other Cup")
    other.organisers.add(oscar)
    second = entry_add(other, pat, user=oscar)
    client.force_login(side_a.player_account)
    assert "waits for your answer" in client.get("/messages/").content.decode()
    answer = client.post(reverse("organiser:entry_requests"), {"request": second.pk, "answer": "decline"})
    assert answer.status_code == 302 and not _entered(other, pat)
    assert (
        client.post(reverse("organiser:entry_requests"), {"request": "x", "answer": "yes"}).status_code == 400
    )


def test_an_organiser_enters_their_own_and_new_players_at_once(side_b):
    oscar = side_b.organiser
    cup = CompetitionFactory(name="Oscar's Second Cup")
    cup.organisers.add(oscar)
    newcomer = PlayerFactory(name="In No Competition")
    assert isinstance(entry_add(cup, side_b.player, user=oscar), Entry)
    assert isinstance(entry_add(cup, newcomer, user=oscar), Entry)


def test_the_audit_log_shows_only_what_was_written_in_ones_own_competition(side_a, side_b, client):
    oscar, olivia, pat = side_b.organiser, side_a.organiser, side_a.player
    from tournament.access.invitations import invitation_create

    invitation_create(side_a.competition, role="player", player=side_a.newcomer, user=olivia)
    asked = entry_add(side_b.competition, side_a.newcomer, user=oscar)
    entry_request_decide(asked, accept=True, user=olivia)
    client.force_login(oscar)
    page = client.get(reverse("organiser:audit", args=[side_b.competition.pk])).content.decode()
    assert "agreed that" in page
    assert "invit" not in page.lower()  # Olivia's invitation of her player is hers, not Oscar's to read
    assert pat.name not in page


def _forge(competition, victim, accomplices, keeper):
    """Made-up results: the victim loses every hand at a table of the organiser's accomplices."""
    table = seated_table(competition=competition, players=[victim, *accomplices], scorekeeper=keeper)
    api = client_for(keeper)
    for winner in accomplices * 2:
        hand = {"outcome": "win", "win": "discard", "winner": winner.pk, "discarder": victim.pk, "doubles": 3}
        assert api.post(f"/api/v1/tables/{table.pk}/hands/", hand, format="json").status_code == 201
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.FINISHED)  # as tests/ratings do
    return table


def test_made_up_results_in_an_organisers_own_competition_move_no_rating(organiser, scorekeeper, settings):
    settings.RATINGS_RATE = "marked"
    victim = PlayerFactory(name="Best Player")
    accomplices = [PlayerFactory(name=f"Accomplice {n}") for n in range(3)]
    forged = CompetitionFactory(name="Forged Cup", rated=False)  # as the model makes it for an organiser
    forged.organisers.add(organiser)
    _forge(forged, victim, accomplices, scorekeeper)
    ratings_rebuild()
    assert not PlayerRating.objects.filter(player=victim).exists()

    # A superuser marks it rated (through the door, audited): its results count from then on.
    root = UserFactory(username="root", is_superuser=True, is_staff=True)
    with pytest.raises(PermissionDenied):
        competition_set_rated(forged, rated=True, user=organiser)
    competition_set_rated(forged, rated=True, user=root)
    ratings_rebuild()
    assert PlayerRating.objects.filter(player=victim).exists()
    assert AuditEntry.objects.filter(action="competition_rated", competition=forged).count() == 1
    answer = client_for(organiser).patch(
        f"/api/v1/competitions/{forged.pk}/", {"rated": False}, format="json"
    )
    assert answer.status_code in (200, 400) and Entry.objects.filter(competition=forged).exists()
    forged.refresh_from_db()
    assert forged.rated  # read-only in the API


def test_a_new_competition_is_not_rated_until_a_superuser_says_so(organiser):
    answer = client_for(organiser).post("/api/v1/competitions/", {"name": "New Cup"}, format="json")
    assert answer.status_code == 201 and answer.json()["rated"] is False


def test_a_shared_players_inbox_link_is_not_another_organisers_to_pass_on(side_a, side_b, client):
    """Found by an attack (issue 48): once a player also played in Oscar's cup, his messages page listed
    their inbox link, which holds Olivia's competition's messages too."""
    oscar, olivia, pat = side_b.organiser, side_a.organiser, side_a.newcomer
    entry_request_decide(entry_add(side_b.competition, pat, user=oscar), accept=True, user=olivia)
    client.force_login(oscar)
    page = client.get(reverse("organiser:messages", args=[side_b.competition.pk])).content.decode()

    def row(player) -> str:
        start = page.index(f'data-player="{player.pk}"')
        return page[start : page.index("</li>", start)]

    assert "/season/link/" in row(pat) and "/messages/for/" not in row(pat)
    assert "/messages/for/" in row(side_b.newcomer)  # his own player's inbox link: his to pass on
