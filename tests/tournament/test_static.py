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
