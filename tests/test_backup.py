"""Backups (issue table row 15): ``manage.py backup`` and ``restore`` on the current engine.

The backup of a league with games, seats, scores and accounts is restored into an empty
database (a new SQLite file, or a scratch PostgreSQL database created here and dropped
after), which then holds exactly the same rows.
"""

import sqlite3
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from games.models import Seat, Session
from league.ops.backups import POSTGRESQL, SQLITE
from tests.factories import PlayerFactory, UserFactory, game, seat

pytestmark = pytest.mark.django_db(transaction=True, serialized_rollback=True)

TABLES = {
    "games_session": "id, score, status, outcome, played_on, terror_level, submitted_by_id",
    "games_seat": "id, session_id, player_id, investigator_id, gate_trophies, first_citizen",
    "games_player": "id, name, slug, user_id",
    "auth_user": "id, username, password, email, is_staff, is_superuser",
    "games_session_boxes": "session_id, box_id",
}


def database_url(database) -> str:
    if database["ENGINE"] == SQLITE:
        return f"sqlite:///{database['NAME']}"
    user, password = quote(database["USER"]), quote(database["PASSWORD"])
    return f"postgres://{user}:{password}@{database['HOST']}:{database['PORT']}/{database['NAME']}"


def open_raw(database):
    """A plain DB-API connection, outside Django: what is really in the database."""
    if database["ENGINE"] == SQLITE:
        return sqlite3.connect(database["NAME"])
    return psycopg.connect(
        dbname=database["NAME"],
        user=database["USER"],
        password=database["PASSWORD"],
        host=database["HOST"],
        port=database["PORT"] or 5432,
    )


def snapshot(database) -> dict[str, list[tuple]]:
    """Every row of the tables that matter, in a stable order, plus every table's count."""
    raw = open_raw(database)
    try:
        cursor = raw.cursor()
        rows = {}
        for table, columns in TABLES.items():
            cursor.execute(f"SELECT {columns} FROM {table} ORDER BY 1, 2")  # noqa: S608
            rows[table] = [tuple(str(value) for value in row) for row in cursor.fetchall()]
        for table in connection.introspection.table_names():
            cursor.execute(f'SELECT COUNT(*) FROM "{table}"')  # noqa: S608
            rows[f"count:{table}"] = cursor.fetchone()[0]
        return rows
    finally:
        raw.close()


@pytest.fixture
def league(catalog_rows):
    """A small league: accounts (one a player), games with seats and stored scores."""
    ann = UserFactory(username="ann")
    PlayerFactory(name="Ann", user=ann)
    UserFactory(username="boss", is_staff=True, is_superuser=True)
    games = [
        game(terror_level=1),
        game(
            terror_level=4,
            seats=[seat("Ann"), seat("Bob", "Bob Jenkins"), seat("Cy", "Vincent Lee")],
        ),
        game(ancient_one="Hastur", status="pending", submitted_by=ann),
        game(outcome="defeat", defeat_cause="devoured", elder_sign_tokens=0),
    ]
    assert all(g.pk for g in games)
    return games


@pytest.fixture
def empty_database(tmp_path):
    """Settings of a brand-new, empty database on the engine the tests run on."""
    source = connection.settings_dict
    if source["ENGINE"] == SQLITE:
        yield {**source, "NAME": str(tmp_path / "restored.sqlite3")}
        return
    assert source["ENGINE"] == POSTGRESQL
    name = f"{source['NAME']}_restore"
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')
        cursor.execute(f'CREATE DATABASE "{name}"')
    yield {**source, "NAME": name}
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def make_backup(tmp_path) -> Path:
    call_command("backup", "--dir", str(tmp_path / "backups"))
    (path,) = (tmp_path / "backups").iterdir()
    return path


def test_a_backup_restored_into_an_empty_database_holds_every_row(league, empty_database, tmp_path):
    before = snapshot(connection.settings_dict)
    backup = make_backup(tmp_path)
    assert backup.name.startswith("league-") and backup.stat().st_size > 0
    call_command("restore", str(backup), "--into", database_url(empty_database), "--no-input")
    after = snapshot(empty_database)
    assert after == before
    assert len(after["games_session"]) == 4 and len(after["games_seat"]) == Seat.objects.count()
    scores = {row[0]: row[1] for row in after["games_session"]}
    assert scores == {str(g.pk): str(g.score) for g in Session.objects.all()}
    assert {row[1] for row in after["auth_user"]} == {"ann", "boss"}


def test_restoring_replaces_what_changed_since_the_backup(league, tmp_path):
    backup = make_backup(tmp_path)
    before = snapshot(connection.settings_dict)
    game(terror_level=0)
    UserFactory(username="latecomer")
    call_command("restore", str(backup), "--no-input")
    assert snapshot(connection.settings_dict) == before


def test_a_restore_asks_first_and_does_nothing_without_a_yes(league, tmp_path, monkeypatch):
    backup = make_backup(tmp_path)
    game(terror_level=0)
    monkeypatch.setattr("builtins.input", lambda prompt: "no")
    with pytest.raises(CommandError, match="nothing was changed"):
        call_command("restore", str(backup))
    assert Session.objects.count() == 5


def test_a_missing_file_or_another_engine_is_refused(db, tmp_path):
    with pytest.raises(CommandError, match="No backup file"):
        call_command("restore", str(tmp_path / "nope.dump"), "--no-input")
    other = ".dump" if connection.settings_dict["ENGINE"] == SQLITE else ".sqlite3"
    stray = tmp_path / f"league-other{other}"
    stray.write_bytes(b"not a backup")
    with pytest.raises(CommandError, match="not a backup of this database's engine"):
        call_command("restore", str(stray), "--no-input")
