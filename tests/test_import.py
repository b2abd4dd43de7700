"""Importing results: the result form's rules, every error by line and column, duplicates."""

import csv
import datetime
import io

import openpyxl
import pytest
from django.core.management import CommandError, call_command

from games.imports import importer
from games.imports.format import HEADERS
from games.imports.importer import results_import
from games.imports.reader import FileProblem
from games.models import Player, Seat, Session
from tests.factories import PlayerFactory, UserFactory, first_league, game, seat

pytestmark = pytest.mark.django_db

GAME = {
    "Date played": "2026-01-10",
    "Ancient One": "Cthulhu",
    "Outcome": "sealed",
    "Terror level": "2",
    "Elder sign tokens": "6",
    "Boxes": "Arkham Horror",
    "Status": "approved",
}


def rows_of(reference="1", seats=(("Ann", "Amanda Sharpe"), ("Bob", "Bob Jenkins")), **game):
    """One game's rows: the game's values on each seat row."""
    values = {**GAME, **game, "Game": reference}
    return [{**values, "Player": player, "Investigator": inv} for player, inv in seats]


def csv_file(rows, headers=HEADERS) -> io.BytesIO:
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=headers, extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows)
    return io.BytesIO(text.getvalue().encode())


def run(rows, **options):
    options.setdefault("league", first_league())
    return results_import(csv_file(rows), "results.csv", **options)


def messages(report):
    return [(p.line, p.column, p.message) for p in report.problems]


def test_a_valid_file_creates_its_games_with_scores_and_new_players():
    report = run(
        rows_of("a") + rows_of("b", seats=[("Cleo", "Carolyn Fern")], **{"Terror level": "0"})
    )
    assert report.ok and report.written
    assert report.created == 2
    assert Session.objects.count() == 2
    first = Session.objects.get(seats__player__name="Ann")
    assert first.score is not None and first.status == "approved"
    assert [s.player.name for s in first.seats.all()] == ["Ann", "Bob"]
    assert Player.objects.filter(name="Cleo").exists()


def test_every_error_is_reported_by_line_and_column_and_nothing_is_written():
    rows = rows_of("a", **{"Terror level": "11"}) + rows_of(
        "b",
        seats=[("Ann", "Amanda Sharpe"), ("Bob", "Amanda Sharpe")],
        **{"Ancient One": "Cthulu"},
    )
    report = run(rows)
    assert not report.written
    assert Session.objects.count() == 0
    found = messages(report)
    assert (2, "Terror level", "The terror level runs from 0 to 10.") in found
    assert any(
        line == 4 and column == "Ancient One" and "Did you mean Cthulhu" in text
        for line, column, text in found
    )
    # The form's own rule, at the second seat's line.
    assert any(
        line == 5 and column == "Investigator" and "already plays in seat 1" in text
        for line, column, text in found
    )
    assert report.invalid_games == ["a", "b"]


def test_the_forms_table_rules_apply_to_a_file():
    report = run(rows_of("c", **{"Outcome": "closed", "Elder sign tokens": "0"}))
    [(line, column, text)] = messages(report)
    assert (line, column) == (2, "Outcome")
    assert text.startswith("Closing the gates needs at least as many unspent gate trophies")
    assert report.invalid_games == ["c"]


def test_a_defeat_by_another_loss_needs_notes_as_in_the_form():
    report = run(rows_of(**{"Outcome": "defeat", "Defeat cause": "other", "Elder sign tokens": ""}))
    assert messages(report) == [(2, "Notes", "Say in the notes how the investigators lost.")]


def test_future_dates_are_refused_as_in_the_form():
    tomorrow = (datetime.date.today() + datetime.timedelta(days=2)).isoformat()
    report = run(rows_of(**{"Date played": tomorrow}))
    assert messages(report) == [(2, "Date played", "The date played cannot be in the future.")]


def test_skip_invalid_writes_the_valid_games_and_lists_the_rest():
    rows = rows_of("good") + rows_of("bad", **{"Terror level": "x"})
    report = run(rows, skip_invalid=True)
    assert report.written and report.created == 1
    assert report.invalid_games == ["bad"]
    assert Session.objects.count() == 1


def test_dry_run_reports_without_writing_anything():
    report = run(rows_of(seats=[("Newcomer", "Amanda Sharpe")]), dry_run=True)
    assert report.ok and not report.written
    assert report.valid == 1 and report.preview[0].score is not None
    assert not Session.objects.exists()
    assert not Player.objects.filter(name="Newcomer").exists()


