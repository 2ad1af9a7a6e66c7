"""The hand calculator at /calculator/ and the tile picker component, without JavaScript.

The page is a plain form posting tile codes; what it shows must be what the
engine says (scoring.score_hand, scoring.settle), seat by seat.
"""

from __future__ import annotations

import io
import re

import pytest

try:
    from django.conf import settings as _settings

    _settings.INSTALLED_APPS  # noqa: B018 (raises when pytest runs with -p no:django)
except Exception:  # pragma: no cover - pure runs of tests/scoring
    pytest.skip("needs Django settings (run without -p no:django)", allow_module_level=True)

from django.template.loader import render_to_string  # noqa: E402

import scoring  # noqa: E402
from scoring.rulesets import RULESETS  # noqa: E402
from scoring.tiles import TILES  # noqa: E402

pytestmark = pytest.mark.django_db
URL = "/calculator/"

# The contract's hand (scoring-api.md) as the form posts it: South wins on West's discard.
CONTRACT_FORM = {
    "rules": "spgg-2023",
    "prevailing_wind": "E",
    "seat_wind": "S",
    "win": "discard",
    "discarder": "W",
    "concealed": "B2 B3 D5 D6 D7 C3 C3 B4",
    "winning_tile": "B4",
    "meld1_type": "chow",
    "meld1": "C4 C5 C6",
    "meld2_type": "concealed_kong",
    "meld2": "RD RD RD RD",
    "bonus": "F2 CAT",
}
# A Ping Hu: four chows and a non-scoring eye, won on a two-sided wait (001 rule 23p).
PING_HU_FORM = {
    "rules": "spgg-2023",
    "prevailing_wind": "E",
    "seat_wind": "S",
    "win": "discard",
    "discarder": "N",
    "concealed": "B1 B2 B3 B4 B5 B6 D2 D3 D4 C7 C8 NW NW C9",
}


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def nets_shown(html: str) -> dict[str, int]:
    return {seat: int(net) for seat, net in re.findall(r'data-seat="(\w)".*?data-net="(-?\d+)"', html, re.S)}


def test_the_empty_calculator_offers_every_tile_and_the_choices(client):
    html = client.get(URL).content.decode()
    for code in TILES:
        assert f'data-tile="{code}"' in html, code
    for name in ("concealed", "winning_tile", "meld1", "meld4", "bonus", "rules", "discarder", "events"):
        assert f'name="{name}"' in html
    for rid in RULESETS:
        assert f'value="{rid}"' in html
    assert 'hx-post="/calculator/"' in html and "csrfmiddlewaretoken" in html


def test_every_asset_of_the_page_is_local_and_served(client):
    html = client.get(URL).content.decode()
    assets = set(re.findall(r'(?:src|href)="(/static/[^"]+)"', html))
    assert not re.search(r'(?:src|href)="(?:https?:)?//', html), "no CDN"
    # Production storage adds a content hash to each name (tiles.0123456789ab.css).
    unhashed = {re.sub(r"\.[0-9a-f]{12}(\.\w+)$", r"\1", a) for a in assets}
    assert {"/static/css/tiles.css", "/static/js/tile-picker.js", "/static/tiles/B1.svg"} <= unhashed
    for url in assets:
        response = client.get(url)
        assert response.status_code == 200, url
        body = b"".join(response.streaming_content) if response.streaming else response.content
        if url.endswith(".svg"):
            assert body.startswith(b"<svg") and b"<title>" in body, url


def test_the_contract_hand_posted_without_javascript_shows_its_doubles_and_payments(client):
    response = client.post(URL, CONTRACT_FORM)
    html = response.content.decode()
    assert response.status_code == 200 and "<html" in html
    shown = text_of(html)
    assert "3 doubles" in shown
    # the rule named for the public (issue 32: "001 rule 23g" meant nothing)
    for name, rule in (("Pong of Red Dragons", "SPGG rules, rule 23g"),
                       ("Own flower F2", "SPGG rules, rule 23a"),
                       ("Animal: Cat", "SPGG rules, rule 23c")):  # fmt: skip
        assert f"{name} {rule} 1" in shown
    assert "8 chips at full price, 4 at half price" in shown
    # West discarded: pays full (8); East and North half (4); South receives 16
    assert nets_shown(html) == {"E": -4, "S": 16, "W": -8, "N": -4}
    assert "W pays S 8 (win)" in shown


def test_what_the_page_shows_is_what_the_engine_says(client):
    hand = {
        "rules": "spgg-2023",
        "prevailing_wind": "E",
        "seat_wind": "S",
        "concealed": PING_HU_FORM["concealed"],
        "winning_tile": "C9",
        "win": "discard",
    }
    scored = scoring.score_hand(hand)
    settled = scoring.settle(
        {"outcome": "win", "winner": "S", "win": "discard", "discarder": "N", "hand": hand}
    )
    html = client.post(URL, PING_HU_FORM).content.decode()
    assert f'data-doubles="{scored["doubles"]}"' in html
    assert [i["code"] for i in scored["items"]] == re.findall(r'<tr data-code="(\w+)"', html)
    assert nets_shown(html) == settled["net"]


