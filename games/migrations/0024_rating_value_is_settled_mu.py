"""The stored rating was μ − 3σ; it is now rating_rules.rating_value (a player's mean μ over
the latest half of their games, read from the stored chart sample; μ for the others).
The next replay would only rewrite the rows it touches, so every row is set here."""

from django.db import migrations


def settled(apps, schema_editor):
    Rating = apps.get_model("games", "Rating")
    rows = list(Rating.objects.only("pk", "mu", "history"))
    for row in rows:
        # The formula of games.rating_rules.rating_value, copied so this step never changes.
        if row.history:
            last = row.history[-1][0]
            recent = [point[2] for point in row.history if point[0] > last // 2]
            row.value = sum(recent) / len(recent)
        else:
            row.value = row.mu
    Rating.objects.bulk_update(rows, ["value"], batch_size=2000)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0023_player_claims"),
    ]

    operations = [migrations.RunPython(settled, migrations.RunPython.noop)]
