"""The hand calculator, mounted at /calculator/ (tournament/project/urls.py); see
scoring/adapter/calculator.py.
"""

from django.urls import path

from scoring.adapter import calculator

urlpatterns = [
    path("", calculator.calculator, name="calculator"),
]
