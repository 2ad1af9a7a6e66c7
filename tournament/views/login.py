"""Logging in: each role lands where their evening is (``tournament.access.roles.landing_url``)."""

from __future__ import annotations

from axes.handlers.proxy import AxesProxyHandler
from django.conf import settings
from django.contrib.auth import views as auth_views

from tournament.views.landing import landing_url


class LoginView(auth_views.LoginView):
    """Django's login; without a ``next`` the person lands on their table, sheet or dashboard."""

    def get_default_redirect_url(self):
        return landing_url(self.request.user)

    def form_invalid(self, form):
        """A failed try keeps the username (the form does) and says how many tries are left before the
        lock-out (issue 32), so that it never comes without warning."""
        response = super().form_invalid(form)
        username = form.data.get("username", "")
        failures = AxesProxyHandler.get_failures(self.request, {"username": username})
        response.context_data["tries_left"] = max(0, settings.AXES_FAILURE_LIMIT - failures)
        response.context_data["lock_minutes"] = round(float(settings.AXES_COOLOFF_TIME) * 60)
        return response