def test_names_match_existing_players_and_the_catalog_in_any_case():
    PlayerFactory(name="Ann Armitage")
    rows = rows_of(
        seats=[("  ann   ARMITAGE ", "amanda sharpe")],
        **{
            "Ancient One": "CTHULHU",
            "Boxes": "arkham horror ; dunwich horror",
            "Outcome": "Sealed the gates",
        },
    )
    report = run(rows)
    assert report.ok, messages(report)
    assert Player.objects.filter(name__iexact="ann armitage").count() == 1
    session = Session.objects.get()
    assert sorted(b.name for b in session.boxes.all()) == ["Arkham Horror", "Dunwich Horror"]


def test_a_game_already_in_the_league_is_skipped_and_reported():
    game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")])
    report = run(rows_of("again") + rows_of("new", **{"Date played": "2026-01-11"}))
    assert report.ok and report.created == 1
    assert [d.game for d in report.duplicates] == ["again"]
    assert "same date, Ancient One and players" in report.duplicates[0].message
    assert Session.objects.count() == 2


def test_games_in_the_league_are_found_a_batch_at_a_time_by_their_exact_table(monkeypatch):
    """Only the same date, Ancient One and set of players is a game already played (not
    a table with one more player, nor another day), in every batch, listed in file order."""
    monkeypatch.setattr(importer, "BATCH_SIZE", 2)
    first = game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")])
    game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")])  # the same table again, later
    game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins"), seat("Cleo", "Carolyn Fern")])
    larger = [("Ann", "Amanda Sharpe"), ("Bob", "Bob Jenkins"), ("Dan", "Carolyn Fern")]
    report = run(
        rows_of("other day", **{"Date played": "2026-01-11"})
        + rows_of("again")
        + rows_of("alone", seats=[("Ann", "Amanda Sharpe")])
        + rows_of("larger", seats=larger)
        + rows_of("bob first", seats=[("Bob", "Bob Jenkins"), ("Ann", "Amanda Sharpe")])
    )
    assert report.ok, messages(report)
    assert [d.game for d in report.duplicates] == ["again", "bob first"]
    assert f"game {first.pk} in the league" in report.duplicates[0].message
    assert (report.valid, report.created) == (3, 3)


def test_a_game_repeated_inside_the_file_is_skipped_and_reported():
    report = run(rows_of("1") + rows_of("2") + rows_of("3", **{"Terror level": "3"}))
    assert report.created == 2
    assert [(d.game, d.line) for d in report.duplicates] == [("2", 4)]


def test_a_games_rows_must_follow_one_another():
    rows = rows_of("1")[:1] + rows_of("2") + rows_of("1")[1:]
    report = run(rows)
    assert any("must follow one another" in p.message for p in report.problems)
    assert not report.written


def test_later_rows_may_leave_game_columns_blank_but_not_contradict_them():
    first, second = rows_of()
    blank = {key: "" for key in GAME} | {
        "Game": "1",
        "Player": "Bob",
        "Investigator": "Bob Jenkins",
    }
    assert run([first, blank]).ok
    Session.objects.all().delete()
    report = run([first, {**second, "Terror level": "5"}])
    assert messages(report)[0][:2] == (3, "Terror level")


def test_missing_columns_stop_the_import_before_any_game():
    with pytest.raises(FileProblem, match="missing column.*Ancient One"):
        results_import(
            csv_file(rows_of(), headers=["Game", "Date played"]), "r.csv", league=first_league()
        )


def test_unknown_columns_are_reported():
    rows = [{**row, "Mood": "grim"} for row in rows_of()]
    report = results_import(
        csv_file(rows, headers=[*HEADERS, "Mood"]), "r.csv", league=first_league()
    )
    assert (1, "Mood", "Unknown column: see the format's columns.") in messages(report)


def test_status_and_submitter_options_override_the_file():
    user = UserFactory(username="keeper")
    report = run(rows_of(**{"Status": "approved"}), status="pending", submitted_by=user)
    assert report.ok
    session = Session.objects.get()
    assert (session.status, session.submitted_by) == ("pending", user)


