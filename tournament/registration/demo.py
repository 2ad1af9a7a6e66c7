"""The demo league's sign-ups (issue 51): next season, open for registration, with a few people in each
step: approved (one paid), waiting for the organiser (one paid, one who may be a registered player) and
on the waiting list. Safe to run any number of times: the season is found by name, a person by email,
and the window is only (re)opened when it is not open."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from tournament.models import Competition, Player, Registration
from tournament.registration.queue import registration_approve, registration_mark_paid
from tournament.registration.selectors import settings_of, window_state
from tournament.registration.signup import registration_signup
from tournament.registration.window import registration_configure

SEASON_NAME = "Inter-Club League 2027"
PLACES = 6
QUESTION = "Have you played in a league before?"
# name, Chinese name, email, phone, answer, what the organiser did: approved (as the registered player of
# that name: a returning player), paid, pending, waiting. Goh Siew Lan, pending, may be a registered player.
PEOPLE = [
    ("Chua Boon Hock", "蔡文福", "", "+65 9000 0005", "Two seasons at TPMC", "approved paid"),
    ("Lee Mei Ling", "", "meiling.lee@example.com", "", "", "approved"),
    ("Desmond Ong", "王德明", "", "+65 9001 2003", "No, first time", "paid"),
    ("Priya Nair", "", "priya.nair@example.com", "", "Club nights only", "pending"),
    ("Goh Siew Lan", "吴秀兰", "", "+65 9000 0004", "", "pending"),
    ("Ahmad Rahman", "", "ahmad.rahman@example.com", "", "", "pending"),
    ("Jasmine Lee", "李佩琪", "jasmine.lee@example.com", "", "Yes", "waiting"),
    ("Marcus Chew", "", "", "+65 9001 2008", "", "waiting"),
]
RETURNING = {"SG0004": "+65 9000 0004", "SG0005": "+65 9000 0005", "SG0006": "meiling.lee@example.com"}


def demo_signups_load(rules: str = "spgg-2023") -> Competition:
    now = timezone.now()
    season, _made = Competition.objects.get_or_create(
        name=SEASON_NAME, defaults={"rules": rules, "starts_on": timezone.localdate() + timedelta(days=45)}
    )
    if window_state(settings_of(season), now) != "open":
        registration_configure(
            season, user=None, open_from=now - timedelta(days=2), open_until=now + timedelta(days=30),
            places=PLACES, fee="SGD 20", fee_how="PayNow to the club, or cash on the first night",
            questions=[QUESTION], ask_name_zh=True,
        )  # fmt: skip
    for number, contact in RETURNING.items():  # how the returning players are recognised
        Player.objects.filter(registration_no=number, contact="").update(contact=contact)
    known = set(Registration.objects.filter(competition=season).values_list("name", flat=True))
    for name, name_zh, email, phone, answer, done in PEOPLE:
        if name in known:
            continue
        reg = registration_signup(
            season, name=name, name_zh=name_zh, email=email, phone=phone, consent=True,
            channel="link", answers={QUESTION: answer} if answer else {},
        )  # fmt: skip
        if "approved" in done:
            player = Player.objects.get(name=name, registration_no__in=RETURNING)
            reg = registration_approve(reg, user=None, player=player)
        if "paid" in done:
            registration_mark_paid(reg, user=None, amount="20", method="PayNow")
    return season
