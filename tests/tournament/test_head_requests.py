"""HEAD answers carry no body, straight from the WSGI application (issue 38: HEAD /api/v1/redoc/ sent one).

Django's test client drops a HEAD answer's body itself, which hid it; these requests go to the WSGI
application as a server or schemathesis sends them.
"""

import pytest
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from werkzeug.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def wsgi():
    """The WSGI application, keeping the test's database connection across requests (as the test client
    does: Django closes "old" connections when a request starts and ends)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield Client(get_wsgi_application())
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.mark.parametrize("path", ["/api/v1/redoc/", "/api/v1/docs/", "/api/v1/schema/", "/api/v1/rulesets/"])
def test_a_head_request_gets_the_gets_headers_and_no_body(wsgi, path):
    get, head = wsgi.get(path), wsgi.head(path)
    assert head.status_code == get.status_code == 200
    assert head.get_data() == b""
    assert head.headers["Content-Type"] == get.headers["Content-Type"]
    assert int(head.headers["Content-Length"]) == len(get.get_data()) > 0


def test_a_get_keeps_its_body(wsgi):
    assert b"redoc" in wsgi.get("/api/v1/redoc/").get_data()
