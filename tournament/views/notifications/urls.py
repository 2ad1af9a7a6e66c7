"""A person's messages, mounted at /messages/ (issue 34)."""

from django.urls import path

from tournament.views.notifications import pages

app_name = "notifications"

urlpatterns = [
    path("", pages.mine, name="mine"),
    path("push/", pages.push_mine, name="push_mine"),
    path("stop/<str:token>/", pages.stop, name="stop"),
    path("for/<str:token>/", pages.person, name="person"),
    path("for/<str:token>/push/", pages.push_person, name="push_person"),
]
