"""People's data (issue 51): erasures and retention warnings (written by hand)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0025_registration"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="ErasureRecord",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "scope",
                    models.CharField(
                        choices=[
                            ("person", "erased on request"),
                            ("contact", "contact details erased after the retention period"),
                        ],
                        max_length=10,
                    ),
                ),
                (
                    "requested_on",
                    models.DateField(help_text="The day the person asked (the proof).", verbose_name="requested on"),
                ),
                ("done_at", models.DateTimeField(auto_now_add=True)),
                ("pseudonym", models.CharField(blank=True, max_length=40)),
                (
                    "done_by",
                    models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="erasures",
                        to="tournament.player",
                    ),
                ),
            ],
            options={"ordering": ["-done_at", "-id"]},
        ),
        migrations.AddConstraint(
            model_name="erasurerecord",
            constraint=models.UniqueConstraint(
                condition=models.Q(("scope", "person")), fields=("player",), name="one_erasure_per_person"
            ),
        ),
        migrations.CreateModel(
            name="RetentionWarning",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("warned_at", models.DateTimeField()),
                ("erase_on", models.DateField()),
                ("done_at", models.DateTimeField(blank=True, null=True)),
                (
                    "player",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="+", to="tournament.player"
                    ),
                ),
            ],
            options={"ordering": ["erase_on", "id"]},
        ),
        migrations.AddConstraint(
            model_name="retentionwarning",
            constraint=models.UniqueConstraint(
                condition=models.Q(("done_at__isnull", True)), fields=("player",), name="one_open_retention_warning"
            ),
        ),
    ]
