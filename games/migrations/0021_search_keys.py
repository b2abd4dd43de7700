"""The search box's key beside every name it finds (players, teams, investigators, Ancient
Ones, scenarios): ``games.names.search_key``, filled here for the rows that exist and kept
on every save by ``games.models.searchable.Searchable``."""

from django.db import migrations, models

from games.names import search_key

SEARCHED = ("AncientOne", "Investigator", "Player", "Scenario", "Team")
BATCH = 2000


def fill_search_keys(apps, schema_editor):
    for name in SEARCHED:
        model = apps.get_model("games", name)
        rows = list(model.objects.only("pk", "name"))
        for row in rows:
            row.search_key = search_key(row.name)
        model.objects.bulk_update(rows, ["search_key"], batch_size=BATCH)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0020_ratings"),
    ]

    operations = [
        *(
            migrations.AddField(
                model_name=name.lower(),
                name="search_key",
                field=models.TextField(default="", editable=False),
            )
            for name in SEARCHED
        ),
        migrations.RunPython(fill_search_keys, migrations.RunPython.noop),
    ]
