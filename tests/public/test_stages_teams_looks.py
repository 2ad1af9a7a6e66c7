"""Looks a browser walk of stages and teams found (issue 49, after it): the competition page names each
round's stage, the big screen and the competition page's standings name a team event's players' teams,
and a list of words is joined as the reader's language joins it ("、" in 简体中文)."""

from __future__ import annotations

import html

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from tests.factories import CompetitionFactory, PlayerFactory, team_with_members
from tests.tournament.test_stage_doors import cup, final  # noqa: F401 - the cup of eight
from tournament.forms.competitions import metric_label
from tournament.models import Qualifier, Stage
from tournament.stages import services
from tournament.stages.selectors import tie_break_metrics
from tournament.standings.store import standings_refresh
from tournament.words import word_list

pytestmark = pytest.mark.django_db


def stages_beside_rounds(client, competition) -> list[str]:
    """The stage named beside each round of the competition page's round list, in round order."""
    page = client.get(reverse("public:competition", args=[competition.pk])).content.decode()
    rounds = page.split('id="rounds"', 1)[1].split("<li>")[1:]
    return [
        html.unescape(item.split('data-testid="round-stage">', 1)[1].split("<", 1)[0])
        if 'data-testid="round-stage"' in item
        else ""
        for item in rounds
    ]


def test_the_competition_page_names_each_round_s_stage_where_there_are_stages(client, cup):  # noqa: F811
    assert stages_beside_rounds(client, cup.competition) == ["", ""]  # one stage: nothing to tell apart
    final(cup, name="Final & last")
    assert stages_beside_rounds(client, cup.competition) == ["Preliminaries", "Final & last"]
    live = client.get(reverse("public:competition_live", args=[cup.competition.pk])).content.decode()
    assert live.count('data-testid="round-stage"') == 2  # the polled part says it too
    services.stage_create(cup.competition, name="Plate")  # a third stage with no round yet
    assert stages_beside_rounds(client, cup.competition) == ["Preliminaries", "Final & last"]
    assert Stage.objects.filter(competition=cup.competition).count() == 3


def screen_lines(client, competition) -> list[dict]:
    standings_refresh(competition)  # the stored standings the screen reads: every entrant, none played yet
    return client.get(f"/api/v1/competitions/{competition.pk}/screen/").json()["standings"]


def test_the_screen_names_each_player_s_team_in_a_team_event(client):
    competition = CompetitionFactory(name="Team Night")
    team_with_members(competition, "Ants", [PlayerFactory(name=f"Ant {k}") for k in range(2)])
    team_with_members(competition, "Bees", [PlayerFactory(name="Bee 0")])
    loner = PlayerFactory(name="Loner")
    competition.entries.create(player=loner)
    lines = screen_lines(client, competition)
    assert {line["name"]: line["team"] for line in lines} == {
        "Ant 0": "Ants", "Ant 1": "Ants", "Bee 0": "Bees", "Loner": "",
    }  # fmt: skip
    loner_line = next(line for line in lines if line["name"] == "Loner")
    assert loner_line["club"] == loner.club.name  # the club is still sent: the team added, nothing renamed
    page = client.get(reverse("public:screen", args=[competition.pk])).content.decode()
    assert '<th id="players-group">Team</th>' in page and 'data-w-club="Club"' in page

    plain = CompetitionFactory(name="No Teams")
    plain.entries.create(player=PlayerFactory(name="Solo"))
    assert [line["team"] for line in screen_lines(client, plain)] == [""]
    assert '<th id="players-group">Club</th>' in client.get(reverse("public:screen", args=[plain.pk])).text


def leaders_groups(client, name: str, competition) -> dict[str, str]:
    """What the competition page's (``name``: or its polled part's) Standings card shows beside each
    leader's name: the grey word after it."""
    page = client.get(reverse(name, args=[competition.pk])).content.decode()
    card = page.split('id="leaders"', 1)[1].split("</ol>", 1)[0]
    return {
        html.unescape(item.split("</a>", 1)[0].rsplit(">", 1)[1]): html.unescape(
            item.split('<span class="muted">', 1)[1].split("<", 1)[0]
        )
        for item in card.split("<li ")[1:]
    }


def test_the_competition_page_names_each_leader_s_team_in_a_team_event(client):
    """The Standings card named the club in a team event; it names the team, as the big screen does."""
    competition = CompetitionFactory(name="Team Night")
    ants = [PlayerFactory(name=f"Ant {k}") for k in range(2)]
    team_with_members(competition, "Ants & Co", ants)
    team_with_members(competition, "Bees", [PlayerFactory(name="Bee 0")])
    competition.entries.create(player=PlayerFactory(name="Loner"))  # entered, in no team
    standings_refresh(competition)
    expected = {"Ant 0": "Ants & Co", "Ant 1": "Ants & Co", "Bee 0": "Bees", "Loner": ""}
    assert leaders_groups(client, "public:competition", competition) == expected
    assert leaders_groups(client, "public:competition_live", competition) == expected  # and as it is polled
    assert ants[0].club.name not in client.get(reverse("public:competition", args=[competition.pk])).text

    plain = CompetitionFactory(name="No Teams")
    solo = PlayerFactory(name="Solo")
    plain.entries.create(player=solo)
    standings_refresh(plain)
    assert leaders_groups(client, "public:competition", plain) == {"Solo": solo.club.name}


def test_a_list_of_words_is_joined_with_the_reader_s_separator():
    labels = [metric_label("net_chips"), metric_label("hands_won")]
    assert word_list(labels) == "net chips, hands won"
    with translation.override("zh-hans"):
        chinese = [metric_label("net_chips"), metric_label("hands_won")]
        assert word_list(chinese) == "、".join(chinese) and "," not in word_list(chinese)


def test_the_tie_break_order_of_a_cut_reads_with_the_chinese_separator(client, cup):  # noqa: F811
    """The public stages page's tie at the cut names the tie-break order: "净筹码、…" in 简体中文."""
    stage = final(cup)
    Qualifier.objects.filter(stage=stage, seed__in=[4, 5]).update(tied_at_cut=True)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    page = html.unescape(client.get(reverse("public:stages", args=[cup.competition.pk])).content.decode())
    with translation.override("zh-hans"):
        order = [metric_label(m) for m in tie_break_metrics(stage)]
    assert len(order) > 1 and f"（{'、'.join(order)}）" in page  # was "净筹码, 和牌数"
