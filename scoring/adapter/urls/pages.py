"""The hand calculator, mounted at /calculator/ (tournament/project/urls.py); see
scoring/adapter/views.py.
"""

from django.urls import path

from scoring.adapter import views as calculator

urlpatterns = [
    path("", calculator.calculator, name="calculator"),
]
