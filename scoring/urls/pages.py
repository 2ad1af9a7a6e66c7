"""The hand calculator's pages, mounted at /calculator/ (tournament/project/urls.py); see scoring/views.py."""

from django.urls import path

from scoring import views

urlpatterns = [
    path("", views.calculator, name="calculator"),
]
