"""CSV and XLSX exports carry exactly the rows the filtered table shows."""

import csv
import io

import openpyxl
import pytest

from games.models import Session
from tests.addresses import reverse
from tests.factories import demo_league, game, seat

pytestmark = pytest.mark.django_db

LEADERBOARD = reverse("league:leaderboard")
STANDINGS = reverse("league:standings")


def csv_rows(response):
    assert response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.getvalue().decode())))


def test_leaderboard_csv_is_the_filtered_table(client):
    best = game(
        ancient_one="Hastur", terror_level=0, seats=[seat("Ann"), seat("Bob", "Bob Jenkins")]
    )
    other = game(ancient_one="Hastur", terror_level=3)
    game(ancient_one="Cthulhu")
    game(ancient_one="Hastur", status="pending")
    response = client.get(LEADERBOARD, {"ancient_one": "hastur", "_export": "csv"})
    assert 'filename="arkham-league-leaderboard-hastur.csv"' in response["Content-Disposition"]
    header, *rows = csv_rows(response)
    assert header == [
        "Rank",
        "Score",
        "Ancient One",
        "Outcome",
        "Investigators",
        "Players",
        "Team",
        "Date",
        "Game",
        "Link",
    ]
    assert [row[1] for row in rows] == [str(best.score), str(other.score)]
    assert rows[0][:3] == ["1", str(best.score), "Hastur"]
    assert rows[0][5] == "Ann, Bob"
    assert rows[0][6] == ""  # not played as a team
    assert rows[0][7] == best.played_on.isoformat()
    assert rows[0][8:] == [str(best.pk), f"http://testserver/l/arkham/games/{best.pk}/"]


def test_leaderboard_export_keeps_the_chosen_sort(client):
    low = game(terror_level=5)
    high = game(terror_level=0)
    _, *rows = csv_rows(client.get(LEADERBOARD, {"sort": "score", "_export": "csv"}))
    assert [row[1] for row in rows] == [str(low.score), str(high.score)]


def test_leaderboard_xlsx(client):
    game()
    game(terror_level=0)
    response = client.get(LEADERBOARD, {"_export": "xlsx"})
    assert 'filename="arkham-league-leaderboard.xlsx"' in response["Content-Disposition"]
    sheet = openpyxl.load_workbook(io.BytesIO(response.getvalue())).active
    values = list(sheet.values)
    assert values[0][:2] == ("Rank", "Score")
    assert len(values) == 3


def test_standings_csv_respects_minimum_games(client):
    game(seats=[seat("Ann"), seat("Bob", "Bob Jenkins")])
    game(seats=[seat("Ann"), seat("Cid", "Bob Jenkins")])
    header, *rows = csv_rows(client.get(STANDINGS, {"min_games": 2, "_export": "csv"}))
    assert header[0] == "Player" and "Win %" in header
    assert [row[0] for row in rows] == ["Ann"]
    assert rows[0][header.index("Win %")] == "100"


def test_export_covers_every_page_not_just_the_first(client, django_assert_max_num_queries):
    demo_league(300)
    victories = Session.objects.approved().victories().count()
    with django_assert_max_num_queries(10):
        response = client.get(LEADERBOARD, {"_export": "csv"})
        rows = csv_rows(response)  # streamed: the queries run while the body is read
    assert len(rows) == victories + 1
