"""Each channel's send (issue 34): email through Django's mail, web push through pywebpush, Telegram and
WhatsApp through apprise.

A send either returns (delivered to the channel), or raises ``Passing`` (the channel failed for now: a
server error, a time-out, too many requests; worth a retry) or ``Refused`` (this address will not take it:
a bad address, a chat that does not exist, a subscription gone; no retry). The reason is kept on the
message for the organiser.
"""

from __future__ import annotations

import json
import logging
import re
import smtplib

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.utils.translation import gettext as _

from tournament.models import Message, PushSubscription
from tournament.notifications import addresses
from tournament.notifications.kinds import Channel

TIMEOUT = 10  # seconds, for each HTTP call


class Passing(Exception):
    """The channel failed for now; a retry may work."""


class Refused(Exception):
    """The address will not take this message; no retry."""


class Senders:
    """What one batch of sends shares: one mail connection (opened on first use), the links' addresses."""

    def __init__(self) -> None:
        from tournament.notifications.links import page_address

        self._mail = None
        self._push_session = None
        self._vapid = None
        self.stop_address = page_address("notifications:stop")
        self.person_address = page_address("notifications:person")

    def mail(self):
        if self._mail is None:
            self._mail = get_connection(fail_silently=False)
        return self._mail

    def push(self) -> addresses.PublicSession:
        """The web-push session: public https addresses only, checked on connecting; no redirect."""
        if self._push_session is None:
            self._push_session = addresses.public_session()
        return self._push_session

    def vapid(self):
        """The site's VAPID key, read once; a key that cannot be read refuses every push at once."""
        if self._vapid is None:
            from py_vapid import Vapid

            try:
                self._vapid = Vapid.from_string(private_key=settings.VAPID_PRIVATE_KEY)
            except Exception:  # noqa: BLE001 - whatever the key's fault, no retry mends it
                raise Refused(_("the site's web-push key (VAPID_PRIVATE_KEY) is not valid")) from None
        return self._vapid

    def close(self) -> None:
        if self._push_session is not None:
            self._push_session.close()
        if self._mail is not None:
            try:
                self._mail.close()
            except Exception:  # noqa: BLE001 - a close that fails loses nothing sent
                pass


def send(message: Message, text: str, *, stop_url: str, senders: Senders) -> None:
    """Send ``message`` (its subject, ``text``: the body with its links) on its channel."""
    sender = {
        Channel.EMAIL: _email,
        Channel.PUSH: _push,
        Channel.TELEGRAM: _telegram,
        Channel.WHATSAPP: _whatsapp,
    }.get(message.channel)
    if sender is None:
        raise Refused(f"no such channel: {message.channel}")
    sender(message, text, stop_url, senders)


def _email(message: Message, text: str, stop_url: str, senders: Senders) -> None:
    mail = EmailMessage(
        subject=message.subject,
        body=text,
        to=[message.address],
        connection=senders.mail(),
        # One click in the mail app stops this kind (RFC 8058): the link answers a POST without a login.
        headers={"List-Unsubscribe": f"<{stop_url}>", "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"},
    )
    try:
        mail.send()
    except (smtplib.SMTPRecipientsRefused, smtplib.SMTPResponseException) as exc:
        refusal = _smtp_refusal(exc)
        if refusal:
            raise Refused(refusal) from None
        senders._mail = None  # a broken connection is not used again
        raise Passing(f"mail server: {exc}") from None
    except (smtplib.SMTPException, OSError) as exc:
        senders._mail = None  # a broken connection is not used again
        raise Passing(f"mail server: {exc}") from None


