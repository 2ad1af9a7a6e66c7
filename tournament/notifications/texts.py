"""A message's words, in its person's language (issue 34).

Each kind has a subject and a body made from a few facts (the event's ``facts``: plain values, the
names as they are now); ``compose`` writes them in the language asked for. The footer (the link that
stops this kind, the link to all one's messages) is added when a message leaves on a channel outside
the site (``footer``), in the message's own language.
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache

from django.utils import formats, timezone, translation
from django.utils.translation import gettext, pgettext, pgettext_lazy

from tournament.notifications.kinds import Kind


# A night's seating writes thousands of messages in a few languages: each sentence is looked up once per
# language (and a time written once per language), not once per message.
@lru_cache(maxsize=512)
def _looked_up(language: str, message: str) -> str:
    with translation.override(language):
        return gettext(message)


def _(message: str) -> str:
    return _looked_up(translation.get_language() or "en", message)


@lru_cache(maxsize=256)
def _when_in(language: str, value: str) -> str:
    with translation.override(language):
        return formats.date_format(timezone.localtime(datetime.fromisoformat(value)), "DATETIME_FORMAT")


def _when(value: str | None) -> str:
    if not value:
        return _("time to be announced")
    return _when_in(translation.get_language() or "en", value)


_WINDS = {
    "E": pgettext_lazy("seat", "East"),
    "S": pgettext_lazy("seat", "South"),
    "W": pgettext_lazy("seat", "West"),
    "N": pgettext_lazy("seat", "North"),
}


@lru_cache(maxsize=64)
def _wind_in(language: str, code: str) -> str:
    with translation.override(language):
        return str(_WINDS[code]) if code in _WINDS else code


def _wind(code: str) -> str:
    return _wind_in(translation.get_language() or "en", code)


def _place(facts: dict) -> str:
    return _("Venue: %(venue)s. Starts: %(when)s.") % {
        "venue": facts.get("venue") or _("to be announced"),
        "when": _when(facts.get("starts_at")),
    }


def _seating(f: dict) -> tuple[str, str]:
    subject = _("Round %(round)s: table %(table)s, %(wind)s") % {
        "round": f["round"], "table": f["table"], "wind": _wind(f["wind"]),
    }  # fmt: skip
    body = "\n".join([
        _("%(competition)s, round %(round)s: you sit at table %(table)s, seat %(wind)s.")
        % {**f, "wind": _wind(f["wind"])},
        _place(f),
        _("Your own link for this round (keep it to yourself: it confirms hands for your seat):"),
    ])  # fmt: skip
    return subject, body


def _moved(f: dict) -> tuple[str, str]:
    """A seat told again: the seating changed after it was published (issue 49)."""
    subject = _("Round %(round)s changed: now table %(table)s, %(wind)s") % {
        "round": f["round"], "table": f["table"], "wind": _wind(f["wind"]),
    }  # fmt: skip
    body = "\n".join([
        _("%(competition)s, round %(round)s: the seating changed. You now sit at table %(table)s, seat "
          "%(wind)s; the message you had before is replaced.") % {**f, "wind": _wind(f["wind"])},
        _place(f),
        _("Your own link for this round (keep it to yourself: it confirms hands for your seat):"),
    ])  # fmt: skip
    return subject, body


def _unseated(f: dict) -> tuple[str, str]:
    """The seat told before is no longer the player's, and they are not sitting out (issue 49)."""
    subject = _("Round %(round)s changed: you no longer have a seat") % {"round": f["round"]}
    body = _(
        "%(competition)s, round %(round)s: the seating changed and the seat you were told is no longer "
        "yours; you have no table this round. The message you had before is replaced."
    ) % {"competition": f["competition"], "round": f["round"]}
    return subject, body


def _out(f: dict) -> tuple[str, str]:
    """Out of a stage: its cut left the player out, or they lost a knockout table (issue 49)."""
    subject = _("You are out of %(stage)s") % {"stage": f["stage"]}
    body = _(
        "%(competition)s: you do not go on in %(stage)s, so you have no table from round %(round)s on. "
        "The standings:"
    ) % {"competition": f["competition"], "stage": f["stage"], "round": f["round"]}
    return subject, body


def _keeping(f: dict) -> tuple[str, str]:
    subject = _("Round %(round)s: you keep the score at table %(table)s") % {
        "round": f["round"],
        "table": f["table"],
    }
    body = "\n".join([
        _("%(competition)s, round %(round)s: you keep the score at table %(table)s.") % {
            "competition": f["competition"], "round": f["round"], "table": f["table"],
        },
        _place(f),
    ])  # fmt: skip
    return subject, body


