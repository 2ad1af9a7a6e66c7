"""Issue 49, item 7: a stage's cut names the stage it is made from (``source``) and may take one category
of entries only (``category``); an entry's categories (``EntryCategory``: newcomer, women, seniors, or a
club's own word); a first stage (every entrant, no cut) is published, not left a draft."""

import django.db.models.deletion
from django.db import migrations, models


def first_stages_published(apps, schema_editor):
    Stage = apps.get_model("tournament", "Stage")
    firsts = {}
    for stage in Stage.objects.order_by("competition_id", "number"):
        firsts.setdefault(stage.competition_id, stage.pk)
    Stage.objects.filter(pk__in=firsts.values(), status="draft").update(status="published")


class Migration(migrations.Migration):
    dependencies = [("tournament", "0026_personal_data")]

    operations = [
        migrations.AddField(
            model_name="stage",
            name="source",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="tournament.stage",
            ),
        ),
        migrations.AddField(
            model_name="stage",
            name="category",
            field=models.CharField(blank=True, default="", max_length=40),
        ),
        migrations.CreateModel(
            name="EntryCategory",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("name", models.CharField(max_length=40)),
                (
                    "entry",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="categories",
                        to="tournament.entry",
                    ),
                ),
            ],
            options={"ordering": ["entry", "name"]},
        ),
        migrations.AddConstraint(
            model_name="entrycategory",
            constraint=models.UniqueConstraint(fields=("entry", "name"), name="one_category_per_entry_name"),
        ),
        migrations.RunPython(first_stages_published, migrations.RunPython.noop),
    ]