def test_blank_status_means_pending_and_submitted_at_is_kept():
    run(rows_of(**{"Status": "", "Submitted at": "2026-01-10T21:30:00+00:00"}))
    session = Session.objects.get()
    assert session.status == "pending"
    assert session.created_at == datetime.datetime(2026, 1, 10, 21, 30, tzinfo=datetime.UTC)


def test_an_unknown_submitter_account_is_an_error():
    report = run(rows_of(**{"Submitted by": "nobody"}))
    assert messages(report)[0][1] == "Submitted by"


def test_a_formula_quote_added_by_export_is_taken_off():
    run(rows_of(**{"Notes": "'=1+1", "Location": "'-Basement"}))
    session = Session.objects.get()
    assert (session.notes, session.location) == ("=1+1", "-Basement")


def test_first_citizens_and_seat_flags_are_stored_as_the_form_stores_them():
    rows = rows_of(seats=[("Ann", "Amanda Sharpe"), ("Ann", "Bob Jenkins")])
    rows[0]["Gate trophies"] = "2"
    run(rows)
    seats = list(Seat.objects.order_by("position"))
    assert [(s.position, s.first_citizen, s.players_first_seat) for s in seats] == [
        (1, True, True),
        (2, True, False),
    ]


def test_xlsx_files_import_like_csv():
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(HEADERS)
    for row in rows_of():
        values = [row.get(header, "") for header in HEADERS]
        values[HEADERS.index("Date played")] = datetime.datetime(2026, 1, 10)
        values[HEADERS.index("Terror level")] = 2
        sheet.append(values)
    stream = io.BytesIO()
    book.save(stream)
    stream.seek(0)
    report = results_import(stream, "results.xlsx", league=first_league())
    assert report.ok and report.created == 1
    assert Session.objects.get().played_on == datetime.date(2026, 1, 10)


def test_import_results_command_is_all_or_nothing(tmp_path):
    path = tmp_path / "results.csv"
    path.write_bytes(csv_file(rows_of("a") + rows_of("b", **{"Outcome": "won"})).getvalue())
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError, match="Nothing was imported"):
        call_command("import_results", str(path), stdout=out, stderr=err)
    assert "line 4, column “Outcome”" in err.getvalue()
    assert not Session.objects.exists()
    call_command("import_results", str(path), "--skip-invalid", stdout=out, stderr=err)
    assert Session.objects.count() == 1
    assert "Invalid games: b" in out.getvalue()


def test_import_results_command_dry_run_and_options(tmp_path):
    UserFactory(username="keeper")
    path = tmp_path / "results.csv"
    path.write_bytes(csv_file(rows_of()).getvalue())
    out = io.StringIO()
    call_command("import_results", str(path), "--dry-run", stdout=out, stderr=io.StringIO())
    assert "Dry run: nothing was written." in out.getvalue()
    assert not Session.objects.exists()
    call_command(
        "import_results",
        str(path),
        "--status=pending",
        "--submitted-by=keeper",
        stdout=out,
        stderr=io.StringIO(),
    )
    assert Session.objects.get().submitted_by.username == "keeper"
    with pytest.raises(CommandError, match="No account"):
        call_command("import_results", str(path), "--submitted-by=ghost")


def test_a_dry_run_of_a_file_with_an_invalid_game_fails_as_the_real_run_does(tmp_path):
    path = tmp_path / "results.csv"
    path.write_bytes(csv_file(rows_of("a") + rows_of("b", **{"Outcome": "won"})).getvalue())
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError, match="Nothing would be imported") as failed:
        call_command("import_results", str(path), "--dry-run", stdout=out, stderr=err)
    assert failed.value.returncode == 1  # manage.py's exit status: a script sees the failure
    assert "line 4, column “Outcome”" in err.getvalue()
    assert "Dry run: nothing was written." in out.getvalue()
    # As the real run, --skip-invalid passes: the valid games would be written.
    call_command("import_results", str(path), "--dry-run", "--skip-invalid", stdout=out, stderr=err)
    assert "1 valid, 1 invalid" in out.getvalue()
    assert not Session.objects.exists()


def test_a_file_that_is_not_a_spreadsheet_is_refused(tmp_path):
    path = tmp_path / "results.txt"
    path.write_text("hello")
    with pytest.raises(CommandError, match=".csv or an .xlsx"):
        call_command("import_results", str(path))
    broken = tmp_path / "results.xlsx"
    broken.write_text("not a zip")
    with pytest.raises(CommandError, match="not a readable .xlsx"):
        call_command("import_results", str(broken))
