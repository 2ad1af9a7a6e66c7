"""The product's URLs, plus ``GET /bench/ceiling/``: the smallest DRF endpoint on the same stack.

The ceiling view is an ``APIView`` with the league API's own base
(``LeagueAPIMixin``: token then session authentication, JSON parser, the API's
error handler), open to anonymous reads like the standings, answering
``{"ok": true}`` with no database query. So its throughput is what the whole
stack (gunicorn, Django's middleware, DRF's request cycle, JSON rendering)
gives when the view itself does nothing: the ceiling every endpoint is
measured against. ``/healthz`` would not do: it pings Redis and asks the Celery
workers to answer (up to a second), and is a plain Django view, not DRF.
"""

from django.urls import path
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from tournament.api.base import LeagueAPIMixin
from tournament.project.urls import urlpatterns as product_urlpatterns


class CeilingView(LeagueAPIMixin, APIView):
    permission_classes = [AllowAny]

    def get(self, request):
        return Response({"ok": True})


urlpatterns = [path("bench/ceiling/", CeilingView.as_view(), name="bench-ceiling"), *product_urlpatterns]
