"""The table pages, mounted at /tables/: the scoresheet and what it posts to."""

from django.urls import path

from tournament.views import table as views
from tournament.views.offline import offline_page
from tournament.views.table import seat
from tournament.views.table.marks import marks
from tournament.views.table.queued import queued, resolve

app_name = "table"

urlpatterns = [
    path("mine/", offline_page(views.my_tables), name="mine"),
    path("marks/<int:part>/", marks, name="marks"),  # the sheets' shared poll (issue 50)
    path("<int:table_id>/", offline_page(views.scoresheet), name="scoresheet"),
    path("<int:table_id>/live/", views.live, name="live"),
    path("<int:table_id>/live/mine/", views.live_mine, name="live_mine"),
    path("<int:table_id>/preview/", views.preview, name="preview"),
    path("<int:table_id>/record/", views.record, name="record"),
    path("<int:table_id>/queued/", queued, name="queued"),  # a hand kept offline (issue 18)
    path("<int:table_id>/queued/resolve/", resolve, name="queued_resolve"),  # a refused one discarded
    path("<int:table_id>/hands/<int:hand_id>/void/", views.void, name="void"),
    path("<int:table_id>/seat/", seat.my_seat, name="my_seat"),
    path("<int:table_id>/seat/hands/<int:hand_id>/answer/", seat.answer_mine, name="answer"),
    path("<int:table_id>/seat/hands/agree/", seat.agree_all_mine, name="agree_all"),
    path("<int:table_id>/counts/", views.table_counts, name="counts"),
    path("<int:table_id>/counts/enter/", views.count_enter, name="count_enter"),
    path("<int:table_id>/counts/request/", views.count_request, name="count_request"),
    path("<int:table_id>/counts/<int:count_id>/accept/", views.count_accept, name="count_accept"),
    path("<int:table_id>/counts/<int:count_id>/compare/", views.count_compare, name="count_compare"),
]
