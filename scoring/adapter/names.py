"""The rule sets' names as people read them, translated (issue 32): one name for each rule set on every page,
form and calculator option. The rules core (``scoring.rulesets``) keeps the documents' own titles, in
English, as data; the league's choices (``tournament.league.models.RULESET_CHOICES``) are these."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

RULESET_NAMES = {
    "spgg-2023": _("SPGG 2023 (default)"),
    "sg-tai-card": _("Singapore tai card"),
    "sg-classic": _("Singapore classic"),
    "sgmj-2002": _("Singapore Mahjong 2002"),
}


def ruleset_name(ruleset_id: str) -> str:
    """A rule set's name in the reader's language (its id when it has none)."""
    return str(RULESET_NAMES.get(ruleset_id, ruleset_id))


# The rule documents (../shared/seeds): a citation "001 rule 23g" is "SPGG rules, rule 23g" to the public.
DOCUMENTS = {
    "000": _("SGMJ 2002 rules"),
    "001": _("SPGG rules"),
    "002": _("the classic rules"),
    "004": _("the tai card"),
}
PLACES = {
    "tai table": _("tai table"),
    "pay-for-all table": _("pay-for-all table"),
    "section A": _("section A"),
}


def rule_source(citation: str) -> str:
    """A rule's citation in words: "001 rule 23g" → "SPGG rules, rule 23g"; "004 tai table" → "the tai card,
    tai table"; a document's own heading stays as written (the documents are in English)."""
    code, _space, place = (citation or "").partition(" ")
    if code not in DOCUMENTS:
        return citation
    document = str(DOCUMENTS[code])
    if place.startswith("rule "):
        return str(_("%(document)s, rule %(rule)s")) % {"document": document, "rule": place[5:]}
    if place.startswith("rules "):
        return str(_("%(document)s, rules %(rules)s")) % {"document": document, "rules": place[6:]}
    if place in PLACES:
        return f"{document}, {PLACES[place]}"
    return f"{document}, “{place}”" if place else document
