"""A seat's private link, mounted at /s/ (issue 19; ``tournament.views.table.seat``)."""

from django.urls import path

from tournament.views.table import seat

app_name = "seat"

urlpatterns = [
    path("<str:token>/", seat.follow, name="follow"),
    path("<str:token>/hands/<int:hand_id>/answer/", seat.answer_by_link, name="answer"),
    path("<str:token>/hands/agree/", seat.agree_all_by_link, name="agree_all"),  # all shown (issue 32)
]
