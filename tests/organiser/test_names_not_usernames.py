"""People are named, not logged in (issue 54, item 1): the staff pickers, a ruling, the hand's keeper and the
rule set written once, in both languages."""

import pytest
from django.conf import settings
from django.urls import reverse

from tests.factories import PlayerFactory, UserFactory
from tests.organiser.test_confirmations_page import disputed  # noqa: F401 (a fixture)
from tournament.confirmations.services import hand_rule

pytestmark = pytest.mark.django_db
LANGUAGES = ("en", "zh-hans")


@pytest.fixture
def named(organiser, scorekeeper, competition):
    organiser.first_name, organiser.last_name = "Olivia", "Ong"
    organiser.save()
    PlayerFactory(name="Sam Seah", user=scorekeeper)  # a scorekeeper who also plays: their player's name
    pat = UserFactory(username="pat_player")
    PlayerFactory(name="Pat Lim", user=pat)
    competition.scorekeepers.add(scorekeeper)
    return pat


def test_the_staff_pickers_name_each_person(olivia, competition, named):
    for language in LANGUAGES:
        olivia.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        page = olivia.get(reverse("organiser:staff", args=[competition.pk])).content.decode()
        assert "Pat Lim (pat_player)" in page and "Sam Seah (sam_scorekeeper)" in page
        assert "Olivia Ong (olivia_organiser)" in page
        assert "<span>sam_scorekeeper" not in page  # the keepers' list names them too


def test_a_ruling_and_an_entered_hand_name_the_person(olivia, competition, named, disputed, organiser):  # noqa: F811
    hand_rule(hand=disputed, ruling="keep", reason="seen it", user=organiser)
    for language in LANGUAGES:
        olivia.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        page = olivia.get(reverse("organiser:confirmations", args=[competition.pk])).content.decode()
        assert "(Olivia Ong)" in page and "(olivia_organiser)" not in page
    queue = olivia.get(reverse("organiser:round", args=[disputed.table.round_id])).content.decode()
    assert "Sam Seah" in queue and "sam_scorekeeper" not in queue


def test_the_rule_set_is_written_once(olivia, competition):
    for language in LANGUAGES:
        olivia.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        page = olivia.get(reverse("organiser:competition", args=[competition.pk])).content.decode()
        shown = page.split('data-testid="ruleset">')[1].split("</dd>")[0]
        assert "Rules &amp; Regulations" not in shown and "SPGG 2023" in shown
