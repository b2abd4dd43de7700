"""export_results writes every game in the results format; an export imports back whole."""

import csv
import datetime
import io

import openpyxl
import pytest
from django.core.management import call_command

from games.imports.exporter import sessions_for_export
from games.imports.format import HEADERS
from games.models import Guardian, Herald, Seat, Session
from tests.factories import TeamFactory, UserFactory, demo_league, game, scenario, seat

pytestmark = pytest.mark.django_db


def export_csv(tmp_path, *args) -> list[dict]:
    path = tmp_path / "results.csv"
    call_command("export_results", str(path), *args, stdout=io.StringIO())
    with path.open(newline="", encoding="utf-8") as stream:
        return list(csv.DictReader(stream))


def test_export_writes_one_row_per_seat_with_the_game_on_each(tmp_path):
    played = game(seats=[seat("Ann", gate_trophies=1), seat("Bob", "Bob Jenkins")], notes="Close")
    rows = export_csv(tmp_path)
    assert [row["Player"] for row in rows] == ["Ann", "Bob"]
    assert {row["Game"] for row in rows} == {str(played.pk)}
    first = rows[0]
    assert first["Ancient One"] == "Cthulhu"
    assert first["Date played"] == "2026-01-10"
    assert first["Score"] == str(played.score)
    assert first["Notes"] == "Close"
    assert first["Boxes"] == "Arkham Horror"
    assert first["Gate trophies"] == "1"


def test_export_status_option_keeps_only_those_games(tmp_path):
    game(status="approved")
    game(status="pending", played_on=datetime.date(2026, 1, 11))
    rows = export_csv(tmp_path, "--status=pending")
    assert {row["Status"] for row in rows} == {"pending"}
    assert {row["Date played"] for row in rows} == {"2026-01-11"}


def test_export_neutralises_formula_text(tmp_path):
    game(seats=[seat("=HYPERLINK(1)")], notes="-1 for us", location="@home")
    [row] = export_csv(tmp_path)
    assert row["Player"] == "'=HYPERLINK(1)"
    assert (row["Notes"], row["Location"]) == ("'-1 for us", "'@home")


def test_xlsx_export_has_the_same_rows(tmp_path):
    game()
    path = tmp_path / "results.xlsx"
    call_command("export_results", str(path), stdout=io.StringIO())
    book = openpyxl.load_workbook(path, read_only=True)
    values = list(book.active.values)
    book.close()
    assert list(values[0]) == HEADERS
    assert len(values) == 3
    sheet = openpyxl.load_workbook(path).active  # not read-only: views and filters too
    assert all(cell.font.bold for cell in sheet[1])
    assert sheet.freeze_panes == "A2"
    assert sheet.auto_filter.ref == f"A1:{openpyxl.utils.get_column_letter(len(HEADERS))}3"


def test_export_reads_the_league_in_constant_queries(django_assert_max_num_queries):
    demo_league(40)
    from games.imports.exporter import result_rows

    with django_assert_max_num_queries(6):
        rows = list(result_rows(sessions_for_export()))
    assert len(rows) == Seat.objects.count() + 1


