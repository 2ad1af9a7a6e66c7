"""The scoresheet's fixed vocabulary: the discarder's "self", the payout kinds and the meld slots."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

SELF = "self"


# Payout kinds as the form offers them -> the ``instant`` item of the contract.
PAYOUT_KINDS: dict[str, tuple[Any, dict[str, Any]]] = {
    "kong_exposed": (gettext_lazy("Kong, exposed"), {"type": "kong", "concealed": False}),
    "kong_concealed": (gettext_lazy("Kong, concealed"), {"type": "kong", "concealed": True}),
    "flower_pair": (gettext_lazy("Own flower + own season"), {"type": "flower_pair"}),
    "cat_rat": (gettext_lazy("Cat + rat"), {"type": "animal_pair", "pair": "cat_rat"}),
    "rooster_centipede": (
        gettext_lazy("Rooster + centipede"),
        {"type": "animal_pair", "pair": "rooster_centipede"},
    ),
    "set_flowers": (gettext_lazy("All four flowers"), {"type": "bonus_set", "set": "flowers"}),
    "set_seasons": (gettext_lazy("All four seasons"), {"type": "bonus_set", "set": "seasons"}),
    "set_animals": (gettext_lazy("All four animals"), {"type": "bonus_set", "set": "animals"}),
}


KONG_KINDS = ("kong_exposed", "kong_concealed")


MELD_SLOTS = 4
