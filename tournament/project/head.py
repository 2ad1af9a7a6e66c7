"""A HEAD request is answered with the GET's status and headers and no body (RFC 9110 9.3.2; issue 38).

Django answers HEAD by running the GET view and leaves dropping the body to the server: runserver and
gunicorn do, but a WSGI client talking to the application (schemathesis, a test harness, another
server) got the whole page, as ``HEAD /api/v1/redoc/`` showed. Here the application drops it itself,
keeping the ``Content-Length`` the GET would send.
"""

from __future__ import annotations


class HeadWithoutBody:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.method != "HEAD":
            return response
        if response.streaming:
            response.streaming_content = []
        else:
            if not response.has_header("Content-Length"):
                response["Content-Length"] = str(len(response.content))
            response.content = b""
        return response