@pytest.mark.parametrize("games", [20, 40])
def test_export_queries_grow_with_chunks_not_games(games, django_assert_num_queries):
    """One query for the games, then three per chunk of games (seats, boxes, tasks),
    however many seats, boxes or players the chunk holds."""
    demo_league(games)
    from games.imports.exporter import result_rows

    with django_assert_num_queries(3 * (games // 10) + 1):
        rows = list(result_rows(sessions_for_export(), chunk_size=10))
    assert len(rows) == Seat.objects.count() + 1


def test_an_xlsx_export_past_a_sheets_rows_is_refused_with_a_clear_message(tmp_path, monkeypatch):
    from django.core.management.base import CommandError

    game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")])
    monkeypatch.setattr("games.management.commands.export_results.SHEET_MAX_ROWS", 2)
    with pytest.raises(CommandError, match="2 rows .* more than an XLSX sheet holds .* CSV"):
        call_command("export_results", str(tmp_path / "big.xlsx"), stdout=io.StringIO())
    assert not (tmp_path / "big.xlsx").exists()
    assert len(export_csv(tmp_path)) == 2  # CSV has no such bound


def snapshot() -> list[tuple]:
    """Every stored value of every game and seat, but row ids (which a re-import renumbers)."""
    sessions = Session.objects.select_related(
        "ancient_one", "herald", "guardian", "submitted_by", "team", "scenario"
    ).prefetch_related("boxes", "tasks_done", "seats__player", "seats__investigator")
    games = []
    for s in sessions:
        games.append(
            (
                s.played_on,
                s.ancient_one.name,
                s.outcome,
                s.defeat_cause,
                s.terror_level,
                s.elder_signs_played,
                s.elder_sign_tokens,
                tuple(box.name for box in s.boxes.all()),
                s.herald and s.herald.name,
                s.guardian and s.guardian.name,
                s.location,
                s.notes,
                s.status,
                s.rejection_reason,
                s.team and s.team.name,
                s.scenario and s.scenario.name,
                tuple(sorted(task.text for task in s.tasks_done.all())),
                s.tasks_completed,
                s.scenario_score,
                s.entry_key,
                s.is_entry,
                s.created_at,
                s.submitted_by and s.submitted_by.username,
                s.score,
                s.derived_values(),
                tuple(
                    (
                        t.position,
                        t.player.name,
                        t.investigator.name,
                        t.ended,
                        t.replaced,
                        t.gate_trophies,
                        t.monster_trophies,
                        t.unpaid_loans,
                        t.first_citizen,
                        t.players_first_seat,
                    )
                    for t in s.seats.all()
                ),
            )
        )
    return sorted(games, key=repr)


def varied_league():
    keeper = UserFactory(username="keeper")
    game(
        ancient_one="Hastur",
        boxes=("Arkham Horror", "Kingsport Horror", "Dunwich Horror"),
        herald=Herald.objects.filter(box__name="Dunwich Horror").first(),
        guardian=Guardian.objects.first(),
        notes="=SUM(A1)\nsecond line, with “quotes”",
        location="'Cellar",
        submitted_by=keeper,
        created_at=datetime.datetime(2026, 1, 10, 22, 5, 7, 123456, tzinfo=datetime.UTC),
        seats=[
            seat("Ann", gate_trophies=2, monster_trophies=4),
            seat("Ann", "Bob Jenkins", ended="devoured", replaced=1, unpaid_loans=2),
            seat("-Bea", "Carolyn Fern", ended="lost"),
        ],
    )
    game(outcome="defeat", defeat_cause="other", notes="Ran out of time", status="pending")
    game(
        outcome="defeat",
        defeat_cause="devoured",
        status="rejected",
        rejection_reason="The photo shows five\nplayers, not two.",
    )
    league_play()
    game(ancient_one="Azathoth", outcome="defeat", defeat_cause="azathoth")
    game(terror_level=4, played_on=datetime.date(2025, 12, 1))
    # The same table and result, submitted later: another game, not a repeat of the first.
    game(
        terror_level=4,
        played_on=datetime.date(2025, 12, 1),
        created_at=datetime.datetime(2025, 12, 2, 9, tzinfo=datetime.UTC),
    )
    demo_league(60, seed=9)


def league_play():
    """Team games of an open scenario (two for one entry) and of one closed since, tasks
    (one with the separator in its text) and a table playing without a team."""
    owls = TeamFactory(name="Miskatonic Owls", members=["Ann", "Bob"])
    crows = TeamFactory(name="=Crows", members=["Cy", "Di"])
    dunwich = scenario(tasks=("Close the Unvisited Isle", "Seal two gates; then flee"))
    past = scenario(
        "Winter of the Worm",
        opens_at=datetime.datetime(2025, 11, 1, tzinfo=datetime.UTC),
        closes_at=datetime.datetime(2026, 1, 5, tzinfo=datetime.UTC),
        tasks=("Keep the terror below 3",),
    )
    first, second = dunwich.tasks.all()
    game(team=owls, scenario=dunwich, tasks=[first, second], played_on=datetime.date(2026, 2, 1))
    game(team=owls, scenario=dunwich, tasks=[second], played_on=datetime.date(2026, 2, 2))
    game(
        team=crows,
        scenario=dunwich,
        seats=[seat("Cy", "Vincent Lee", gate_trophies=2), seat("Di", "Carolyn Fern")],
        played_on=datetime.date(2026, 2, 3),
        status="pending",
    )
    game(scenario=dunwich, tasks=[first], played_on=datetime.date(2026, 2, 4))
    game(
        team=owls,
        scenario=past,
        tasks=list(past.tasks.all()),
        played_on=datetime.date(2025, 12, 20),
        created_at=datetime.datetime(2025, 12, 21, 10, tzinfo=datetime.UTC),
    )


@pytest.mark.parametrize("suffix", ["csv", "xlsx"])
def test_round_trip_export_empty_import_gives_back_every_game(tmp_path, suffix):
    varied_league()
    before = snapshot()
    assert len(before) == Session.objects.count() > 60
    path = tmp_path / f"league.{suffix}"
    call_command("export_results", str(path), stdout=io.StringIO())
    Session.objects.all().delete()
    assert not Seat.objects.exists()
    out = io.StringIO()
    call_command("import_results", str(path), stdout=out, stderr=io.StringIO())
    assert f"{len(before)} games imported into Arkham League (arkham)." in out.getvalue()
    assert snapshot() == before
    assert Session.objects.filter(scenario__name="Winter of the Worm", is_entry=True).exists()
    assert Session.objects.filter(tasks_completed=2, is_entry=True).exists()


def test_the_progress_bar_draws_only_on_a_terminal():
    import io as _io

    from games.imports.progress import ProgressBar

    drawn = _io.StringIO()
    bar = ProgressBar("Exporting games", total=4, stream=drawn, enabled=True)
    bar.update(1, force=True)
    bar.close()
    assert drawn.getvalue() == "\rExporting games [#######.......................]  25% 1\n"
    quiet = _io.StringIO()  # not a terminal: a log file stays clean
    bar = ProgressBar("Exporting games", total=4, stream=quiet)
    bar.update(4, force=True)
    bar.close()
    assert quiet.getvalue() == ""


@pytest.mark.django_db(transaction=True)
def test_outside_a_transaction_the_chunks_hold_the_same_rows(catalog_rows):
    """Read chunk by chunk outside a transaction, the rows are the ones read in one."""
    from django.db import transaction

    from games.imports.exporter import result_rows

    demo_league(25)
    ahead = list(result_rows(sessions_for_export(), chunk_size=4))
    with transaction.atomic():
        serial = list(result_rows(sessions_for_export(), chunk_size=4))
    assert ahead == serial and len(ahead) == Seat.objects.count() + 1
