"""The organiser's accounts pages: staff and players get logins without the admin, and only within
the organiser's own competition."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from tests.accounts.conftest import PASSWORD
from tournament.models import AuditEntry, Invitation, Player

pytestmark = pytest.mark.django_db
User = get_user_model()


def _state():
    return (
        list(User.objects.order_by("pk").values_list("username", "is_active")),
        list(Player.objects.order_by("pk").values_list("user", flat=True)),
        Invitation.objects.count(),
        AuditEntry.objects.count(),
    )


def test_an_invitation_slip_shows_the_link_once_as_inline_svg(client, side_a):
    client.force_login(side_a.organiser)
    url = f"/organise/competitions/{side_a.competition.pk}/players/{side_a.newcomer.pk}/account/"
    assert client.get(url).status_code == 200
    response = client.post(url, {"action": "invite", "invite-email": ""}, follow=True)
    page = response.content.decode()
    invitation = Invitation.objects.get()
    assert response.redirect_chain[-1][0] == f"/organise/invitations/{invitation.pk}/"
    assert '<svg viewBox="' in page and 'class="qr"' in page and "data:" not in page
    link = re.search(r'href="(http://testserver/accounts/invitation/[^"]+/)"', page)[1]
    assert mail.outbox == []

    client.logout()
    use = client.get(link)
    assert use.status_code == 200 and "A Newcomer" in use.content.decode()
    done = client.post(link, {"username": "newbie", "password1": PASSWORD, "password2": PASSWORD})
    assert done.status_code == 302
    side_a.newcomer.refresh_from_db()
    assert side_a.newcomer.user.username == "newbie"
    assert client.session.get("_auth_user_id") == str(side_a.newcomer.user.pk)  # logged in
    again = client.post(link, {"username": "newbie2", "password1": PASSWORD, "password2": PASSWORD})
    assert again.status_code == 410 and again.context["reason"] == "used"
    assert not User.objects.filter(username="newbie2").exists()


def test_an_invitation_with_an_address_is_mailed(client, side_a):
    client.force_login(side_a.organiser)
    url = f"/organise/competitions/{side_a.competition.pk}/staff/accounts/"
    client.post(url, {"action": "invite", "invite-email": "sally@example.org"})
    (message,) = mail.outbox
    assert message.to == ["sally@example.org"] and "Spring League" in message.subject
    token = re.search(r"/accounts/invitation/([^/\s]+)/", message.body)[1]
    assert Invitation.objects.get().token_hash not in message.body and len(token) >= 32


def test_an_organiser_makes_a_scorekeepers_account_from_the_staff_page(client, side_a):
    client.force_login(side_a.organiser)
    url = f"/organise/competitions/{side_a.competition.pk}/staff/accounts/"
    response = client.post(
        url,
        {"action": "create", "account-username": "sally", "account-password1": PASSWORD,
         "account-password2": PASSWORD},
    )  # fmt: skip
    assert response.status_code == 302
    sally = User.objects.get(username="sally")
    assert side_a.competition.scorekeepers.filter(pk=sally.pk).exists()
    assert "sally" in client.get(f"/organise/competitions/{side_a.competition.pk}/staff/").content.decode()
    weak = client.post(
        url,
        {
            "action": "create",
            "account-username": "sam2",
            "account-password1": "1234",
            "account-password2": "1234",
        },
    )
    assert weak.status_code == 400 and not User.objects.filter(username="sam2").exists()


def test_deactivate_from_the_staff_page(client, side_a):
    client.force_login(side_a.organiser)
    url = f"/organise/competitions/{side_a.competition.pk}/accounts/{side_a.keeper.pk}/active/"
    assert client.post(url, {"active": "0"}).status_code == 302
    side_a.keeper.refresh_from_db()
    assert not side_a.keeper.is_active


def test_an_organiser_of_a_cannot_invite_into_or_deactivate_people_of_b(client, side_a, side_b):
    client.force_login(side_a.organiser)
    b, a = side_b.competition.pk, side_a.competition.pk
    before = _state()
    refused = [
        client.post(f"/organise/competitions/{b}/staff/accounts/", {"action": "invite", "invite-email": ""}),
        client.post(
            f"/organise/competitions/{b}/players/{side_b.newcomer.pk}/account/", {"action": "invite"}
        ),
        client.post(
            f"/organise/competitions/{a}/players/{side_b.newcomer.pk}/account/", {"action": "invite"}
        ),
        client.post(f"/organise/competitions/{b}/accounts/{side_b.keeper.pk}/active/", {"active": "0"}),
        client.post(f"/organise/competitions/{a}/accounts/{side_b.keeper.pk}/active/", {"active": "0"}),
        client.post(
            f"/organise/competitions/{a}/accounts/{side_b.player_account.pk}/active/", {"active": "0"}
        ),
        client.post(
            f"/organise/competitions/{a}/players/{side_a.newcomer.pk}/account/",
            {"action": "link", "link-username": side_b.organiser.username},
        ),
    ]
    assert [r.status_code for r in refused] == [403] * 7
    assert _state() == before


def test_a_slip_of_another_competition_is_refused(client, side_a, side_b):
    client.force_login(side_b.organiser)
    client.post(f"/organise/competitions/{side_b.competition.pk}/staff/accounts/", {"action": "invite"})
    invitation = Invitation.objects.get()
    client.force_login(side_a.organiser)
    assert client.get(f"/organise/invitations/{invitation.pk}/").status_code == 403


def test_a_lost_slip_is_withdrawn_from_its_page(client, side_a):
    client.force_login(side_a.organiser)
    page = client.post(
        f"/organise/competitions/{side_a.competition.pk}/staff/accounts/", {"action": "invite"}, follow=True
    ).content.decode()
    link = re.search(r'href="http://testserver(/accounts/invitation/[^"]+/)"', page)[1]
    invitation = Invitation.objects.get()
    assert client.post(f"/organise/invitations/{invitation.pk}/withdraw/").status_code == 302
    assert "Withdrawn on" in client.get(f"/organise/invitations/{invitation.pk}/").content.decode()
    staff = client.get(f"/organise/competitions/{side_a.competition.pk}/staff/").content.decode()
    assert f"/organise/invitations/{invitation.pk}/" not in staff  # no longer listed as open
    client.logout()
    refused = client.get(link)
    assert refused.status_code == 410 and refused.context["reason"] == "withdrawn"


def test_the_address_typed_on_the_invitation_is_the_accounts_and_a_reset_reaches_it(client, side_a):
    """Issue 47, item 8: the invitation page's "Email address" was ignored, so a reset never reached it."""
    client.force_login(side_a.organiser)
    url = f"/organise/competitions/{side_a.competition.pk}/staff/accounts/"
    client.post(url, {"action": "invite", "invite-email": "sally.old@example.org"})
    link = re.search(r"(/accounts/invitation/[^/\s]+/)", mail.outbox[0].body)[1]
    client.logout()
    body = {"username": "sally", "password1": PASSWORD, "password2": PASSWORD, "email": "sally@example.org"}
    assert client.post(link, body).status_code == 302
    assert User.objects.get(username="sally").email == "sally@example.org"
    client.logout()
    mail.outbox.clear()
    assert client.post("/accounts/reset/", {"email": "sally@example.org"}).status_code == 302
    assert [m.to for m in mail.outbox] == [["sally@example.org"]]


def test_the_email_saved_on_my_messages_is_the_logins_too(client, side_a):
    """Issue 47, item 8: one email per person: saved on My messages, a reset reaches it."""
    account = side_a.player_account
    client.force_login(account)
    page = client.get("/messages/").content.decode()
    assert "it is your login" in page
    saved = client.post("/messages/", {"language": "en", "kinds": ["seating"], "email": "pat@example.org"})
    assert saved.status_code == 302
    assert User.objects.get(pk=account.pk).email == "pat@example.org"
    client.logout()
    mail.outbox.clear()
    assert client.post("/accounts/reset/", {"email": "pat@example.org"}).status_code == 302
    assert [m.to for m in mail.outbox] == [["pat@example.org"]]
