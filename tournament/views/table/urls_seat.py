"""A seat's private link, mounted at /s/ (issue 19; ``tournament.views.table.seat``)."""

from django.urls import path

from tournament.views.table import seat

app_name = "seat"

urlpatterns = [
    path("<str:token>/", seat.follow, name="follow"),
    path("<str:token>/hands/<int:hand_id>/answer/", seat.answer_by_link, name="answer"),
]
