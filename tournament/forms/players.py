"""Players: register one, upload a CSV file, enter players into a competition, substitute."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import Club, Entry, Player

MAX_CSV_BYTES = 1_000_000


class PlayerForm(forms.ModelForm):
    """A new player, entered into the competition at once."""

    new_club = forms.CharField(
        label=_("…or a new club"), required=False, max_length=120, help_text=_("Created when filled in.")
    )

    class Meta:
        model = Player
        fields = ["name", "registration_no", "club", "contact"]
        labels = {
            "name": _("Name"),
            "registration_no": _("Registration number"),
            "club": _("Club"),
            "contact": _("Contact"),
        }
        help_texts = {"contact": _("Email or phone, optional.")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].required = False
        self.fields["club"].empty_label = _("(no club)")

    def clean_registration_no(self):
        reg = self.cleaned_data["registration_no"].strip()
        other = Player.objects.filter(registration_no__iexact=reg).first()
        if other:
            raise forms.ValidationError(
                _("%(reg)s is already registered to %(name)s.") % {"reg": reg, "name": other.name}
            )
        return reg

    def clean(self):
        cleaned = super().clean()
        new_club = (cleaned.get("new_club") or "").strip()
        if new_club and cleaned.get("club"):
            self.add_error("new_club", _("Choose a club or name a new one, not both."))
        elif new_club and Club.objects.filter(name__iexact=new_club).exists():
            self.add_error("new_club", _("That club exists already: choose it from the list."))
        return cleaned

    def save(self, commit=True):
        player = super().save(commit=False)
        new_club = (self.cleaned_data.get("new_club") or "").strip()
        if new_club:
            player.club = Club.objects.create(name=new_club)
        if commit:
            player.save()
        return player


class CsvUploadForm(forms.Form):
    file = forms.FileField(label=_("CSV file"), help_text=_("Columns: name, club, registration number."))
    create_clubs = forms.BooleanField(label=_("Create missing clubs"), required=False)

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_CSV_BYTES:
            raise forms.ValidationError(_("The file is larger than 1 MB: split it into several files."))
        return upload.read()


class CsvConfirmForm(forms.Form):
    """The previewed file travels back with the confirmation, and is checked again."""

    data = forms.CharField(widget=forms.HiddenInput, max_length=4 * MAX_CSV_BYTES)
    create_clubs = forms.BooleanField(label=_("Create missing clubs"), required=False)


class EnterPlayersForm(forms.Form):
    """Registered players not yet in the competition, nor asked for (``league.consent``)."""

    players = forms.ModelMultipleChoiceField(
        label=_("Players to enter"), queryset=Player.objects.none(), widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, competition, **kwargs):
        super().__init__(*args, **kwargs)
        asked = competition.entry_requests.filter(state="waiting").values("player_id")
        self.fields["players"].queryset = (
            Player.objects.exclude(entries__competition=competition)
            .exclude(pk__in=asked)
            .select_related("club")
        )


class SubstituteForm(forms.Form):
    """Who replaces a withdrawn (or withdrawing) entry: a registered player not yet entered."""

    player = forms.ModelChoiceField(label=_("Substitute"), queryset=Player.objects.none())

    def __init__(self, *args, entry: Entry, **kwargs):
        super().__init__(*args, **kwargs)
        self.entry = entry
        self.fields["player"].queryset = Player.objects.exclude(entries__competition=entry.competition)

    def clean(self):
        cleaned = super().clean()
        replaced_by = self.entry.substitutes.select_related("player").first()
        if replaced_by:
            raise forms.ValidationError(
                _("%(old)s has already been replaced by %(new)s.")
                % {"old": self.entry.player.name, "new": replaced_by.player.name}
            )
        return cleaned
