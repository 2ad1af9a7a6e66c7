"""A hand kept on the scorekeeper's phone while offline, sent when the connection returns (issue 18).

The phone sends the entry form exactly as it was filled in (``EntryForm``: the same fields as Confirm),
with the ``expected_number`` and ``idempotency_key`` it was given when entered, and ``queued_by``: the
user who kept it. The ledger's one door (``hand_record_with_state``) decides; this view answers JSON so the
phone's queue (static/js/offline.js) knows what to do next:

- 201 ``{"number", "hand_number"}``: recorded; 200: the key was seen before (the answer to an earlier
  try was lost), so nothing is recorded twice;
- 409 ``conflict``: the table is not where the phone thought (another device recorded or voided a hand
  meanwhile); ``hand_number`` is the hand the table is at now. The phone shows the hand for the
  scorekeeper to resolve; it never renumbers it by itself;
- 409 ``idempotency_key_reused``, 400 (the form) and 422 (not a legal hand, the round finished, …):
  refused, with the reasons in the table's words; the queue stops there;
- 409 ``not_yours``: the hand was kept by another user of the phone; it is never recorded as this one's
  (the phone keeps each user's hands apart and never sends them: this is the server's own check);
- 403: not this table's scorekeeper or an organiser (or logged out): the phone keeps the hands and waits.

Every refusal about the hand (400, 409, 422) is noted for the organiser (``tables.refusals``, issue 32),
and ended when the hand is recorded after all, or when the scorekeeper discards it (``resolve``).
"""

from __future__ import annotations

from functools import wraps

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.access.request_meta import request_meta
from tournament.tables.ledger.errors import HandConflict, HandRejected
from tournament.tables.ledger.record import hand_record_with_state
from tournament.tables.models import RefusedHand
from tournament.tables.refusals import refusal_note, refusal_resolve
from tournament.tables.selectors import table_fold
from tournament.views.table.scoresheet import _bound_form, _check_allowed, _form_record, _table
from tournament.views.table.sheet_words import problems_of


def _refused(status: int, code: str, reasons: list[str], **extra) -> JsonResponse:
    return JsonResponse({"code": code, "reasons": reasons, **extra}, status=status)


def _noted(request, table, status: int, code: str, reasons: list[str], **extra) -> JsonResponse:
    """A refusal about the hand itself: the organiser sees it until the scorekeeper resolves it."""
    number = request.POST.get("expected_number", "")
    refusal_note(
        table=table,
        user=request.user,
        idempotency_key=request.POST.get("idempotency_key", ""),
        number=int(number) if number.isascii() and number.isdigit() and len(number) < 9 else 0,
        code=code,
        reasons=reasons,
        entry=[[k, v] for k, v in request.POST.items() if k != "csrfmiddlewaretoken"],
        summary=request.POST.get("kept_summary", ""),
        meta=request_meta(request),
    )
    return _refused(status, code, reasons, **extra)


def _nul_in(post) -> bool:
    """A NUL anywhere in the form: PostgreSQL stores none, so noting or resolving it must refuse first."""
    return any("\x00" in key or any("\x00" in v for v in post.getlist(key)) for key in post)


def _phone_post(view):
    """A POST from the phone's queue, in one transaction, for the table's scorekeeper or an organiser (403
    otherwise) with no NUL in the form (400): refused before the hand is read."""

    @require_POST
    @transaction.atomic
    @wraps(view)
    def checked(request, table_id: int):
        table = _table(table_id)
        try:
            _check_allowed(request, table)
        except PermissionDenied as exc:
            return _refused(403, "forbidden", [str(exc)])
        if _nul_in(request.POST):
            return _refused(400, "invalid", [_("Null characters are not allowed.")])
        return view(request, table)

    return checked


@_phone_post
def queued(request, table):
    if request.POST.get("queued_by") != str(request.user.pk):
        return _refused(
            409, "not_yours", [_("This hand was kept on this phone by another user: it is not sent.")]
        )
    fold = table_fold(table)
    form = _bound_form(request, table, fold)
    if not form.is_valid():
        reasons = [str(e) for errors in form.errors.values() for e in errors]
        return _noted(request, table, 400, "invalid", reasons)
    data = form.cleaned_data
    try:
        recorded = _form_record(hand_record_with_state, request, table, form)
    except HandConflict as exc:
        reason = _(
            "The table is at hand %(now)s, not %(number)s: "
            "another device recorded or voided a hand meanwhile."
        ) % {
            "number": data["expected_number"],
            "now": exc.state.hand_number,
        }
        return _noted(request, table, 409, "conflict", [reason], hand_number=exc.state.hand_number)
    except HandRejected as exc:
        code = exc.problems[0].code if exc.problems else "rejected"
        return _noted(request, table, exc.status, code, problems_of(exc))
    how = RefusedHand.Resolution.RECORDED
    refusal_resolve(table=table, user=request.user, idempotency_key=data["idempotency_key"], how=how)
    body = {"number": recorded.hand.number, "hand_number": recorded.state.hand_number}
    return JsonResponse(body, status=201 if recorded.created else 200)


@_phone_post
def resolve(request, table):
    """The scorekeeper removed a refused hand from the phone: the organiser's notice of it ends."""
    key = request.POST.get("idempotency_key", "")
    refusal_resolve(table=table, user=request.user, idempotency_key=key, how=RefusedHand.Resolution.DISCARDED)
    return JsonResponse({"resolved": key})
