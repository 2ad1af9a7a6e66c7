"""Registration (issue 51): the window, the sign-ups, the data notice and the consents (written by hand)."""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0024_message_claimed_at"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="DataNotice",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("version", models.PositiveIntegerField()),
                ("text", models.TextField(max_length=4000, verbose_name="the notice")),
                ("purposes", models.JSONField(blank=True, default=list, verbose_name="purposes")),
                (
                    "retention_months",
                    models.PositiveSmallIntegerField(default=24, verbose_name="kept for (months)"),
                ),
                ("contact", models.CharField(blank=True, max_length=200, verbose_name="whom to ask")),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "competition",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="data_notices",
                        to="tournament.competition",
                    ),
                ),
            ],
            options={
                "ordering": ["competition", "-version"],
            },
        ),
        migrations.CreateModel(
            name="Registration",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=120, verbose_name="name")),
                ("name_zh", models.CharField(blank=True, max_length=120, verbose_name="Chinese name")),
                ("email", models.EmailField(blank=True, max_length=200, verbose_name="email")),
                ("phone", models.CharField(blank=True, max_length=20, verbose_name="phone")),
                (
                    "channel",
                    models.CharField(
                        choices=[
                            ("email", "Email"),
                            ("whatsapp", "WhatsApp"),
                            ("link", "Only my private link"),
                        ],
                        default="link",
                        max_length=10,
                        verbose_name="messages by",
                    ),
                ),
                ("answers", models.JSONField(blank=True, default=dict)),
                ("language", models.CharField(default="en", max_length=10)),
                ("token", models.CharField(max_length=43, unique=True)),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("pending", "waiting for the organiser"),
                            ("approved", "approved"),
                            ("refused", "refused"),
                            ("waiting", "on the waiting list"),
                            ("offered", "offered a place"),
                            ("withdrawn", "withdrawn"),
                            ("expired", "offer expired"),
                        ],
                        default="pending",
                        max_length=10,
                    ),
                ),
                ("waiting_since", models.DateTimeField(blank=True, null=True)),
                ("offer_expires_at", models.DateTimeField(blank=True, null=True)),
                ("reason", models.CharField(blank=True, max_length=300, verbose_name="reason")),
                ("decided_at", models.DateTimeField(blank=True, null=True)),
                (
                    "paid_amount",
                    models.DecimalField(
                        blank=True, decimal_places=2, max_digits=8, null=True, verbose_name="amount paid"
                    ),
                ),
                ("paid_at", models.DateTimeField(blank=True, null=True, verbose_name="paid on")),
                ("paid_how", models.CharField(blank=True, max_length=60, verbose_name="paid by")),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                ("changed_at", models.DateTimeField(auto_now=True)),
                (
                    "club",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="tournament.club",
                    ),
                ),
                (
                    "competition",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="registrations",
                        to="tournament.competition",
                    ),
                ),
                (
                    "decided_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "entry",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="tournament.entry",
                    ),
                ),
                (
                    "notice",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="tournament.datanotice",
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="registrations",
                        to="tournament.player",
                    ),
                ),
            ],
            options={
                "ordering": ["created_at", "id"],
            },
        ),
        migrations.CreateModel(
            name="Consent",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("purpose", models.CharField(max_length=40)),
                ("given_at", models.DateTimeField(default=django.utils.timezone.now)),
                ("withdrawn_at", models.DateTimeField(blank=True, null=True)),
                (
                    "player",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="consents",
                        to="tournament.player",
                    ),
                ),
                (
                    "notice",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="consents",
                        to="tournament.datanotice",
                    ),
                ),
                (
                    "registration",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="consents",
                        to="tournament.registration",
                    ),
                ),
            ],
            options={
                "ordering": ["given_at", "id"],
            },
        ),
        migrations.CreateModel(
            name="RegistrationSettings",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("open_from", models.DateTimeField(blank=True, null=True, verbose_name="sign-ups open")),
                ("open_until", models.DateTimeField(blank=True, null=True, verbose_name="sign-ups close")),
                (
                    "places",
                    models.PositiveIntegerField(
                        blank=True, help_text="Empty: no cap.", null=True, verbose_name="places"
                    ),
                ),
                (
                    "who",
                    models.CharField(
                        choices=[
                            ("anyone", "anyone"),
                            ("clubs", "members of the clubs chosen"),
                            ("invited", "people with the invitation link"),
                        ],
                        default="anyone",
                        max_length=10,
                        verbose_name="who may sign up",
                    ),
                ),
                ("invite_token", models.CharField(blank=True, max_length=43)),
                ("ask_name_zh", models.BooleanField(default=True, verbose_name="ask the Chinese name")),
                ("ask_club", models.BooleanField(default=True, verbose_name="ask the club")),
                ("questions", models.JSONField(blank=True, default=list, verbose_name="extra questions")),
                (
                    "fee",
                    models.CharField(
                        blank=True, help_text="For example SGD 10.", max_length=60, verbose_name="fee"
                    ),
                ),
                ("fee_how", models.CharField(blank=True, max_length=200, verbose_name="how the fee is paid")),
                (
                    "offer_hours",
                    models.PositiveIntegerField(
                        default=48,
                        help_text="Unanswered, the place passes on.",
                        verbose_name="hours to accept a freed place",
                    ),
                ),
                ("changed_at", models.DateTimeField(auto_now=True)),
                ("clubs", models.ManyToManyField(blank=True, related_name="+", to="tournament.club")),
                (
                    "competition",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="registration_settings",
                        to="tournament.competition",
                    ),
                ),
            ],
        ),
        migrations.AddConstraint(
            model_name="datanotice",
            constraint=models.UniqueConstraint(fields=("competition", "version"), name="one_notice_version"),
        ),
        migrations.AddIndex(
            model_name="registration",
            index=models.Index(fields=["competition", "status"], name="registration_queue"),
        ),
        migrations.AddConstraint(
            model_name="registration",
            constraint=models.UniqueConstraint(
                condition=models.Q(
                    ("status__in", ("pending", "approved", "offered", "waiting")),
                    models.Q(("email", ""), _negated=True),
                ),
                fields=("competition", "email"),
                name="one_registration_per_email",
            ),
        ),
        migrations.AddConstraint(
            model_name="registration",
            constraint=models.UniqueConstraint(
                condition=models.Q(
                    ("status__in", ("pending", "approved", "offered", "waiting")),
                    models.Q(("phone", ""), _negated=True),
                ),
                fields=("competition", "phone"),
                name="one_registration_per_phone",
            ),
        ),
        migrations.AddIndex(
            model_name="consent",
            index=models.Index(fields=["player", "purpose"], name="consent_player_purpose"),
        ),
    ]
