"""How a hand's value is said, one way everywhere (issue 32): "3 doubles", "Limit (10 doubles)",
"Penalty (Za Hu)". The scoresheet's hand list, its preview and confirm bar, the player's page and the
organiser's queue all read these; none says "dbl" or "limit dbl" any more."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def doubles_words(doubles: int | None, *, limit: bool = False, limit_doubles: int | None = None) -> str:
    """ "1 double", "3 doubles", "Limit (10 doubles)" (or "Limit" when the rule set names no count)."""
    if limit:
        if limit_doubles:
            return _("Limit (%(n)s doubles)") % {"n": limit_doubles}
        return _("Limit")
    if doubles is None:
        return ""
    return ngettext("%(n)s double", "%(n)s doubles", doubles) % {"n": doubles}


def hand_doubles(hand) -> str:
    """A recorded win's value in words; nothing for a draw or a false win (its chips say it)."""
    if hand.outcome != "win":
        return ""
    settle = (hand.scoring or {}).get("settle") or {}
    # a limit hand is stored at the limit's doubles (issue 14)
    return doubles_words(hand.doubles, limit=bool(settle.get("limit")), limit_doubles=hand.doubles)


def preview_headline(outcome: str, result: dict, transfers: list[dict], *, limit_doubles: int | None) -> str:
    """The preview's first line: what the hand is worth, as the confirm bar and the preview say it."""
    payment = result.get("payment") or {}
    if outcome == "false_win":
        amounts = {t["amount"] for t in transfers}
        if len(amounts) == 1 and transfers:
            return _("Penalty (Za Hu): %(amount)s to each other player") % {"amount": amounts.pop()}
        return _("Penalty (Za Hu)")
    words = doubles_words(result.get("doubles"), limit=bool(result.get("limit")), limit_doubles=limit_doubles)
    if words and payment.get("full") is not None:
        return _("%(value)s: %(full)s full, %(half)s half") % {
            "value": words,
            "full": payment["full"],
            "half": payment.get("half"),
        }
    return words
