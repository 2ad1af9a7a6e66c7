"""Competition set-up: create, edit, the rule-set settings (with the rule document's wording), the staff."""

import re

import pytest
from django.urls import reverse

from scoring.rulesets import get_ruleset
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


def test_the_settings_page_shows_every_setting_with_the_rule_documents_wording(olivia, competition):
    page = olivia.get(reverse("organiser:rules", args=[competition.pk])).content.decode()
    assert 'name="min_doubles"' in page
    assert "001 rule 16" in page
    assert "Minimum attainment of one (1) double in order to game." in page
    rules = get_ruleset(competition.rules)
    assert page.count('class="card org-setting') == len(rules.settings)


def _post_all(client, competition, **changes):
    """Post the settings form as the browser would: every field with its shown value, some changed."""
    page = client.get(reverse("organiser:rules", args=[competition.pk]))
    form = page.context["form"]
    data = {name: form[name].value() for name in form.fields}
    data = {k: ("true" if v is True else "false" if v is False else v) for k, v in data.items()}
    data.update(changes)
    return client.post(reverse("organiser:rules", args=[competition.pk]), data)


def test_a_changed_setting_is_stored_as_an_option_and_only_that(olivia, competition):
    response = _post_all(olivia, competition, min_doubles="2", ping_hu_price="[24, 12]")
    assert response.status_code == 302
    competition.refresh_from_db()
    assert competition.options == {"min_doubles": 2, "ping_hu_price": [24, 12]}
    assert get_ruleset(competition.rules, competition.options)["min_doubles"] == 2
    page = olivia.get(reverse("organiser:rules", args=[competition.pk])).content.decode()
    assert page.count('<span class="org-badge">changed</span>') == 2


def test_setting_a_value_back_to_the_published_one_removes_the_option(olivia, competition):
    competition.options = {"min_doubles": 2}
    competition.save()
    assert _post_all(olivia, competition, min_doubles="1").status_code == 302
    competition.refresh_from_db()
    assert competition.options == {}


# (setting, what the organiser typed, the error they read)
BAD_VALUES = [
    ("min_doubles", "-1", "must be a whole number, 0 or more"),
    ("min_doubles", "two", "Not a value"),
    ("ping_hu_price", "[24]", "must have 2 numbers"),
    ("false_win_payment", "pay_double", "must be one of full_each, as_reverse_win"),
]


@pytest.mark.parametrize("key, typed, error", BAD_VALUES)
def test_a_bad_value_shows_an_error_and_changes_nothing(olivia, competition, key, typed, error):
    competition.options = {"min_doubles": 2}
    competition.save()
    response = _post_all(olivia, competition, **{key: typed, "limit_doubles": "12"})
    assert response.status_code == 400
    assert error in response.context["form"].errors[key][0]
    competition.refresh_from_db()
    assert competition.options == {"min_doubles": 2}  # limit_doubles=12 was not saved either


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
    assert sam.groups.filter(name="scorekeeper").exists() and ann.groups.filter(name="organiser").exists()


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


def test_changing_the_limit_alone_keeps_a_doubling_price_table_consistent(olivia, competition):
    """002 "a typical maximum scoring limit of five (or six)": the table and limit price follow the limit."""
    competition.rules = "sg-classic"
    competition.save()
    assert _post_all(olivia, competition, limit_doubles="6").status_code == 302
    competition.refresh_from_db()
    assert competition.options == {"limit_doubles": 6}  # the prices shown were not pinned
    rules = get_ruleset(competition.rules, competition.options)
    assert list(rules["limit_price"]) == [64, 32] and list(rules["price_table"][6]) == [64, 32]
    page = olivia.get(reverse("organiser:rules", args=[competition.pk])).context["form"]
    assert page["limit_price"].value() == "[64, 32]"
    # the page now shows the limit-6 table; changing the limit again still pins nothing else
    assert _post_all(olivia, competition, limit_doubles="3").status_code == 302
    competition.refresh_from_db()
    assert competition.options == {"limit_doubles": 3}
    assert list(get_ruleset(competition.rules, competition.options)["limit_price"]) == [8, 4]


def test_a_limit_beyond_spgg_rule_21s_table_is_refused_naming_the_missing_rows(olivia, competition):
    response = _post_all(olivia, competition, limit_doubles="11")
    assert response.status_code == 400
    error = response.context["form"].errors["limit_doubles"][0]
    assert "price table (001 rule 21) stops at 10" in error and "for each of 11 doubles" in error
    competition.refresh_from_db()
    assert competition.options in ({}, None)


def test_an_organisers_own_table_for_a_higher_limit_is_kept(olivia, competition):
    rows = "[[1, 1], [2, 1], [4, 2], [8, 4], [16, 8], [32, 16], [42, 26], [52, 36], [62, 46], [72, 56], " \
           "[82, 66], [92, 76]]"  # fmt: skip
    assert _post_all(olivia, competition, limit_doubles="11", price_table=rows).status_code == 302
    competition.refresh_from_db()
    assert competition.options["limit_doubles"] == 11 and competition.options["price_table"][11] == [92, 76]
