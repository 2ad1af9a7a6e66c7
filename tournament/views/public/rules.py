"""A rule set's card for the public (issue 32): every setting in words under the rule card's headings, so the
calculator's "SPGG rules, rule 23g" has a page to point to. Read only; organisers change a competition's
copy on their own rule card (``views.organiser``)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_safe

from scoring.rulesets import RULESETS, describe_settings, get_ruleset
from scoring.words import rule_source, ruleset_name
from tournament.league import rulecard
from tournament.project.http_cache import PAGE, shared


def _groups(rules) -> list[dict]:
    groups: dict[str, dict] = {}
    for item in describe_settings(rules):
        key = item["key"]
        slug, heading = rulecard.group_of(key)
        group = groups.setdefault(slug, {"slug": slug, "heading": heading, "settings": []})
        group["settings"].append(
            {
                "key": key,
                "label": rulecard.label(key),
                "shown": rulecard.in_words(key, item["value"]),
                "help": rulecard.help_text(key),
                "source": rule_source(item.get("source", ""), gettext),
            }
        )
    order = [slug for slug, _heading, _keys in rulecard.GROUPS] + [rulecard.OTHER[0]]
    return sorted(groups.values(), key=lambda g: order.index(g["slug"]))


@require_safe
@shared(PAGE)
def rule_card(request, ruleset_id: str):
    if ruleset_id not in RULESETS:
        raise Http404("No such rule set.")
    rules = get_ruleset(ruleset_id)
    context = {"name": ruleset_name(ruleset_id, gettext), "rules": rules, "groups": _groups(rules)}
    return render(request, "public/rulecard.html", context)
