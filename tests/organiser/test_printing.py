"""The printable sheets: a seating plan (by table, then by name) and one table card per table, as PDF."""

import pytest
from django.urls import reverse

from tests.factories import EntryFactory, PlayerFactory
from tournament.models import Round
from tournament.rounds import printing
from tournament.rounds.seating import round_seat

pytestmark = pytest.mark.django_db


def page_texts(document) -> list[str]:
    """The text laid out on each page of a WeasyPrint document."""
    from weasyprint.formatting_structure import boxes

    texts = []
    for page in document.pages:
        words = [b.text for b in page._page_box.descendants() if isinstance(b, boxes.TextBox)]
        texts.append(" ".join(words))
    return texts


@pytest.fixture
def seated_round(competition):
    """Nine players: two tables and one bye."""
    for i in range(9):
        EntryFactory(
            competition=competition, player=PlayerFactory(name=f"Zed{i} Tan", registration_no=f"SG{i:03d}")
        )
    round_ = Round.objects.create(competition=competition, number=3, venue="Hall B")
    round_seat(round_, seed=1)
    return round_


def test_one_table_card_per_table_with_its_four_players_in_seat_order(seated_round):
    document = printing.table_cards(seated_round)
    texts = page_texts(document)
    assert len(texts) == 2
    for number, text in enumerate(texts, start=1):
        table = seated_round.tables.get(number=number)
        assert f"Table {number}" in text and "Round 3" in text
        positions = [text.index(table.seats.get(wind=w).player.name) for w in "ESWN"]
        assert positions == sorted(positions)  # East, South, West, North, top to bottom
        assert text.index("East") < text.index("South") < text.index("West") < text.index("North")


def test_the_seating_plan_lists_every_seated_player_by_table_and_by_name(seated_round):
    text = " ".join(page_texts(printing.seating_plan(seated_round)))
    seated = list(seated_round.seats.select_related("player"))
    assert len(seated) == 8
    for seat in seated:
        assert text.count(seat.player.name) == 2  # once by table, once by name
    bye = set(seated_round.competition.players.all()) - {s.player for s in seated}
    [bye_player] = bye
    assert "Sitting out" in text and bye_player.name in text
    by_name = text[text.index("By player") :]
    names = sorted(s.player.name for s in seated)
    assert [by_name.index(n) for n in names] == sorted(by_name.index(n) for n in names)


def test_every_word_is_set_in_dejavu_sans_then_a_cjk_font(seated_round):
    from weasyprint.formatting_structure import boxes

    for document in (printing.seating_plan(seated_round), printing.table_cards(seated_round)):
        fonts = {
            tuple(b.style["font_family"])
            for page in document.pages
            for b in page._page_box.descendants()
            if isinstance(b, boxes.TextBox)
        }
        [families] = fonts
        assert families[0] == "DejaVu Sans" and "Noto Sans CJK SC" in families  # Chinese names: issue 14


def test_the_pdf_downloads(olivia, seated_round):
    for name in ("organiser:seating_pdf", "organiser:cards_pdf", "organiser:slips_pdf"):
        response = olivia.get(reverse(name, args=[seated_round.pk]))
        assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
        assert response.content.startswith(b"%PDF-")


def test_chinese_names_print_in_a_cjk_font(competition):
    """Issue 14: a Chinese name printed as empty boxes in DejaVu Sans; the sheets name a CJK font
    (Noto Sans CJK SC where installed) after the Latin one."""
    import shutil
    import subprocess

    if not shutil.which("fc-list") or b"CJK" not in subprocess.run(["fc-list"], capture_output=True).stdout:
        pytest.skip("no CJK font installed on this machine")
    names = ["陈美玲", "林志强", "王小明", "李秀英"]
    for i, name in enumerate(names):
        EntryFactory(competition=competition, player=PlayerFactory(name=name, registration_no=f"CN{i}"))
    round_ = Round.objects.create(competition=competition, number=1)
    round_seat(round_, seed=1)
    pdf = printing.table_cards(round_).write_pdf()
    assert any(b"NotoSansCJK" in part for part in _pdf_parts(pdf))  # the embedded font (a subset)
    text = page_texts(printing.table_cards(round_))[0]
    assert all(name in text for name in names)


def _pdf_parts(pdf: bytes) -> list[bytes]:
    """The PDF's text and every stream inflated (font names may sit in compressed object streams)."""
    import re
    import zlib

    parts = [pdf]
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S):
        try:
            parts.append(zlib.decompress(stream))
        except zlib.error:
            continue
    return parts


def test_table_cards_carry_the_table_page_and_no_private_link(seated_round):
    """Issue 32: the card on the table is for everyone; a private link would let anyone answer for a
    neighbour. Each player's link is on their own slip."""
    from tournament.confirmations.seat_links import qr_svg, seat_link_path

    sheets = printing.round_sheets(seated_round, "https://league.example/")
    table = seated_round.tables.get(number=1)
    assert sheets["tables"][0].qr == qr_svg(f"https://league.example/tables/{table.pk}/")
    assert all(line.qr == "" for t in sheets["tables"] for line in t.seats)
    cards = printing.table_cards(seated_round, "https://league.example/")
    assert len(page_texts(cards)) == 2  # a page each
    html = printing.render_to_string("organiser/print_cards.html", sheets)
    assert all(seat_link_path(s) not in html for s in table.seats.all())
    assert html.count("<svg") == 2  # one code per card: the table's page

    slips = printing.round_sheets(seated_round, "https://league.example/", private=True)
    for line in slips["tables"][0].seats:
        seat = table.seats.get(wind=line.wind)
        assert line.qr == qr_svg("https://league.example" + seat_link_path(seat))
    texts = " ".join(page_texts(printing.player_slips(seated_round, "https://league.example/")))
    assert all(
        f"Zed{i} Tan" in texts for i in range(9) if seated_round.seats.filter(player__name=f"Zed{i} Tan")
    )


def test_only_the_round_organiser_downloads_the_player_slips(oscar, seated_round):
    url = reverse("organiser:slips_pdf", args=[seated_round.pk])
    assert oscar.get(url).status_code in (403, 404)
