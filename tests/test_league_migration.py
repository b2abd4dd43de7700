"""The leagues migration on a seeded database: everything the single league had joins the
first league, every account becomes its member in its role, nothing is lost.

The seed is made with today's code (``seed_demo`` and the write path), the database is
migrated back to before leagues (``league.0004`` and ``games.0030``), a few more rows are
written there through the migration state's own models (accounts in the role groups, an
announcement, a history row), then it is migrated forward again and counted.
"""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.models import Scenario, Seat, Series, Session, Team
from games.summaries import store, summaries_differences
from league.models import Announcement, League, MemberRole, Membership, Season
from tests.factories import (
    approve,
    game,
    moderator,
    moderators_group,
    organiser,
    organisers_group,
    seat,
)

# Transactional (migrations run outside a test transaction); the catalog and the role
# groups come from `catalog_rows` and the factories, as after any flush.
pytestmark = pytest.mark.django_db(transaction=True)

BEFORE_LEAGUES = [("league", "0004_verbose_names"), ("games", "0030_catalog_labels")]
OWNED = [Session, Session.history.model, Team, Scenario, Series, Season, Announcement]


def migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection)


def latest():
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def summary_rows() -> dict[str, list]:
    """Every summary table's rows, without their ids; the first league's all-time scope
    named as such (the league made again by the migration may get another id)."""
    first_scope = -League.objects.first_league().pk

    def named(key, value):
        return (key, "first league" if key == "scope" and value == first_scope else value)

    rows = {}
    for table in store.TABLES.values():
        values = table.model.objects.values()
        rows[table.model.__name__] = sorted(
            repr(sorted(named(k, v) for k, v in row.items() if k != "id")) for row in values
        )
    return rows


def counts() -> dict[str, int]:
    return {
        **{model.__name__: model.objects.count() for model in OWNED},
        "Seat": Seat.objects.count(),
        "Player": Seat.objects.values("player").distinct().count(),
    }


@pytest.fixture
def demo_database(monkeypatch, catalog_rows):
    """A database seed_demo's login may be made in, with the catalog and the role groups
    (an earlier transactional test may have flushed them)."""
    from games.management.commands import seed_demo

    monkeypatch.setattr(seed_demo, "DEMO_DATABASE_MARK", "test")  # the test database's name
    moderators_group()
    organisers_group()


def seeded() -> None:
    """A small demo league, an organiser, moderators, games through the write path (so
    with history rows) and an announcement."""
    call_command("seed_demo", games=80, seed=9, demo_login=True, stdout=io.StringIO())
    organiser("org")
    both = moderator("mod-and-org")
    both.groups.add(*organiser("org2").groups.all())
    pending = game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")], status="pending")
    approve(pending)
    get_user_model().objects.create_user("member")
    Announcement.objects.create(league=League.objects.first_league(), text="Club night Friday")


def rows_before_leagues(executor: MigrationExecutor) -> None:
    """Rows written at the state before leagues, with that state's models."""
    tables = connection.introspection.table_names()
    assert "league_league" not in tables and "league_membership" not in tables
    apps = executor.loader.project_state(BEFORE_LEAGUES).apps
    User = apps.get_model("auth", "User")
    Group = apps.get_model("auth", "Group")
    User.objects.create(username="old-moderator").groups.add(Group.objects.get(name="Moderators"))
    User.objects.create(username="old-organiser").groups.add(Group.objects.get(name="Organisers"))
    User.objects.create(username="old-member")
    apps.get_model("league", "Announcement").objects.create(text="Written before leagues")
    History = apps.get_model("games", "HistoricalSession")
    last = History.objects.order_by("history_id").last()
    last.pk = None
    last.history_type = "~"
    last.save()


def test_every_row_of_the_single_league_joins_the_first_league(demo_database):
    seeded()
    before = counts()
    summaries = summary_rows()
    scores = dict(Session.objects.values_list("pk", "score"))
    assert before["HistoricalSession"] > 0 and before["Scenario"] == 10
    try:
        executor = migrate(BEFORE_LEAGUES)
        rows_before_leagues(executor)
        migrate(latest())
    finally:
        migrate(latest())  # whatever happened, later tests find the latest schema

    (first,) = League.objects.all()
    assert (first.name, first.slug, first.is_public) == ("Arkham League", "arkham", True)
    after = counts()
    added = {"Announcement": 1, "HistoricalSession": 1}
    assert after == {name: n + added.get(name, 0) for name, n in before.items()}
    for model in OWNED:
        assert set(model.objects.values_list("league", flat=True)) == {first.pk}, model
    assert dict(Session.objects.values_list("pk", "score")) == scores

    roles = dict(Membership.objects.values_list("user__username", "role"))
    users = get_user_model().objects.values_list("username", flat=True)
    assert set(roles) == set(users) and Membership.objects.count() == len(users)
    assert roles["demo"] == roles["org"] == roles["org2"] == roles["mod-and-org"]
    assert roles["org"] == roles["old-organiser"] == MemberRole.ORGANISER
    assert roles["moderator"] == roles["old-moderator"] == MemberRole.MODERATOR
    assert roles["member"] == roles["old-member"] == MemberRole.MEMBER
    assert set(Membership.objects.values_list("league", flat=True)) == {first.pk}

    call_command("rebuild_summaries", stdout=io.StringIO())
    assert summary_rows() == summaries
    assert summaries_differences() == []
