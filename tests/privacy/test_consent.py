"""Consent with the notice's version (issue 51): a changed notice asks again at the next sign-up."""

from __future__ import annotations

import pytest

from tournament.privacy.consent import needs_consent
from tournament.registration.notice import LEAGUE, consent_withdraw, notice_revise

pytestmark = pytest.mark.django_db


def test_a_changed_notice_asks_again(league):
    zelda, notice, competition = league["zelda"], league["notice"], league["competition"]
    assert needs_consent(zelda, notice) is False
    assert needs_consent("zelda@example.com", notice) is False
    assert needs_consent(league["registration"], notice) is False
    revised = notice_revise(competition, text="New words: we also keep your photos.")
    assert revised.version == 2
    assert needs_consent(zelda, revised) is True
    assert needs_consent("ZELDA@example.com", revised) is True
    assert needs_consent("someone@else.example", notice) is True
    assert needs_consent("", notice) is True


def test_a_withdrawn_consent_asks_again(league):
    zelda, notice = league["zelda"], league["notice"]
    consent_withdraw(purpose=LEAGUE, player=zelda)
    consent_withdraw(purpose=LEAGUE, registration=league["registration"])
    assert needs_consent(zelda, notice) is True
