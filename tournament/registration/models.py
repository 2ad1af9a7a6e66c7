"""Registration's data (issue 51): the window, the sign-ups, the data notice and the consents.

The words are defined in ``tournament.registration``.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

ANSWER_MAX = 300  # characters of one answer to an organiser's question
QUESTIONS_MAX = 10  # the organiser's extra questions
QUESTION_MAX = 200  # characters of one question


class Who(models.TextChoices):
    ANYONE = "anyone", _("anyone")
    CLUBS = "clubs", _("members of the clubs chosen")
    INVITED = "invited", _("people with the invitation link")


class Channel(models.TextChoices):
    """Where a registration's messages go (the private link always shows them)."""

    EMAIL = "email", _("Email")
    WHATSAPP = "whatsapp", _("WhatsApp")
    LINK = "link", _("Only my private link")


class RegistrationSettings(models.Model):
    competition = models.OneToOneField(
        "tournament.Competition", on_delete=models.CASCADE, related_name="registration_settings"
    )
    open_from = models.DateTimeField(_("sign-ups open"), null=True, blank=True)
    open_until = models.DateTimeField(_("sign-ups close"), null=True, blank=True)
    places = models.PositiveIntegerField(_("places"), null=True, blank=True, help_text=_("Empty: no cap."))
    who = models.CharField(_("who may sign up"), max_length=10, choices=Who.choices, default=Who.ANYONE)
    clubs = models.ManyToManyField("tournament.Club", blank=True, related_name="+")
    invite_token = models.CharField(max_length=43, blank=True)
    ask_name_zh = models.BooleanField(_("ask the Chinese name"), default=True)
    ask_club = models.BooleanField(_("ask the club"), default=True)
    questions = models.JSONField(_("extra questions"), default=list, blank=True)
    fee = models.CharField(_("fee"), max_length=60, blank=True, help_text=_("For example SGD 10."))
    fee_how = models.CharField(_("how the fee is paid"), max_length=200, blank=True)
    offer_hours = models.PositiveIntegerField(
        _("hours to accept a freed place"), default=48, help_text=_("Unanswered, the place passes on.")
    )
    changed_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"registration of {self.competition_id}"


class DataNotice(models.Model):
    """One version of a competition's data notice; a changed notice is a new version, never an edit."""

    competition = models.ForeignKey(
        "tournament.Competition", on_delete=models.CASCADE, related_name="data_notices"
    )
    version = models.PositiveIntegerField()
    text = models.TextField(_("the notice"), max_length=4000)
    purposes = models.JSONField(_("purposes"), default=list, blank=True)
    retention_months = models.PositiveSmallIntegerField(_("kept for (months)"), default=24)
    contact = models.CharField(_("whom to ask"), max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["competition", "version"], name="one_notice_version"),
        ]
        ordering = ["competition", "-version"]

    def __str__(self) -> str:
        return f"data notice {self.version} of {self.competition_id}"


HOLDING = ("pending", "approved", "offered")  # a registration in these statuses holds a place
ACTIVE = (*HOLDING, "waiting")  # ... and these may not be signed up for twice


class Registration(models.Model):
    class Status(models.TextChoices):
        PENDING = "pending", _("waiting for the organiser")
        APPROVED = "approved", _("approved")
        REFUSED = "refused", _("refused")
        WAITING = "waiting", _("on the waiting list")
        OFFERED = "offered", _("offered a place")
        WITHDRAWN = "withdrawn", _("withdrawn")
        EXPIRED = "expired", _("offer expired")

    competition = models.ForeignKey(
        "tournament.Competition", on_delete=models.CASCADE, related_name="registrations"
    )
    name = models.CharField(_("name"), max_length=120)
    name_zh = models.CharField(_("Chinese name"), max_length=120, blank=True)
    club = models.ForeignKey(
        "tournament.Club", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    email = models.EmailField(_("email"), max_length=200, blank=True)
    phone = models.CharField(_("phone"), max_length=20, blank=True)
    channel = models.CharField(_("messages by"), max_length=10, choices=Channel.choices, default=Channel.LINK)
    answers = models.JSONField(default=dict, blank=True)
    language = models.CharField(max_length=10, default="en")
    token = models.CharField(max_length=43, unique=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    waiting_since = models.DateTimeField(null=True, blank=True)
    offer_expires_at = models.DateTimeField(null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=300, blank=True)
    notice = models.ForeignKey(DataNotice, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    player = models.ForeignKey(
        "tournament.Player", null=True, blank=True, on_delete=models.SET_NULL, related_name="registrations"
    )
    entry = models.ForeignKey(
        "tournament.Entry", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    paid_amount = models.DecimalField(_("amount paid"), max_digits=8, decimal_places=2, null=True, blank=True)
    paid_at = models.DateTimeField(_("paid on"), null=True, blank=True)
    paid_how = models.CharField(_("paid by"), max_length=60, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["competition", "email"],
                condition=models.Q(status__in=ACTIVE) & ~models.Q(email=""),
                name="one_registration_per_email",
            ),
            models.UniqueConstraint(
                fields=["competition", "phone"],
                condition=models.Q(status__in=ACTIVE) & ~models.Q(phone=""),
                name="one_registration_per_phone",
            ),
        ]
        indexes = [models.Index(fields=["competition", "status"], name="registration_queue")]

    def __str__(self) -> str:
        return f"registration {self.pk} of {self.name} in {self.competition_id}"

    @property
    def paid(self) -> bool:
        return self.paid_at is not None


class Consent(models.Model):
    """A person's agreement to one purpose under one version of a notice: ``purpose`` is ``league`` (taking
    part, the results kept) or ``messages:<channel>``. Withdrawn, never deleted: the record is the proof."""

    player = models.ForeignKey(
        "tournament.Player", null=True, blank=True, on_delete=models.CASCADE, related_name="consents"
    )
    registration = models.ForeignKey(
        Registration, null=True, blank=True, on_delete=models.CASCADE, related_name="consents"
    )
    notice = models.ForeignKey(DataNotice, on_delete=models.PROTECT, related_name="consents")
    purpose = models.CharField(max_length=40)
    given_at = models.DateTimeField(default=timezone.now)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["given_at", "id"]
        indexes = [models.Index(fields=["player", "purpose"], name="consent_player_purpose")]

    def __str__(self) -> str:
        return f"consent to {self.purpose} under {self.notice_id}"
