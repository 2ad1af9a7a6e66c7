"""The printable sheets of a round, as PDF downloads."""

from __future__ import annotations

from django.http import HttpResponse

from tournament.rounds import printing

from .access import managed_round, organiser_required


def _pdf(document, filename: str) -> HttpResponse:
    response = HttpResponse(printing.pdf_bytes(document), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@organiser_required
def seating_plan_pdf(request, pk: int):
    round_ = managed_round(request, pk)
    return _pdf(printing.seating_plan(round_), f"round-{round_.number}-seating.pdf")


@organiser_required
def table_cards_pdf(request, pk: int):
    round_ = managed_round(request, pk)
    return _pdf(
        printing.table_cards(round_, request.build_absolute_uri("/")),
        f"round-{round_.number}-table-cards.pdf",
    )


@organiser_required
def player_slips_pdf(request, pk: int):
    """Each player's own private link, one slip each, to cut apart and hand over (issue 32)."""
    round_ = managed_round(request, pk)
    return _pdf(
        printing.player_slips(round_, request.build_absolute_uri("/")),
        f"round-{round_.number}-player-slips.pdf",
    )
