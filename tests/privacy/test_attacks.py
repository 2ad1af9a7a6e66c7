"""People's data attacked (issue 51): after an erasure no copy of the name or the contact is left in the
database, on any page or API answer of the competition (crawled as the public, the organiser and a
superuser in the admin); retention never erases someone still playing; the exports are safe to open."""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
from collections import deque

import pytest
from django.apps import apps
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import CompetitionFactory, EntryFactory, PlayerFactory, team_with_members
from tests.privacy.conftest import NAME, NAME_ZH
from tournament.models import Broadcast, Message, Player, Registration, Round
from tournament.privacy.erase import person_erase
from tournament.privacy.exports import data_csv
from tournament.privacy.retention import months_after, retention_run
from tournament.privacy.selectors import person_data
from tournament.stages import services as stages

pytestmark = pytest.mark.django_db

# What must be found nowhere once Zelda Quokka is erased: her name (any case), her Chinese name, her
# addresses and numbers.
GONE = re.compile(r"quokka|佐尔达|zelda@example\.com|z@example\.com|9123\s?4567|9876\s?5432", re.IGNORECASE)
SHOWN = re.compile(
    r"quokka|佐尔达|zelda@example\.com|z@example\.com", re.IGNORECASE
)  # pages: example numbers


def _leaks_in_database() -> list[str]:
    found = []
    for model in apps.get_models():
        fields = [
            f.name
            for f in model._meta.concrete_fields
            if isinstance(f, (models.CharField, models.TextField, models.JSONField))
        ]
        if not fields or model._meta.app_label in ("sessions",):
            continue
        for row in model.objects.values("pk", *fields).iterator():
            for name in fields:
                text = row[name] if isinstance(row[name], str) else json.dumps(row[name], ensure_ascii=False)
                if text and GONE.search(text):
                    found.append(f"{model._meta.label}.{name} #{row['pk']}: {GONE.search(text).group(0)}")
    return found


SKIP = re.compile(r"logout|/erase/|\.pdf|/static/|/media/|/delete/|/history/|calendar\.ics$|/i18n/")


def _crawl(client: Client, seeds: list[str], *, limit: int = 80) -> dict[str, str]:
    """Pages reachable from ``seeds`` on this site (links in HTML, addresses in JSON), answered 200."""
    seen, queue, pages = set(seeds), deque(seeds), {}
    while queue and len(pages) < limit:
        url = queue.popleft()
        response = client.get(url, HTTP_ACCEPT="text/html,application/json")
        if response.status_code != 200 or response.streaming:
            continue
        text = response.content.decode("utf-8", "replace")
        pages[url] = text
        links = re.findall(r'(?:href|hx-get|data-url|src)="(/[^"#]*)"', text)
        links += re.findall(r'"(?:https?://testserver)?(/api/v1/[^"?#]*)"', text)
        for link in links:
            link = link.replace("&amp;", "&")
            if link.startswith("//") or SKIP.search(link) or link in seen or "?" in link:
                continue
            seen.add(link)
            queue.append(link)
    return pages


@pytest.fixture
def everywhere(league, organiser, superuser, django_capture_on_commit_callbacks):
    """Zelda in a team named after her, in a stage's cut, with a sign-up of her own in another competition
    (never approved, so not linked to her record), named in a broadcast in capitals and in the admin's log."""
    competition, zelda, night = league["competition"], league["zelda"], league["night"]
    team_with_members(competition, f"{NAME}'s Dragons", night.players[:4])
    prelims = stages.stage_create(competition, name="Preliminaries", user=organiser)
    for rnd in Round.objects.filter(competition=competition).order_by("number"):
        stages.stage_add_round(prelims, rnd, user=organiser)
    final = stages.stage_create(competition, name="Final", cut_size=4, user=organiser)
    stages.stage_add_round(final, Round.objects.create(competition=competition, number=3), user=organiser)
    stages.stage_publish(final, user=organiser)
    autumn = CompetitionFactory(name="Autumn Cup")
    autumn.organisers.add(organiser)
    EntryFactory(competition=autumn, player=PlayerFactory(name="Someone Else"))
    unlinked = Registration.objects.create(
        competition=autumn, name=NAME.upper(), name_zh=NAME_ZH, email="zelda@example.com",
        phone="+65 9123 4567", answers={"Level?": "beginner"}, token="tok-zelda-autumn", status="refused",
        reason="full",
    )  # fmt: skip
    Message.objects.create(
        competition=autumn, kind="organiser", event=f"reg{unlinked.pk}:refused", recipient=f"r{unlinked.pk}",
        channel="email", address="zelda@example.com", language="en", subject="Your sign-up",
        body=f"Dear {NAME}, sorry.", state="sent",
    )  # fmt: skip
    Broadcast.objects.create(
        competition=competition, audience="everyone", text=f"WELL DONE {NAME.upper()}!", sent_by=organiser
    )
    LogEntry.objects.create(
        user=superuser, content_type=ContentType.objects.get_for_model(Player), object_id=str(zelda.pk),
        object_repr=NAME, action_flag=CHANGE, change_message="[]",
    )  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        person_erase(zelda, user=organiser)
    return {**league, "autumn": autumn, "unlinked": unlinked}


