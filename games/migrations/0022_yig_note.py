"""Yig's page showed an editor's note about the catalog's sources ("One fan tool says 11;
three sources say 10.") as if it were a rule. The note goes, unless staff changed it."""

from django.db import migrations

EDITORS_NOTE = "One fan tool says 11; three sources say 10."


def drop_editors_note(apps, schema_editor):
    AncientOne = apps.get_model("games", "AncientOne")
    AncientOne.objects.filter(name="Yig", note=EDITORS_NOTE).update(note="")


class Migration(migrations.Migration):
    dependencies = [("games", "0021_search_keys")]

    operations = [migrations.RunPython(drop_editors_note, migrations.RunPython.noop)]
