"""Backing up and restoring the league's database (``manage.py backup`` / ``restore``).

SQLite: an online copy through sqlite3's backup API, consistent while the site runs.
PostgreSQL: ``pg_dump``, restored by ``pg_restore`` in one transaction (the client tools
must match the server's major version).
"""

from __future__ import annotations

import datetime
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path
from typing import Any

SQLITE = "django.db.backends.sqlite3"
POSTGRESQL = "django.db.backends.postgresql"
SUFFIXES = {SQLITE: ".sqlite3", POSTGRESQL: ".dump"}
RESTORE_FLAGS = ["--clean", "--if-exists", "--no-owner", "--single-transaction", "--exit-on-error"]
# The connection's settings as libpq reads them from the environment.
PG_ENVIRONMENT = {"HOST": "PGHOST", "PORT": "PGPORT", "USER": "PGUSER", "PASSWORD": "PGPASSWORD"}

DatabaseSettings = dict[str, Any]


class BackupError(Exception):  # the message says why
    pass


def engine_of(database: DatabaseSettings) -> str:
    engine = database["ENGINE"]
    if engine not in SUFFIXES:
        raise BackupError(f"Backups support SQLite and PostgreSQL, not {engine}.")
    return engine


def backup_name(database: DatabaseSettings) -> str:
    """``league-sqlite-20260110-213000.sqlite3``: the engine and the time, sortable."""
    engine = engine_of(database)
    kind = "sqlite" if engine == SQLITE else "postgresql"
    return f"league-{kind}-{datetime.datetime.now():%Y%m%d-%H%M%S}{SUFFIXES[engine]}"


def backup_database(database: DatabaseSettings, directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    target = directory / backup_name(database)
    if target.exists():
        raise BackupError(f"{target} already exists: wait a second and try again.")
    if engine_of(database) == SQLITE:
        _sqlite_copy(Path(database["NAME"]), target)
    else:
        _run([_tool("pg_dump"), "--format=custom", "--no-owner", f"--file={target}"], database)
    return target


def restore_database(database: DatabaseSettings, backup: Path) -> None:
    if not backup.is_file():
        raise BackupError(f"No backup file at {backup}.")
    engine = engine_of(database)
    if backup.suffix != SUFFIXES[engine]:
        raise BackupError(
            f"{backup.name} is not a backup of this database's engine "
            f"(expected a {SUFFIXES[engine]} file)."
        )
    if engine == SQLITE:
        _sqlite_copy(backup, Path(database["NAME"]))
    else:  # pg_restore restores into --dbname, not PGDATABASE
        database_flag = f"--dbname={database['NAME']}"
        _run([_tool("pg_restore"), *RESTORE_FLAGS, database_flag, str(backup)], database)


def _sqlite_copy(source: Path, target: Path) -> None:
    # Page by page: safe while others read and write it.
    if not source.is_file():
        raise BackupError(f"No SQLite database at {source}.")
    reader = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    try:
        if reader.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise BackupError(f"{source} is not a sound SQLite database.")
        writer = sqlite3.connect(target)
        try:
            reader.backup(writer)
        finally:
            writer.close()
    except sqlite3.DatabaseError as error:
        raise BackupError(f"{source}: {error}") from error
    finally:
        reader.close()


def _tool(name: str) -> str:
    """A PostgreSQL client program: on PATH, or in ``LEAGUE_PG_BIN`` when set."""
    folder = os.environ.get("LEAGUE_PG_BIN")
    found = shutil.which(name, path=folder) if folder else shutil.which(name)
    if not found:
        raise BackupError(f"{name} was not found: install the PostgreSQL client tools.")
    return found


def _run(command: list[str], database: DatabaseSettings) -> None:
    # The password travels in the environment, never on the command line.
    env = {**os.environ, "PGDATABASE": database["NAME"]}
    env |= {name: str(database[key]) for key, name in PG_ENVIRONMENT.items() if database.get(key)}
    result = subprocess.run(command, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise BackupError(f"{Path(command[0]).name} failed: {result.stderr.strip()}")
