"""Retire a seat's private link (issue 31): a slip lost, or seen by someone else.

The door is ``tournament.confirmations.seat_links.seat_link_reset`` (checked and audited); this view
only finds the seat, calls it and says what to do next (print the table cards again).
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournament.access.request_meta import request_meta
from tournament.confirmations.seat_links import seat_link_reset
from tournament.models import Seat

from .access import managed_round, organiser_required


@organiser_required
@require_POST
def seat_link_retire(request, pk: int):
    seat = get_object_or_404(Seat.objects.select_related("table__round__competition", "player"), pk=pk)
    round_ = managed_round(request, seat.round_id)
    seat_link_reset(seat, user=request.user, meta=request_meta(request))
    messages.success(
        request,
        _(
            "The link of %(player)s (%(wind)s, table %(table)s) no longer works: print the table cards "
            "again to hand them the new one."
        )
        % {"player": seat.player.name, "wind": seat.get_wind_display(), "table": seat.table.number},
    )
    return redirect("organiser:round", round_.pk)
