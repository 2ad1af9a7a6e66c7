"""Reading the public pages as a reader would: the rows of a table, by player."""

from __future__ import annotations

from html.parser import HTMLParser

from django.db.models import Sum

from tournament.models import ChipTransfer


class _Rows(HTMLParser):
    """Collect the text cells of every ``<tr data-player=...>`` in the order of the page."""

    def __init__(self, attribute: str):
        super().__init__()
        self.attribute = attribute
        self.rows: list[tuple[int, list[str]]] = []
        self._cells: list[str] | None = None
        self._text: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "tr" and self.attribute in attrs:
            self._cells = []
            self.rows.append((int(attrs[self.attribute]), self._cells))
        elif tag == "td" and self._cells is not None:
            self._text = []

    def handle_endtag(self, tag):
        if tag == "td" and self._text is not None:
            self._cells.append(" ".join("".join(self._text).split()))
            self._text = None
        elif tag == "tr":
            self._cells = None

    def handle_data(self, data):
        if self._text is not None:
            self._text.append(data)


def rows_by(html: str, attribute: str = "data-player") -> list[tuple[int, list[str]]]:
    parser = _Rows(attribute)
    parser.feed(html)
    return parser.rows


def ledger_net(player, **where) -> int:
    """A player's net chips straight from the ledger (received minus paid)."""
    got = ChipTransfer.objects.filter(to_player=player, **where).aggregate(s=Sum("amount"))["s"] or 0
    paid = ChipTransfer.objects.filter(from_player=player, **where).aggregate(s=Sum("amount"))["s"] or 0
    return got - paid
