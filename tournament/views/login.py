"""Logging in: each role lands where their evening is (``tournament.access.roles.landing_url``)."""

from __future__ import annotations

from django.contrib.auth import views as auth_views

from tournament.views.landing import landing_url


class LoginView(auth_views.LoginView):
    """Django's login; without a ``next`` the person lands on their table, sheet or dashboard."""

    def get_default_redirect_url(self):
        return landing_url(self.request.user)
