"""Printable sheets of a round as PDF: the seating plan and the table cards.

- the **seating plan** lists the round's tables with their four seats (E, S,
  W, N as first seated), then every player by name with their table and seat,
  then who sits out (a bye);
- a **table card** is one page per table, to put on the table: the table
  number, the round, the four players in their seats, and the QR code of the
  table's public page (issue 32: never the players' private links, which would
  let anyone at the table answer for a neighbour);
- a **player slip** is one per seated player, to hand over and cut apart: the
  player's table and seat and the QR code of their own private link (issue 19),
  which reaches that seat only. A player with an account also finds it on their
  own seat page; a player whose link already reached them in a message on a
  channel gets a slip that says so instead of a code (issue 34).

Sheets are HTML templates (``templates/organiser/print_*.html``) turned into
PDF by WeasyPrint, which is imported only when a sheet is built (it is slow
to import and needs Pango). The templates name their font, "DejaVu Sans",
explicitly, so a sheet looks the same on every server that has it; a name in
a script DejaVu lacks (Chinese) falls back to a font the server has for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.template.loader import render_to_string
from django.urls import reverse

from tournament.confirmations.seat_links import qr_svg, seat_link_path
from tournament.models import Entry, Message, Player, Round
from tournament.teams.night import team_tags

WINDS = (("E", "East"), ("S", "South"), ("W", "West"), ("N", "North"))


@dataclass(frozen=True)
class SeatLine:
    wind: str
    wind_name: str
    player: Player | None
    qr: str = ""  # the seat's private link as inline SVG (player slips only, issue 32)
    sent: bool = False  # the link reached its player in a message instead (issue 34)
    team: str = ""  # a team event: the player's team (issue 49)


@dataclass(frozen=True)
class TableSheet:
    number: int
    scorekeeper: str
    seats: tuple[SeatLine, ...]
    qr: str = ""  # the table's public page as inline SVG (table cards)
    url: str = ""


@dataclass(frozen=True)
class NameLine:
    name: str
    registration_no: str
    club: str
    table: int
    wind: str
    team: str = ""


def round_sheets(round_: Round, base_url: str = "", *, private: bool = False) -> dict:
    """Everything a sheet of ``round_`` shows, as plain records.

    With ``base_url`` (the site's address), each table carries its public page's QR code (table cards);
    with ``private`` too, each seat its private link's (player slips), unless the link reached its
    player in a message (``sent``).
    """
    tables = []
    by_name = []
    seated: set[int] = set()
    sent = _links_sent(round_) if base_url and private else set()
    tags = team_tags(round_.competition_id)  # a team event: each card names the players' teams
    for table in round_.tables.select_related("scorekeeper").prefetch_related("seats__player__club"):
        seats = {s.wind: s.player for s in table.seats.all()}
        codes = (
            {
                s.wind: qr_svg(base_url.rstrip("/") + seat_link_path(s))
                for s in table.seats.all()
                if s.pk not in sent
            }
            if base_url and private
            else {}
        )
        delivered = {s.wind for s in table.seats.all() if s.pk in sent}
        keeper = table.scorekeeper
        url = base_url.rstrip("/") + reverse("table:scoresheet", args=[table.pk]) if base_url else ""
        tables.append(
            TableSheet(
                number=table.number,
                scorekeeper=(keeper.get_full_name() or keeper.username) if keeper else "",
                seats=tuple(
                    SeatLine(
                        w,
                        name,
                        seats.get(w),
                        codes.get(w, ""),
                        w in delivered,
                        tags.get(seats[w].pk, "") if w in seats else "",
                    )
                    for w, name in WINDS
                ),
                qr=qr_svg(url) if url else "",
                url=url,
            )
        )
        for wind, name in WINDS:
            player = seats.get(wind)
            if player:
                by_name.append(
                    NameLine(
                        player.name,
                        player.registration_no,
                        player.club.name if player.club else "",
                        table.number,
                        name,
                        tags.get(player.pk, ""),
                    )
                )
                seated.add(player.pk)
    by_name.sort(key=lambda line: (line.name.casefold(), line.registration_no))
    byes = [
        e.player
        for e in Entry.objects.filter(competition=round_.competition, status=Entry.Status.ACTIVE)
        .select_related("player")
        .order_by("player__name")
        if e.player_id not in seated and (not tags or e.player_id in tags)  # a team night: its members
    ]
    return {
        "competition": round_.competition,
        "round": round_,
        "tables": tables,
        "by_name": by_name,
        "byes": byes if tables else [],
        "teams": bool(tags),
    }


def _links_sent(round_: Round) -> set[int]:
    """The seats whose current link reached its player in a message sent on a channel (not the inbox):
    the seating's message while the link is still the one it carried, or the message of a renewed link."""
    sent = Message.objects.filter(
        event__startswith=f"r{round_.pk}:seat:", state=Message.State.SENT, player__isnull=False
    ).exclude(channel="inbox")
    paths = {link[link.find("/s/") :] for link in sent.values_list("link", flat=True) if "/s/" in link}
    return {seat.pk for seat in round_.seats.all() if seat_link_path(seat) in paths}


def render_document(template: str, context: dict):
    """The laid-out WeasyPrint document (its ``pages`` can be inspected before ``write_pdf``)."""
    from weasyprint import HTML  # lazily: see the module docstring

    html = render_to_string(template, context)
    return HTML(string=html).render()


def seating_plan(round_: Round):
    return render_document("organiser/print_seating.html", round_sheets(round_))


def table_cards(round_: Round, base_url: str = ""):
    """One card per table; with ``base_url``, the QR code of the table's public page (anyone follows it)."""
    return render_document("organiser/print_cards.html", round_sheets(round_, base_url))


def player_slips(round_: Round, base_url: str):
    """One slip per seated player with the QR code of their own private link, to cut apart and hand over."""
    return render_document("organiser/print_slips.html", round_sheets(round_, base_url, private=True))


def pdf_bytes(document) -> bytes:
    return document.write_pdf()
