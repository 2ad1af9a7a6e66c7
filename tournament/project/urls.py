from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.i18n import set_language

from tournament.project.health import healthz
from tournament.views.accounts import PasswordResetView, invitation_use
from tournament.views.home import home
from tournament.views.login import LoginView
from tournament.views.offline import manifest, service_worker

urlpatterns = [
    # The REST API first (the patterns are tried in order; the API is what the phones and pollers ask for
    # all evening, issue 20): the league (tournament/api/) and the scoring engine (scoring/adapter/api.py).
    path("api/v1/", include("tournament.api.urls")),
    path("api/v1/", include("scoring.adapter.urls.api")),
    path("", home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("manifest.webmanifest", manifest, name="manifest"),  # the installable scoresheet (issue 18)
    path("sw.js", service_worker, name="service_worker"),
    path("accounts/login/", LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Django's own password change and reset (templates in templates/registration/).
    path("accounts/password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path("accounts/password/done/", auth_views.PasswordChangeDoneView.as_view(), name="password_change_done"),
    path("accounts/reset/", PasswordResetView.as_view(), name="password_reset"),
    path("accounts/reset/sent/", auth_views.PasswordResetDoneView.as_view(), name="password_reset_done"),
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/reset/done/", auth_views.PasswordResetCompleteView.as_view(), name="password_reset_complete"
    ),
    path("accounts/invitation/<str:token>/", invitation_use, name="invitation_use"),
    # The language switch takes no CSRF token: pages shared by HTTP caches carry none
    # (tournament/project/http_cache.py). A forged post can only change the visitor's language.
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("admin/", admin.site.urls),
    # Pages: the hand calculator, the organiser's pages, the table (scoresheet) pages.
    path("calculator/", include("scoring.adapter.urls.pages")),
    path("organise/", include("tournament.views.organiser.urls")),
    path("tables/", include("tournament.views.table.urls")),
    path("s/", include("tournament.views.table.urls_seat")),  # a seat's private link (issue 19)
    path("register/", include("tournament.views.signup.urls")),  # sign-ups (issue 51)
    path("messages/", include("tournament.views.notifications.urls")),  # a person's messages (issue 34)
    path("my-data/", include("tournament.views.privacy.urls")),  # a person's data (issue 51)
    # Public pages: competitions, standings, rounds, players.
    path("", include("tournament.views.public.urls")),
]

# A database outage answers 503 (a page, or the API's error shape), anything else a plain 500.
handler500 = "tournament.views.errors.server_error"
