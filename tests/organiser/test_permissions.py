"""Every organiser page, as the three people who might open it.

Olivia organises the competition (allowed), Oscar organises another one (403),
an anonymous visitor is sent to the login page; a signed-in player is refused
(403) even the dashboard.
"""

import pytest
from django.urls import reverse

from tests.factories import EntryFactory, seated_table
from tournament.models import Entry, Player, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(competition):
    """A competition with an entry and a seated round: every page has something to show."""
    table = seated_table(competition=competition)
    round_ = table.round
    round_.status = Round.Status.SEATED
    round_.save()
    entry = Entry.objects.filter(competition=competition).first()
    return {"competition": competition.pk, "round": round_.pk, "entry": entry.pk}


# (url name, which object's id, method): every page of /organise/ that belongs to one competition.
PAGES = [
    ("organiser:competition", "competition", "get"),
    ("organiser:competition_edit", "competition", "get"),
    ("organiser:competition_edit", "competition", "post"),
    ("organiser:rules", "competition", "get"),
    ("organiser:rules", "competition", "post"),
    ("organiser:staff", "competition", "get"),
    ("organiser:staff", "competition", "post"),
    ("organiser:players", "competition", "get"),
    ("organiser:player_add", "competition", "post"),
    ("organiser:players_enter", "competition", "post"),
    ("organiser:players_import", "competition", "get"),
    ("organiser:players_import", "competition", "post"),
    ("organiser:players_import_confirm", "competition", "post"),
    ("organiser:entry_withdraw", "entry", "post"),
    ("organiser:entry_substitute", "entry", "get"),
    ("organiser:entry_substitute", "entry", "post"),
    ("organiser:rounds", "competition", "get"),
    ("organiser:rounds", "competition", "post"),
    ("organiser:round", "round", "get"),
    ("organiser:round_edit", "round", "get"),
    ("organiser:round_edit", "round", "post"),
    ("organiser:round_seat", "round", "post"),
    ("organiser:round_swap", "round", "post"),
    ("organiser:round_scorekeepers", "round", "post"),
    ("organiser:round_status", "round", "post"),
    ("organiser:seating_pdf", "round", "get"),
    ("organiser:cards_pdf", "round", "get"),
]
IDS = [f"{method} {name.split(':')[1]}" for name, _, method in PAGES]


def _url(world, name, key):
    return reverse(name, args=[world[key]])


@pytest.mark.parametrize("name, key, method", PAGES, ids=IDS)
def test_another_competitions_organiser_is_refused_and_nothing_changes(oscar, world, name, key, method):
    before = (
        Entry.objects.filter(status="active").count(),
        Player.objects.count(),
        Round.objects.get().status,
    )
    response = getattr(oscar, method)(_url(world, name, key), {"action": "start", "name": "x"})
    assert response.status_code == 403
    assert (
        Entry.objects.filter(status="active").count(),
        Player.objects.count(),
        Round.objects.get().status,
    ) == before


@pytest.mark.parametrize("name, key, method", PAGES, ids=IDS)
def test_anonymous_is_sent_to_log_in(client, world, name, key, method):
    url = _url(world, name, key)
    response = getattr(client, method)(url)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login") + "?next=")


@pytest.mark.parametrize(
    "name, key, method",
    [p for p in PAGES if p[2] == "get"],
    ids=[i for i, p in zip(IDS, PAGES, strict=True) if p[2] == "get"],
)
def test_the_competitions_organiser_opens_every_page(olivia, world, name, key, method):
    response = olivia.get(_url(world, name, key))
    assert response.status_code == 200


def test_dashboard_and_new_competition_need_the_organiser_role(client, player_user, organiser):
    for url in (reverse("organiser:dashboard"), reverse("organiser:competition_create")):
        assert client.get(url).status_code == 302
        client.force_login(player_user)
        assert client.get(url).status_code == 403
        client.force_login(organiser)
        assert client.get(url).status_code == 200
        client.logout()


def test_the_dashboard_lists_only_my_competitions(oscar, competition):
    page = oscar.get(reverse("organiser:dashboard")).content.decode()
    assert "Oscar&#x27;s Cup" in page and "Spring League" not in page


def test_a_superuser_manages_every_competition(client, competition, django_user_model):
    admin = django_user_model.objects.create_superuser("root", password="pw-for-tests-only")
    client.force_login(admin)
    assert client.get(reverse("organiser:competition", args=[competition.pk])).status_code == 200


def test_every_form_carries_a_csrf_token(olivia, world):
    EntryFactory(competition_id=world["competition"])
    for name, key in [
        ("organiser:players", "competition"),
        ("organiser:round", "round"),
        ("organiser:rules", "competition"),
    ]:
        page = olivia.get(_url(world, name, key)).content.decode()
        forms = page.split("<form")[1:]
        assert forms and all("csrfmiddlewaretoken" in f.split("</form>")[0] for f in forms)
