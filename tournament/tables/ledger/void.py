"""Voiding a hand: it is kept, reversing transfers and a void row are added (never an edit)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.audit import RequestMeta
from tournament.models import ChipTransfer, Hand, HandVoid
from tournament.tables.ledger.checks import check_open, check_right, locked_table
from tournament.tables.ledger.errors import HandRejected, Problem, checked_reason
from tournament.tables.ledger.record import audit_hand, queue_standings


def hand_void(*, hand: Hand, reason: str, user=None, meta: RequestMeta | None = None) -> HandVoid:
    """Void a hand: keep it, add reversing transfers and a void row. Later hands replay from the ledger."""
    meta = meta or RequestMeta()
    reason = checked_reason(reason, required=_("Say why the hand is voided."))
    with transaction.atomic():
        table = locked_table(hand.table_id)
        check_right(user, table)
        check_open(table)
        hand = Hand.objects.select_related("void").get(pk=hand.pk)
        if hand.is_void:
            raise HandRejected(
                [Problem("already_void", _("Hand %(n)s is already voided.") % {"n": hand.number})]
            )
        void = HandVoid.objects.create(
            hand=hand, reason=reason, voided_by=user if user and user.is_authenticated else None
        )
        originals = list(hand.transfers.filter(reverses__isnull=True))
        ChipTransfer.objects.bulk_create(
            [
                ChipTransfer(
                    hand=hand,
                    table=table,
                    from_player_id=t.to_player_id,
                    to_player_id=t.from_player_id,
                    amount=t.amount,
                    reason="void",
                    reverses=t,
                )
                for t in originals
            ]
        )
        audit_hand(
            "hand_voided",
            user,
            meta,
            table,
            hand,
            gettext_noop("%(actor)s voided hand %(hand)s at table %(table)s of round %(round)s: %(reason)s"),
            {"reason": reason},
        )
    transaction.on_commit(lambda: queue_standings(hand))
    return void
