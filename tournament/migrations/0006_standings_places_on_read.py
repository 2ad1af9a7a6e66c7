"""Standings places computed on read (issue 6): a stored line keeps its totals, not its place.

A hand then rewrites the four lines it changed, never the places of everyone
else. With no index on a column that a hand changes, PostgreSQL can update a
line in place (a HOT update) when its page has room: the fill factor leaves it.
"""

from django.db import migrations

TABLE = "tournament_standingrow"


def _fillfactor(value: int):
    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(f"ALTER TABLE {TABLE} SET (fillfactor = {value})")

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0005_standings_indexes"),
    ]

    operations = [
        migrations.AlterModelOptions(name="standingrow", options={}),
        migrations.RemoveIndex(model_name="standingrow", name="tournament__competi_028131_idx"),
        migrations.RemoveField(model_name="standingrow", name="position"),
        migrations.RemoveField(model_name="standingrow", name="rank"),
        migrations.RemoveField(model_name="standingrow", name="shared"),
        migrations.RunPython(_fillfactor(70), _fillfactor(100)),
    ]
