"""Standings as files: a CSV of any standings table and a printable PDF.

Both take the leaderboard's lines and columns
(``tournament.views.public.leaderboard``: ``Line``, ``COLUMNS``), the same as
the page's, so a download matches what is shown. The PDF is an HTML
template (``templates/public/standings_print.html``, font "DejaVu Sans") laid
out by WeasyPrint, imported only when a PDF is built
(it is slow to import and needs Pango).
"""

from __future__ import annotations

import io

from defusedcsv import csv
from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

BOM = "\ufeff"


def standings_csv(lines, columns) -> str:
    """A header row with the columns' names, then one row per line (``line.csv_values()``), in ranked
    order.

    Safe to open in a spreadsheet (issue 13): the writer is defusedcsv's, which prefixes a cell that a
    spreadsheet would run as a formula (a name starting with ``=``, ``+``, ``-``, ``@``, ``|`` or
    ``%``, but not a plain negative number) with a single quote, so it is shown as text; a shared place
    is written "2=", not "=2". The text starts with a UTF-8 byte-order mark, so that Excel opens it as
    UTF-8 and Chinese names stay intact (issue 22).
    """
    return csv_text(columns, (line.csv_values() for line in lines))


def csv_text(columns, rows) -> str:
    """Any standings table as CSV (the clubs', the teams'): the columns' names, then the rows, written as
    ``standings_csv`` writes (a byte-order mark, formulas defused)."""
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out)
    writer.writerow([str(label) for _key, label in columns])
    writer.writerows(rows)
    return out.getvalue()


def csv_attachment(text: str, filename: str) -> HttpResponse:
    """A CSV text as a download named ``filename``."""
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def standings_html(*, title: str, competition, round_, lines, columns, clubs=None, teams=None) -> str:
    return render_to_string(
        "public/standings_print.html",
        {
            "title": title,
            "competition": competition,
            "round": round_,
            "lines": lines,
            "columns": columns,
            "clubs": clubs or [],  # the club standings after the players' (issue 35)
            "teams": teams or [],  # a team event's teams after them (issue 35, tournament.teams)
            "printed_at": timezone.now(),
            "fair_words": fair_words(competition) if round_ is None else "",
        },
    )


def standings_document(*, title: str, competition, round_, lines, columns, clubs=None, teams=None):
    """The laid-out WeasyPrint document (its ``pages`` can be inspected before writing)."""
    from weasyprint import HTML  # lazily: see the module docstring

    html = standings_html(
        title=title, competition=competition, round_=round_, lines=lines, columns=columns, clubs=clubs,
        teams=teams,
    )  # fmt: skip
    return HTML(string=html).render()


def pdf_bytes(document) -> bytes:
    return document.write_pdf()


def fair_words(competition) -> str:
    """The season's fair standings in words (issue 33), shown beside the table and on the PDF:
    "best 8 of 12 nights count; 6 nights needed to be ranked"; empty when every night counts."""
    nights = competition.rounds.count()
    parts = []
    if competition.best_sessions:
        parts.append(
            ngettext(
                "best %(best)s of %(nights)s night count",
                "best %(best)s of %(nights)s nights count",
                nights,
            )
            % {"best": competition.best_sessions, "nights": nights}
        )
    if competition.min_sessions:
        parts.append(
            ngettext(
                "%(need)s night needed to be ranked",
                "%(need)s nights needed to be ranked",
                competition.min_sessions,
            )
            % {"need": competition.min_sessions}
        )
    return _("; ").join(parts)
