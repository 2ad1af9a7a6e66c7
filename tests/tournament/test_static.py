"""Static files are served by WhiteNoise from the app itself, no CDN (issue 2, item 4)."""

import re

import pytest
from django.conf import settings
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _whitenoise_as_in_production(settings):
    """Production's WhiteNoise: the files found once, when the middleware starts (tests/conftest.py
    turns that off for the other tests' clients)."""
    settings.WHITENOISE_AUTOREFRESH = False


def test_every_asset_of_the_layout_is_served_by_the_app(client):
    html = client.get(reverse("home")).content.decode()
    assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', html)
    assert any("htmx" in a for a in assets) and any(a.endswith(".css") for a in assets)
    for url in assets:
        response = client.get(url)
        assert response.status_code == 200, url
        body = b"".join(response.streaming_content) if response.streaming else response.content
        assert len(body) > 100, url
    if "Manifest" in settings.STORAGES["staticfiles"]["BACKEND"]:  # production: hashed, cached a year
        assert all(re.search(r"\.[0-9a-f]{12}\.", a) for a in assets)
        assert "max-age=315360000" in client.get(assets[0]).headers["Cache-Control"]


def test_production_collects_gzip_and_brotli_copies_but_serves_source_maps_as_they_are(tmp_path, settings):
    """collectstatic's storage in production (settings.py): every text file gets its .gz and .br, except
    source maps, which only a developer's tools ask for (compressing them was most of the command's work)."""
    from django.core.management import call_command

    source = tmp_path / "source"
    (source / "js").mkdir(parents=True)
    (source / "js" / "app.js").write_text("window.app = 1;\n//# sourceMappingURL=app.js.map\n" * 40)
    (source / "js" / "app.js.map").write_text('{"version": 3, "sources": ["app.ts"], "mappings": ""}' * 40)
    settings.STATICFILES_DIRS = [source]
    settings.STATICFILES_FINDERS = ["django.contrib.staticfiles.finders.FileSystemFinder"]
    settings.STATIC_ROOT = tmp_path / "collected"
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
    }
    call_command("collectstatic", interactive=False, verbosity=0)  # the storage anew (setting_changed)
    files = {p.name for p in (tmp_path / "collected" / "js").iterdir()}
    hashed_js = next(name for name in files if re.fullmatch(r"app\.[0-9a-f]{12}\.js", name))
    assert {f"{hashed_js}.gz", f"{hashed_js}.br", "app.js.gz", "app.js.br"} <= files
    maps = [name for name in files if ".map" in name]
    assert "app.js.map" in maps and any(re.fullmatch(r"app\.js\.[0-9a-f]{12}\.map", name) for name in maps)
    assert not [name for name in maps if name.endswith((".gz", ".br"))]
