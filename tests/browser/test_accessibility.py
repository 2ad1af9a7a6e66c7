"""Accessibility: axe-core over the pages each role lives on, at a phone's 390×844 and a desktop's 1366×900
(issue 54, item 11). A serious or critical violation of WCAG 2.0/2.1 A or AA fails the test, naming the page,
the rule and the nodes. axe-core is vendored from the npm registry (tests/browser/vendor/README.md); the
site's CSP refuses an injected script, so the checking context bypasses it (the pages are unchanged).

The demo league (``league.demo``: a finished, a playing and a seated round) is built once; every role's
pages are read in it. Found when first run: the calculator's tile trays used aria-label without a role
(now a group), and the big screen's language select was at a quarter opacity (now muted, opaque).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import logged_in
from tournament.league.demo import demo_league_load, demo_logins_create
from tournament.models import Player, Round, Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SIZES = [(390, 844), (1366, 900)]
RUN = """async (tags) => {
  const result = await axe.run(document, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
  const where = (v) => v.nodes.slice(0, 5).map((n) => n.target.join(" "));
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({id: v.id, impact: v.impact, help: v.help, nodes: where(v)}));
}"""


def _pages(competition, logins) -> dict[str, list[str]]:
    c = competition.pk
    rounds = {r.number: r for r in Round.objects.filter(competition=competition)}
    playing = rounds[2]
    table = Table.objects.filter(round=playing).order_by("number").first()
    player = Player.objects.get(user=logins["player"])
    seat_table = Table.objects.filter(round=playing, seats__player=player).first() or table
    return {
        "anonymous": [
            "/", f"/competitions/{c}/", f"/competitions/{c}/standings/", f"/rounds/{rounds[1].pk}/",
            f"/players/{player.pk}/?competition={c}", "/ratings/", "/calculator/",
            f"/rules/{competition.rules}/", f"/competitions/{c}/screen/", "/accounts/login/",
        ],
        "player": ["/messages/", f"/season/{c}/", f"/tables/{seat_table.pk}/seat/"],
        "scorekeeper": ["/tables/mine/", f"/tables/{table.pk}/"],
        "organiser": [
            "/organise/", f"/organise/competitions/{c}/", f"/organise/competitions/{c}/players/",
            f"/organise/competitions/{c}/rounds/", f"/organise/rounds/{playing.pk}/",
            f"/organise/rounds/{rounds[3].pk}/night/", f"/organise/competitions/{c}/staff/",
            f"/organise/competitions/{c}/messages/", f"/organise/competitions/{c}/season/",
            f"/organise/competitions/{c}/audit/", f"/organise/competitions/{c}/rules/",
        ],
    }  # fmt: skip


def test_every_page_of_every_role_has_no_serious_violation(browser, live_server):
    competition = demo_league_load()
    User = get_user_model()
    logins = {
        d.role: User.objects.get(username=d.username)
        for d in demo_logins_create(competition, "axe-password-12345")
    }
    found = []
    for role, paths in _pages(competition, logins).items():
        for width, height in SIZES:
            context = browser.new_context(viewport={"width": width, "height": height}, bypass_csp=True)
            page = context.new_page()
            if role != "anonymous":
                logged_in(page, live_server.url, logins[role])
            for path in paths:
                answer = page.goto(live_server.url + path)
                assert answer.status < 400, (role, path, answer.status)
                page.add_script_tag(path=str(AXE))
                for violation in page.evaluate(RUN, WCAG):
                    found.append(f"{role} {width}px {path}: {violation}")
            context.close()
    assert not found, "\n".join(found)
