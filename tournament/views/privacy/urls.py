"""A person's data (issue 51), mounted at /my-data/."""

from django.urls import path

from tournament.views.privacy import pages

app_name = "privacy"

urlpatterns = [
    path("", pages.mine, name="mine"),
    path("data.json", pages.mine_json, name="mine_json"),
    path("data.csv", pages.mine_csv, name="mine_csv"),
    path("for/<str:token>/", pages.person, name="person"),
    path("for/<str:token>/data.json", pages.person_json, name="person_json"),
    path("for/<str:token>/data.csv", pages.person_csv, name="person_csv"),
    path("erase/<int:player_pk>/", pages.erase, name="erase"),
]
