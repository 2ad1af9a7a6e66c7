"""What the walk of issue 51 found (signup2): the queue's message said once, where the tap was; an offer
declined in plain words; a sign-up's fault at its field; the notice's contact kept from the first save;
the page's own copy of a message without "your page:"; fees counted at a glance whatever the step."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from tests.registration.helpers import open_competition, sign
from tournament.models import Message, Registration
from tournament.registration.notice import current_notice, default_text, is_default, notice_words
from tournament.registration.queue import registration_mark_paid, registration_refuse
from tournament.registration.selectors import counts, place_counts

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_rate_counts():
    cache.clear()


def test_a_decision_comes_back_to_its_section_with_its_message_said_once(client, organiser):
    competition = open_competition(organiser, places=5)
    reg = sign(competition, 1)
    client.force_login(organiser)
    url = f"/organise/competitions/{competition.pk}/registrations/"
    done = client.post(url, {"registration": reg.pk, "action": "approve", "back": "pending"})
    assert done.status_code == 302 and done["Location"] == f"{url}?at=pending#pending"
    page = client.get(done["Location"]).content.decode()
    assert page.count("Person 1 approved and entered.") == 1
    section = page[page.index('class="card" id="pending"') : page.index('class="card" id="approved"')]
    assert "Person 1 approved and entered." in section
    odd = client.post(url, {"registration": reg.pk, "action": "paid", "amount": "5", "back": "//evil"})
    assert odd["Location"] == url  # an unknown section: the page's top, never another address


def test_nobody_yet_is_one_line_and_the_unopened_window_says_what_to_do(client, organiser):
    from tests.factories import CompetitionFactory

    competition = CompetitionFactory(name="Next season")
    competition.organisers.add(organiser)
    client.force_login(organiser)
    page = client.get(f"/organise/competitions/{competition.pk}/registrations/").content.decode()
    assert 'data-testid="nobody"' in page and 'class="card" id="pending"' not in page
    assert "set the dates and places below" in page and default_text(competition)[:40] in page


def test_an_offer_is_declined_in_its_own_words_and_the_fee_is_no_longer_asked(client, organiser):
    competition = open_competition(organiser, places=1, fee="SGD 10", fee_how="PayNow")
    first, second = sign(competition, 1), sign(competition, 2)
    registration_refuse(first, user=organiser, reason="Not a member")
    second.refresh_from_db()
    assert second.status == Registration.Status.OFFERED
    page = client.get(f"/register/me/{second.token}/").content.decode()
    assert 'data-testid="decline"' in page and "Withdraw my sign-up" not in page
    done = client.post(f"/register/me/{second.token}/", {"action": "withdraw"}, follow=True)
    second.refresh_from_db()
    assert second.status == Registration.Status.WITHDRAWN
    text = done.content.decode()
    assert text.count("You declined the place: it goes to the next person.") == 1 and "PayNow" not in text


def test_a_sign_up_fault_is_said_at_its_field(client, organiser):
    competition = open_competition(organiser)
    answer = client.post(f"/register/{competition.pk}/", {"name": "Tan", "consent": "yes"})
    page = answer.content.decode()
    assert answer.status_code == 400 and 'id="err_email"' in page and 'aria-invalid="true"' in page
    assert page.count("A phone number or an email, so that we can reach you.") == 1
    assert not Registration.objects.exists()


def test_the_first_save_keeps_the_contact_in_version_one_and_the_league_words_are_translated(organiser):
    competition = open_competition(organiser, notice_contact="Olivia, 9123 4567")
    notice = current_notice(competition)
    assert (notice.version, notice.contact) == (1, "Olivia, 9123 4567")
    assert is_default(competition, notice.text) and notice_words(notice) == default_text(competition)
    from tournament.registration.window import registration_configure

    registration_configure(competition, user=organiser, notice=default_text(competition))
    assert current_notice(competition).version == 1  # the league's words again: no new version
    registration_configure(competition, user=organiser, notice="Our own words.")
    assert current_notice(competition).version == 2 and notice_words(current_notice(competition)) == (
        "Our own words."
    )


def test_the_page_copy_of_a_message_has_no_dangling_your_page(organiser):
    competition = open_competition(organiser)
    reg = sign(competition, 1)
    told = Message.objects.get(recipient=f"r{reg.pk}")
    assert told.body and "Your page" not in told.body and told.link.endswith(f"/register/me/{reg.token}/")


def test_fees_received_count_at_a_glance_whatever_the_step(organiser):
    competition = open_competition(organiser, places=1)
    pending, waiting = sign(competition, 1), sign(competition, 2)
    registration_mark_paid(pending, user=organiser, amount="10")
    registration_mark_paid(waiting, user=organiser, amount="10")
    glance = counts(competition)
    assert (glance["paid"], glance["unpaid"], glance["pending"], glance["waiting"]) == (2, 0, 1, 1)
    assert place_counts(competition) == (1, 1)
