"""Registration's doors (issue 51): sign-up, the queue, the waiting list with its offers, matching."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from tests.factories import PlayerFactory, UserFactory
from tests.registration.helpers import open_competition, sign
from tournament.models import AuditEntry, Consent, Entry, Message, Player, Registration
from tournament.registration.errors import RegistrationError
from tournament.registration.offers import offer_accept, offers_expire
from tournament.registration.queue import (
    registration_approve,
    registration_mark_paid,
    registration_refuse,
    registration_wait,
    registration_withdraw,
)
from tournament.registration.selectors import counts, position_of
from tournament.registration.window import registration_configure

pytestmark = pytest.mark.django_db
S = Registration.Status


def test_a_sign_up_is_pending_with_its_consent_audit_and_message(organiser):
    competition = open_competition(organiser, places=2)
    reg = sign(competition, 1, channel="email")
    assert reg.status == S.PENDING and len(reg.token) >= 40
    consents = Consent.objects.filter(registration=reg)
    assert sorted(consents.values_list("purpose", flat=True)) == ["league", "messages:email"]
    assert consents.first().notice.version == 1
    assert AuditEntry.objects.filter(action="registration_made", object_id=reg.pk).exists()
    told = Message.objects.filter(recipient=f"r{reg.pk}")
    assert told.filter(channel="inbox").count() == 1
    assert reg.token in told.first().link


def test_a_full_competition_puts_people_on_the_waiting_list_in_order(organiser):
    competition = open_competition(organiser, places=2)
    sign(competition, 1), sign(competition, 2)
    third, fourth = sign(competition, 3), sign(competition, 4)
    assert (third.status, fourth.status) == (S.WAITING, S.WAITING)
    assert (position_of(third), position_of(fourth)) == (1, 2)
    assert "waiting list" in Message.objects.filter(recipient=f"r{third.pk}").first().subject
    assert counts(competition).items() >= {"places": 2, "taken": 2, "free": 0, "waiting": 2}.items()


def test_signing_up_twice_is_refused_and_changes_nothing(organiser):
    competition = open_competition(organiser)
    sign(competition, 1, phone="+65 9123 4567")
    with pytest.raises(RegistrationError) as twice:
        sign(competition, 9, email="P1@example.com")
    assert (twice.value.code, twice.value.status) == ("already_registered", 409)
    with pytest.raises(RegistrationError):
        sign(competition, 8, email="", phone="+65 9123 4567")
    assert Registration.objects.count() == 1


@pytest.mark.parametrize(
    "fields, code",
    [
        ({"consent": False}, "consent_required"),
        ({"name": ""}, "invalid"),
        ({"name": "x" * 121}, "invalid"),
        ({"email": "", "phone": ""}, "invalid"),
        ({"email": "not-an-email"}, "invalid"),
        ({"channel": "whatsapp"}, "invalid"),
        ({"answers": {"Unasked?": "yes"}}, "invalid"),
        ({"answers": {"Level?": "y" * 301}}, "invalid"),
    ],
)
def test_bad_answers_are_refused_and_nothing_is_written(organiser, fields, code):
    competition = open_competition(organiser, questions=["Level?"])
    with pytest.raises(RegistrationError) as refused:
        sign(competition, 1, **fields)
    assert refused.value.code == code and refused.value.status == 400
    assert not Registration.objects.exists() and not Message.objects.exists()


def test_a_closed_window_and_who_may_sign_up(organiser):
    competition = open_competition(organiser, who="invited")
    with pytest.raises(RegistrationError) as uninvited:
        sign(competition, 1)
    assert uninvited.value.code == "not_invited"
    token = competition.registration_settings.invite_token
    assert sign(competition, 2, invite=token).status == S.PENDING
    registration_configure(competition, user=organiser, open_until=timezone.now() - timedelta(minutes=1),
                           open_from=timezone.now() - timedelta(hours=2))  # fmt: skip
    with pytest.raises(RegistrationError) as closed:
        sign(competition, 3, invite=token)
    assert (closed.value.code, closed.value.status) == ("registration_closed", 409)


def test_approving_makes_the_entry_and_a_match_must_be_chosen(organiser):
    known = PlayerFactory(name="Tan Ah Kow", contact="+65 9000 1111")
    competition = open_competition(organiser)
    reg = sign(competition, 1, name="tan  ah kow", email="", phone="90001111")
    with pytest.raises(RegistrationError) as choose:
        registration_approve(reg, user=organiser)
    assert choose.value.code == "choose_player" and not Entry.objects.exists()
    with pytest.raises(RegistrationError):
        registration_approve(reg, user=organiser, player=PlayerFactory().pk)  # not a match
    registration_approve(reg, user=organiser, player=known.pk)
    reg.refresh_from_db()
    assert reg.status == S.APPROVED and reg.entry.player == known and Player.objects.count() == 2
    assert Consent.objects.filter(player=known, purpose="league").exists()
    other = sign(competition, 2)
    registration_approve(other, user=organiser)
    other.refresh_from_db()
    assert other.player.name == "Person 2" and other.player.contact == "p2@example.com"
    assert AuditEntry.objects.filter(action="registration_approved").count() == 2


def test_another_organiser_cannot_decide(organiser):
    competition = open_competition(organiser)
    reg = sign(competition, 1)
    other = UserFactory(username="otto")
    for door, kwargs in [
        (registration_approve, {}),
        (registration_refuse, {"reason": "no"}),
        (registration_wait, {}),
        (registration_mark_paid, {"amount": 10}),
        (registration_withdraw, {}),
    ]:
        with pytest.raises(PermissionDenied):
            door(reg, user=other, **kwargs)
    reg.refresh_from_db()
    assert reg.status == S.PENDING and not reg.paid


def test_a_freed_place_is_offered_declined_and_accepted_and_expiry_passes_it_on(organiser):
    competition = open_competition(organiser, places=1, offer_hours=24)
    first = sign(competition, 1)
    second, third = sign(competition, 2), sign(competition, 3)
    registration_refuse(first, user=organiser, reason="Not a member")
    second.refresh_from_db()
    assert second.status == S.OFFERED and second.offer_expires_at > timezone.now() + timedelta(hours=23)
    assert "place" in Message.objects.filter(recipient=f"r{second.pk}").first().subject
    registration_withdraw(second, by_person=True)  # declined
    third.refresh_from_db()
    assert third.status == S.OFFERED
    offer_accept(third)
    third.refresh_from_db()
    assert third.status == S.PENDING
    fourth = sign(competition, 4)
    assert fourth.status == S.WAITING
    registration_wait(third, user=organiser)  # back of the line: the place goes to fourth
    fourth.refresh_from_db()
    assert fourth.status == S.OFFERED
    assert offers_expire(timezone.now() + timedelta(hours=49)) == 1
    fourth.refresh_from_db()
    third.refresh_from_db()
    assert fourth.status == S.EXPIRED and third.status == S.OFFERED
    with pytest.raises(RegistrationError):
        offer_accept(fourth)


def test_raising_the_cap_offers_places(organiser):
    competition = open_competition(organiser, places=1)
    sign(competition, 1)
    waiting = sign(competition, 2)
    registration_configure(competition, user=organiser, places=2)
    waiting.refresh_from_db()
    assert waiting.status == S.OFFERED


def test_fee_marked_paid_and_counts(organiser):
    competition = open_competition(organiser, fee="SGD 10")
    reg = sign(competition, 1)
    registration_approve(reg, user=organiser)
    sign(competition, 2)
    registration_mark_paid(reg, user=organiser, amount="10", method="PayNow")
    reg.refresh_from_db()
    assert str(reg.paid_amount) == "10.00" and reg.paid_how == "PayNow" and reg.paid
    with pytest.raises(RegistrationError):
        registration_mark_paid(reg, user=organiser, amount="ten")
    assert counts(competition).items() >= {"approved": 1, "pending": 1, "paid": 1, "unpaid": 0}.items()


def test_withdrawing_an_approved_sign_up_withdraws_the_entry_and_offers_the_place(organiser):
    competition = open_competition(organiser, places=1)
    reg = sign(competition, 1)
    registration_approve(reg, user=organiser)
    waiting = sign(competition, 2)
    registration_withdraw(reg, by_person=True)
    reg.refresh_from_db()
    waiting.refresh_from_db()
    assert reg.entry.status == Entry.Status.WITHDRAWN and waiting.status == S.OFFERED


def test_a_changed_notice_is_a_new_version(organiser):
    competition = open_competition(organiser)
    sign(competition, 1)
    registration_configure(competition, user=organiser, notice="We keep your phone for 12 months.")
    reg = sign(competition, 2)
    assert reg.notice.version == 2 and Consent.objects.filter(registration=reg, notice__version=2).exists()
