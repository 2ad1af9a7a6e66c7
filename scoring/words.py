"""The rules core's words for people: the rule sets' names, where a rule is written, why an event cannot
be, which setting decided a payment (issues 32 and 37).

The core speaks English and never translates. Each text here is marked with ``gettext_noop`` so that
Django's ``makemessages`` puts it in the catalogue (``locale/``); a page translates it where it shows it,
by handing its ``gettext`` to these functions as ``translate`` (``scoring.adapter.views``, the league's
pages). Called without one, they answer English: the API and the command line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from scoring.events import EVENT_WHY
from scoring.i18n import gettext_noop

Translate = Callable[[str], str]


def _same(text: str) -> str:
    return text


RULESET_NAMES = {
    "spgg-2023": gettext_noop("SPGG 2023 (default)"),
    "sg-tai-card": gettext_noop("Singapore tai card"),
    "sg-classic": gettext_noop("Singapore classic"),
    "sgmj-2002": gettext_noop("Singapore Mahjong 2002"),
}


def ruleset_name(ruleset_id: str, translate: Translate = _same) -> str:
    """A rule set's name in the reader's language (its id when it has none)."""
    name = RULESET_NAMES.get(ruleset_id)
    return translate(name) if name else ruleset_id


def ruleset_choices(translate: Translate = _same) -> list[tuple[str, str]]:
    """Every rule set as ``(id, name)``, for a form's or a model field's choices (``translate`` may be a
    lazy gettext: the names then follow the reader's language)."""
    return [(ruleset_id, ruleset_name(ruleset_id, translate)) for ruleset_id in RULESET_NAMES]


# The rule documents (../shared/seeds): a citation "001 rule 23g" is "SPGG rules, rule 23g" to the public.
DOCUMENTS = {
    "000": gettext_noop("SGMJ 2002 rules"),
    "001": gettext_noop("SPGG rules"),
    "002": gettext_noop("the classic rules"),
    "004": gettext_noop("the tai card"),
}
PLACES = {
    "tai table": gettext_noop("tai table"),
    "pay-for-all table": gettext_noop("pay-for-all table"),
    "section A": gettext_noop("section A"),
}
ONE_RULE = gettext_noop("%(document)s, rule %(rule)s")
SOME_RULES = gettext_noop("%(document)s, rules %(rules)s")


def rule_source(citation: str, translate: Translate = _same) -> str:
    """A rule's citation in words: "001 rule 23g" → "SPGG rules, rule 23g"; "004 tai table" → "the tai card,
    tai table"; a document's own heading stays as written (the documents are in English)."""
    code, _space, place = (citation or "").partition(" ")
    if code not in DOCUMENTS:
        return citation
    document = translate(DOCUMENTS[code])
    if place.startswith("rule "):
        return translate(ONE_RULE) % {"document": document, "rule": place[5:]}
    if place.startswith("rules "):
        return translate(SOME_RULES) % {"document": document, "rules": place[6:]}
    if place in PLACES:
        return f"{document}, {translate(PLACES[place])}"
    return f"{document}, “{place}”" if place else document


# What each setting of a settlement's ``decided_by`` decided, as the table reads it.
DECIDED_WORDS = {
    "all_pay_full_hands": gettext_noop("A special hand: every player pays full price, even on a discard."),
    "limit_all_pay_full": gettext_noop("A limit hand: every player pays full price, even on a discard."),
    "robbing_eighth_flower_paid_by:drawer_for_all": gettext_noop(
        "Robbing the eighth flower: the player who drew it pays for all, as if the hand was self-drawn."
    ),
    "robbing_eighth_flower_paid_by:all_full": gettext_noop(
        "Robbing the eighth flower: each player pays as if the hand was self-drawn."
    ),
    "kong_discarder_pays_for_all": gettext_noop(
        "Won on a kong's replacement tile: %(seat)s discarded the kong's tile and pays for all."
    ),
    "shooter_pays_all": gettext_noop("Shooter pays all: the discarder pays for everyone."),
}
# Why a settlement's input is refused where the table can put it right (InvalidInput, naming the field),
# by the error's code: ``scoring.bao.liability`` and ``scoring.instant_payouts`` raise them.
REFUSAL_WHY = {
    "bao_consequence_not_met": gettext_noop(
        "Pay-for-all: a liable player pays for a self-drawn win only when it reaches the limit (5 tai on "
        "the card), is a Full Flush or All Honours, or was won on a kong's replacement tile; this hand is "
        "none of these. Leave the liable player out, or correct the hand."
    ),
    "bao_self_draw_discard_only": gettext_noop(
        "Pay-for-all: on a self-drawn win the liable player pays for all only for three dragon pongs, four "
        "wind pongs or a hand at the limit; the Full Color and End of Game scenarios make him pay only when "
        "his discard is the winning tile. Leave the liable player out, or correct the hand."
    ),
    "bite_on_kong_replacement": gettext_noop(
        "Only a bite (own flower and season, or an animal pair) drawn after the deal can come on a "
        "kong's replacement tile."
    ),
}
_EXPLAINED = frozenset(EVENT_WHY.values()) | frozenset(REFUSAL_WHY.values())  # scoring.events and above


# The minimum's refusal names the rule set by its id for the API (scoring.score); a page names it (issue 54).
_BELOW_MINIMUM = re.compile(r"The hand has (\d+) doubles?; (\S+) needs at least (\d+) to win\.")
BELOW_MINIMUM = gettext_noop(
    "Doubles in this hand: %(doubles)s. Under %(rules)s a win needs at least %(minimum)s."
)


def error_text(error: Mapping, translate: Translate = _same) -> str:
    """An engine error's message, translated where it is one the engine explains (an impossible event, a
    refusal of ``REFUSAL_WHY``, the minimum doubles with the rule set's name)."""
    message = str(error.get("message", ""))
    below = _BELOW_MINIMUM.fullmatch(message)
    if below and translate is not _same:
        doubles, ruleset_id, minimum = below.groups()
        rules = ruleset_name(ruleset_id, translate)
        return translate(BELOW_MINIMUM) % {"doubles": doubles, "rules": rules, "minimum": minimum}
    return translate(message) if message in _EXPLAINED else message


def decided_text(decision: Mapping, seat_name: Callable = str, translate: Translate = _same) -> str:
    """One ``decided_by`` entry as a sentence; ``seat_name`` turns a seat (E, S, W, N) into a name."""
    setting = str(decision.get("setting", ""))
    words = DECIDED_WORDS.get(f"{setting}:{decision.get('value')}", DECIDED_WORDS.get(setting))
    if words is None:
        return setting
    return translate(words) % {"seat": seat_name(decision.get("code") or "")}
