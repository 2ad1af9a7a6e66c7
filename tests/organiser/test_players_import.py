"""The CSV import against the database: a preview writes nothing; the import is all or nothing."""

import pytest

from tests.factories import ClubFactory, PlayerFactory
from tournament.league.players_import import ImportRejected, players_import, players_preview
from tournament.models import AuditEntry, Club, Entry, Player

pytestmark = pytest.mark.django_db

GOOD = b"name,club,registration number\nAlice Tan,Tampines,R100\nBob Lim,Bishan,R101\nCarol Ng,,R102\n"


@pytest.fixture
def tampines():
    return ClubFactory(name="Tampines", short_name="TMC")


def test_the_preview_writes_nothing(tampines):
    preview = players_preview(GOOD, create_clubs=True)
    assert preview.ok and preview.new_players == 3 and preview.clubs_to_create == ("Bishan",)
    assert Player.objects.count() == 0 and Club.objects.count() == 1


def test_a_good_file_imports_every_player_creates_clubs_and_enters_them(tampines, competition, organiser):
    result = players_import(GOOD, create_clubs=True, competition=competition, user=organiser)
    assert sorted(p.name for p in result.created) == ["Alice Tan", "Bob Lim", "Carol Ng"]
    assert [c.name for c in result.clubs_created] == ["Bishan"]
    assert Player.objects.get(registration_no="R100").club == tampines
    assert Player.objects.get(registration_no="R102").club is None
    assert result.entered == 3 and competition.entries.count() == 3
    audit = AuditEntry.objects.get(action="players_imported")
    assert audit.user == organiser and sorted(audit.data["created"]) == sorted(p.pk for p in result.created)


def test_one_bad_row_imports_nothing_at_all(tampines, competition):
    data = GOOD + b",Tampines,R103\n"  # line 5: no name
    with pytest.raises(ImportRejected) as rejected:
        players_import(data, create_clubs=True, competition=competition)
    assert [r.line for r in rejected.value.preview.rows if not r.ok] == [5]
    assert Player.objects.count() == 0
    assert Club.objects.count() == 1  # Bishan not created either
    assert competition.entries.count() == 0


def test_unknown_club_without_permission_to_create_imports_nothing(tampines):
    with pytest.raises(ImportRejected) as rejected:
        players_import(GOOD, create_clubs=False)
    assert rejected.value.preview.unknown_clubs == ("Bishan",)
    assert Player.objects.count() == 0


def test_a_number_registered_to_another_name_is_a_problem_the_same_name_is_the_existing_player(competition):
    bob = PlayerFactory(name="Bob Lim", registration_no="R101", club=None)
    PlayerFactory(name="Someone Else", registration_no="R102")
    preview = players_preview(b"Bob Lim,,r101\nCarol Ng,,R102\n")
    assert [r.action for r in preview.rows] == ["existing", ""]
    assert preview.rows[1].problems == ("registration number R102 is already registered to Someone Else",)

    result = players_import(b"Bob Lim,,r101\nDan Koh,,R200\n", competition=competition)
    assert result.existing == (bob,) and [p.name for p in result.created] == ["Dan Koh"]
    assert set(Entry.objects.filter(competition=competition).values_list("player__name", flat=True)) == {
        "Bob Lim",
        "Dan Koh",
    }
    assert Player.objects.get(pk=bob.pk).name == "Bob Lim"  # the registered player is not changed


def test_a_file_in_a_local_encoding_imports_nothing():
    with pytest.raises(ImportRejected) as rejected:
        players_import("José Tan,,R1\n".encode("cp1252"))
    assert "not UTF-8" in rejected.value.preview.file_problems[0]
    assert Player.objects.count() == 0


# --- issue 32, item 8: a name registered under another number is flagged, and the organiser chooses ------


def test_a_name_registered_under_another_number_waits_for_the_organisers_choice(tampines, competition):
    alice = PlayerFactory(name="ALICE TAN", registration_no="SG9", club=tampines)
    preview = players_preview(GOOD, create_clubs=True)
    row = next(r for r in preview.rows if r.name == "Alice Tan")
    assert row.namesakes == (("SG9", "ALICE TAN", "Tampines"),) and row.needs_choice
    assert not preview.ok and preview.importable_once_chosen and preview.choices_needed == 1
    with pytest.raises(ImportRejected):
        players_import(GOOD, create_clubs=True, competition=competition)
    assert Player.objects.count() == 1  # nothing imported without the choice

    result = players_import(GOOD, create_clubs=True, competition=competition, choices={2: "SG9"})
    assert alice in result.existing and Player.objects.filter(name="Alice Tan").count() == 0
    assert competition.entries.filter(player=alice).exists()


def test_the_organiser_may_say_it_is_a_different_player(tampines, competition):
    PlayerFactory(name="Alice Tan", registration_no="SG9")
    players_import(GOOD, create_clubs=True, competition=competition, choices={2: "new"})
    assert Player.objects.filter(name="Alice Tan").count() == 2


def test_a_choice_naming_someone_else_is_asked_again(tampines, competition):
    PlayerFactory(name="Alice Tan", registration_no="SG9")
    other = PlayerFactory(name="Zed", registration_no="SG10")
    preview = players_preview(GOOD, create_clubs=True, choices={2: other.registration_no})
    assert not preview.ok and next(r for r in preview.rows if r.line == 2).needs_choice


def test_the_import_page_offers_the_choice(olivia, competition, tampines):
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.urls import reverse

    PlayerFactory(name="Alice Tan", registration_no="SG9")
    upload = SimpleUploadedFile("p.csv", GOOD, content_type="text/csv")
    page = olivia.post(
        reverse("organiser:players_import", args=[competition.pk]), {"file": upload, "create_clubs": "on"}
    ).content.decode()
    assert 'data-testid="choices-needed"' in page and 'name="same_2" value="SG9"' in page
    assert 'name="import"' in page
    import base64

    confirm = {"data": base64.b64encode(GOOD).decode(), "create_clubs": "on", "import": "1"}
    refused = olivia.post(reverse("organiser:players_import_confirm", args=[competition.pk]), confirm)
    assert refused.status_code == 400 and Player.objects.count() == 1
    done = olivia.post(
        reverse("organiser:players_import_confirm", args=[competition.pk]), {**confirm, "same_2": "SG9"}
    )
    assert done.status_code == 302 and Player.objects.count() == 3
