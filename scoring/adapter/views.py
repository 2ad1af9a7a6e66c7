"""The hand calculator at /calculator/: build a hand from tile images and see what it is worth.

Open to anyone. The page is a plain form that posts tile codes ("B1 B2 B3")
and works without JavaScript; with htmx the tile pickers
(templates/components/tile_picker.html) re-post it on every tap and only the
result is swapped in (the same view answers the ``HX-Request`` with the
partial ``scoring/_calculator_result.html``).

The view only translates: the form becomes a Hand of the contract
(../shared/spec/scoring-api.md), ``scoring.score_hand`` judges it, and
``scoring.settle`` with that hand (the winner is the seat wind) says who pays
whom. Two conveniences of the form, both stated on the page: a blank winning
tile means the last tile of a 14-tile hand (the one tapped last; a 13-tile
instant win such as eight flowers keeps none), and a meld left
without a type takes the type its tiles show (four alike a kong, three alike
a pong, otherwise a chow).
"""

from __future__ import annotations

from django import forms
from django.shortcuts import render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods

import scoring
from scoring.answers import RESULT, answer
from scoring.bao import discard_liability
from scoring.rulesets import DEFAULT_RULESET
from scoring.words import decided_text, error_text, ruleset_choices

SEATS = [("E", _("East")), ("S", _("South")), ("W", _("West")), ("N", _("North"))]
SEAT_NAMES = dict(SEATS)
WINS = [("discard", _("On a discard")), ("self_draw", _("Self-drawn"))]
EVENTS = [
    ("flower_replacement", _("Won on the replacement tile of a flower or animal")),
    ("kong_replacement", _("Won on the replacement tile of a kong")),
    ("double_kong_replacement", _("Won on a replacement tile after two kongs in a row")),
    ("last_tile", _("Won on the last tile of the wall")),
    ("robbing_kong", _("Won by robbing a kong")),
    ("robbing_eighth_flower", _("Robbed the eighth flower")),
    ("heavenly", _("Heavenly hand (the dealer wins on the opening deal)")),
    ("earthly", _("Earthly hand (won on the dealer's first discard)")),
]
MELD_TYPES = [
    ("", _("Type: from the tiles")),
    ("chow", _("Chow")),
    ("pong", _("Pong")),
    ("kong", _("Kong (exposed)")),
    ("concealed_kong", _("Kong (concealed)")),
]
MELD_SLOTS = 4
HAND_TILES = 14  # concealed tiles + 3 per meld in a complete hand (scoring-api.md, "Hand")


# the rule sets' names, translated where the form is shown (``scoring.words``)
RULESET_CHOICES = ruleset_choices(_)