def test_after_erasure_no_copy_of_the_name_or_contact_is_left_in_the_database(everywhere):
    leaks = _leaks_in_database()
    assert leaks == [], "\n".join(leaks)


def test_after_erasure_the_private_links_of_her_sign_ups_open_nothing(client, everywhere):
    for token in ("tok-zelda", "tok-zelda-autumn"):
        assert client.get(reverse("registration:mine", args=[token])).status_code == 404


def test_after_erasure_no_page_or_api_answer_shows_the_name(everywhere, organiser, superuser):
    competition, autumn, zelda = everywhere["competition"], everywhere["autumn"], everywhere["zelda"]
    seeds = [
        reverse("public:competition", args=[competition.pk]),
        reverse("public:standings", args=[competition.pk]),
        reverse("public:stages", args=[competition.pk]),
        reverse("public:screen", args=[competition.pk]),
        reverse("public:player", args=[zelda.pk]),
        reverse("public:teams_csv", args=[competition.pk]),
        reverse("public:standings_csv", args=[competition.pk]),
        f"/api/v1/competitions/{competition.pk}/",
        f"/api/v1/competitions/{competition.pk}/standings/",
        f"/api/v1/competitions/{competition.pk}/screen/",
        f"/api/v1/players/{zelda.pk}/",
        "/api/v1/ratings/",
    ]
    public = _crawl(Client(), seeds)
    organiser_client = Client()
    organiser_client.force_login(organiser)
    mine = _crawl(
        organiser_client,
        seeds
        + [
            reverse("organiser:competition", args=[competition.pk]),
            reverse("organiser:registrations", args=[competition.pk]),
            reverse("organiser:registrations", args=[autumn.pk]),
            f"/api/v1/competitions/{competition.pk}/registrations/",
            f"/api/v1/competitions/{autumn.pk}/registrations/",
        ],
    )
    admin = Client()
    admin.force_login(superuser)
    admin_pages = _crawl(
        admin,
        [
            "/admin/",
            f"/admin/tournament/player/{zelda.pk}/change/",
            "/admin/tournament/auditentry/",
            "/admin/tournament/message/",
            "/admin/admin/logentry/",
        ],
        limit=25,
    )
    assert len(public) > 10 and len(mine) > 20, (len(public), len(mine))
    leaks = [
        (url, SHOWN.search(text).group(0))
        for pages in (public, mine, admin_pages)
        for url, text in pages.items()
        if SHOWN.search(text)
    ]
    assert leaks == [], "\n".join(map(str, leaks))


def test_a_name_written_in_other_capitals_is_taken_out_too(everywhere):
    broadcast = Broadcast.objects.get(competition=everywhere["competition"])
    assert (
        "QUOKKA" not in broadcast.text
        and everywhere["zelda"].__class__.objects.get(pk=everywhere["zelda"].pk).name in broadcast.text
    )


# --- retention ---------------------------------------------------------------------------------------


def _old_entry(competition, player, years_ago: int = 3):
    entry = EntryFactory(competition=competition, player=player)
    then = timezone.now() - datetime.timedelta(days=365 * years_ago)
    type(entry).objects.filter(pk=entry.pk).update(entered_at=then)
    return entry


@pytest.mark.parametrize("when", ["starts_later", "ends_later"])
def test_retention_never_erases_someone_entered_in_a_competition_not_over(when):
    """Entered long before: a season whose sign-ups opened far ahead of its first night, or one still on."""
    today = timezone.localdate()
    competition = CompetitionFactory(name="Long League")
    type(competition).objects.filter(pk=competition.pk).update(
        starts_on=today + datetime.timedelta(days=40)
        if when == "starts_later"
        else today - datetime.timedelta(days=1200),
        ends_on=None if when == "starts_later" else today + datetime.timedelta(days=30),
    )
    player = PlayerFactory(name="Still Playing", contact="+65 9000 0001")
    _old_entry(competition, player)
    for day in range(0, 70, 35):  # warned, then the day comes
        retention_run(now=timezone.now() + datetime.timedelta(days=day))
    player.refresh_from_db()
    assert player.contact == "+65 9000 0001"


