"""``python manage.py make_tile_images``: draw the 46 tile images in static/tiles/<CODE>.svg.

One small SVG per tile code of the contract (``scoring.tiles.TILES``): a
rounded ivory tile, 60 x 80 units, readable at 40 px wide. Suit tiles show
their pips (dots, bamboo sticks) or the Chinese numeral over 萬, with the
number in the top-left corner; honours show 東 南 西 北, 中 發 and the
blue-framed white dragon; bonus tiles show their flower, season or animal
character with their code (F1, S3, CAT...) at the foot, so a phone without a
Chinese font still reads them. The SVGs are committed; run this again only
to change the drawing. No fonts or images are fetched from anywhere.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from scoring.tiles import TILES

W, H = 60, 80
IVORY, EDGE, SHADE = "#fbf7ea", "#a89f84", "#e4dcc4"
BLUE, GREEN, RED, INK = "#1f4e9c", "#23784a", "#c0392b", "#1d2a3c"
CJK = "'Noto Sans CJK TC','Noto Sans CJK SC','PingFang TC','Hiragino Sans','Microsoft JhengHei',sans-serif"
LATIN = "'DejaVu Sans',Verdana,Arial,sans-serif"

NUMERALS = "一二三四五六七八九"
WINDS = {"EW": ("東", "E"), "SW": ("南", "S"), "WW": ("西", "W"), "NW": ("北", "N")}
FLOWERS = {"F1": ("梅", "#c2185b"), "F2": ("蘭", "#6a1b9a"), "F3": ("菊", "#d35400"), "F4": ("竹", GREEN)}
SEASONS = {"S1": ("春", GREEN), "S2": ("夏", RED), "S3": ("秋", "#b7791f"), "S4": ("冬", BLUE)}
ANIMALS = {"CAT": "貓", "RAT": "鼠", "ROOSTER": "雞", "CENTIPEDE": "蜈蚣"}

# Pip positions (x, y, colour) on the tile face, as the printed tiles lay them out.
DOTS = {
    1: [(30, 42, RED)],
    2: [(30, 25, GREEN), (30, 58, BLUE)],
    3: [(16, 22, BLUE), (30, 42, RED), (44, 62, GREEN)],
    4: [(19, 27, BLUE), (41, 27, GREEN), (19, 57, GREEN), (41, 57, BLUE)],
    5: [(17, 24, BLUE), (43, 24, GREEN), (30, 42, RED), (17, 60, GREEN), (43, 60, BLUE)],
    6: [(20, 22, GREEN), (40, 22, GREEN), (20, 44, RED), (40, 44, RED), (20, 64, RED), (40, 64, RED)],
    7: [(19, 18, GREEN), (31, 25, GREEN), (43, 32, GREEN)]
    + [(20, 48, RED), (40, 48, RED), (20, 66, RED), (40, 66, RED)],
    8: [(20, y, BLUE) for y in (17, 33, 49, 65)] + [(40, y, BLUE) for y in (17, 33, 49, 65)],
    9: [(x, y, c) for y, c in ((22, BLUE), (43, RED), (64, GREEN)) for x in (16, 30, 44)],
}
DOT_RADIUS = {1: 15, 2: 10, 3: 8, 4: 8.5, 5: 7.5, 6: 7.5, 7: 6.5, 8: 6.5, 9: 6.5}

# Bamboo sticks (x centre, y centre, colour); sticks are 7 wide and STICK_H[n] tall.
BAMBOO = {
    2: [(30, 28, GREEN), (30, 58, BLUE)],
    3: [(30, 28, GREEN), (20, 58, GREEN), (40, 58, GREEN)],
    4: [(20, 28, BLUE), (40, 28, GREEN), (20, 58, GREEN), (40, 58, BLUE)],
    5: [(17, 28, GREEN), (43, 28, BLUE), (30, 43, RED), (17, 58, BLUE), (43, 58, GREEN)],
    6: [(x, y, GREEN) for y in (28, 58) for x in (16, 30, 44)],
    7: [(30, 20, RED)] + [(x, y, GREEN) for y in (43, 64) for x in (16, 30, 44)],
    8: [(x, y, GREEN) for y in (28, 58) for x in (13, 24, 36, 47)],
    9: [(x, y, RED if x == 30 else GREEN) for y in (20, 42, 64) for x in (16, 30, 44)],
}
STICK_H = {2: 24, 3: 24, 4: 24, 5: 20, 6: 24, 7: 18, 8: 24, 9: 18}


def _frame(body: str, title: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
        f'role="img" aria-label="{title}">'
        f"<title>{title}</title>"
        f'<rect x="1.5" y="3.5" width="57" height="75" rx="8" fill="{SHADE}"/>'
        f'<rect x="1.5" y="1.5" width="57" height="74" rx="8" fill="{IVORY}" '
        f'stroke="{EDGE}" stroke-width="2"/>'
        f"{body}</svg>\n"
    )


def _text(
    x: float, y: float, text: str, size: float, colour: str, font: str = CJK, weight: str = "700"
) -> str:
    return (
        f'<text x="{x}" y="{y}" font-family="{font}" font-size="{size}" font-weight="{weight}" '
        f'fill="{colour}" text-anchor="middle">{text}</text>'
    )


def _corner(text: str, colour: str) -> str:
    return _text(9, 14, text, 11, colour, LATIN)


def _foot(text: str, colour: str = INK) -> str:
    size = 10 if len(text) <= 4 else 7.5
    return _text(30, 72, text, size, colour, LATIN)


def _dot(x: float, y: float, r: float, colour: str) -> str:
    return (
        f'<circle cx="{x}" cy="{y}" r="{r}" fill="none" stroke="{colour}" '
        f'stroke-width="{max(r / 3.2, 1.8):.1f}"/>'
        f'<circle cx="{x}" cy="{y}" r="{r / 2.6:.1f}" fill="{colour}"/>'
    )


def _stick(x: float, y: float, h: float, colour: str) -> str:
    top = y - h / 2
    return (
        f'<rect x="{x - 3.5}" y="{top}" width="7" height="{h}" rx="3" fill="{colour}"/>'
        f'<line x1="{x - 3.5}" y1="{y}" x2="{x + 3.5}" y2="{y}" stroke="{IVORY}" stroke-width="1.4"/>'
    )


def _one_bamboo() -> str:
    # the "bird" of the one of bamboo, kept to a simple sparrow shape
    return (
        f'<ellipse cx="30" cy="46" rx="15" ry="11" fill="{GREEN}"/>'
        f'<circle cx="42" cy="32" r="7" fill="{GREEN}"/>'
        f'<path d="M48 31 L55 33 L48 35 Z" fill="{RED}"/>'
        f'<circle cx="43.5" cy="30.5" r="1.6" fill="{IVORY}"/>'
        f'<path d="M16 44 L6 36 L9 50 Z" fill="{RED}"/>'
        f'<path d="M24 56 L22 66 M34 56 L36 66" stroke="{INK}" stroke-width="2"/>'
    )


def svg_of(code: str) -> str:
    """The SVG text of the tile ``code`` (one of ``scoring.tiles.TILES``)."""
    if code[0] in "BDC" and code[1:].isdigit():
        n = int(code[1:])
        if code[0] == "D":
            body = "".join(_dot(x, y, DOT_RADIUS[n], c) for x, y, c in DOTS[n])
            return _frame(_corner(str(n), BLUE) + body, f"Dots {n}")
        if code[0] == "B":
            if n == 1:
                body = _one_bamboo()
            else:
                body = "".join(_stick(x, y, STICK_H[n], c) for x, y, c in BAMBOO[n])
            return _frame(_corner(str(n), GREEN) + body, f"Bamboo {n}")
        body = _text(30, 38, NUMERALS[n - 1], 27, INK) + _text(30, 68, "萬", 27, RED)
        return _frame(_corner(str(n), RED) + body, f"Characters {n}")
    if code in WINDS:
        glyph, letter = WINDS[code]
        name = {"E": "East", "S": "South", "W": "West", "N": "North"}[letter]
        return _frame(_corner(letter, BLUE) + _text(30, 56, glyph, 38, INK), f"{name} wind")
    if code == "RD":
        return _frame(_corner("R", RED) + _text(30, 56, "中", 40, RED), "Red dragon")
    if code == "GD":
        return _frame(_corner("G", GREEN) + _text(30, 56, "發", 40, GREEN), "Green dragon")
    if code == "WD":
        frame = (
            f'<rect x="13" y="15" width="34" height="50" rx="3" fill="none" stroke="{BLUE}" '
            'stroke-width="4"/>'
            f'<rect x="19" y="21" width="22" height="38" rx="2" fill="none" stroke="{BLUE}" '
            'stroke-width="1.6"/>'
        )
        return _frame(frame, "White dragon")
    if code in FLOWERS:
        glyph, colour = FLOWERS[code]
        name = {"F1": "plum", "F2": "orchid", "F3": "chrysanthemum", "F4": "bamboo"}[code]
        body = _corner(code[1], RED) + _text(30, 50, glyph, 32, colour) + _foot(code, RED)
        return _frame(body, f"Flower {code[1]}: {name}")
    if code in SEASONS:
        glyph, colour = SEASONS[code]
        name = {"S1": "spring", "S2": "summer", "S3": "autumn", "S4": "winter"}[code]
        body = _corner(code[1], BLUE) + _text(30, 50, glyph, 32, colour) + _foot(code, BLUE)
        return _frame(body, f"Season {code[1]}: {name}")
    glyph = ANIMALS[code]
    if len(glyph) == 1:
        body = _text(30, 50, glyph, 32, "#6d4c41")
    else:
        body = _text(30, 32, glyph[0], 22, "#6d4c41") + _text(30, 56, glyph[1], 22, "#6d4c41")
    name = code.capitalize()
    return _frame(body + _foot(code, "#6d4c41"), f"Animal: {name}")


class Command(BaseCommand):
    help = "Write static/tiles/<CODE>.svg for every tile code of the contract."

    def add_arguments(self, parser):
        parser.add_argument("--out", default=None, help="folder to write to (default: static/tiles)")

    def handle(self, *args, **options):
        out = Path(options["out"] or Path(settings.BASE_DIR) / "static" / "tiles")
        out.mkdir(parents=True, exist_ok=True)
        for code in TILES:
            (out / f"{code}.svg").write_text(svg_of(code), encoding="utf-8")
        self.stdout.write(f"wrote {len(TILES)} tile images to {out}")