def _smtp_refusal(exc: smtplib.SMTPException) -> str:
    """Why the mail server refused this message for good (a 5xx for the recipient, the sender or the
    message itself), or "" when it may take it later (a 4xx, another failure)."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        answers = list(exc.recipients.values())
        if answers and all(code < 500 for code, _said in answers):
            return ""  # 4xx: the mailbox is busy, greylisting
        code, said = answers[0] if answers else (550, b"")
        return _("the mail server refused the address (%(code)s %(said)s)") % {
            "code": code,
            "said": _said_text(said),
        }
    if isinstance(exc, smtplib.SMTPSenderRefused) and exc.smtp_code >= 500:
        return _("the mail server refused the sender address (%(code)s %(said)s)") % {
            "code": exc.smtp_code,
            "said": _said_text(exc.smtp_error),
        }
    if isinstance(exc, smtplib.SMTPDataError) and exc.smtp_code >= 500:
        return _("the mail server refused the message (%(code)s %(said)s)") % {
            "code": exc.smtp_code,
            "said": _said_text(exc.smtp_error),
        }
    return ""


def _said_text(said) -> str:
    text = said.decode(errors="replace") if isinstance(said, bytes) else str(said)
    return " ".join(text.split())[:200]


def _push(message: Message, text: str, stop_url: str, senders: Senders) -> None:
    from pywebpush import WebPushException, webpush

    subscriptions = list(PushSubscription.objects.filter(preference__in=_preference_ids(message)))
    if not subscriptions:
        raise Refused("no web-push subscription")
    payload = json.dumps({"title": message.subject, "body": message.body, "url": message.link or stop_url})
    vapid = senders.vapid()
    delivered, passing, refused, rejected = 0, "", False, ""
    for sub in subscriptions:
        try:
            # Checked again (its name may resolve elsewhere now), and on connecting (``senders.push``).
            addresses.check_endpoint(sub.endpoint)
            webpush(
                subscription_info={
                    "endpoint": sub.endpoint,
                    "keys": {"p256dh": sub.p256dh, "auth": sub.auth},
                },
                data=payload,
                vapid_private_key=vapid,
                vapid_claims={"sub": settings.VAPID_SUBJECT},
                timeout=TIMEOUT,
                requests_session=senders.push(),
            )
            delivered += 1
        except addresses.AddressUnresolved:  # no detail: the name may be one of the network's own
            passing = _("push service: the push address does not resolve")
        except addresses.AddressRefused:  # never posted to again
            sub.delete()
            refused = True
        except WebPushException as exc:
            status = exc.response.status_code if exc.response is not None else None
            if status in (404, 410):  # the browser unsubscribed: forget it
                sub.delete()
            elif status in (400, 401, 403):  # refused for good: a bad key (ours or the subscription's)
                rejected = _("the push service refused the message (%(status)s)") % {"status": status}
            else:
                passing = f"push service: {status or exc}"
        except (ValueError, TypeError) as exc:  # bad keys, a malformed address: never will work
            rejected = _("the web-push subscription cannot be used (%(error)s)") % {"error": exc}
        except Exception as exc:  # noqa: BLE001 - a connection refused, a time-out: try again later
            passing = f"push service: {exc}"
    if not delivered and passing:
        raise Passing(passing)
    if not delivered and rejected:
        raise Refused(rejected)
    if not delivered and refused:
        raise Refused(_("the push address is not a public address"))
    if not delivered:
        raise Refused("every web-push subscription has gone")


def _preference_ids(message: Message) -> list[int]:
    from tournament.models import Preference

    lookup = {"player_id": message.player_id} if message.player_id else {"user_id": message.user_id}
    return list(Preference.objects.filter(**lookup).values_list("pk", flat=True))


_STATUS = re.compile(r"error=(\d{3})")


def _apprise(url: str, api_url: str, message: Message, text: str) -> None:
    """One message through apprise, its API's address set (a local stand-in in tests); a failure is
    told apart by the HTTP status apprise logs: 4xx (but 429) refused, anything else passing."""
    import apprise

    joiner = "&" if "?" in url else "?"
    plugin = apprise.Apprise.instantiate(f"{url}{joiner}cto=5&rto={TIMEOUT}", suppress_exceptions=True)
    if plugin is None:
        raise Refused("the address is not valid for this channel")
    plugin.notify_url = api_url
    with apprise.LogCapture(level=logging.WARNING) as logs:
        ok = plugin.notify(body=text, title=message.subject)
    if ok:
        return
    said = logs.getvalue().strip().splitlines()
    reason = (said[-1].split(" - ", 2)[-1] if said else "not sent")[:250]
    statuses = _STATUS.findall(logs.getvalue())  # the API's answer, whichever line apprise said it on
    status = int(statuses[-1]) if statuses else 0
    if 400 <= status < 500 and status != 429:
        raise Refused(reason)
    raise Passing(reason)


def _telegram(message: Message, text: str, stop_url: str, senders: Senders) -> None:
    chat = message.address
    if not re.fullmatch(r"-?\d{1,20}|@[A-Za-z0-9_]{5,32}", chat):
        raise Refused("not a Telegram chat id")
    url = f"tgram://{settings.TELEGRAM_BOT_TOKEN}/{chat}/?format=text"
    _apprise(url, settings.TELEGRAM_API_URL, message, text)


def _whatsapp(message: Message, text: str, stop_url: str, senders: Senders) -> None:
    number = message.address.lstrip("+")
    if not number.isdigit():
        raise Refused("not a phone number")
    url = f"whatsapp://{settings.WHATSAPP_TOKEN}@{settings.WHATSAPP_PHONE_ID}/{number}"
    _apprise(url, settings.WHATSAPP_API_URL, message, text)
