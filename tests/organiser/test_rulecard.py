"""The rules page reads like a rule card (issue 14): settings in words, grouped, the document's wording
beside each, changes marked against the published rule set, lists and tables as rows; saved through
the one door (``competition_set_rules``), which writes the audit entry."""

import re

import pytest
from django.urls import reverse

from scoring.rulesets import get_ruleset
from tournament.models import AuditEntry

pytestmark = pytest.mark.django_db

SPGG_TABLE = [
    [1, 1],
    [2, 1],
    [4, 2],
    [8, 4],
    [16, 8],
    [32, 16],
    [42, 26],
    [52, 36],
    [62, 46],
    [72, 56],
    [82, 66],
]


def _url(competition):
    return reverse("organiser:rules", args=[competition.pk])


def _post_all(client, competition, **changes):
    """Post the rule card as a browser would: every input with its shown value, some changed."""
    form = client.get(_url(competition)).context["form"]
    data = {}
    for name in form.fields:
        value = form[name].value()
        if value is True:
            data[name] = "on"
        elif value is not False and value is not None and value != "":
            data[name] = value
    for name, value in changes.items():
        if value is None:
            data.pop(name, None)
        else:
            data[name] = value
    return client.post(_url(competition), data)


def _setting(page: str, key: str) -> str:
    """The block of one setting on the page."""
    match = re.search(rf'<div class="org-setting[^"]*" id="setting-{key}">.*?</blockquote>', page, re.S)
    assert match, key
    return match.group(0)


def test_the_card_names_every_setting_in_words_under_headings_with_the_documents_wording(olivia, competition):
    page = olivia.get(_url(competition)).content.decode()
    for heading in ("Winning and minimum doubles", "Prices", "Limit hands", "Kongs and bonus tiles",
                    "Penalties", "Bao (paying for all)"):  # fmt: skip
        assert f"<h2>{heading}</h2>" in page
    assert page.count('<div class="org-setting') == len(get_ruleset(competition.rules).settings)
    block = _setting(page, "min_doubles")
    assert "Minimum doubles to win" in block and "<code>" not in block
    assert "001 rule 16" in block and "Minimum attainment of one (1) double in order to game." in block
    assert 'type="number"' in block and 'min="0"' in block
    assert "placeholder" not in block  # a number that must be given shows no grey "not counted"
    # no list is written as JSON any more
    assert "[1, 1]" not in page and "[]" not in page
    assert 'type="checkbox" name="seven_pairs_four_alike"' in page
    assert "changed from" not in page  # nothing differs from SPGG 2023 yet


def test_a_changed_number_is_stored_through_the_door_audited_and_marked(olivia, competition):
    response = _post_all(olivia, competition, min_doubles="2")
    assert response.status_code == 302
    competition.refresh_from_db()
    assert competition.options == {"min_doubles": 2}
    entry = AuditEntry.objects.filter(action="rules_changed").get()
    assert entry.data["options"] == {"min_doubles": 2} and entry.data["before"]["options"] == {}
    page = olivia.get(_url(competition)).content.decode()
    block = _setting(page, "min_doubles")
    assert "changed from SPGG 2023" in block and "published: 1" in block
    assert page.count("changed from SPGG 2023") == 1


def test_a_checkbox_a_pair_and_a_choice_change_only_themselves(olivia, competition):
    pair = {"ping_hu_price-full": "24", "ping_hu_price-half": "12"}
    response = _post_all(
        olivia, competition, shooter_pays_all="on", false_win_payment="as_reverse_win", **pair
    )
    assert response.status_code == 302
    competition.refresh_from_db()
    assert competition.options == {
        "shooter_pays_all": True, "ping_hu_price": [24, 12], "false_win_payment": "as_reverse_win",
    }  # fmt: skip
    page = olivia.get(_url(competition)).content.decode()
    assert "published: no" in _setting(page, "shooter_pays_all")
    assert "published: 20/10" in _setting(page, "ping_hu_price")
    # back to the published values: the options are empty again
    pair = {"ping_hu_price-full": "20", "ping_hu_price-half": "10"}
    response = _post_all(olivia, competition, shooter_pays_all=None, false_win_payment="full_each", **pair)
    assert response.status_code == 302
    competition.refresh_from_db()
    assert competition.options == {}


def test_price_table_rows_are_added_and_removed(olivia, competition):
    # the empty last row adds doubles 11; the limit follows it
    response = _post_all(
        olivia, competition, limit_doubles="11", **{"price_table-11-full": "92", "price_table-11-half": "76"}
    )
    assert response.status_code == 302
    competition.refresh_from_db()
    assert competition.options == {"limit_doubles": 11, "price_table": [*SPGG_TABLE, [92, 76]]}
    page = olivia.get(_url(competition)).content.decode()
    assert 'name="price_table-12-full"' in page  # a new empty row to add the next one
    assert "changed from SPGG 2023" in _setting(page, "price_table")
    # removing the row again (and the limit back to 10) is the published table: nothing kept
    response = _post_all(olivia, competition, limit_doubles="10", **{"price_table-11-remove": "on"})
    assert response.status_code == 302
    competition.refresh_from_db()
    assert competition.options == {}


