"""Hands kept offline that the server refused (issue 32): nothing a scorekeeper entered is dropped silently.

A hand kept on the phone while offline is sent when the connection returns (``views.table.queued``). When
the ledger refuses it (the round or the table ended meanwhile, the hand is not legal, the table moved on),
the phone keeps it on the sheet, marked refused, until the scorekeeper resolves it: sends it corrected or
renumbered (**recorded**), or removes it from the phone (**discarded**). Meanwhile the organiser sees it
(``refusals_open``): the refusal is a row here, written by ``refusal_note``, and its end by
``refusal_resolve``. Both are audited. No chip moves here: a refused hand is not in the ledger.
"""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from tournament.access.audit import RequestMeta, audit_write
from tournament.tables.models import RefusedHand


def _audit(action: str, user, table, refused: RefusedHand, words: str, meta: RequestMeta | None) -> None:
    audit_write(
        action,
        user=user,
        competition=table.round.competition,
        object_type="table",
        object_id=table.pk,
        words=words,
        args={"hand": refused.number, "table": table.number, "round": table.round.number},
        data={"refused": refused.pk, "code": refused.code, "reasons": refused.reasons},
        meta=meta,
    )


@transaction.atomic
def refusal_note(
    *, table, user, idempotency_key: str, number: int, code: str, reasons: list[str], entry: list,
    summary: str = "", meta: RequestMeta | None = None,
) -> RefusedHand:  # fmt: skip
    """Record that a kept hand was refused (again: the same key refused twice is one row, updated)."""
    refused, created = RefusedHand.objects.update_or_create(
        table=table,
        idempotency_key=idempotency_key[:100],
        defaults={
            "number": number,
            "code": code[:60],
            "reasons": [str(r)[:500] for r in reasons][:10],
            "entry": entry[:80],
            "summary": summary[:300],
            "kept_by": user,
            "resolution": RefusedHand.Resolution.OPEN,
            "resolved_at": None,
        },
    )
    if created:
        words = gettext_noop(
            "%(actor)s's phone sent hand %(hand)s of table %(table)s, round %(round)s, kept offline: refused"
        )
        _audit("hand.offline_refused", user, table, refused, words, meta)
    return refused


@transaction.atomic
def refusal_resolve(
    *, table, user, idempotency_key: str, how: str, meta: RequestMeta | None = None
) -> RefusedHand | None:
    """The scorekeeper resolved a refused hand: recorded after all, or discarded from the phone.

    Only the table's scorekeeper or an organiser (the caller checks ``can_record``); a key never refused
    here is nothing to resolve (None)."""
    if how not in (RefusedHand.Resolution.RECORDED, RefusedHand.Resolution.DISCARDED):
        raise PermissionDenied(_("Not a way to resolve a refused hand."))
    refused = (
        RefusedHand.objects.select_for_update()
        .filter(table=table, idempotency_key=idempotency_key[:100], resolution="")
        .first()
    )
    if refused is None:
        return None
    refused.resolution = how
    refused.resolved_at = timezone.now()
    refused.save(update_fields=["resolution", "resolved_at"])
    if how == RefusedHand.Resolution.DISCARDED:
        words = gettext_noop(
            "%(actor)s discarded hand %(hand)s of table %(table)s, round %(round)s, "
            "refused when sent from offline"
        )
    else:
        words = gettext_noop(
            "%(actor)s recorded hand %(hand)s of table %(table)s, round %(round)s, "
            "after it was refused offline"
        )
    _audit(f"hand.offline_{how}", user, table, refused, words, meta)
    return refused


def refusals_open(round_) -> list[RefusedHand]:
    """The round's refused offline hands not yet resolved, for the organiser's round page."""
    return list(
        RefusedHand.objects.filter(table__round=round_, resolution="")
        .select_related("table", "kept_by")
        .order_by("table__number", "number")
    )