def _bye(f: dict) -> tuple[str, str]:
    subject = _("Round %(round)s: you sit out tonight") % {"round": f["round"]}
    body = _("%(competition)s, round %(round)s: you have no table this round (a bye).") % {
        "competition": f["competition"], "round": f["round"],
    }  # fmt: skip
    return subject, body


def _reminder(f: dict) -> tuple[str, str]:
    subject = _("Reminder: round %(round)s of %(competition)s") % {
        "round": f["round"],
        "competition": f["competition"],
    }
    return subject, "\n".join([_("%(competition)s plays round %(round)s soon.") % f, _place(f)])


def _season_link(f: dict) -> tuple[str, str]:
    """The organiser retired the player's season link and check-in code (issue 47, item 12)."""
    subject = _("%(competition)s: your new private season link") % f
    body = _(
        "The organiser retired your private season link and check-in code: the old ones no longer work. "
        "Your new link, for your replies, your calendar and your check-in code (keep it to yourself):"
    )
    return subject, body


def _confirm(f: dict) -> tuple[str, str]:
    """What waits for the player at their table, by each hand's number as it stands (issue 47: gathered)."""
    hands = f.get("hands") or [f["hand"]]
    if len(hands) == 1:
        f = {**f, "hand": hands[0]}
        subject = _("Hand %(hand)s at table %(table)s waits for you") % f
        body = (
            _(
                "%(competition)s, round %(round)s: hand %(hand)s at table %(table)s waits for your "
                "confirmation. Agree, or dispute it with a reason:"
            )
            % f
        )
        return subject, body
    first = pgettext("list of numbers", ", ").join(str(h) for h in hands[:-1])
    f = {**f, "hands": _("%(first)s and %(last)s") % {"first": first, "last": hands[-1]}}
    subject = _("Hands %(hands)s at table %(table)s wait for you") % f
    body = (
        _(
            "%(competition)s, round %(round)s: hands %(hands)s at table %(table)s wait for your "
            "confirmation. Agree, or dispute each with a reason:"
        )
        % f
    )
    return subject, body


def _ruling(f: dict) -> tuple[str, str]:
    subject = _("The ruling on hand %(hand)s at table %(table)s") % f
    if f["ruling"] == "keep":
        said = (
            _("The organiser kept hand %(hand)s at table %(table)s of round %(round)s, which you disputed.")
            % f
        )
    else:
        said = (
            _(
                "The organiser voided hand %(hand)s at table %(table)s of round %(round)s, "
                "which you disputed: it will be entered again."
            )
            % f
        )
    return subject, "\n".join([said, _("Reason: %(reason)s") % f])


def _results(f: dict) -> tuple[str, str]:
    subject = _("Results of round %(round)s are out") % f
    return subject, _("%(competition)s: the results of round %(round)s are released. The standings:") % f


def _organiser(f: dict) -> tuple[str, str]:
    subject = _("From the organiser of %(competition)s") % f
    return subject, f["text"]


_WRITERS = {
    Kind.SEATING: _seating,
    "moved": _moved,  # a seating message: the seat changed after publishing
    "unseated": _unseated,  # a seating message: the seat told is no longer theirs
    "out": _out,  # a results message: out of a stage, once
    "keeping": _keeping,  # a seating message to a table's scorekeeper
    Kind.BYE: _bye,
    Kind.REMINDER: _reminder,
    "season_link": _season_link,  # a reminder-kind message: the season link made anew
    Kind.CONFIRM: _confirm,
    Kind.RULING: _ruling,
    Kind.RESULTS: _results,
    Kind.ORGANISER: _organiser,
}


def compose(words: str, facts: dict, language: str) -> tuple[str, str]:
    """(subject, body) of a message of ``words`` (a kind, or "keeping") in ``language``."""
    with translation.override(language):
        subject, body = _WRITERS[words](facts)
    return subject[:200], body


@lru_cache(maxsize=64)
def _footer_words(language: str, kind: str) -> tuple[str, str, str]:
    with translation.override(language):
        return (
            gettext("Stop messages of this kind (%(kind)s): %(url)s"),
            str(Kind(kind).label),
            gettext("All your messages and your choices: %(url)s"),
        )


def footer(*, kind: str, stop_url: str, inbox_url: str, language: str) -> str:
    stop, label, inbox = _footer_words(language, kind)
    return "\n".join(["", "—", stop % {"kind": label, "url": stop_url}, inbox % {"url": inbox_url}])
