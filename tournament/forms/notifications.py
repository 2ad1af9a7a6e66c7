"""Forms of the notifications' pages (issue 34): a person's choices, an organiser's message and reminder."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from tournament.models import Broadcast
from tournament.notifications.kinds import OUTSIDE, Channel, Kind
from tournament.notifications.preferences import MAX_REMINDER_MINUTES


class PreferenceForm(forms.Form):
    channels = forms.MultipleChoiceField(
        label=_("Send my messages by"),
        choices=[(c.value, c.label) for c in OUTSIDE],
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_("Every message is also kept on this page."),
    )
    kinds = forms.MultipleChoiceField(
        label=_("Tell me about"),
        choices=Kind.choices,
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    language = forms.ChoiceField(label=_("Language of my messages"), required=False)
    email = forms.CharField(
        label=_("Email address"),
        max_length=254,
        required=False,
        help_text=_("Empty: the address the organiser has for you."),
    )
    telegram_chat = forms.CharField(
        label=_("Telegram chat id"),
        max_length=20,
        required=False,
        help_text=_(
            "A number: @userinfobot on Telegram tells you yours. Then open a chat with the league's bot."
        ),
    )
    whatsapp = forms.CharField(
        label=_("WhatsApp number"),
        max_length=20,
        required=False,
        help_text=_("With the country code: +6591234567."),
    )

    def __init__(self, *args, ready: set[str], login: bool = False, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        if login:  # signed in: one email per person, their login's too (issue 47)
            self.fields["email"].help_text = _(
                "Your messages go here, and a forgotten password is reset here: it is your login's "
                "address too."
            )
        self.fields["language"].choices = [("", _("The site's language")), *settings.LANGUAGES]
        # Only the channels this site has set up can be chosen.
        self.fields["channels"].choices = [(c.value, c.label) for c in OUTSIDE if c in ready]
        if not ready:  # the embedded default: the inbox is the only channel, nothing to choose
            del self.fields["channels"]
        if Channel.TELEGRAM not in ready:
            del self.fields["telegram_chat"]
        if Channel.WHATSAPP not in ready:
            del self.fields["whatsapp"]

    @classmethod
    def initial_from(cls, pref) -> dict:
        if pref is None:
            return {"channels": [Channel.EMAIL], "kinds": list(Kind.values)}
        return {
            "channels": pref.channels,
            "kinds": [k for k in Kind.values if k not in pref.stopped],
            "language": pref.language,
            "email": pref.email,
            "telegram_chat": pref.telegram_chat,
            "whatsapp": pref.whatsapp,
        }


class BroadcastForm(forms.Form):
    audience = forms.ChoiceField(label=_("To"), choices=Broadcast.Audience.choices)
    text = forms.CharField(label=_("Message"), max_length=1000, widget=forms.Textarea(attrs={"rows": 4}))


class ReminderForm(forms.Form):
    """How long before a night its reminder goes, in hours or days (issue 47); kept as minutes."""

    UNITS = {"hours": 60, "days": 24 * 60}

    reminder_amount = forms.IntegerField(
        label=_("Remind players this long before a night"),
        min_value=0,
        max_value=MAX_REMINDER_MINUTES // 60,
        help_text=_("0: no reminder. At most 14 days."),
    )
    reminder_unit = forms.ChoiceField(
        label=_("Unit"), choices=[("hours", _("hours")), ("days", _("days"))], initial="hours"
    )

    @classmethod
    def initial_from(cls, minutes: int) -> dict:
        if minutes and minutes % cls.UNITS["days"] == 0:
            return {"reminder_amount": minutes // cls.UNITS["days"], "reminder_unit": "days"}
        return {"reminder_amount": round(minutes / 60), "reminder_unit": "hours"}

    def clean(self):
        data = super().clean()
        if "reminder_amount" in data and "reminder_unit" in data:
            minutes = data["reminder_amount"] * self.UNITS[data["reminder_unit"]]
            if minutes > MAX_REMINDER_MINUTES:
                self.add_error("reminder_amount", _("At most 14 days before a night."))
            data["reminder_minutes"] = minutes
        return data
