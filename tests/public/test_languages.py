"""The player-facing pages in English and Simplified Chinese, chosen by the visitor (Django i18n)."""

import pytest
from django.conf import settings
from django.urls import reverse

from tournament.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def chinese(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "zh-hans"
    return client


def test_the_standings_page_in_chinese(chinese, league):
    html = chinese.get(reverse("public:standings", args=[league["competition"].pk])).content.decode()
    assert '<html lang="zh-hans">' in html
    assert "<h1>积分榜</h1>" in html
    for heading in (
        "名次",
        "选手",
        "俱乐部",
        "净筹码",
        "场次",
        "胡牌次数",
        "自摸次数",
        "诈胡",
        "最大番数",
        "场均筹码",
    ):
        assert f">{heading}</th>" in html
    assert "秒前更新" in html  # how fresh


def test_the_player_and_round_pages_in_chinese(chinese, league):
    ann = league["players"]["Ann"]
    player = chinese.get(reverse("public:player", args=[ann.pk])).content.decode()
    assert "<h2>筹码走势</h2>" in player and "<h2>牌局</h2>" in player and "放炮" in player
    round_1 = chinese.get(reverse("public:round", args=[league["tables"]["r1t1"].round_id])).content.decode()
    assert "第 1 轮" in round_1 and "<h2>本轮排名</h2>" in round_1
    status = {"finished": "已结束", "playing": "进行中", "seated": "已排座", "scheduled": "已排期"}
    round_status = Round.objects.get(pk=league["tables"]["r1t1"].round_id).status
    assert f'<span class="pub-status {round_status}">{status[round_status]}</span>' in round_1


def test_the_accept_language_header_also_chooses_chinese(client, league):
    html = client.get(
        reverse("public:competition", args=[league["competition"].pk]), HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9"
    ).content.decode()
    assert "完整积分榜" in html and "麻将联赛" in html  # the page and the base layout


def test_english_by_default(client, league):
    html = client.get(reverse("public:standings", args=[league["competition"].pk])).content.decode()
    assert "<h1>Standings</h1>" in html and "积分榜" not in html


def test_the_switch_posts_to_set_language_and_comes_back(client, league):
    url = reverse("public:standings", args=[league["competition"].pk])
    response = client.post(reverse("set_language"), {"language": "zh-hans", "next": url})
    assert response.status_code == 302 and response["Location"] == url
    assert "<h1>积分榜</h1>" in client.get(url).content.decode()


def test_the_csv_headings_follow_the_language(chinese, league):
    response = chinese.get(reverse("public:standings_csv", args=[league["competition"].pk]))
    csv_text = response.content.decode("utf-8-sig")  # read past the byte-order mark (issue 22)
    assert csv_text.splitlines()[0].startswith("名次,选手,俱乐部,净筹码")
