from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournament", "0027_entry_categories")]

    operations = [
        migrations.AddField(
            model_name="message",
            name="words",
            field=models.CharField(blank=True, max_length=20),
        ),
        migrations.AddField(
            model_name="message",
            name="facts",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddIndex(
            model_name="message",
            index=models.Index(
                fields=["event"], name="message_event_prefix", opclasses=["varchar_pattern_ops"]
            ),
        ),
    ]
