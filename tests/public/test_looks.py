"""Looks and language (issue 14): the SVG logo and icon, dates as the chosen language writes them,
each language named in its own words."""

import datetime
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from tests.factories import CompetitionFactory
from tournament.models import Round

pytestmark = pytest.mark.django_db

STATIC = Path(__file__).resolve().parents[2] / "static"


def _get(client, url, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(url).content.decode()


def test_the_logo_is_an_svg_file_and_the_page_icon(client):
    html = _get(client, reverse("home"), "en")
    assert "🀄" not in html
    assert re.search(r'<a class="brand" href="/"><img src="/static/img/logo(\.[0-9a-f]+)?\.svg"', html)
    assert re.search(
        r'<link rel="icon" href="/static/img/logo(\.[0-9a-f]+)?\.svg" type="image/svg\+xml">', html
    )
    svg = ET.parse(STATIC / "img" / "logo.svg").getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg" and svg.get("viewBox") == "0 0 32 32"
    assert not svg.findall(".//{http://www.w3.org/2000/svg}text")  # shapes only: no font needed


@pytest.mark.parametrize("language", ["en", "zh-hans"])
def test_the_language_menu_names_each_language_in_its_own_words(client, language):
    html = _get(client, reverse("home"), language)
    menu = html.split('name="language"')[1].split("</select>")[0]
    names = re.findall(r'<option value="([^"]+)" lang="[^"]+"(?: selected)?>([^<]+)</option>', menu)
    assert names == [("en", "English"), ("zh-hans", "简体中文")]
    assert "英语" not in menu


@pytest.mark.parametrize(
    ("language", "day", "when"),
    [("en", "11 Nov 2026", "11 Nov 2026, 19:30"), ("zh-hans", "2026年11月11日", "2026年11月11日 19:30")],
)
def test_dates_follow_the_chosen_language(client, language, day, when):
    competition = CompetitionFactory(name="Night League", starts_on=datetime.date(2026, 11, 11))
    starts = timezone.make_aware(datetime.datetime(2026, 11, 11, 19, 30))  # the league's own time zone
    round_ = Round.objects.create(competition=competition, number=1, starts_at=starts)
    page = _get(client, reverse("public:competition", args=[competition.pk]), language)
    assert day in page and when in page
    assert "十一月" not in page
    assert when in _get(client, reverse("public:round", args=[round_.pk]), language)
