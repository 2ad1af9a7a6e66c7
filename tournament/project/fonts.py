"""The fonts the PDFs need, checked by ``manage.py check --deploy`` (issue 32).

The printed sheets and standings name "DejaVu Sans" for Latin text and a CJK
font for Chinese names (``templates/organiser/_print_style.html``); WeasyPrint
embeds the glyphs it uses from them in each PDF, so a reader needs no font. A
server without a CJK font prints Chinese names as boxes, silently: this check
says so before anyone prints (install Debian's ``fonts-noto-cjk``, README,
"Production").
"""

from __future__ import annotations

import shutil
import subprocess

from django.core import checks


def _families(lang: str) -> list[str]:
    """The font families fontconfig knows for a language (empty when fc-list is missing)."""
    fc_list = shutil.which("fc-list")
    if fc_list is None:
        return []
    try:
        out = subprocess.run(  # noqa: S603 - a fixed command, no input from anyone
            [fc_list, f":lang={lang}", "family"], capture_output=True, text=True, timeout=10, check=False
        ).stdout
    except (OSError, subprocess.TimeoutExpired):
        return []
    return [f.strip() for line in out.splitlines() for f in line.split(",") if f.strip()]


def missing_pdf_fonts() -> list[tuple[str, str]]:
    """(font, Debian package) for each font the PDFs need that the server lacks."""
    missing = []
    latin = _families("en")
    if "DejaVu Sans" not in latin:
        missing.append(("DejaVu Sans", "fonts-dejavu-core"))
    if not any("CJK" in f or "WenQuanYi" in f or "Source Han" in f for f in _families("zh")):
        missing.append(("Noto Sans CJK SC", "fonts-noto-cjk"))
    return missing


def check_pdf_fonts(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    return [
        checks.Warning(
            f"The font {font} is not installed: PDFs (table cards, player slips, standings) would print "
            f"{'Chinese names' if 'CJK' in font else 'their text'} as boxes.",
            hint=f"sudo apt-get install -y {package}",
            id="tournament.W001",
        )
        for font, package in missing_pdf_fonts()
    ]


def register() -> None:
    checks.register(check_pdf_fonts, checks.Tags.compatibility, deploy=True)
