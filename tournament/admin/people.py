"""The admin's pages of clubs and players (issue 31): a window, never a side door.

A change of a club or a player is saved by ``tournament.league.people`` (``club_change``,
``player_change``), which checks whose person it is (``tournament.access.roles.may_manage_person``)
and writes the audit entry. An organiser sees a player's contact, and changes a player or a club,
only where every competition of that player (of the club's players) is one they organise.
"""

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.access.request_meta import request_meta
from tournament.access.roles import may_manage_person
from tournament.league.people import CLUB_FIELDS, PLAYER_FIELDS, PersonError, club_change, player_change
from tournament.models import Club, Player
from tournament.privacy.erase import PrivacyRefused, person_erase


class PersonAdmin(admin.ModelAdmin):
    """Changed only by the person's owners, through the people's doors."""

    door = None  # the door that saves a change: club_change or player_change
    door_fields: tuple[str, ...] = ()

    def has_change_permission(self, request, obj=None):
        allowed = super().has_change_permission(request, obj)
        return allowed and (obj is None or may_manage_person(request.user, obj))

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser and super().has_delete_permission(request, obj)

    def save_model(self, request, obj, form, change):
        if not change:
            super().save_model(request, obj, form, change)  # registering a new one: no one's person yet
            return
        changes = {k: form.cleaned_data[k] for k in form.changed_data if k in self.door_fields}
        extra = {k: form.cleaned_data[k] for k in form.changed_data if k not in self.door_fields}
        try:
            saved = type(self).door(obj, user=request.user, meta=request_meta(request), **changes)
        except PersonError as exc:
            raise ValidationError(str(exc)) from None
        for key, value in extra.items():  # only a superuser's field (a player's login): see PlayerAdmin
            setattr(saved, key, value)
        if extra:
            saved.save(update_fields=list(extra))
        obj.__dict__.update({k: v for k, v in saved.__dict__.items() if not k.startswith("_")})


@admin.register(Club)
class ClubAdmin(PersonAdmin):
    list_display = ["name", "short_name"]
    search_fields = ["name", "short_name"]
    door = staticmethod(club_change)
    door_fields = CLUB_FIELDS


@admin.register(Player)
class PlayerAdmin(PersonAdmin):
    """The login a player record belongs to decides who sees a held table as its player
    (``tournament.rounds.held``): only a superuser links it here, never an organiser of any competition."""

    list_display = ["name", "registration_no", "club"]
    list_filter = ["club"]
    search_fields = ["name", "registration_no"]
    door = staticmethod(player_change)
    door_fields = PLAYER_FIELDS

    def get_readonly_fields(self, request, obj=None):
        return [] if request.user.is_superuser else ["user"]

    def get_exclude(self, request, obj=None):
        # A player's contact is personal: shown only to those who may manage them.
        return [] if obj is None or may_manage_person(request.user, obj) else ["contact"]

    def lookup_allowed(self, lookup, value, request=None):
        # The list's address takes a filter on any field of the player (?contact__startswith=…): its count
        # would read every player's contact letter by letter. Whose contact it is depends on the row, the
        # filter runs over all of them: only a superuser filters on it (answered 400 to anyone else).
        if lookup.split("__")[0] == "contact" and not (request is not None and request.user.is_superuser):
            return False
        return super().lookup_allowed(lookup, value, request)

    actions = ["erase_people"]

    @admin.action(description=gettext_lazy("Erase the selected people's data (on their request, today)"))
    def erase_people(self, request, queryset):
        """The erasure door for each selected player (``tournament.privacy.erase.person_erase``): refused,
        with the reason, for a person not the organiser's or erased already; the others are erased."""
        meta = request_meta(request)
        for player in queryset:
            name = player.name
            try:
                record = person_erase(player, user=request.user, meta=meta)
            except PermissionDenied as exc:
                self.message_user(request, f"{name}: {exc}", level=messages.ERROR)
            except PrivacyRefused as exc:
                self.message_user(request, f"{name}: {exc}", level=messages.WARNING)
            else:
                self.message_user(
                    request,
                    _("%(name)s is now %(pseudonym)s.") % {"name": name, "pseudonym": record.pseudonym},
                )
