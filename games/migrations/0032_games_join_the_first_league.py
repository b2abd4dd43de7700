"""Every game, team, scenario and series (and every game's history row) joins the league
the site was (``league.0006``)."""

from django.db import migrations

OWNED = ("Session", "HistoricalSession", "Team", "Scenario", "Series")


def join_first_league(apps, schema_editor):
    league = apps.get_model("league", "League").objects.order_by("pk").first()
    for name in OWNED:
        apps.get_model("games", name).objects.filter(league=None).update(league=league)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0031_games_of_a_league"),
        ("league", "0006_first_league"),
    ]

    operations = [migrations.RunPython(join_first_league, migrations.RunPython.noop)]
