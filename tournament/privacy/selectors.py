"""Everything the league holds about one person (issue 51; the Act's Access obligation).

``person_data(key)``: the person's record and login, their choices of channels and addresses, their
consents with the notice's version and dates, their sign-ups, entries, replies to the season's nights, the
hands they played (with their chips in each), their messages and the erasures carried out. The page shows
it; ``exports`` writes it as JSON and CSV. Dates stay dates here; the exports write them as ISO 8601.
"""

from __future__ import annotations

from collections import defaultdict
from urllib.parse import urlsplit

from django.contrib.auth import get_user_model
from django.db.models import Q, Sum
from django.utils import timezone

from tournament.models import (
    Attendance,
    ChipTransfer,
    Consent,
    Entry,
    ErasureRecord,
    Hand,
    Message,
    Player,
    Preference,
    PushSubscription,
    Registration,
    Seat,
)


def person_of(key: str) -> tuple[Player | None, object | None]:
    """(player, account) named by ``key`` (``p<id>`` or ``u<id>``); (None, None) for nobody."""
    kind, number = key[:1], key[1:]
    if kind not in ("p", "u") or not number.isascii() or not number.isdigit():
        return None, None
    if kind == "p":
        player = Player.objects.select_related("club", "user").filter(pk=int(number)).first()
        return player, (player.user if player is not None else None)
    user = get_user_model().objects.filter(pk=int(number)).first()
    player = Player.objects.select_related("club").filter(user=user).first() if user is not None else None
    return player, user


def _account(user) -> dict | None:
    if user is None:
        return None
    return {
        "username": user.get_username(), "email": user.email, "first_name": user.first_name,
        "last_name": user.last_name, "active": user.is_active, "joined": user.date_joined,
        "last_login": user.last_login,
    }  # fmt: skip


def _preferences(pref: Preference | None) -> dict:
    if pref is None:
        return {"language": "", "channels": [], "stopped": [], "email": "", "telegram_chat": "",
                "whatsapp": "", "push_subscriptions": []}  # fmt: skip
    pushes = PushSubscription.objects.filter(preference=pref).order_by("created_at")
    return {
        "language": pref.language, "channels": list(pref.channels), "stopped": list(pref.stopped),
        "email": pref.email, "telegram_chat": pref.telegram_chat, "whatsapp": pref.whatsapp,
        "push_subscriptions": [{"service": urlsplit(p.endpoint).hostname or "", "since": p.created_at}
                               for p in pushes],
    }  # fmt: skip


def _hands(player: Player) -> list[dict]:
    tables = Seat.objects.filter(player=player).values_list("table_id", flat=True)
    got = defaultdict(int)
    for hand_id, amount in (
        ChipTransfer.objects.filter(to_player=player, hand__isnull=False).values("hand_id")
        .annotate(s=Sum("amount")).values_list("hand_id", "s")
    ):  # fmt: skip
        got[hand_id] += amount
    for hand_id, amount in (
        ChipTransfer.objects.filter(from_player=player, hand__isnull=False).values("hand_id")
        .annotate(s=Sum("amount")).values_list("hand_id", "s")
    ):  # fmt: skip
        got[hand_id] -= amount
    hands = Hand.objects.filter(table_id__in=tables).select_related("table__round__competition", "void")
    return [
        {
            "competition": h.table.round.competition.name,
            "round": h.table.round.number,
            "table": h.table.number,
            "hand": h.number,
            "outcome": h.outcome,
            "won": h.winner_id == player.pk,
            "chips": got.get(h.pk, 0),
            "voided": h.is_void,
            "recorded_at": h.recorded_at,
        }  # fmt: skip
        for h in hands.order_by("recorded_at", "pk")
    ]


def _signups(player: Player) -> list[int]:
    """Their sign-ups: those that became this player, and those in their name with one of their addresses
    that were never approved (the rule erasure and the organiser's queue match people by)."""
    from tournament.privacy.erase import signups_of

    names = [player.name, *Registration.objects.filter(player=player).values_list("name", flat=True)]
    return signups_of(player, names)


def person_data(key: str) -> dict | None:
    """Everything held about the person ``key``, or None for nobody."""
    player, user = person_of(key)
    if player is None and user is None:
        return None
    key = f"p{player.pk}" if player is not None else f"u{user.pk}"
    pref = Preference.objects.filter(**({"player": player} if player else {"user": user})).first()
    registrations = list(
        Registration.objects.filter(pk__in=_signups(player)).select_related("competition", "club")
        if player
        else []
    )
    consents = Consent.objects.filter(
        (Q(player=player) if player else Q(pk__in=[])) | Q(registration__in=registrations)
    ).select_related("notice__competition")
    recipients = [key, *(f"r{r.pk}" for r in registrations)]
    messages = Message.objects.filter(recipient__in=recipients).select_related("competition")
    entries = Entry.objects.filter(player=player).select_related("competition") if player else []
    replies = (
        Attendance.objects.filter(entry__player=player).select_related("round__competition") if player else []
    )
    return {
        "made_at": timezone.now(),
        "person": {
            "key": key,
            "name": player.name if player else (user.get_full_name() or user.get_username()),
            "registration_no": player.registration_no if player else "",
            "club": player.club.name if player and player.club else "",
            "contact": player.contact if player else "",
            "account": _account(user),
        },  # fmt: skip
        "preferences": _preferences(pref),
        "consents": [
            {
                "competition": c.notice.competition.name,
                "notice_version": c.notice.version,
                "purpose": c.purpose,
                "given_at": c.given_at,
                "withdrawn_at": c.withdrawn_at,
            }
            for c in consents
        ],  # fmt: skip
        "registrations": [
            {
                "competition": r.competition.name,
                "name": r.name,
                "name_zh": r.name_zh,
                "email": r.email,
                "phone": r.phone,
                "club": r.club.name if r.club else "",
                "channel": r.channel,
                "language": r.language,
                "answers": r.answers,
                "status": r.status,
                "reason": r.reason,
                "signed_up_at": r.created_at,
                "paid_at": r.paid_at,
                "paid_amount": str(r.paid_amount) if r.paid_amount is not None else None,
                "paid_how": r.paid_how,
            }
            for r in registrations
        ],  # fmt: skip
        "entries": [
            {
                "competition": e.competition.name,
                "status": e.status,
                "entered_at": e.entered_at,
                "withdrawn_at": e.withdrawn_at,
            }
            for e in entries
        ],  # fmt: skip
        "replies": [
            {
                "competition": a.round.competition.name,
                "round": a.round.number,
                "reply": a.reply,
                "replied_at": a.replied_at,
                "checked_in": a.checked_in,
                "no_show": a.no_show,
            }
            for a in replies.order_by("round__starts_at", "pk")
            if player
        ]
        if player
        else [],  # fmt: skip
        "hands": _hands(player) if player else [],
        "messages": [
            {
                "competition": m.competition.name,
                "kind": m.kind,
                "channel": m.channel,
                "subject": m.subject,
                "body": m.body,
                "state": m.state,
                "created_at": m.created_at,
                "sent_at": m.sent_at,
            }
            for m in messages.order_by("created_at", "pk")
        ],  # fmt: skip
        "erasures": [
            {"scope": e.scope, "requested_on": e.requested_on, "done_at": e.done_at, "pseudonym": e.pseudonym}
            for e in ErasureRecord.objects.filter(player=player)
        ]
        if player
        else [],  # fmt: skip
    }
