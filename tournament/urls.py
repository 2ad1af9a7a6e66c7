from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournament.health import healthz
from tournament.views.home import home

urlpatterns = [
    path("", home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    # The REST API: the league (tournament/api/) and the scoring engine (scoring/api.py).
    path("api/v1/", include("tournament.api.urls")),
    path("api/v1/", include("scoring.urls.api")),
    # Pages: the hand calculator, the organiser's pages, the table (scoresheet) pages.
    path("calculator/", include("scoring.urls.pages")),
    path("organise/", include("tournament.urls_organiser")),
    path("tables/", include("tournament.urls_table")),
    path("s/", include("tournament.urls_seat")),  # a seat's private link (issue 19)
    # Public pages: competitions, standings, rounds, players.
    path("", include("tournament.urls_public")),
]

# A database outage answers 503 (a page, or the API's error shape), anything else a plain 500.
handler500 = "tournament.views.errors.server_error"