def test_a_blank_winning_tile_is_the_last_tile_of_the_hand(client):
    last_c9 = client.post(URL, PING_HU_FORM).content.decode()
    named_c9 = client.post(URL, {**PING_HU_FORM, "winning_tile": "C9"}).content.decode()
    assert nets_shown(last_c9) == nets_shown(named_c9) != {}
    # the same tiles with C8 tapped last: a closed wait (C7 _ C9) is no Ping Hu (001 rule 26), 0 doubles
    c8_last = {**PING_HU_FORM, "concealed": "B1 B2 B3 B4 B5 B6 D2 D3 D4 C7 C9 NW NW C8"}
    assert "Not a winning hand yet" in text_of(client.post(URL, c8_last).content.decode())


def test_an_instant_win_of_thirteen_tiles_needs_no_winning_tile(client):
    thirteen = PING_HU_FORM["concealed"][:-3]  # without the winning C9
    eight_flowers = {
        **PING_HU_FORM,
        "concealed": thirteen,
        "bonus": "F1 F2 F3 F4 S1 S2 S3 S4",
        "win": "self_draw",
    }
    html = client.post(URL, eight_flowers).content.decode()
    assert "eight_flowers" in re.findall(r'<tr data-code="(\w+)"', html)
    assert "limit hand" in text_of(html)


def test_a_meld_without_a_type_takes_the_type_its_tiles_show(client):
    untyped = {**CONTRACT_FORM, "meld1_type": "", "meld2_type": "", "meld2": "RD RD RD"}
    html = client.post(URL, untyped).content.decode()
    assert "Pong of Red Dragons" in text_of(html)
    assert 'data-doubles="3"' in html


def test_a_self_drawn_win_is_paid_full_by_all_three(client):
    html = client.post(URL, {**CONTRACT_FORM, "win": "self_draw", "discarder": ""}).content.decode()
    assert nets_shown(html) == {"E": -8, "S": 24, "W": -8, "N": -8}


def test_a_win_on_a_discard_asks_for_the_discarder_before_showing_payments(client):
    html = client.post(URL, {**CONTRACT_FORM, "discarder": ""}).content.decode()
    assert "data-needs-discarder" in html and nets_shown(html) == {}
    assert 'data-doubles="3"' in html


@pytest.mark.parametrize(
    ("what", "change", "heading", "error_code"),
    [
        ("fewer tiles than a hand", {"concealed": "B2 B3 B4"}, "Not a winning hand yet", "wrong_tile_count"),
        ("a tile that is not a tile", {"concealed": "B2 B3 ZZ D5 D6 D7 C3 C3"}, "Check the tiles",
         "unknown_tile"),
        ("a heavenly hand claimed by South, not the dealer", {"events": ["heavenly"]},
         "Not a winning hand yet", "event_not_possible"),
    ],
)  # fmt: skip
def test_a_hand_that_is_not_a_win_says_why(client, what, change, heading, error_code):
    html = client.post(URL, {**CONTRACT_FORM, **change}).content.decode()
    assert heading in text_of(html), what
    codes = re.findall(r'<li data-code="(\w+)"', html)
    assert error_code in codes, (what, codes)
    assert nets_shown(html) == {}


@pytest.mark.parametrize("rules_id", list(RULESETS))
def test_every_rule_set_can_be_chosen(client, rules_id):
    html = client.post(URL, {**CONTRACT_FORM, "rules": rules_id}).content.decode()
    scored = scoring.score_hand({**scoring_hand_of(CONTRACT_FORM), "rules": rules_id})
    if scored.get("win"):
        assert f'data-doubles="{scored["doubles"]}"' in html
        assert sum(nets_shown(html).values()) == 0
    else:
        assert "data-not-a-win" in html


def scoring_hand_of(form: dict) -> dict:
    return {
        "rules": form["rules"],
        "prevailing_wind": form["prevailing_wind"],
        "seat_wind": form["seat_wind"],
        "concealed": form["concealed"],
        "winning_tile": form["winning_tile"],
        "melds": [
            {"type": "chow", "tiles": form["meld1"]},
            {"type": "kong", "tiles": form["meld2"], "concealed": True},
        ],
        "bonus": form["bonus"],
        "win": form["win"],
    }


def test_a_form_without_the_winds_says_what_is_missing(client):
    html = client.post(URL, {"concealed": "B1"}).content.decode()
    assert "Check the form" in text_of(html) and "Winner&#x27;s seat: This field is required." in html


