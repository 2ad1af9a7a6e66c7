"""The admin's window on stages and the big screen (issue 36): it shows them and changes nothing.

Stages change through ``tournament.stages.services`` (the organiser's stage pages, ``/api/v1/stages/``);
the screen's message through ``tournament.screen.message`` (its page, and
``/api/v1/competitions/{id}/screen/message/``).
"""

from django.contrib import admin

from tournament.admin.windows import ReadOnlyAdmin as WindowAdmin
from tournament.models import Qualifier, Screen, Stage


@admin.register(Stage)
class StageAdmin(WindowAdmin):
    list_display = ["competition", "number", "name", "seating", "cut_size", "carry_over", "status"]
    list_filter = ["competition", "status"]


@admin.register(Qualifier)
class QualifierAdmin(WindowAdmin):
    list_display = ["stage", "seed", "player", "rank", "status", "tied_at_cut", "replaced_by"]
    list_filter = ["stage", "status"]


@admin.register(Screen)
class ScreenAdmin(WindowAdmin):
    list_display = ["competition", "message", "changed_at"]
