"""The league the site was: every season and announcement joins it, and every account
becomes its member (moderators and organisers keep their role in it)."""

from django.conf import settings
from django.db import migrations

FIRST_LEAGUE = {"name": "Arkham League", "slug": "arkham"}
ROLE_OF_GROUP = {"Organisers": "organiser", "Moderators": "moderator"}


def create_first_league(apps, schema_editor):
    League = apps.get_model("league", "League")
    Membership = apps.get_model("league", "Membership")
    User = apps.get_model(settings.AUTH_USER_MODEL)
    league = League.objects.order_by("pk").first() or League.objects.create(**FIRST_LEAGUE)
    for name in ("Season", "Announcement"):
        apps.get_model("league", name).objects.filter(league=None).update(league=league)
    roles = {}
    for group, role in ROLE_OF_GROUP.items():  # organiser wins over moderator
        for user_id in User.objects.filter(groups__name=group).values_list("pk", flat=True):
            roles.setdefault(user_id, role)
    Membership.objects.bulk_create(
        [
            Membership(league=league, user_id=pk, role=roles.get(pk, "member"))
            for pk in User.objects.values_list("pk", flat=True).iterator()
        ],
        batch_size=1000,
        ignore_conflicts=True,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0005_leagues"),
        ("auth", "0012_alter_user_first_name_max_length"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [migrations.RunPython(create_first_league, migrations.RunPython.noop)]
