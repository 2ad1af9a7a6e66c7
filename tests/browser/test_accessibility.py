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


TAB_WALK = """() => {
  // Shown and not inside a closed <details> (whose content the browser does not focus).
  const closed = "details:not([open]) > :not(summary)";
  const visible = (e) => e.checkVisibility({visibilityProperty: true}) && !e.closest(closed);
  const controls = "a[href], button:not([disabled]), input:not([disabled]):not([type=hidden]), "
    + "select:not([disabled]), textarea:not([disabled]), summary";
  const focusable = [...document.querySelectorAll(controls)].filter((e) => visible(e) && e.tabIndex >= 0);
  // A group of radio buttons is one stop: Tab reaches it, the arrow keys move within it.
  const radios = new Set(focusable.filter((e) => e.type === "radio").map((e) => e.form?.id + ":" + e.name));
  return focusable.filter((e) => e.type !== "radio").length + radios.size;
}"""
FOCUS_SHOWN = """() => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const s = getComputedStyle(e);
  const ring = (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== "none";
  return {tag: e.tagName, name: (e.getAttribute("name") || e.textContent || "").trim().slice(0, 30), ring};
}"""


def test_the_sheet_the_door_list_and_the_calculator_work_by_keyboard(page, live_server):
    """Every control of the three pages is reached by Tab, and shows where the focus is."""
    competition = demo_league_load()
    User = get_user_model()
    logins = {
        d.role: User.objects.get(username=d.username)
        for d in demo_logins_create(competition, "axe-password-12345")
    }
    rounds = {r.number: r for r in Round.objects.filter(competition=competition)}
    table = Table.objects.filter(round=rounds[2], scorekeeper=logins["scorekeeper"]).first()
    walks = [
        (logins["scorekeeper"], f"/tables/{table.pk}/"),
        (logins["organiser"], f"/organise/rounds/{rounds[3].pk}/night/"),
        (None, "/calculator/"),
    ]
    unseen = []
    for user, path in walks:
        page.context.clear_cookies()
        if user is not None:
            logged_in(page, live_server.url, user)
        page.goto(live_server.url + path)
        controls = page.evaluate(TAB_WALK)
        reached = 0
        for _ in range(controls):
            page.keyboard.press("Tab")
            focused = page.evaluate(FOCUS_SHOWN)
            if focused is None:
                break
            reached += 1
            if not focused["ring"]:
                unseen.append(f"{path}: {focused['tag']} {focused['name']!r} shows no focus")
        assert reached == controls, (path, reached, controls)
    assert not unseen, "\n".join(unseen)
