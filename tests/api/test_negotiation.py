"""The API's content negotiation answers as DRF's own for every Accept header (issue 20's shortcut)."""

import pytest
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from tournament.api.base import JSONFirstNegotiation

ACCEPTS = [
    None,
    "*/*",
    "application/json",
    "text/html",
    "application/json; indent=4",
    "application/*",
    "text/*",
]


@pytest.mark.parametrize("accept", ACCEPTS)
@pytest.mark.parametrize("query", ["", "?format=api", "?format=json"])
def test_the_shortcut_chooses_what_drf_chooses(accept, query):
    headers = {} if accept is None else {"HTTP_ACCEPT": accept}
    request = Request(APIRequestFactory().post(f"/api/v1/tables/1/hands/{query}", **headers))
    renderers = [JSONRenderer(), BrowsableAPIRenderer()]
    outcomes = []
    for negotiation in (DefaultContentNegotiation(), JSONFirstNegotiation()):
        try:
            renderer, media_type = negotiation.select_renderer(request, renderers)
            outcomes.append((type(renderer), media_type))
        except Exception as exc:  # noqa: BLE001 - the same refusal is what is compared
            outcomes.append(type(exc))
    assert outcomes[0] == outcomes[1]
