"""Issue 32, item 6: `check --deploy` says when a font the PDFs need is missing (Chinese names as boxes)."""

from __future__ import annotations

from django.core import checks

from tournament.project import fonts


def test_a_server_without_a_cjk_font_is_warned_with_the_package_to_install(monkeypatch):
    monkeypatch.setattr(fonts, "_families", lambda lang: ["DejaVu Sans"] if lang == "en" else ["DejaVu Sans"])
    found = [m for m in checks.run_checks(include_deployment_checks=True) if m.id == "tournament.W001"]
    assert len(found) == 1
    assert "Chinese names" in found[0].msg and found[0].hint == "sudo apt-get install -y fonts-noto-cjk"


def test_no_fonts_at_all_names_both(monkeypatch):
    monkeypatch.setattr(fonts, "_families", lambda lang: [])
    assert [p for _f, p in fonts.missing_pdf_fonts()] == ["fonts-dejavu-core", "fonts-noto-cjk"]


def test_the_check_runs_only_for_deploy(monkeypatch):
    monkeypatch.setattr(fonts, "_families", lambda lang: [])
    assert not [m for m in checks.run_checks() if m.id == "tournament.W001"]


def test_with_the_fonts_installed_the_check_is_quiet(monkeypatch):
    monkeypatch.setattr(
        fonts,
        "_families",
        lambda lang: {"en": ["DejaVu Sans"], "zh": ["Noto Sans CJK SC", "Noto Sans CJK TC"]}[lang],
    )
    assert fonts.check_pdf_fonts() == []
