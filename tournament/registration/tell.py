"""Telling a person who signed up (issue 51), through the notifications part: one ``Message`` per event
and channel, its recipient key ``r<registration id>`` (a person who is not a player yet), kept for the
private link's page (the ``inbox`` row) and sent on the channel they chose (email or WhatsApp, when the
site has it set up). Every message carries the private link. Written in the door's transaction; sent
after it commits, never in the request (``tournament.notifications.tasks``)."""

from __future__ import annotations

from django.db import transaction
from django.urls import reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _

from tournament.models import Message, Registration
from tournament.notifications.kinds import Channel, Kind
from tournament.notifications.links import absolute
from tournament.notifications.people import channel_ready

State = Message.State


def private_link(registration: Registration) -> str:
    return absolute(reverse("registration:mine", args=[registration.token]))


def _words(what: str, reg: Registration, facts: dict) -> tuple[str, str]:
    f = {"competition": reg.competition.name, "name": reg.name, **facts}
    subject = {
        "received": _("Your sign-up for %(competition)s"),
        "waiting": _("You are on the waiting list of %(competition)s"),
        "offered": _("A place in %(competition)s is yours to take"),
        "accepted": _("You took the place in %(competition)s"),
        "approved": _("You are in %(competition)s"),
        "refused": _("Your sign-up for %(competition)s was not accepted"),
        "withdrawn": _("Your sign-up for %(competition)s is withdrawn"),
        "expired": _("The place in %(competition)s has passed on"),
    }[what] % f
    body = {
        "received": _("We have your sign-up, %(name)s. The organiser will look at it soon."),
        "waiting": _("%(competition)s is full. You are number %(position)s on the waiting list; we will "
                     "tell you if a place frees."),
        "offered": _("A place has freed in %(competition)s. Accept it on your page before %(deadline)s, "
                     "or it passes to the next person."),
        "accepted": _("You accepted the place. The organiser will confirm it soon."),
        "approved": _("The organiser approved your sign-up: you are entered in %(competition)s."),
        "refused": _("The organiser did not accept your sign-up. Reason: %(reason)s"),
        "withdrawn": _("Your sign-up is withdrawn. Thank you for letting us know."),
        "expired": _("The offer was not answered in time, so the place went to the next person."),
    }[what] % f  # fmt: skip
    return subject[:200], body


def _deadline(reg: Registration) -> str:
    when = timezone.localtime(reg.offer_expires_at) if reg.offer_expires_at else None
    return formats.date_format(when, "DATETIME_FORMAT") if when else ""


def registration_tell(reg: Registration, what: str, **facts) -> list[int]:
    """Write the message of ``what`` to the person; their sends are queued once the transaction commits.
    Answers the ids to be sent (none when the channel is "my link only" or not set up)."""
    key = f"r{reg.pk}"
    now = timezone.now()
    event = f"reg{reg.pk}:{what}:{now.timestamp():.6f}"  # an offer may come twice: each is its own event
    with translation.override(reg.language or None):
        if what == "offered":
            facts.setdefault("deadline", _deadline(reg))
        subject, body = _words(what, reg, facts)
        sent_body = body + " " + _("Your page (status, accept, withdraw):")  # the link follows it
    common = {
        "competition_id": reg.competition_id, "kind": Kind.ORGANISER, "event": event, "recipient": key,
        "language": reg.language, "subject": subject, "link": private_link(reg),
    }  # fmt: skip
    # The page's own copy (read on that page) says no "your page:"; the one sent on a channel does.
    rows = [Message(**common, body=body, channel=Channel.INBOX, state=State.SENT, sent_at=now)]
    address = {Channel.EMAIL: reg.email, Channel.WHATSAPP: reg.phone.replace(" ", "")}.get(reg.channel, "")
    if address and channel_ready(reg.channel):
        rows.append(
            Message(**common, body=sent_body, channel=reg.channel, address=address[:200], state=State.QUEUED)
        )
    Message.objects.bulk_create(rows, ignore_conflicts=True)
    if len(rows) == 1:  # the page's copy only: nothing to send (and no query to find it)
        return []
    ids = list(
        Message.objects.filter(recipient=key, event=event, state=State.QUEUED).values_list("pk", flat=True)
    )
    if ids:
        transaction.on_commit(lambda: _send(ids))
    return ids


def _send(ids: list[int]) -> None:
    from tournament.notifications.tasks import _queue_sends

    _queue_sends(ids)


def messages_of(reg: Registration):
    """The person's messages, newest first, as their private page lists them."""
    return Message.objects.filter(recipient=f"r{reg.pk}", channel=Channel.INBOX).order_by(
        "-created_at", "-id"
    )