class HandForm(forms.Form):
    """The calculator's form: every field a string or a choice; the engine judges the tiles."""

    rules = forms.ChoiceField(label=_("Rule set"), choices=RULESET_CHOICES)
    prevailing_wind = forms.ChoiceField(label=_("Prevailing wind"), choices=SEATS, widget=forms.RadioSelect)
    seat_wind = forms.ChoiceField(label=_("Winner's seat"), choices=SEATS, widget=forms.RadioSelect)
    win = forms.ChoiceField(label=_("Win"), choices=WINS, widget=forms.RadioSelect)
    discarder = forms.ChoiceField(
        label=_("Discarded by"), choices=SEATS, widget=forms.RadioSelect, required=False
    )
    concealed = forms.CharField(label=_("Hand"), required=False, max_length=400)
    winning_tile = forms.CharField(label=_("Winning tile"), required=False, max_length=20)
    bonus = forms.CharField(label=_("Flowers, seasons, animals"), required=False, max_length=400)
    events = forms.MultipleChoiceField(
        label=_("Situations"), choices=EVENTS, widget=forms.CheckboxSelectMultiple, required=False
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for i in range(1, MELD_SLOTS + 1):
            self.fields[f"meld{i}_type"] = forms.ChoiceField(
                label=_("Meld %(n)s") % {"n": i}, choices=MELD_TYPES, required=False
            )
            self.fields[f"meld{i}"] = forms.CharField(
                label=_("Meld %(n)s") % {"n": i}, required=False, max_length=60
            )

    def melds(self) -> list[dict]:
        """The declared melds, as the contract's meld objects (empty slots left out)."""
        out = []
        for i in range(1, MELD_SLOTS + 1):
            tiles = self.cleaned_data.get(f"meld{i}", "").split()
            kind = self.cleaned_data.get(f"meld{i}_type") or _meld_type_of(tiles)
            if not tiles:
                continue
            meld: dict = {"type": "kong" if kind == "concealed_kong" else kind, "tiles": tiles}
            if kind == "concealed_kong":
                meld["concealed"] = True
            out.append(meld)
        return out

    def meld_rows(self) -> list[tuple]:
        return [(i, self[f"meld{i}_type"], self[f"meld{i}"]) for i in range(1, MELD_SLOTS + 1)]

    def hand(self) -> dict:
        """The Hand of the contract this form describes."""
        data = self.cleaned_data
        concealed = data["concealed"].replace(",", " ").split()
        melds = self.melds()
        winning = data["winning_tile"].strip()
        if not winning and concealed and len(concealed) + 3 * len(melds) == HAND_TILES:
            winning = concealed[-1]  # the tile tapped last; a 13-tile instant win (eight flowers) has none
        hand = {
            "rules": data["rules"],
            "prevailing_wind": data["prevailing_wind"],
            "seat_wind": data["seat_wind"],
            "concealed": concealed,
            "melds": melds,
            "bonus": data["bonus"],
            "win": data["win"],
            "events": data["events"],
        }
        if winning:
            hand["winning_tile"] = winning
        return hand


def _meld_type_of(tiles: list[str]) -> str:
    same = len({t.upper() for t in tiles}) == 1
    if same and len(tiles) == 4:
        return "kong"
    return "pong" if same else "chow"


def calculate(hand: dict, discarder: str | None) -> dict:
    """Score ``hand``; if it wins, settle it (for ``discarder`` on a win on a discard)."""
    scored = answer(scoring.score_hand, hand)
    out: dict = {"score": scored.body, "kind": scored.kind, "settlement": None, "needs_discarder": False}
    if scored.kind != RESULT:
        out["errors"] = _errors(scored.body.get("errors", []))
        out["items_so_far"] = scored.body.get("items", [])
        return out
    winner = hand["seat_wind"]
    if hand["win"] == "discard" and (not discarder or discarder == winner):
        out["needs_discarder"] = True
        return out
    outcome = {"rules": hand["rules"], "outcome": "win", "winner": winner, "win": hand["win"], "hand": hand}
    if hand["win"] == "discard":
        outcome["discarder"] = discarder
    settled = answer(scoring.settle, outcome)
    if settled.kind == RESULT:
        out["settlement"] = settled.body
        out["rows"] = _payment_rows(settled.body, winner, outcome.get("discarder"))
        out["bao"] = _bao(hand, outcome, winner)
        out["decided"] = decided_lines(settled.body, lambda seat: str(SEAT_NAMES.get(seat, seat)))
    else:
        out["errors"] = _errors(settled.body.get("errors", []))
    return out


EVENT_LABELS = dict(EVENTS)


def _errors(errors: list) -> list[dict]:
    """The engine's errors for the page: translated, with an impossible event's label (to drop it)."""
    out = []
    for e in errors:
        event = e.get("event")
        label = EVENT_LABELS.get(event) if isinstance(event, str) else None
        out.append({**e, "text": error_text(e, gettext), "event_label": str(label) if label else ""})
    return out


def decided_lines(settlement: dict, seat_name) -> list[dict]:
    """Which setting decided a payment (``decided_by``), in words, with the setting and its rule."""
    return [
        {
            "setting": d.get("setting", ""),
            "text": decided_text(d, seat_name, gettext),
            "rule": d.get("rule", ""),
        }
        for d in settlement.get("decided_by") or []
    ]


# What each Bao scenario means, for the scorekeeper (scoring.bao's codes; the rule is cited beside it).
BAO_REASONS = {
    "same_suit": _("%(winner)s shows three or more sets of one suit: %(tile)s may give the full flush."),
    "terminal_pongs": _("%(winner)s shows pongs of 1s and 9s: %(tile)s may give the pure terminals hand."),
    "three_winds": _("%(winner)s shows three wind pongs: %(tile)s may complete the four winds."),
    "honour_pongs": _("%(winner)s shows honour pongs only: %(tile)s may give the all honours hand."),
    "two_dragons": _("%(winner)s shows two dragon pongs: %(tile)s may complete the three dragons."),
    "limit_shown": _("%(winner)s shows enough doubles that a pong of %(tile)s brings the hand to the limit."),
}


def bao_reasons(proposal: dict, winner: str) -> list[dict]:
    """The proposal's reasons as the scorekeeper reads them: ``{"code", "text", "rule"}``."""
    out = []
    for reason in proposal["reasons"]:
        text = BAO_REASONS.get(reason["code"])
        words = str(text) % {"winner": winner, "tile": proposal["tile"]} if text else reason["message"]
        out.append({"code": reason["code"], "text": words, "rule": reason["rule"]})
    return out


def _bao(hand: dict, outcome: dict, winner: str) -> dict | None:
    """001 rule 27, 004, 002: the discarder the winning discard makes liable, and what he would pay."""
    proposal = discard_liability(hand, discarder=outcome.get("discarder") or "", rules=hand["rules"])
    if proposal is None:
        return None
    settled = answer(scoring.settle, {**outcome, "liable": proposal["seat"]})
    if settled.kind != RESULT:
        return None
    return {
        "seat": proposal["seat"],
        "name": SEAT_NAMES[proposal["seat"]],
        "tile": proposal["tile"],
        "reasons": bao_reasons(proposal, str(SEAT_NAMES[winner])),
        "rows": _payment_rows(settled.body, winner, proposal["seat"]),
    }


def _payment_rows(settlement: dict, winner: str, discarder: str | None) -> list[dict]:
    """One row per seat: what it pays (or receives) in this settlement."""
    rows = []
    for seat, name in SEATS:
        net = settlement["net"].get(seat, 0)
        role = _("winner") if seat == winner else _("discarder") if seat == discarder else ""
        rows.append({"seat": seat, "name": name, "role": role, "net": net, "pays": -net if net < 0 else 0})
    return rows


INITIAL = {"rules": DEFAULT_RULESET, "prevailing_wind": "E", "seat_wind": "E", "win": "discard"}


@require_http_methods(["GET", "HEAD", "POST"])
def calculator(request):
    """GET: the empty calculator. POST: the calculator with the hand's value (the partial for htmx)."""
    result = None
    dropped = ""
    if request.method == "POST":
        data = request.POST.copy()
        dropped = data.pop("drop_event", [""])[-1]
        if dropped:  # "score it again without": the event the engine said cannot be, left out (issue 37)
            data.setlist("events", [e for e in data.getlist("events") if e != dropped])
        form = HandForm(data)
        if form.is_valid():
            result = calculate(form.hand(), form.cleaned_data["discarder"] or None)
    else:
        form = HandForm(initial=INITIAL)
    context = {"form": form, "result": result, "seat_names": SEAT_NAMES, "dropped": dropped}
    if request.headers.get("HX-Request") == "true":
        return render(request, "scoring/_calculator_htmx.html", context)
    return render(request, "scoring/calculator.html", context)