def test_a_row_added_by_the_pages_script_is_read_too(olivia, competition):
    rows = {"price_table-11-full": "92", "price_table-11-half": "76", "price_table-12-full": "102",
            "price_table-12-half": "86"}  # fmt: skip
    assert _post_all(olivia, competition, limit_doubles="12", **rows).status_code == 302
    competition.refresh_from_db()
    assert competition.options["price_table"][-2:] == [[92, 76], [102, 86]]


def test_lists_of_hands_are_rows_chosen_by_name(olivia, competition):
    page = olivia.get(_url(competition)).content.decode()
    block = _setting(page, "min_doubles_exempt")
    assert 'name="min_doubles_exempt-0-hand"' in block and ">Seven Pairs</option>" in block
    response = _post_all(
        olivia, competition, **{"min_doubles_exempt-0-hand": "seven_pairs", "limit_hands-0-remove": "on"}
    )
    assert response.status_code == 302
    competition.refresh_from_db()
    published = list(get_ruleset(competition.rules)["limit_hands"])
    assert competition.options == {"min_doubles_exempt": ["seven_pairs"], "limit_hands": published[1:]}
    page = olivia.get(_url(competition)).content.decode()
    assert "published: none" in _setting(page, "min_doubles_exempt")
    assert "published: Big Four Winds," in _setting(page, "limit_hands")


def test_bao_situations_are_checkboxes_and_their_order_is_no_change(olivia, competition):
    competition.rules = "sg-tai-card"  # its published order differs from the order of the boxes
    competition.save()
    assert _post_all(olivia, competition).status_code == 302
    competition.refresh_from_db()
    assert competition.options == {}
    assert _post_all(olivia, competition, bao_scenarios=["same_suit", "limit_shown"]).status_code == 302
    competition.refresh_from_db()
    assert competition.options == {"bao_scenarios": ["limit_shown", "same_suit"]}


# (input, what the organiser typed, the error they read beside the setting)
BAD_VALUES = [
    ("min_doubles", "-1", "Ensure this value is greater than or equal to 0."),
    ("min_doubles", "two", "Enter a whole number."),
    ("min_doubles", "", "This field is required."),
    ("ping_hu_price-half", "", "Give both the full and the half price."),
    ("false_win_payment", "pay_double", "Select a valid choice."),
    ("price_table-11-full", "92", "Row 11: give both the full and the half price."),
]


@pytest.mark.parametrize("name, typed, error", BAD_VALUES)
def test_a_bad_value_shows_its_error_beside_the_setting_and_changes_nothing(
    olivia, competition, name, typed, error
):
    competition.options = {"min_doubles": 2}
    competition.save()
    response = _post_all(olivia, competition, **{name: typed, "limit_doubles": "9"})
    assert response.status_code == 400
    key = name.split("-")[0]
    assert any(error in e for e in response.context["form"].errors_of(key))
    assert error in _setting(response.content.decode(), key).replace("&#x27;", "'")
    competition.refresh_from_db()
    assert competition.options == {"min_doubles": 2}  # limit_doubles=9 was not saved either
    assert not AuditEntry.objects.filter(action="rules_changed").exists()


def test_a_limit_beyond_spgg_rule_21s_table_is_refused_in_words_beside_the_limit(olivia, competition):
    response = _post_all(olivia, competition, limit_doubles="11")
    assert response.status_code == 400
    errors = response.context["form"].errors_of("limit_doubles")
    assert errors == [
        "A limit of 11 doubles needs a price for every double up to it, but the price table stops at 10 "
        "doubles: add rows to the price table or lower the limit to 10."
    ]
    competition.refresh_from_db()
    assert competition.options in ({}, None)


def test_changing_the_limit_alone_keeps_a_doubling_price_table_consistent(olivia, competition):
    """002 "a typical maximum scoring limit of five (or six)": the table and limit price follow the limit."""
    competition.rules = "sg-classic"
    competition.save()
    assert _post_all(olivia, competition, limit_doubles="6").status_code == 302
    competition.refresh_from_db()
    assert competition.options == {"limit_doubles": 6}  # the prices shown were not pinned
    rules = get_ruleset(competition.rules, competition.options)
    assert list(rules["limit_price"]) == [64, 32] and list(rules["price_table"][6]) == [64, 32]
    form = olivia.get(_url(competition)).context["form"]
    assert (form["limit_price-full"].value(), form["limit_price-half"].value()) == (64, 32)
    # the page now shows the limit-6 table; changing the limit again still pins nothing else
    assert _post_all(olivia, competition, limit_doubles="3").status_code == 302
    competition.refresh_from_db()
    assert competition.options == {"limit_doubles": 3}
    assert list(get_ruleset(competition.rules, competition.options)["limit_price"]) == [8, 4]


def test_the_card_is_in_chinese(olivia, competition):
    olivia.cookies["django_language"] = "zh-hans"
    page = olivia.get(_url(competition), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "Minimum doubles to win" not in page and "Winning and minimum doubles" not in page
    assert "001 rule 16" in page  # the document's own wording stays as printed