def test_retention_spares_someone_with_a_future_competition_entered_long_ago():
    today = timezone.localdate()
    old = CompetitionFactory(name="Old Cup")
    type(old).objects.filter(pk=old.pk).update(
        starts_on=today - datetime.timedelta(days=1200), ends_on=today - datetime.timedelta(days=1100)
    )
    future = CompetitionFactory(name="Next Year")
    type(future).objects.filter(pk=future.pk).update(
        starts_on=today + datetime.timedelta(days=200), ends_on=today + datetime.timedelta(days=230)
    )
    player = PlayerFactory(name="Keen Planner", contact="+65 9000 0002")
    _old_entry(old, player)
    _old_entry(future, player, years_ago=3)
    for day in range(0, 70, 35):
        retention_run(now=timezone.now() + datetime.timedelta(days=day))
    player.refresh_from_db()
    assert player.contact == "+65 9000 0002"


@pytest.mark.parametrize(
    "day, months, due",
    [
        (datetime.date(2024, 1, 31), 1, datetime.date(2024, 2, 29)),
        (datetime.date(2024, 8, 31), 24, datetime.date(2026, 8, 31)),
        (datetime.date(2024, 3, 30), 11, datetime.date(2025, 2, 28)),
        (datetime.date(2026, 8, 31), -24, datetime.date(2024, 8, 31)),
    ],
)
def test_the_retention_period_ends_on_the_same_day_of_the_month_never_earlier(day, months, due):
    assert months_after(day, months) == due


# --- exports -----------------------------------------------------------------------------------------


def test_the_csv_download_writes_formulas_as_text(league):
    zelda = league["zelda"]
    Registration.objects.filter(pk=league["registration"].pk).update(
        answers={"Dietary needs": '=HYPERLINK("http://evil","x")', "Note": "@SUM(A1)", "Other": "+1-2"}
    )
    Player.objects.filter(pk=zelda.pk).update(contact="-2+3")
    text = data_csv(person_data(f"p{zelda.pk}"))
    cells = [cell for row in list(csv.reader(io.StringIO(text)))[1:] for cell in row]
    assert any("HYPERLINK" in cell for cell in cells)  # the answer is in the download
    for cell in cells:
        assert cell[:1] not in ("=", "+", "-", "@") or re.fullmatch(r"-?\d+(\.\d+)?", cell), cell


def test_the_download_holds_every_sign_up_field_and_nothing_of_another_person(league):
    zelda, other = league["zelda"], league["night"].players[1]
    Registration.objects.filter(pk=league["registration"].pk).update(paid_how="PayNow", reason="")
    data = person_data(f"p{zelda.pk}")
    signup = data["registrations"][0]
    for field in ("name", "name_zh", "email", "phone", "channel", "answers", "status", "club", "paid_how",
                  "language", "reason", "signed_up_at", "paid_at", "paid_amount"):  # fmt: skip
        assert field in signup, field
    text = json.dumps(data, default=str)
    assert other.name not in text  # a message to another player that names Zelda is theirs, not hers
    assert "tok-zelda" not in text  # the private link's secret is not data about her


def test_the_page_shows_the_sign_up_as_held_with_its_status_in_words(client, league):
    zelda = league["zelda"]
    client.force_login(zelda.user)
    client.cookies["django_language"] = "zh-hans"
    page = client.get(reverse("privacy:mine"), HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    signup = page.split('data-testid="signup"', 1)[1].split("</li>", 1)[0]
    assert "zelda@example.com" in signup and "vegetarian" in signup
    assert "approved" not in signup  # the status in the reader's words, not its code


def test_the_download_holds_her_sign_ups_never_approved_too(league):
    zelda = league["zelda"]
    elsewhere = CompetitionFactory(name="Winter Cup")
    Registration.objects.create(
        competition=elsewhere, name="zelda  quokka", email="ZELDA@example.com", token="tok-winter",
        status="refused", reason="full",
    )  # fmt: skip
    Registration.objects.create(  # the same name, another person's address: not hers
        competition=elsewhere, name=NAME, email="other@example.com", token="tok-other", status="withdrawn"
    )
    held = person_data(f"p{zelda.pk}")["registrations"]
    assert sorted(r["competition"] for r in held) == ["Ratings League", "Winter Cup"]
    assert "other@example.com" not in json.dumps(held, default=str)


def test_erasure_posts_without_the_csrf_token_are_refused(league, organiser):
    zelda = league["zelda"]
    page = Client(enforce_csrf_checks=True)
    page.force_login(organiser)
    answer = page.post(
        reverse("privacy:erase", args=[zelda.pk]), {"requested_on": "2026-01-01", "confirm": "on"}
    )
    api = page.post(reverse("api-player-erase", kwargs={"pk": zelda.pk}), {}, content_type="application/json")
    assert (answer.status_code, api.status_code) == (403, 403)
    assert Player.objects.get(pk=zelda.pk).name == NAME
