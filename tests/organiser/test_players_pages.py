"""The players pages: add one, enter registered players, import a CSV file, withdraw and substitute."""

import base64
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import ClubFactory, EntryFactory, PlayerFactory, seated_table
from tournament.models import AuditEntry, Club, Entry, Player

pytestmark = pytest.mark.django_db


def test_add_one_player_registers_and_enters_them(olivia, competition):
    club = ClubFactory(name="Tampines")
    response = olivia.post(
        reverse("organiser:player_add", args=[competition.pk]),
        {"name": "Alice Tan", "registration_no": "R1", "club": club.pk, "contact": ""},
    )
    assert response.status_code == 302
    player = Player.objects.get(registration_no="R1")
    assert player.club == club and competition.entries.get().player == player


def test_add_one_player_with_a_new_club(olivia, competition):
    olivia.post(
        reverse("organiser:player_add", args=[competition.pk]),
        {"name": "Bob Lim", "registration_no": "R2", "new_club": "Bishan"},
    )
    assert Player.objects.get(registration_no="R2").club == Club.objects.get(name="Bishan")


def test_a_registration_number_taken_is_refused(olivia, competition):
    PlayerFactory(name="Carol Ng", registration_no="R3")
    response = olivia.post(
        reverse("organiser:player_add", args=[competition.pk]), {"name": "Dan", "registration_no": "r3"}
    )
    assert response.status_code == 400
    assert "already registered to Carol Ng" in response.content.decode()
    assert competition.entries.count() == 0


def test_enter_registered_players(olivia, competition):
    a, b = PlayerFactory(), PlayerFactory()
    response = olivia.post(
        reverse("organiser:players_enter", args=[competition.pk]), {"players": [a.pk, b.pk]}
    )
    assert response.status_code == 302
    assert set(competition.players.all()) == {a, b}
    assert "2 players entered." in olivia.get(response["Location"]).content.decode()


def test_entering_one_player_says_player_not_players(olivia, competition):
    """Issue 14: "1 players entered" (plural forms by ngettext)."""
    response = olivia.post(
        reverse("organiser:players_enter", args=[competition.pk]),
        {"players": [PlayerFactory().pk]},
        follow=True,
    )
    text = response.content.decode()
    assert "1 player entered." in text and "1 players entered" not in text


def test_withdraw_keeps_the_entry_and_its_tables(olivia, competition):
    table = seated_table(competition=competition)
    entry = competition.entries.first()
    response = olivia.post(reverse("organiser:entry_withdraw", args=[entry.pk]))
    assert response.status_code == 302
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN and entry.withdrawn_at is not None
    assert table.seats.filter(player=entry.player).exists()  # history intact
    assert competition.entries.count() == 4
    audit = AuditEntry.objects.get(action="entry_withdrawn", object_id=entry.pk)
    assert audit.summary == f"olivia_organiser withdrew {entry.player.name} from {competition.name}"
    assert audit.user_agent or audit.ip_address  # where the change came from, as every door records it
    page = olivia.get(reverse("organiser:players", args=[competition.pk])).content.decode()
    assert entry.player.name in page and "Withdrawn" in page


def test_a_substitute_is_a_new_entry_pointing_at_the_one_replaced(olivia, competition):
    entry = EntryFactory(competition=competition)
    sub = PlayerFactory(name="Eve Sub")
    response = olivia.post(reverse("organiser:entry_substitute", args=[entry.pk]), {"player": sub.pk})
    assert response.status_code == 302
    entry.refresh_from_db()
    new = Entry.objects.get(competition=competition, player=sub)
    assert new.substitute_for == entry and new.status == Entry.Status.ACTIVE
    assert entry.status == Entry.Status.WITHDRAWN and entry.withdrawn_at is not None
    assert Entry.objects.filter(pk=entry.pk).exists()
    page = olivia.get(reverse("organiser:players", args=[competition.pk])).content.decode()
    assert f"substitute for {entry.player.name}" in page


