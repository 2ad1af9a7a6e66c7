"""The public stage page in Chromium (issue 49, item 3), on a phone and a desktop, in English and 简体中文:
the cut, its line, the tie and the replaced qualifier read at both sizes; nothing overflows the screen."""

import pytest
from playwright.sync_api import expect

from tests.tournament.test_stages import final_stage, prelims  # noqa: F401 - the fixture
from tournament.stages import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize(("width", "height", "language"), [(390, 844, "en"), (1366, 900, "zh-hans")])
def test_the_cut_reads_on_a_phone_and_a_desktop(
    page,
    live_server,
    prelims,  # noqa: F811 - the fixture imported above
    organiser,
    width,
    height,
    language,
):
    stage = final_stage(prelims)
    services.stage_publish(stage, user=organiser)
    services.qualifier_replace(stage, prelims["players"]["Cat"].pk, user=organiser)
    page.set_viewport_size({"width": width, "height": height})
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(f"{live_server.url}/competitions/{prelims['competition'].pk}/")
    page.get_by_test_id("stages-link").click()
    cut = page.get_by_test_id("cut")
    expect(cut.locator("tr[data-status=withdrawn]")).to_contain_text("Dan")  # replaced by Dan
    expect(cut.locator("tr.cut-line-row")).to_have_count(1)
    expect(page.get_by_test_id("cut-tie")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=f"/tmp/stages-{width}-{language}.png", full_page=True)
