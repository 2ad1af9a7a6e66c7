"""The calculator says which event a hand cannot have had and why, translated, and scores it again without it
in one tap; it says which setting decided a payment (issue 37).
"""

from __future__ import annotations

import re

import pytest

try:
    from django.conf import settings as _settings

    _settings.INSTALLED_APPS  # noqa: B018 (raises when pytest runs with -p no:django)
except Exception:  # pragma: no cover - pure runs of tests/scoring
    pytest.skip("needs Django settings (run without -p no:django)", allow_module_level=True)

from django.utils import translation  # noqa: E402

from scoring.events import EVENT_WHY  # noqa: E402
from scoring.words import decided_text, error_text  # noqa: E402
from tests.scoring.test_calculator_page import CONTRACT_FORM, URL, nets_shown  # noqa: E402

pytestmark = pytest.mark.django_db
WHY = EVENT_WHY["last_tile_on_discard"]


def test_the_engine_speaks_english_and_a_page_translates():
    """The rules core translates nothing (its words are marked for makemessages, ``scoring.words``): the
    API's message is the engine's English; a page hands its gettext and reads Chinese."""
    with translation.override("zh-hans"):
        for key, message in EVENT_WHY.items():
            assert error_text({"message": message}) == message, key
            assert error_text({"message": message}, translation.gettext) != message, key
        assert error_text({"message": "Something else."}, translation.gettext) == "Something else."


def test_a_decision_names_the_seat_in_words():
    decision = {"setting": "kong_discarder_pays_for_all", "value": True, "code": "W"}
    with translation.override("en"):
        assert decided_text(decision, {"W": "West"}.get, translation.gettext) == (
            "Won on a kong's replacement tile: West discarded the kong's tile and pays for all."
        )


def test_the_calculator_names_the_event_and_offers_to_score_without_it(client):
    last_tile = {**CONTRACT_FORM, "events": ["last_tile"]}
    html = client.post(URL, last_tile).content.decode()
    assert WHY in html and 'data-event="last_tile"' in html
    assert re.search(r'form="calc-form" name="drop_event" value="last_tile"', html)
    assert "Score it again without: Won on the last tile of the wall" in html
    assert nets_shown(html) == {}

    again = client.post(
        URL, {**last_tile, "drop_event": "last_tile"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert WHY not in again and 'data-doubles="3"' in again
    assert nets_shown(again) == {"E": -4, "S": 16, "W": -8, "N": -4}
    events = re.search(
        r'<fieldset class="checks" id="calc-events" hx-swap-oob="true">.*?</fieldset>', again, re.S
    )
    assert events and 'value="last_tile"' in events.group(0)
    assert not re.search(r'value="last_tile"[^>]*checked', events.group(0))


def test_the_calculator_says_which_setting_decided_the_payment(client):
    tiles = "EW EW EW SW SW SW WW WW WW RD RD RD GD GD"
    honours = {**CONTRACT_FORM, "rules": "sg-classic", "concealed": tiles, "winning_tile": "GD",
               "meld1": "", "meld2": "", "bonus": ""}  # fmt: skip
    html = client.post(URL, honours).content.decode()
    assert nets_shown(html) == {"E": -32, "S": 96, "W": -32, "N": -32}
    assert 'data-setting="all_pay_full_hands"' in html
    assert "setting all_pay_full_hands, 002 lines 433 All Honours, 594 Thirteen Wonders" in html


def test_the_minimum_names_the_rule_set_not_its_id(client):
    """Issue 54, item 1: "spgg-2023 needs at least 1 to win" read as the rule set's name, in both languages;
    the API keeps the engine's English with the id."""
    plain = {**CONTRACT_FORM, "concealed": "B1 B2 B3 D4 D5 D6 C7 C8 C9 D9 D9 B5 B5 B5", "winning_tile": ""}
    plain.update({"meld1": "", "meld2": "", "bonus": ""})
    for language, name in (("en", "Under SPGG 2023 (default) a win needs at least 1."), ("zh-hans", "SPGG")):
        client.cookies[_settings.LANGUAGE_COOKIE_NAME] = language
        html = client.post(URL, plain).content.decode()
        assert 'data-code="below_minimum_doubles"' in html
        assert "spgg-2023 needs" not in html and name in html
    engine = {"message": "The hand has 0 doubles; spgg-2023 needs at least 1 to win.", "code": "x"}
    assert error_text(engine) == engine["message"]
