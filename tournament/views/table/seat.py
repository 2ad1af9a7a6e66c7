"""A player's view of their table, to follow it and confirm hands (issue 19).

Two ways in, the same page: the seat's private link (``/s/<token>/``, no
account needed: ``tournament.confirmations.seat_links``), or a logged-in player's own seat
(``/tables/<id>/seat/``, their ``Player.user``). Answers go through the one
door, ``tournament.confirmations.services.hand_answer``, for that seat only.

While the seat's round is a draft (drawn, or drawn again after it was published: issue 14) the page shows
nothing of it, neither the table nor who sits there: it says the tables are being drawn and answers
nothing (``_waiting``). A signed-in player's own page does the same unless they organise the competition
(``sees_seating``, the one rule of ``tournament.rounds.held``).
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournament.access.request_meta import request_meta
from tournament.api.serializers import MAX_ID
from tournament.confirmations.seat_links import seat_for_token, seat_link_draft_words, seat_link_in_draft
from tournament.confirmations.services import hand_answer
from tournament.models import Hand, Round, Seat
from tournament.rounds.held import sees_seating
from tournament.tables.ledger.errors import HandRejected
from tournament.tables.selectors import table_fold
from tournament.views.table.display import players_now, seated_players
from tournament.views.table.seat_display import counting_rule, hands_to_confirm


def _seat_by_token(token: str) -> Seat:
    seat = seat_for_token(token)
    if seat is None:
        raise Http404(_("This link is not valid (any more). Ask the organiser for your new link."))
    return seat


def _my_seat(request, table_id: int) -> Seat:
    if not 0 < table_id <= MAX_ID:  # no table has it, and SQLite refuses an integer that large in a query
        raise Http404(_("You are not seated at this table."))
    seats = Seat.objects.select_related("table__round__competition", "player").filter(
        player__user=request.user
    )
    seat = seats.filter(table_id=table_id).first()
    if seat is None:
        # A draft's table (an address kept from before it was drawn again): the player's seat in its round,
        # wherever it is now, so that the answer (the waiting page, ``_hidden``) tells nothing of which
        # table of the draft is theirs.
        seat = seats.filter(round__tables=table_id, round__status=Round.Status.SCHEDULED).first()
        if seat is None or not _hidden(request, seat, by_link=False):
            raise Http404(_("You are not seated at this table."))
    return seat


def _waiting(request, seat: Seat, status: int = 200):
    """The seat's round is a draft: who the player is and which round, nothing of the draft itself."""
    context = {
        "seat": seat,
        "round": seat.table.round,
        "competition": seat.table.round.competition,
        "waiting": seat_link_draft_words(seat),
    }
    return render(request, "table/seat_waiting.html", context, status=status)


def _hidden(request, seat: Seat, *, by_link: bool) -> bool:
    """The seat's seating is not to be shown here: a draft, through a link always, to an account unless it
    is the competition's organiser's."""
    if by_link:
        return seat_link_in_draft(seat)
    return not sees_seating(request.user, seat.table.round)


def _page(request, seat: Seat, post_url: str, status: int = 200):
    table = seat.table
    fold = table_fold(table)
    hands = hands_to_confirm(seat, fold=fold)
    context = {
        "seat": seat,
        "table": table,
        "round": table.round,
        "competition": table.round.competition,
        "players": players_now(fold, seated_players(table)),
        "hands": hands,
        "open_ids": [h.hand_id for h in hands if h.may_answer],
        "rule": counting_rule(table.round.competition),
        "post_url": post_url,
    }
    return render(request, "table/seat.html", context, status=status)


def _answer(request, seat: Seat, hand_id: int, *, by_link: bool) -> int | None:
    """Answer through the door; a refusal's status (the page is shown again with the reason), else None."""
    hand = get_object_or_404(Hand, pk=hand_id, table_id=seat.table_id)
    verdict = request.POST.get("verdict", "")
    try:
        hand_answer(
            hand=hand,
            seat=seat,
            verdict=verdict,
            reason=request.POST.get("reason", ""),
            user=request.user,
            by_link=by_link,
            meta=request_meta(request),
        )
    except HandRejected as exc:
        for problem in exc.problems:
            messages.error(request, problem.message)
        return exc.status
    except PermissionDenied as exc:  # e.g. from the account, session or device that recorded the hand
        messages.error(request, str(exc))
        return 403
    if verdict == "agree":
        messages.success(request, _("Thank you: you agreed to hand %(n)s.") % {"n": hand.number})
    else:
        messages.success(request, _("Your dispute of hand %(n)s went to the organiser.") % {"n": hand.number})
    return None


