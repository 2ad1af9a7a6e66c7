"""Sign-up pages, mounted at /register/ (see ``tournament.views.signup``)."""

from django.urls import path

from tournament.views.signup import pages

app_name = "registration"

urlpatterns = [
    path("<int:pk>/", pages.signup, name="signup"),
    path("me/<str:token>/", pages.mine, name="mine"),
]