def test_a_player_already_entered_cannot_substitute(olivia, competition):
    entry, other = EntryFactory(competition=competition), EntryFactory(competition=competition)
    response = olivia.post(
        reverse("organiser:entry_substitute", args=[entry.pk]), {"player": other.player.pk}
    )
    assert response.status_code == 400
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ACTIVE


def _upload(client, competition, data: bytes, create_clubs=False):
    return client.post(
        reverse("organiser:players_import", args=[competition.pk]),
        {
            "file": SimpleUploadedFile("players.csv", data, "text/csv"),
            "create_clubs": "on" if create_clubs else "",
        },
    )


BAD = (
    "name,club,registration number\n"
    "Alice Tan,Tampines,R1\n"  # line 2: the same number as line 5
    ",Tampines,R2\n"  # line 3: no name
    "Bob Lim,Nowhere,R3\n"  # line 4: unknown club
    "Carol,Tampines,R1\n"
)


def test_the_preview_shows_every_rows_problem_and_offers_no_import(olivia, competition):
    ClubFactory(name="Tampines")
    response = _upload(olivia, competition, BAD.encode())
    page = response.content.decode()
    assert response.status_code == 200
    assert "missing name" in page
    assert "unknown club “Nowhere”" in page
    assert (
        "registration number R1 is also on line 5" in page
        and "registration number R1 is also on line 2" in page
    )
    assert "4 rows have problems" in page
    assert 'name="import"' not in page
    assert Player.objects.count() == 0


def test_import_is_refused_while_any_row_is_bad_even_if_posted(olivia, competition):
    ClubFactory(name="Tampines")
    response = olivia.post(
        reverse("organiser:players_import_confirm", args=[competition.pk]),
        {"data": base64.b64encode(BAD.encode()).decode(), "import": "1"},
    )
    assert response.status_code == 400
    assert "Nothing was imported" in response.content.decode()
    assert Player.objects.count() == 0 and competition.entries.count() == 0


def test_preview_then_create_clubs_then_import(olivia, competition):
    data = b"Alice Tan,Tampines,R1\nBob Lim,Bishan,R2\n"
    ClubFactory(name="Tampines")
    page = _upload(olivia, competition, data).content.decode()
    assert "unknown club “Bishan”" in page and 'name="import"' not in page
    encoded = base64.b64encode(data).decode()
    confirm = reverse("organiser:players_import_confirm", args=[competition.pk])
    page = olivia.post(confirm, {"data": encoded, "create_clubs": "on", "check": "1"}).content.decode()
    assert "Every row is good" in page and 'name="import"' in page
    assert Player.objects.count() == 0  # checking again imports nothing
    response = olivia.post(confirm, {"data": encoded, "create_clubs": "on", "import": "1"})
    assert response.status_code == 302
    assert set(competition.players.values_list("name", flat=True)) == {"Alice Tan", "Bob Lim"}
    assert Club.objects.filter(name="Bishan").exists()


def test_a_file_in_a_local_encoding_is_explained(olivia, competition):
    page = _upload(olivia, competition, "José Tan,,R1\n".encode("cp1252")).content.decode()
    assert "Line 1 is not UTF-8 text" in page and "CSV UTF-8" in page
    assert "/players/import/confirm/" not in page and 'name="import"' not in page


def test_an_entry_is_replaced_once(olivia, competition):
    entry = EntryFactory(competition=competition)
    first, second = PlayerFactory(name="First Sub"), PlayerFactory(name="Second Sub")
    olivia.post(reverse("organiser:entry_substitute", args=[entry.pk]), {"player": first.pk})
    response = olivia.post(reverse("organiser:entry_substitute", args=[entry.pk]), {"player": second.pk})
    assert response.status_code == 400 and "already been replaced by First Sub" in response.content.decode()
    assert not Entry.objects.filter(player=second).exists()


