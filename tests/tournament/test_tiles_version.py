"""The tile palette's cache key follows every tile image, not just one (issue 14's cached palette)."""

from tournament.templatetags import tiles


def test_the_palette_key_changes_when_any_tile_image_changes(monkeypatch):
    tiles._version.cache_clear()
    before = tiles._version()
    real = tiles.static
    monkeypatch.setattr(tiles, "static", lambda p: real(p) + ("?v2" if p.endswith("RD.svg") else ""))
    tiles._version.cache_clear()
    after = tiles._version()
    tiles._version.cache_clear()
    assert before != after and len(before) == 16
