"""Every design name the seating generator can give reads in the organiser's language (issue 17)."""

import pytest
from django.utils import translation

from tournament.seating.choose import design_for
from tournament.views.organiser.design_names import design_label


def _names() -> set[str]:
    names = set()
    for players in range(8, 1004, 4):
        design = design_for(players)
        if design is not None:
            names.add(design.name)
            names.add(f"{design.name} with 2 standing in for those sitting out")
    return names


@pytest.mark.parametrize("name", sorted(_names()))
def test_every_design_name_is_said_in_chinese(name):
    with translation.override("zh-hans"):
        said = design_label(name)
    assert said != name
    assert not any(word in said for word in ("construction", "resolvable", "standing", "geometry", "design"))


def test_a_name_of_an_unknown_kind_is_shown_as_written():
    with translation.override("zh-hans"):
        assert design_label("a design nobody knows") == "a design nobody knows"
