"""The front page: what each role does next."""

from django.shortcuts import render

from tournament.models import Competition


def home(request):
    competitions = Competition.objects.all()[:20]
    mine = []
    if request.user.is_authenticated:
        mine = list(request.user.organised.all()) + [
            c for c in request.user.scorekept.all() if not c.organisers.filter(pk=request.user.pk).exists()
        ]
    return render(request, "home.html", {"competitions": competitions, "mine": mine})
