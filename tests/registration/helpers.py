"""A competition with its registration window open, and a sign-up helper, for the registration tests."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from tests.factories import CompetitionFactory
from tournament.registration.signup import registration_signup
from tournament.registration.window import registration_configure


def open_competition(organiser, *, places=None, **settings):
    competition = CompetitionFactory(name="Spring season")
    competition.organisers.add(organiser)
    now = timezone.now()
    registration_configure(
        competition, user=organiser, open_from=now - timedelta(hours=1), open_until=now + timedelta(days=7),
        places=places, **settings,
    )  # fmt: skip
    return competition


def sign(competition, n: int = 0, **fields):
    values = {"name": f"Person {n}", "email": f"p{n}@example.com", "consent": True, **fields}
    return registration_signup(competition, **values)
