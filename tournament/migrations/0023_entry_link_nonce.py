# A season link and check-in code that can be retired (tournament.season.links): each entry's nonce, signed
# with its id. An empty nonce signs the id alone, as before: the links already given out keep working.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0022_standings_seating_mark"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="link_nonce",
            field=models.CharField(blank=True, default="", max_length=16),
        ),
    ]