def test_htmx_gets_only_the_result_and_the_summary_bar(client):
    response = client.post(URL, CONTRACT_FORM, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert "<html" not in html and "<form" not in html
    assert 'data-doubles="3"' in html
    assert 'id="calc-summary"' in html and 'hx-swap-oob="true"' in html
    assert "South +16" in text_of(html)


def test_the_tile_picker_renders_alone_with_its_parameters():
    html = render_to_string(
        "components/tile_picker.html",
        {"name": "flowers", "label": "Bonus tiles", "value": "f1 S2", "groups": "bonus", "max": 3},
    )
    assert 'name="flowers"' in html and 'id="id_flowers"' in html and 'value="f1 S2"' in html
    assert 'data-max="3"' in html and "Bonus tiles" in html
    offered = re.findall(r'data-tile="(\w+)"', html)
    assert offered == list(TILES[34:]), "only the bonus tiles, in index order"
    assert "data-tile-palette hidden" in html, "the palette stays hidden without JavaScript"
    default = render_to_string("components/tile_picker.html", {"name": "hand", "id": "my-hand"})
    assert re.findall(r'data-tile="(\w+)"', default) == list(TILES[:34]) and 'id="my-hand"' in default


def test_the_committed_tile_images_are_what_the_generator_draws(tmp_path):
    from django.conf import settings
    from django.core.management import call_command

    call_command("make_tile_images", out=str(tmp_path), stdout=io.StringIO())
    committed = settings.BASE_DIR / "static" / "tiles"
    for code in TILES:
        drawn = (tmp_path / f"{code}.svg").read_text(encoding="utf-8")
        assert drawn == (committed / f"{code}.svg").read_text(encoding="utf-8"), code
    assert "<title>Bamboo 1</title>" in (committed / "B1.svg").read_text(encoding="utf-8")
    assert "萬" in (committed / "C5.svg").read_text(encoding="utf-8")


# South shows two dragon pongs and wins on West's White Dragon (001 rule 27e).
BAO_FORM = {
    **CONTRACT_FORM,
    "concealed": "B1 B2 B3 D4 D4 WD WD WD",
    "winning_tile": "WD",
    "meld1_type": "pong",
    "meld1": "RD RD RD",
    "meld2_type": "pong",
    "meld2": "GD GD GD",
    "bonus": "",
}


def test_a_discard_that_makes_the_discarder_liable_is_shown_with_its_rule(client):
    html = client.post(URL, BAO_FORM).content.decode()
    shown = text_of(html)
    assert 'data-bao="W"' in html
    assert "West discarded WD, which makes West liable for the whole win" in shown
    assert "South shows two dragon pongs: WD may complete the three dragons. (SPGG rules, rule 27e)" in shown
    plain = scoring.settle(
        {"outcome": "win", "winner": "S", "win": "discard", "discarder": "W",
         "hand": {**_hand_of(BAO_FORM)}}
    )  # fmt: skip
    liable_net = -sum(v for seat, v in plain["net"].items() if seat != "S")
    assert f"West: {-liable_net}" in shown  # West pays every share
    assert nets_shown(html) == plain["net"]  # the payments table itself is without Bao, as entered


def test_no_bao_block_when_the_discard_fits_no_scenario(client):
    html = client.post(URL, {**BAO_FORM, "discarder": "W", "concealed": "B1 B2 B3 D4 D4 C5 C5 C5",
                             "winning_tile": "C5"}).content.decode()  # fmt: skip
    assert "data-bao" not in html and "liable" not in text_of(html)


def _hand_of(form: dict) -> dict:
    return {
        "rules": form["rules"],
        "prevailing_wind": form["prevailing_wind"],
        "seat_wind": form["seat_wind"],
        "concealed": form["concealed"].split(),
        "melds": [
            {"type": "pong", "tiles": form["meld1"].split()},
            {"type": "pong", "tiles": form["meld2"].split()},
        ],
        "winning_tile": form["winning_tile"],
        "win": "discard",
    }


def test_the_rule_set_comes_first_and_the_page_scores_as_you_go():
    """Issue 32, item 21: the rule set above the tiles; the Score button only without JavaScript."""
    from django.test import Client

    from scoring.words import rule_source

    html = Client().get(URL).content.decode()
    assert html.index('name="rules"') < html.index('name="concealed"')
    assert "<noscript><button" in html
    assert rule_source("004 tai table") == "the tai card, tai table"
    assert rule_source("002 Nine Gates") == "the classic rules, “Nine Gates”"


def test_the_result_links_the_rule_card_of_the_chosen_rule_set(client):
    html = client.post(URL, {**CONTRACT_FORM, "rules": "sg-tai-card"}).content.decode()
    assert 'href="/rules/sg-tai-card/"' in html
    card = client.get("/rules/sg-tai-card/")
    assert card.status_code == 200 and "Rule set: Singapore tai card" in card.content.decode()
    assert client.get("/rules/nonsense/").status_code == 404
