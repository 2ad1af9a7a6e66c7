"""HEAD answers carry no body, straight from the WSGI application (issue 38: HEAD /api/v1/redoc/ sent one).

Django's test client drops a HEAD answer's body itself, which hid it; these requests go to the WSGI
application as a server or schemathesis sends them.
"""

import pytest
from django.core.wsgi import get_wsgi_application
from werkzeug.test import Client


@pytest.fixture(scope="module")
def wsgi():
    return Client(get_wsgi_application())


@pytest.mark.parametrize("path", ["/api/v1/redoc/", "/api/v1/docs/", "/api/v1/schema/", "/api/v1/rulesets/"])
def test_a_head_request_gets_the_gets_headers_and_no_body(wsgi, path):
    get, head = wsgi.get(path), wsgi.head(path)
    assert head.status_code == get.status_code == 200
    assert head.get_data() == b""
    assert head.headers["Content-Type"] == get.headers["Content-Type"]
    assert int(head.headers["Content-Length"]) == len(get.get_data()) > 0


def test_a_get_keeps_its_body(wsgi):
    assert b"redoc" in wsgi.get("/api/v1/redoc/").get_data()
