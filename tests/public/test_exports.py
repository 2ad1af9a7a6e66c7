"""Downloads of any standings table: CSV with the page's columns, and a printable PDF (WeasyPrint)."""

import csv
import io

import pytest
from django.urls import reverse

from tests.public.helpers import ledger_net, rows_by
from tournament.standings import exports
from tournament.standings.store import standings_refresh
from tournament.views.public.leaderboard import COLUMNS, all_lines

pytestmark = pytest.mark.django_db

HEADER = [
    "Rank", "Player", "Club", "Net chips", "Sessions", "Hands won", "Self-drawn wins", "Za Hu",
    "Biggest hand", "Chips per session",
]  # fmt: skip


def csv_table(response) -> list[list[str]]:
    body = response.content.decode("utf-8")
    assert body.startswith("\ufeff")  # a byte-order mark: Excel opens it as UTF-8 (issue 22)
    return list(csv.reader(io.StringIO(body[1:])))


def as_in_csv(cells: list[str]) -> list[str]:
    """A page row's cells as the CSV writes them: a shared place "2=" (not "=2", a formula), chips per
    session a plain number ("12.0", not "+12.0")."""
    rank, *middle, per_session = cells
    rank = f"{rank[1:]}=" if rank.startswith("=") else rank
    return [rank, *middle, per_session.removeprefix("+")]


def page_texts(document) -> list[str]:
    """The text laid out on each page of a WeasyPrint document."""
    from weasyprint.formatting_structure import boxes

    return [
        " ".join(b.text for b in page._page_box.descendants() if isinstance(b, boxes.TextBox))
        for page in document.pages
    ]


def test_the_competition_csv_has_the_page_s_columns_and_lines(client, league):
    competition = league["competition"]
    response = client.get(reverse("public:standings_csv", args=[competition.pk]))
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    assert "attachment" in response["Content-Disposition"]
    table = csv_table(response)
    assert table[0] == HEADER
    page = rows_by(client.get(reverse("public:standings", args=[competition.pk])).content.decode())
    page = [(pid, as_in_csv(cells)) for pid, cells in page]
    names = {p.pk: p.name for p in league["players"].values()}
    assert [row[:2] for row in table[1:]] == [[cells[0], names[pid]] for pid, cells in page]
    assert [row[2:] for row in table[1:]] == [cells[2:] for _, cells in page]
    by_name = {p.name: p for p in league["players"].values()}
    for row in table[1:]:
        assert int(row[3]) == ledger_net(by_name[row[1]])


def test_a_round_csv_follows_the_search(client, league):
    round_2 = league["tables"]["r2t1"].round
    response = client.get(reverse("public:round_csv", args=[round_2.pk]), {"q": "ben"})
    table = csv_table(response)
    ben = league["players"]["Ben"]
    assert [row[1] for row in table[1:]] == ["Ben Tan"]
    assert int(table[1][3]) == ledger_net(ben, table__round=round_2)


def test_the_pdf_is_a_pdf(client, league):
    response = client.get(reverse("public:standings_pdf", args=[league["competition"].pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


def test_the_pdf_pages_name_every_player_in_rank_order(league):
    competition = league["competition"]
    lines = all_lines(competition)
    document = exports.standings_document(
        title=competition.name, competition=competition, round_=None, lines=lines, columns=COLUMNS
    )
    text = " ".join(page_texts(document))
    positions = [text.index(line.name) for line in lines]
    assert positions == sorted(positions) and len(lines) == 8
    assert "Spring League" in text and "Chips per session" in text
    assert "DejaVu Sans" in exports.standings_html(
        title="x", competition=competition, round_=None, lines=lines, columns=COLUMNS
    )


def test_the_csv_shows_formulas_and_shared_places_as_text_and_keeps_chinese_names(client, league):
    """Issue 13: a name a spreadsheet would run (=, +, -, @) is written as text (defusedcsv: a leading
    single quote), and a shared place is "2=", not the formula "=2". Issue 22: UTF-8 with a BOM."""
    players = league["players"]
    evil = {
        "Ann": '=HYPERLINK("http://x","y")',
        "Ben": "+cmd|' /C calc'!A0",
        "Cat": "-2+3",
        "Dan": "@SUM(A1:A2)",
        "Eve": "陈美玲",
    }
    for key, name in evil.items():
        players[key].name = name
        players[key].save(update_fields=["name"])
    standings_refresh(league["competition"])
    response = client.get(reverse("public:standings_csv", args=[league["competition"].pk]))
    assert response.content.startswith(b"\xef\xbb\xbf")  # the UTF-8 byte-order mark
    table = csv_table(response)
    names = {row[1] for row in table[1:]}
    assert '\'=HYPERLINK("http://x","y")' in names and "'-2+3" in names and "'@SUM(A1:A2)" in names
    assert any(n.startswith("'+cmd") for n in names)
    assert "陈美玲" in names  # intact, not mojibake
    for row in table[1:]:
        assert not row[0].startswith(("=", "+", "-", "@")), row
        assert not row[1].startswith(("=", "+", "-", "@")), row  # every formula neutralised


def test_a_shared_place_is_written_as_text_not_as_a_formula(client, league):
    """Round 2: Ben wins from Ann's discard; Eve and Fay, level on everything, share second place."""
    round_2 = league["tables"]["r2t1"].round
    html = client.get(reverse("public:round", args=[round_2.pk])).content.decode()
    page = rows_by(html.split('id="standings-live"')[1])
    assert [cells[0] for _, cells in page] == ["1", "=2", "=2", "4"]  # the page shows "=2"
    table = csv_table(client.get(reverse("public:round_csv", args=[round_2.pk])))
    assert [row[0] for row in table[1:]] == ["1", "2=", "2=", "4"]  # text in a spreadsheet, not a formula


def _name_cells(document) -> dict[str, int]:
    """Each table row's name (its second cell) and the lines it is laid out on."""
    from weasyprint.formatting_structure import boxes

    out = {}
    for page in document.pages:
        for row in page._page_box.descendants():
            cells = [c for c in getattr(row, "children", []) if isinstance(c, boxes.TableCellBox)]
            if isinstance(row, boxes.TableRowBox) and len(cells) > 2:
                name = " ".join(b.text for b in cells[1].descendants() if isinstance(b, boxes.TextBox))
                out[name] = sum(1 for b in cells[1].descendants() if isinstance(b, boxes.LineBox))
    return out


def test_the_pdf_keeps_each_name_on_one_line(league):
    """Issue 54, item 9: a two- or three-word name is not broken onto three lines by a narrow column."""
    from tournament.models import Club, Player

    competition = league["competition"]
    for i, club in enumerate(Club.objects.order_by("pk")):
        club.name = f"Serangoon Gardens Mahjong Society {i}"
        club.save(update_fields=["name"])
    for i, player in enumerate(Player.objects.order_by("pk")):
        player.name = f"{player.name.split()[0]}ald Kian Seng{i}"
        player.save(update_fields=["name"])
    standings_refresh(competition)
    document = exports.standings_document(
        title=competition.name, competition=competition, round_=None, lines=all_lines(competition),
        columns=COLUMNS,
    )  # fmt: skip
    names = {n: lines for n, lines in _name_cells(document).items() if "Kian" in n}
    assert len(names) == 8 and set(names.values()) == {1}, names
