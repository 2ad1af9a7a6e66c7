"""The audit filter names every kind of entry in words and every person by their name (issue 54, item 4;
issue 47, item 13), in both languages."""

import ast
import pathlib

import pytest
from django.conf import settings
from django.urls import reverse

from tests.factories import PlayerFactory, seated_table
from tournament.counts.services import count_request
from tournament.models import Round
from tournament.tables.ledger.record import hand_record
from tournament.views.organiser.audit_actions import ACTIONS

ROOT = pathlib.Path(__file__).resolve().parents[2] / "tournament"
# Written through a variable (a door choosing between two): named here, as the doors spell them.
BY_NAME = {
    "hand_recorded", "hand_corrected", "hand_agreed", "hand_disputed", "competition_changed",
    "standings_settings_changed", "player_added", "player_entered", "attendance_checked_in",
    "attendance_check_in_undone", "round_published", "account_activated", "account_deactivated",
    "hand.offline_refused", "hand.offline_recorded", "hand.offline_discarded",
}  # fmt: skip


def written_actions() -> set[str]:
    """Every action given as a literal to an ``audit_…`` function in the league's code."""
    found = set()
    for path in ROOT.rglob("*.py"):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if not name.startswith("audit_"):
                continue
            for arg in [*node.args[:1], *(k.value for k in node.keywords if k.arg == "action")]:
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    found.add(arg.value)
    return found


def test_every_action_a_door_writes_has_a_name_in_the_filter():
    written = written_actions()
    assert len(written) > 50  # the scan finds the doors
    assert (written | BY_NAME) - set(ACTIONS) == set()


@pytest.mark.django_db
def test_the_filter_shows_words_and_names_in_both_languages(olivia, organiser, competition, scorekeeper):
    PlayerFactory(name="Sam Seah", user=scorekeeper)
    table = seated_table(competition=competition, scorekeeper=scorekeeper)
    hand_record(table=table, entry={"outcome": "draw"}, user=scorekeeper)
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.PLAYING)
    count_request(table, user=organiser)
    for language in ("en", "zh-hans"):
        olivia.cookies[settings.LANGUAGE_COOKIE_NAME] = language
        page = olivia.get(reverse("organiser:audit", args=[competition.pk])).content.decode()
        actions = page.split('id="id_action"')[1].split("</select>")[0]
        people = page.split('id="id_person"')[1].split("</select>")[0]
        for code in ("hand_recorded", "count_requested"):
            assert f'value="{code}"' in actions and f">{code}<" not in actions
        assert ">Sam Seah<" in people and "sam_scorekeeper" not in people
