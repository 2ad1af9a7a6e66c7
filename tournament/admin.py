from django.contrib import admin

from tournament.models import Club, Competition, Entry, Player


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["name", "short_name"]
    search_fields = ["name", "short_name"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "registration_no", "club"]
    list_filter = ["club"]
    search_fields = ["name", "registration_no"]


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ["player", "substitute_for"]


@admin.register(Competition)
class CompetitionAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "rules", "capital", "starts_on"]
    filter_horizontal = ["organisers", "scorekeepers"]
    inlines = [EntryInline]
