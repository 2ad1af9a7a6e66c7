"""The one check of text a door stores (``tournament.db.text``, issue 53): no NUL, no lone surrogate."""

from __future__ import annotations

import pytest

from tournament.db.text import storable


@pytest.mark.parametrize(
    "text, ok",
    [("Final table at 9 pm", True), ("决赛 9 点", True), ("🀄 stage", True), ("", True),
     ("a\x00b", False), ("\ud800", False), ("tail \udfff", False)],
)  # fmt: skip
def test_a_nul_or_a_lone_surrogate_is_not_storable(text, ok):
    assert storable(text) is ok