def test_the_players_page_shows_who_replaced_whom(olivia, competition):
    entry = EntryFactory(competition=competition, player=PlayerFactory(name="Gone Away"))
    olivia.post(
        reverse("organiser:entry_substitute", args=[entry.pk]), {"player": PlayerFactory(name="New Face").pk}
    )
    page = olivia.get(reverse("organiser:players", args=[competition.pk])).content.decode()
    assert "replaced by New Face" in page and "substitute for Gone Away" in page
    assert reverse("organiser:entry_substitute", args=[entry.pk]) not in page


def test_withdrawing_a_player_seated_in_a_round_not_started_warns(olivia, competition):
    table = seated_table(competition=competition, round_number=4)
    entry = competition.entries.first()
    response = olivia.post(reverse("organiser:entry_withdraw", args=[entry.pk]), follow=True)
    assert f"{entry.player.name} is still seated in round 4" in response.content.decode()
    assert table.seats.filter(player=entry.player).exists()  # the organiser decides: reseat or swap


def test_an_unknown_club_is_explained_once_and_the_corrected_file_keeps_create_missing_clubs(
    olivia, competition
):
    """Issue 14: three rows of one unknown club say what to do once; ticking "create missing clubs"
    and then uploading a corrected file keeps the tick."""
    data = b"Alice Tan,Bishan,R1\nBob Lim,Bishan,R2\nCarol Ng,bishan,R3\n"
    page = _upload(olivia, competition, data).content.decode()
    assert page.count("Tick “Create missing clubs”") == 1
    assert "Unknown club: Bishan." in page and page.count("unknown club “") == 3  # one per row, no advice
    assert 'id="upload_create_clubs"' in page and 'id="upload_create_clubs" checked' not in page
    encoded = base64.b64encode(data).decode()
    confirm = reverse("organiser:players_import_confirm", args=[competition.pk])
    page = olivia.post(confirm, {"data": encoded, "create_clubs": "on", "check": "1"}).content.decode()
    assert "Clubs to create: Bishan" in page and "Unknown club" not in page
    corrected = re.search(r'<input type="checkbox" name="create_clubs" id="upload_create_clubs"[^>]*>', page)
    assert corrected and "checked" in corrected.group(0)


def test_the_import_problems_read_in_chinese(olivia, competition):
    from django.conf import settings

    olivia.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    page = _upload(olivia, competition, b"Alice Tan,Bishan,R1\n,Bishan,R1\n").content.decode()
    assert "未知俱乐部“Bishan”" in page and "缺少姓名" in page and "注册号 R1 也出现在第 1 行" in page
    assert "unknown club" not in page and "missing name" not in page


def test_withdraw_asks_first_says_what_happens_and_reinstate_is_on_the_same_page(olivia, competition):
    """Issue 32, item 4: one tap removed a player with no question and no way back."""
    entry = EntryFactory(competition=competition, player=PlayerFactory(name="Wendy Wong"))
    page = olivia.get(reverse("organiser:players", args=[competition.pk])).content.decode()
    assert (
        'data-confirm="Withdraw Wendy Wong? They are not seated in new rounds; their results so far stay, '
        "and in the standings they are ranked like everyone, marked withdrawn." in page
    )
    response = olivia.post(reverse("organiser:entry_withdraw", args=[entry.pk]), follow=True)
    assert "Reinstate them below" in response.content.decode()
    reinstate = reverse("organiser:entry_reinstate", args=[entry.pk])
    assert f'action="{reinstate}"' in response.content.decode()
    olivia.post(reinstate)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.ACTIVE and entry.withdrawn_at is None
    assert AuditEntry.objects.filter(action="entry_reinstated", object_id=entry.pk).exists()


def test_only_the_competitions_organiser_reinstates(oscar, competition):
    entry = EntryFactory(competition=competition, status=Entry.Status.WITHDRAWN)
    assert oscar.post(reverse("organiser:entry_reinstate", args=[entry.pk])).status_code == 403
    assert oscar.get(reverse("organiser:entry_reinstate", args=[entry.pk])).status_code in (403, 405)
    entry.refresh_from_db()
    assert entry.status == Entry.Status.WITHDRAWN
