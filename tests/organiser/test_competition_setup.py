"""Competition set-up: create, edit, the rule-set settings (with the rule document's wording), the staff."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tournament.models import AuditEntry, Competition, Round

pytestmark = pytest.mark.django_db


def test_an_organiser_creates_a_competition_and_organises_it(olivia, organiser):
    response = olivia.post(
        reverse("organiser:competition_create"),
        {"name": "Autumn Cup", "kind": "tournament", "rules": "sg-classic", "capital": 500,
         "starts_on": "2026-09-01", "ends_on": "2026-09-01"},
    )  # fmt: skip
    competition = Competition.objects.get(name="Autumn Cup")
    assert response.status_code == 302 and response["Location"] == reverse(
        "organiser:competition", args=[competition.pk]
    )
    assert (competition.kind, competition.rules, competition.capital) == ("tournament", "sg-classic", 500)
    assert list(competition.organisers.all()) == [organiser]
    assert AuditEntry.objects.filter(action="competition_created", competition=competition).exists()


def test_a_competition_cannot_end_before_it_starts(olivia):
    response = olivia.post(
        reverse("organiser:competition_create"),
        {"name": "Backwards", "kind": "league", "rules": "spgg-2023", "capital": 400,
         "starts_on": "2026-09-02", "ends_on": "2026-09-01"},
    )  # fmt: skip
    assert response.status_code == 200
    assert "cannot end before it starts" in response.content.decode()
    assert not Competition.objects.filter(name="Backwards").exists()


def test_changing_the_rule_set_keeps_the_changed_settings_that_still_fit(olivia, competition):
    competition.options = {"min_doubles": 2}
    competition.save()
    olivia.post(
        reverse("organiser:competition_edit", args=[competition.pk]),
        {"name": competition.name, "kind": "league", "rules": "sg-tai-card", "capital": 400},
    )
    competition.refresh_from_db()
    assert competition.rules == "sg-tai-card" and competition.options == {"min_doubles": 2}
    page = olivia.get(reverse("organiser:rules", args=[competition.pk])).content.decode()
    assert "Singaporean Mahjong tai card" in page


def test_staff_by_username(olivia, competition, organiser):
    sam = UserFactory(username="sam")
    ann = UserFactory(username="Ann")
    response = olivia.post(
        reverse("organiser:staff", args=[competition.pk]),
        {"organisers": f"{organiser.username}\nann", "scorekeepers": "sam"},
    )
    assert response.status_code == 302
    assert set(competition.organisers.all()) == {organiser, ann}
    assert list(competition.scorekeepers.all()) == [sam]
    # A staff place is no league-wide role (issue 48): Ann organises this competition, not the league.
    assert not sam.groups.exists() and not ann.groups.exists()
    ann_page = Client()
    ann_page.force_login(ann)
    assert ann_page.get(reverse("organiser:competition", args=[competition.pk])).status_code == 200
    assert 'data-role="organiser"' in ann_page.get(reverse("home")).content.decode()


def test_staff_are_ticked_in_a_searchable_list_and_saving_returns_where_the_organiser_was(
    olivia, competition, organiser
):
    sam = UserFactory(username="sam", first_name="Sam", last_name="Tan")
    UserFactory(username="zed")
    round_ = Round.objects.create(competition=competition, number=1)
    came_from = reverse("organiser:round", args=[round_.pk])
    page = olivia.get(reverse("organiser:staff", args=[competition.pk]), {"next": came_from}).content.decode()
    assert 'data-filter="#id_scorekeepers"' in page and f'name="next" value="{came_from}"' in page
    # every account is a choice, named by its full name; the organiser already ticked
    assert re.search(r'value="sam"[^>]*>\s*Sam Tan \(sam\)', page)
    assert re.search(rf'value="{organiser.username}"[^>]*checked', page)
    response = olivia.post(
        reverse("organiser:staff", args=[competition.pk]),
        {"organisers": [organiser.username], "scorekeepers": ["sam"], "next": came_from},
    )
    assert response.status_code == 302 and response["Location"] == came_from
    assert list(competition.scorekeepers.all()) == [sam]
    elsewhere = olivia.post(
        reverse("organiser:staff", args=[competition.pk]),
        {"organisers": [organiser.username], "next": "https://evil.example/"},
    )
    assert elsewhere["Location"] == reverse("organiser:competition", args=[competition.pk])


def test_staff_names_must_exist_and_someone_must_organise(olivia, competition, organiser):
    response = olivia.post(
        reverse("organiser:staff", args=[competition.pk]), {"organisers": "", "scorekeepers": "nobody_here"}
    )
    errors = response.context["form"].errors
    assert "at least one organiser" in errors["organisers"][0]
    assert "nobody_here" in errors["scorekeepers"][0]
    assert list(competition.organisers.all()) == [organiser]
