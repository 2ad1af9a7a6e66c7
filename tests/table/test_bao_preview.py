"""The preview proposes the liable player (Bao) when a winning discard fits a scenario (001 rule 27).

Ben (South) shows two dragon pongs and wins on Cai's (West's) White Dragon, entered tile by tile:
001 rule 27e "2 sets dragon pong shown. Bao remaining dragons" makes Cai liable for the whole win,
with no alert given (rule 13). The scorekeeper accepts the proposal, or not.
"""

import re

import pytest
from django.urls import reverse

from tests.table.helpers import entry_form
from tournament.models import ChipTransfer

pytestmark = pytest.mark.django_db

THREE_DRAGONS = {
    "outcome": "win",
    "concealed": "B1 B2 B3 D4 D4 WD WD WD",
    "meld_0": "RD RD RD",
    "meld_1": "GD GD GD",
    "winning_tile": "WD",
}


@pytest.fixture
def keeper(client, scorekeeper):
    client.force_login(scorekeeper)
    return client


def _preview(keeper, table, fields):
    data = {**entry_form(keeper, table), **fields}
    return data, keeper.post(reverse("table:preview", args=[table.pk]), data, HTTP_HX_REQUEST="true")


def _payers(answer) -> dict[str, int]:
    lines = re.findall(
        r"<span>([\w ]+)</span> pays <span>Ben South</span> <strong>(\d+)</strong>", answer.content.decode()
    )
    out: dict[str, int] = {}
    for name, amount in lines:
        out[name] = out.get(name, 0) + int(amount)
    return out


def test_the_preview_names_the_rule_and_proposes_the_discarder(keeper, table, seats):
    fields = {**THREE_DRAGONS, "winner": seats["S"], "win_from": seats["W"]}
    _, answer = _preview(keeper, table, fields)
    text = answer.content.decode()
    assert 'data-testid="bao"' in text and f'data-bao="{seats["W"]}"' in text
    assert "Bao? Cai West discarded WD, which makes Cai West liable for the whole win." in text
    assert "Ben South shows two dragon pongs: WD may complete the three dragons." in text
    assert "(001 rule 27e)" in text
    assert f'name="bao_liable" value="{seats["W"]}"' in text and 'data-testid="bao-accept"' in text
    assert _payers(answer) == {"Cai West": 32, "Ann East": 16, "Dee North": 16}  # not applied until accepted


def test_accepting_makes_the_discarder_pay_for_all_and_is_what_gets_recorded(keeper, table, seats):
    fields = {**THREE_DRAGONS, "winner": seats["S"], "win_from": seats["W"], "bao_liable": seats["W"]}
    data, answer = _preview(keeper, table, fields)
    text = answer.content.decode()
    assert "Bao: Cai West pays for all." in text and 'data-testid="bao-undo"' in text
    assert f'<input type="hidden" name="bao_liable" value="{seats["W"]}">' in text
    assert sum(_payers(answer).values()) == 64 and set(_payers(answer)) == {"Cai West"}
    previewed = answer.context["preview"]["fingerprint"]
    recorded = keeper.post(reverse("table:record", args=[table.pk]), {**data, "previewed": previewed})
    assert recorded.status_code == 302
    paid = ChipTransfer.objects.filter(hand__table=table, to_player_id=seats["S"])
    assert {t.from_player_id for t in paid} == {seats["W"]} and sum(t.amount for t in paid) == 64


def test_undo_leaves_nobody_liable(keeper, table, seats):
    fields = {**THREE_DRAGONS, "winner": seats["S"], "win_from": seats["W"], "bao_liable": seats["W"],
              "bao_decline": "1"}  # fmt: skip
    _, answer = _preview(keeper, table, fields)
    assert 'data-testid="bao-accept"' in answer.content.decode()
    assert _payers(answer) == {"Cai West": 32, "Ann East": 16, "Dee North": 16}


def test_a_discard_that_fits_no_scenario_proposes_nobody(keeper, table, seats):
    fields = {**THREE_DRAGONS, "winner": seats["S"], "win_from": seats["N"],
              "concealed": "B1 B2 B3 D4 D4 C5 C5 C5", "winning_tile": "C5"}  # fmt: skip
    _, answer = _preview(keeper, table, fields)
    assert answer.context["preview"]["bao"] is None and 'data-testid="bao"' not in answer.content.decode()


def test_quick_entry_still_takes_the_liable_player_by_hand(keeper, table, seats):
    fields = {
        "outcome": "win",
        "winner": seats["S"],
        "win_from": seats["W"],
        "doubles": 5,
        "liable": seats["W"],
    }
    _, answer = _preview(keeper, table, fields)
    assert 'data-testid="bao"' not in answer.content.decode()
    assert set(_payers(answer)) == {"Cai West"} and sum(_payers(answer).values()) == 64
