"""The engine's answers in the reader's language: why an event cannot be, and which setting decided a payment.

The rules core (``scoring``) speaks English and names things by code: an
impossible event's error carries its ``event`` and a sentence of
``scoring.events.EVENT_WHY``; a settlement's ``decided_by`` names each setting
that decided who pays. Here those become translated sentences, for the
calculator (``scoring.adapter.views``) and the scoresheet's preview
(``tournament.views.table.display``). ``tests/scoring/test_event_words.py``
keeps the English here equal to the engine's.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext_lazy as _

from scoring.events import EVENT_WHY

# scoring.events.EVENT_WHY, word for word, marked for translation.
WHY_WORDS = {
    "heavenly_not_dealer": _(
        "Heavenly hand: only the dealer (East) wins one, self-drawn on the tiles dealt to him."
    ),
    "heavenly_claimed": _(
        "Heavenly hand: it is won before anyone discards, so it cannot hold a claimed chow, pong or kong."
    ),
    "earthly_dealer": _("Earthly hand: it is won by a player other than the dealer (East)."),
    "earthly_claimed": _(
        "Earthly hand: it is won on the dealer's first discard, so it cannot hold a claimed chow, pong or "
        "kong."
    ),
    "earthly_self_drawn": _(
        "Earthly hand: under this rule set it is won on the dealer's first discard, not self-drawn."
    ),
    "flower_replacement_on_discard": _(
        "Won on a flower's replacement tile: that tile is drawn from the wall, so the win cannot be on a "
        "discard."
    ),
    "kong_replacement_on_discard": _(
        "Won on a kong's replacement tile: that tile is drawn from the wall, so the win cannot be on a "
        "discard."
    ),
    "double_kong_replacement_on_discard": _(
        "Won on a replacement after two kongs: that tile is drawn from the wall, so the win cannot be on a "
        "discard."
    ),
    "last_tile_on_discard": _(
        "Won on the last tile of the wall: that tile is drawn, so the win cannot be on a discard."
    ),
    "kong_replacement_no_kong": _("Won on a kong's replacement tile: the hand has no kong."),
    "double_kong_replacement_no_kongs": _(
        "Won on a replacement after two kongs: the hand has fewer than two kongs."
    ),
    "flower_replacement_no_bonus": _(
        "Won on a flower's replacement tile: the hand has no flower, season or animal."
    ),
    "robbing_kong_self_drawn": _(
        "Robbed a kong: the tile is taken from another player's kong, so the win cannot be self-drawn."
    ),
    "robbing_eighth_flower_few": _("Robbed the eighth flower: the hand needs seven flowers and seasons."),
}
_WHY_BY_MESSAGE = {message: key for key, message in EVENT_WHY.items()}

# What each setting of ``decided_by`` decided, as the table reads it.
DECIDED_WORDS = {
    "all_pay_full_hands": _("A special hand: every player pays full price, even on a discard."),
    "limit_all_pay_full": _("A limit hand: every player pays full price, even on a discard."),
    "robbing_eighth_flower_paid_by:drawer_for_all": _(
        "Robbing the eighth flower: the player who drew it pays for all, as if the hand was self-drawn."
    ),
    "robbing_eighth_flower_paid_by:all_full": _(
        "Robbing the eighth flower: each player pays as if the hand was self-drawn."
    ),
    "kong_discarder_pays_for_all": _(
        "Won on a kong's replacement tile: %(seat)s discarded the kong's tile and pays for all."
    ),
    "shooter_pays_all": _("Shooter pays all: the discarder pays for everyone."),
}


def error_text(error: Mapping) -> str:
    """An engine error's message, translated where it is one the engine explains (an impossible event)."""
    message = str(error.get("message", ""))
    key = _WHY_BY_MESSAGE.get(message)
    return str(WHY_WORDS[key]) if key in WHY_WORDS else message


def decided_text(decision: Mapping, seat_name=str) -> str:
    """One ``decided_by`` entry as a sentence; ``seat_name`` turns a seat (E, S, W, N) into a name."""
    setting = str(decision.get("setting", ""))
    by_value = f"{setting}:{decision.get('value')}"
    words = DECIDED_WORDS.get(by_value, DECIDED_WORDS.get(setting))
    if words is None:
        return setting
    return str(words) % {"seat": seat_name(decision.get("code") or "")}
