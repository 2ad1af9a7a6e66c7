"""The audit log an organiser can read: every change to results and seating, with who and from where."""

import re

import pytest
from django.conf import settings
from django.urls import reverse

from tests.factories import seated_table
from tournament.access.audit import RequestMeta
from tournament.tables.ledger.record import hand_record
from tournament.tables.ledger.void import hand_void

pytestmark = pytest.mark.django_db


def test_the_organiser_reads_who_recorded_and_voided_what(olivia, competition, scorekeeper):
    table = seated_table(competition=competition, scorekeeper=scorekeeper)
    meta = RequestMeta("10.1.2.3", "phone")
    hand = hand_record(table=table, entry={"outcome": "draw"}, user=scorekeeper, meta=meta)
    hand_void(hand=hand, reason="entered twice", user=scorekeeper, meta=meta)
    page = olivia.get(reverse("organiser:audit", args=[competition.pk])).content.decode()
    who = scorekeeper.username
    assert f"{who} recorded hand 1 at table 1 of round 1" in page
    assert f"{who} voided hand 1 at table 1 of round 1: entered twice" in page
    assert "10.1.2.3" in page and "hand_recorded" not in page.split('id="id_action"')[1].split("</select>")[1]
    assert ">Hands voided</option>" in page  # the filter names kinds of entries in words
    only_voids = olivia.get(reverse("organiser:audit", args=[competition.pk]), {"action": "hand_voided"})
    assert f"{who} recorded hand" not in only_voids.content.decode()
    olivia.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    chinese = olivia.get(reverse("organiser:audit", args=[competition.pk])).content.decode()
    assert f"{who} 作废了第 1 轮第 1 桌的第 1 手：entered twice" in chinese


def test_only_the_competitions_organisers_read_its_log(client, competition, scorekeeper, stranger):
    url = reverse("organiser:audit", args=[competition.pk])
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(scorekeeper)
    assert client.get(url).status_code == 403


def test_a_change_made_by_a_command_reads_as_the_system_in_each_language(olivia, competition, scorekeeper):
    table = seated_table(competition=competition, scorekeeper=scorekeeper)
    hand_record(table=table, entry={"outcome": "draw"})  # no user: the operator's command
    url = reverse("organiser:audit", args=[competition.pk])
    assert "System recorded hand 1 at table 1 of round 1" in olivia.get(url).content.decode()
    olivia.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    assert "系统 在第 1 轮第 1 桌录入了第 1 手" in olivia.get(url).content.decode()


def _log(client, competition, **params) -> list[str]:
    page = client.get(reverse("organiser:audit", args=[competition.pk]), params).content.decode()
    log = page.split('data-testid="audit-log">')[1].split("</ol>")[0]
    return [line.strip() for line in re.findall(r'<p class="audit-what">(.*?)</p>', log, re.S)]


def test_the_log_is_filtered_by_table_and_by_person(olivia, organiser, competition, scorekeeper):
    """Issue 14: "what happened at table 2?", "what did Sam do?"."""
    from tournament.rounds.lifecycle import table_end

    t1 = seated_table(competition=competition, scorekeeper=scorekeeper)
    t2 = seated_table(competition=competition, table_number=2)
    hand_record(table=t1, entry={"outcome": "draw"}, user=scorekeeper)
    wrong = hand_record(table=t2, entry={"outcome": "draw"}, user=organiser)
    hand_void(hand=wrong, reason="wrong table", user=organiser)
    table_end(t2, user=organiser)
    sam, olivia_name = scorekeeper.username, organiser.username
    at_two = _log(olivia, competition, table=t2.pk)
    assert at_two == [
        f"{olivia_name} ended table 2 of round 1",
        f"{olivia_name} voided hand 1 at table 2 of round 1: wrong table",
        f"{olivia_name} recorded hand 1 at table 2 of round 1",
    ]
    assert _log(olivia, competition, person=scorekeeper.pk) == [
        f"{sam} recorded hand 1 at table 1 of round 1",
        f"Round 1 started with its first hand, recorded by {sam}",
    ]
    assert _log(olivia, competition, table=t1.pk, person=organiser.pk) == []
    page = olivia.get(reverse("organiser:audit", args=[competition.pk]), {"table": t2.pk}).content.decode()
    assert f'<option value="{t2.pk}" selected>Round 1 · Table 2</option>' in page
    assert f'<option value="{scorekeeper.pk}">{sam}</option>' in page  # only people who did something
    assert _log(olivia, competition, table="nonsense") == _log(olivia, competition)


def test_a_filter_in_other_digits_filters_nothing_not_a_server_error(olivia, competition):
    """``?table=²`` passed ``str.isdigit`` and failed in ``int``: 500."""
    seated_table(competition=competition)
    for key in ("table", "person"):
        assert olivia.get(reverse("organiser:audit", args=[competition.pk]), {key: "²"}).status_code == 200


def test_an_action_filter_with_a_nul_shows_nothing_not_a_server_error(olivia, competition):
    """``?action=%00`` reached the query: PostgreSQL refuses a NUL in text (a 500 there; attacker's pass)."""
    seated_table(competition=competition)
    page = olivia.get(reverse("organiser:audit", args=[competition.pk]), {"action": "round\x00"})
    assert page.status_code == 200 and len(page.context["page"].object_list) == 0
