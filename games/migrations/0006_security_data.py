"""Data for the security fields: player name keys, readable slugs, bounded notes, and the
"Moderators" group.

Players whose names collide under the new key (say "Alice" and "Аlice" with a Cyrillic А)
keep their rows; every one after the first gets " (2)", " (3)"… added to its name, for the
league staff to merge or rename. Notes longer than the new 2,000-character bound are cut.
"""

import re

from django.contrib.auth.management import create_permissions
from django.db import migrations
from django.db.models.functions import Length
from django.utils.text import slugify

from games.names import name_key, normalise_name

NOTES_MAX_LENGTH = 2000
FALLBACK_SLUG = re.compile(r"^player(-\d+)?$")
MODERATOR_PERMISSIONS = [
    ("session", "moderate_session"),
    ("session", "view_session"),
    ("session", "change_session"),
    ("session", "delete_session"),
    ("seat", "view_seat"),
    ("seat", "change_seat"),
    ("seat", "delete_seat"),
    ("player", "view_player"),
]


def fill_name_keys(apps, schema_editor):
    Player = apps.get_model("games", "Player")
    seen: set[str] = set()
    slugs = set(Player.objects.values_list("slug", flat=True))
    for player in Player.objects.order_by("pk"):
        name = normalise_name(player.name) or f"Player {player.pk}"
        candidate, n = name, 2
        while name_key(candidate) in seen:
            candidate, n = f"{name[:72]} ({n})", n + 1
        player.name, player.name_key = candidate, name_key(candidate)
        seen.add(player.name_key)
        fields = ["name", "name_key"]
        # Names of other scripts got "player", "player-2"… under the ASCII-only slugs.
        if FALLBACK_SLUG.match(player.slug) and not slugify(player.name):
            base = slugify(player.name, allow_unicode=True)[:80]
            if base:
                slugs.discard(player.slug)
                slug, k = base, 2
                while slug in slugs:
                    slug, k = f"{base}-{k}", k + 1
                player.slug = slug
                slugs.add(slug)
                fields.append("slug")
        player.save(update_fields=fields)


def bound_notes(apps, schema_editor):
    Session = apps.get_model("games", "Session")
    long_notes = Session.objects.annotate(notes_length=Length("notes"))
    for session in long_notes.filter(notes_length__gt=NOTES_MAX_LENGTH):
        session.notes = session.notes[:NOTES_MAX_LENGTH]
        session.save(update_fields=["notes"])


def create_moderators(apps, schema_editor):
    app_config = apps.get_app_config("games")
    if getattr(app_config, "models_module", None) is None:  # a migration-state stub
        app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name="Moderators")
    for model, codename in MODERATOR_PERMISSIONS:
        group.permissions.add(
            Permission.objects.get(content_type__app_label="games", codename=codename)
        )


def remove_moderators(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name="Moderators").delete()


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_security_fields"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [
        migrations.RunPython(fill_name_keys, migrations.RunPython.noop),
        migrations.RunPython(bound_notes, migrations.RunPython.noop),
        migrations.RunPython(create_moderators, remove_moderators),
    ]