def _agree_all(request, seat: Seat, *, by_link: bool) -> None:
    """Agree to each hand the page showed open to this seat (its ids posted), each through the one door."""
    shown = {int(v) for v in request.POST.getlist("hand") if v.isascii() and v.isdigit() and len(v) < 12}
    open_ids = {h.hand_id for h in hands_to_confirm(seat) if h.may_answer}
    agreed = []
    for hand in Hand.objects.filter(pk__in=shown & open_ids, table_id=seat.table_id).order_by("number"):
        try:
            hand_answer(
                hand=hand,
                seat=seat,
                verdict="agree",
                user=request.user,
                by_link=by_link,
                meta=request_meta(request),
            )
        except (HandRejected, PermissionDenied) as exc:
            problems = getattr(exc, "problems", None)
            text = problems[0].message if problems else str(exc)
            messages.error(request, _("Hand %(n)s: %(why)s") % {"n": hand.number, "why": text})
        else:
            agreed.append(str(hand.number))
    if agreed:
        messages.success(request, _("Thank you: you agreed to hands %(list)s.") % {"list": ", ".join(agreed)})
    elif not shown & open_ids:
        messages.info(request, _("No hand was waiting for your answer."))


def _back(url: str, request, hand_id: int) -> str:
    """Back where the player was: the hand just answered, not the top of the page (issue 32)."""
    return f"{url}#hand-{hand_id}" if hand_id else url


def _private(response):
    """The token is in the address: never pass it to another site ("no-referrer" would send "Origin: null"
    with the page's own forms, which the CSRF check refuses)."""
    response["Referrer-Policy"] = "same-origin"
    response["Cache-Control"] = "private, no-store"
    return response


@require_safe
def follow(request, token: str):
    seat = _seat_by_token(token)
    if _hidden(request, seat, by_link=True):
        return _private(_waiting(request, seat))
    return _private(_page(request, seat, post_url=request.path))


@require_POST
def answer_by_link(request, token: str, hand_id: int):
    seat = _seat_by_token(token)
    if _hidden(request, seat, by_link=True):
        return _private(_waiting(request, seat, status=422))
    refused = _answer(request, seat, hand_id, by_link=True)
    if refused:
        return _private(_page(request, seat, reverse("seat:follow", args=[token]), status=refused))
    return redirect(_back(reverse("seat:follow", args=[token]), request, hand_id))


@require_safe
@login_required
def my_seat(request, table_id: int):
    seat = _my_seat(request, table_id)
    if _hidden(request, seat, by_link=False):
        return _waiting(request, seat)
    return _page(request, seat, post_url=request.path)


@require_POST
@login_required
def answer_mine(request, table_id: int, hand_id: int):
    seat = _my_seat(request, table_id)
    if _hidden(request, seat, by_link=False):
        return _waiting(request, seat, status=422)
    refused = _answer(request, seat, hand_id, by_link=False)
    if refused:
        return _page(request, seat, reverse("table:my_seat", args=[table_id]), status=refused)
    return redirect(_back(reverse("table:my_seat", args=[table_id]), request, hand_id))


@require_POST
def agree_all_by_link(request, token: str):
    seat = _seat_by_token(token)
    if _hidden(request, seat, by_link=True):
        return _private(_waiting(request, seat, status=422))
    _agree_all(request, seat, by_link=True)
    return redirect("seat:follow", token=token)


@require_POST
@login_required
def agree_all_mine(request, table_id: int):
    seat = _my_seat(request, table_id)
    if _hidden(request, seat, by_link=False):
        return _waiting(request, seat, status=422)
    _agree_all(request, seat, by_link=False)
    return redirect("table:my_seat", table_id=table_id)
