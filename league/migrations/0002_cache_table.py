"""The database cache's table, so `migrate` alone gives the default cache a home.

Named explicitly rather than read from CACHES: a site on Redis today may fall back to the
database cache tomorrow without another command.
"""

from django.core.management import call_command
from django.db import migrations

CACHE_TABLE = "league_cache"


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", CACHE_TABLE, database=schema_editor.connection.alias)


def drop_cache_table(apps, schema_editor):
    schema_editor.execute(f"DROP TABLE IF EXISTS {schema_editor.quote_name(CACHE_TABLE)}")


class Migration(migrations.Migration):
    dependencies = [("league", "0001_initial")]

    operations = [migrations.RunPython(create_cache_table, drop_cache_table)]
