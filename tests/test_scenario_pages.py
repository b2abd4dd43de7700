"""Scenario list, a scenario's board, series standings: content, exports, query counts."""

import datetime
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import AncientOne, Scenario, ScenarioTask, Series
from games.recording import session_moderate
from tests.addresses import reverse
from tests.budgets import PAGE_CACHE_FIRST_MISS
from tests.factories import (
    SeriesFactory,
    TeamFactory,
    demo_league,
    game,
    moderator,
    scenario,
    seat,
)

pytestmark = pytest.mark.django_db

NOW = timezone.now()


@pytest.fixture
def series():
    return SeriesFactory(name="League session 2", slug="league-session-2")


@pytest.fixture
def board(series):
    """Two teams and a table without a team enter one scenario; one defeat."""
    stars = scenario("The Stars Are Right", series=series, order=1)
    owls = TeamFactory(name="Night Owls", members=["Ann", "Bob"])
    cats = TeamFactory(name="Cats", members=["Cid", "Dee"])
    owls_entry = game(scenario=stars, team=owls, terror_level=1, tasks=list(stars.tasks.all()))
    game(scenario=stars, team=owls, terror_level=6)  # worse: not the entry
    cats_entry = game(
        scenario=stars,
        team=cats,
        terror_level=0,
        seats=[seat("Cid", "Amanda Sharpe", gate_trophies=1), seat("Dee", "Bob Jenkins")],
    )
    loners = game(
        scenario=stars,
        outcome="defeat",
        defeat_cause="devoured",
        seats=[seat("Eve", "Amanda Sharpe"), seat("Ann", "Bob Jenkins")],
    )
    return stars, owls_entry, cats_entry, loners


def test_scenario_list_sorts_open_upcoming_and_closed(client, series):
    scenario("Open one", closes_at=NOW + datetime.timedelta(days=2, hours=3))
    scenario("Soon", opens_at=NOW + datetime.timedelta(days=5))
    scenario(
        "Old",
        opens_at=NOW - datetime.timedelta(days=40),
        closes_at=NOW - datetime.timedelta(days=20),
        series=series,
    )
    response = client.get(reverse("league:scenarios"))
    overview = response.context["overview"]
    assert [s.name for s in overview.open] == ["Open one"]
    assert [s.name for s in overview.upcoming] == ["Soon"]
    assert [s.name for s in overview.closed] == ["Old"]
    html = response.content.decode()
    assert re.search(r"2\xa0days, [23]\xa0hours left", html)
    assert reverse("league:series", args=[series.slug]) in html


def test_the_board_ranks_entries_by_scenario_score(client, board):
    stars, owls_entry, cats_entry, loners = board
    response = client.get(reverse("league:scenario", args=[stars.slug]))
    rows = [row.record for row in response.context["table"].paginated_rows]
    # Owls: Cthulhu 13 - 1 + 1 + 2 survivors = 15, +3 tasks = 18; Cats: 16; the defeat last.
    assert [r.pk for r in rows] == [owls_entry.pk, cats_entry.pk, loners.pk]
    assert [r.scenario_score for r in rows] == [18, 16, None]
    assert [r.rank for r in rows] == [1, 2, 3]
    html = response.content.decode()
    assert "Close the Unvisited Isle" in html  # tasks listed
    assert "Cthulhu" in html and "2 to 8" in html  # what is allowed


def test_equal_scenario_scores_share_a_rank_as_on_the_leaderboard(client, board):
    stars, owls_entry, cats_entry, loners = board
    # A third table with the Cats' 16: it shares their rank, and the defeat is 4th.
    tied = game(
        scenario=stars,
        terror_level=0,
        seats=[seat("Fay", "Amanda Sharpe", gate_trophies=1), seat("Gus", "Bob Jenkins")],
    )
    response = client.get(reverse("league:scenario", args=[stars.slug]))
    rows = [row.record for row in response.context["table"].paginated_rows]
    assert [r.pk for r in rows] == [owls_entry.pk, cats_entry.pk, tied.pk, loners.pk]
    assert [r.rank for r in rows] == [1, 2, 2, 4]


def test_the_briefing_keeps_its_line_breaks(client):
    stars = scenario("Briefed", briefing="First line.\nSecond line.")
    html = client.get(reverse("league:scenario", args=[stars.slug])).content.decode()
    assert "First line.<br>Second line." in html


def test_the_board_exports_as_csv(client, board):
    stars = board[0]
    response = client.get(reverse("league:scenario", args=[stars.slug]), {"_export": "csv"})
    assert response.status_code == 200
    assert response["Content-Disposition"].endswith(
        '"arkham-league-scenario-the-stars-are-right.csv"'
    )
    lines = response.getvalue().decode().splitlines()
    assert lines[0].startswith("Rank,Scenario score,Rulebook score,Tasks,Team,Players")
    assert lines[0].endswith(",Submitted,Game,Link")
    assert lines[1].startswith("1,18,15,3,Night Owls,")
    assert len(lines) == 4


def test_series_standings_sum_entry_scores_per_team_and_player(client, board, series):
    stars, owls_entry, cats_entry, loners = board
    second = scenario("Second", series=series, order=2)
    owls = owls_entry.team
    extra = game(scenario=second, team=owls, terror_level=3)
    response = client.get(reverse("league:series", args=[series.slug]))
    table = response.context["team_table"]
    teams = {row.get_cell_value("name"): row.record.points for row in table.rows}
    assert teams == {"Night Owls": 18 + extra.scenario_score, "Cats": 16}
    table = response.context["player_table"]
    players = {row.get_cell_value("name"): row.record.points for row in table.rows}
    # Ann sat at the Owls' entries and at the loners' defeat (0 points).
    assert players["Ann"] == 18 + extra.scenario_score
    assert players["Eve"] == 0
    assert players["Cid"] == 16
    html = response.content.decode()
    assert "scenario scores of its entries added up" in html


def test_series_exports_each_table(client, board, series):
    url = reverse("league:series", args=[series.slug])
    response = client.get(url, {"_export": "csv", "table": "players"})
    assert response.status_code == 200
    assert response.getvalue().decode().splitlines()[0] == "Player,Entries,Series points"
    response = client.get(url, {"_export": "xlsx", "table": "teams"})
    assert response.status_code == 200
    assert response.getvalue()[:2] == b"PK"  # a zip: an Excel workbook
    assert client.get(url, {"_export": "pdf"}).status_code == 404


def test_unknown_scenario_and_series_are_404(client):
    assert client.get(reverse("league:scenario", args=["nope"])).status_code == 404
    assert client.get(reverse("league:series", args=["nope"])).status_code == 404


def moderate(session, status):
    reason = "Wrong box" if status == "rejected" else ""
    return session_moderate(
        session_id=session.pk,
        status=status,
        seen_version=session.version,
        moderator=moderator(),
        reason=reason,
    )


def entries_shown(client, stars, series):
    """The scenario's entry count on the scenario list and on its series' page, and the
    series standings per team and per player."""
    overview = client.get(reverse("league:scenarios")).context["overview"]
    listed = {s.name: s.entries for s in overview.open + overview.closed + overview.upcoming}
    response = client.get(reverse("league:series", args=[series.slug]))
    in_series = {s.name: s.entries for s in response.context["scenarios"]}
    teams = {r.get_cell_value("name"): r.record.points for r in response.context["team_table"].rows}
    people = {
        r.get_cell_value("name"): r.record.points for r in response.context["player_table"].rows
    }
    return listed[stars.name], in_series[stars.name], teams, people


def test_scenario_and_series_pages_follow_an_approval_and_a_rejection(client, board, series):
    stars, owls_entry, cats_entry, loners = board
    gulls = TeamFactory(name="Gulls", members=["Gil", "Hal"])
    tasks = list(stars.tasks.all())
    gulls_seats = [seat("Gil", "Amanda Sharpe"), seat("Hal", "Bob Jenkins")]
    new = game(scenario=stars, team=gulls, seats=gulls_seats, status="pending", tasks=tasks)
    better = game(
        scenario=stars,
        team=cats_entry.team,
        terror_level=0,
        seats=[seat("Cid", "Amanda Sharpe", gate_trophies=1), seat("Dee", "Bob Jenkins")],
        tasks=tasks,
        status="pending",
    )
    listed, in_series, teams, people = entries_shown(client, stars, series)
    assert (listed, in_series, teams) == (3, 3, {"Night Owls": 18, "Cats": 16})
    new = moderate(new, "approved")
    better = moderate(better, "approved")  # the Cats' better game becomes their entry
    listed, in_series, teams, people = entries_shown(client, stars, series)
    assert (listed, in_series) == (4, 4)
    assert teams == {
        "Night Owls": 18,
        "Cats": better.scenario_score,
        "Gulls": new.scenario_score,
    }
    assert better.scenario_score > 16 and people["Gil"] == new.scenario_score
    assert people["Cid"] == better.scenario_score
    moderate(new, "rejected")
    moderate(better, "rejected")
    listed, in_series, teams, people = entries_shown(client, stars, series)
    assert (listed, in_series, teams) == (3, 3, {"Night Owls": 18, "Cats": 16})
    assert "Gil" not in people and people["Cid"] == 16


def test_the_scenario_list_and_series_page_do_not_read_games(client, board, series):
    for url in (reverse("league:scenarios"), reverse("league:series", args=[series.slug])):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        assert not [q["sql"] for q in queries if "games_session" in q["sql"]], url


@pytest.mark.parametrize("games", [10, 300])
def test_query_counts_are_constant(client, django_assert_max_num_queries, games):
    demo_league(games)
    scenario_row = (
        Scenario.objects.filter(sessions__is_entry=True).first() or Scenario.objects.first()
    )
    series = Series.objects.get()
    urls = [
        reverse("league:scenarios"),
        reverse("league:scenario", args=[scenario_row.slug]),
        reverse("league:scenario", args=[scenario_row.slug]) + "?_export=csv",
        reverse("league:series", args=[series.slug]),
        reverse("league:series", args=[series.slug]) + "?_export=csv&table=players",
        reverse("league:series", args=[series.slug]) + "?teams-page=2&players-page=2",
        "/api/scenarios",
        f"/api/scenarios/{scenario_row.slug}",
        f"/api/series/{series.slug}",
    ]
    for url in urls:
        # After a bulk load a first miss also stores the version of what the page shows.
        with django_assert_max_num_queries(10 + PAGE_CACHE_FIRST_MISS):
            response = client.get(url)
            response.getvalue()  # a streamed export reads the database while it is sent
            assert response.status_code == 200


@pytest.mark.parametrize(
    "allows",
    [
        {},
        {"ancient_ones": ("Yig", "Cthulhu", "Azathoth"), "required": (), "allowed": ()},
        {"required": ("Dunwich Horror", "Arkham Horror"), "tasks": ("B", "A", "C", "D")},
    ],
)
def test_a_scenarios_detail_is_what_prefetching_reads(allows, django_assert_num_queries):
    """``scenario_detail`` reads its lists through kept SQL and puts them where
    ``prefetch_related`` would: the same rows in the same order, read twice (compiled, then
    kept), and no query when a page or the API asks for them."""
    from league.queries.scenarios import scenario_detail

    made = scenario(**allows)
    scenario(name="Another one", ancient_ones=("Hastur",), tasks=("Other",))
    names = ("ancient_ones", "boxes_required", "boxes_allowed", "tasks")
    expected = Scenario.objects.prefetch_related(*names).get(pk=made.pk)
    for _ in range(2):
        detail = scenario_detail(made.slug, made.league)
        assert detail == made and detail.entries == 0
        with django_assert_num_queries(0):
            for name in names:
                assert list(getattr(detail, name).all()) == list(getattr(expected, name).all())
    assert scenario_detail("no-such-scenario", made.league) is None


def test_the_series_list_names_each_series_with_its_scenarios_in_one_query(client, series):
    scenario("The Stars Are Right", series=series)
    scenario("Whispers Beneath", series=series)
    SeriesFactory(name="Autumn cup", slug="autumn-cup")
    url = reverse("league:series_list")
    with CaptureQueriesContext(connection) as queries:
        html = client.get(url).content.decode()
    rows = re.findall(
        r'<a href="/en/l/arkham/series/([\w-]+)/">[^<]+</a></th>\s*<td[^>]*>(\d+)</td>', html
    )
    assert rows == [("autumn-cup", "0"), ("league-session-2", "2")]
    # The series with their counts, and a page count: nothing per series.
    own = [q for q in queries.captured_queries if "games_series" in q["sql"]]
    assert len(own) <= 2


def test_what_a_scenario_allows_is_kept_rendered_until_the_organiser_changes_it(
    client, settings, django_capture_on_commit_callbacks
):
    settings.LEAGUE_PAGE_CACHE_SECONDS = 0  # every request renders the page but that part
    with django_capture_on_commit_callbacks(execute=True):
        stars = scenario("The Stars Are Right", tasks=("Close the Unvisited Isle",))
    url = reverse("league:scenario", args=[stars.slug])
    assert "Close the Unvisited Isle" in client.get(url).content.decode()
    with CaptureQueriesContext(connection) as queries:
        assert "Close the Unvisited Isle" in client.get(url).content.decode()
    lists = ("games_scenariotask", "games_scenario_ancient_ones", "games_scenario_boxes")
    assert not [q["sql"] for q in queries if any(name in q["sql"] for name in lists)]
    with django_capture_on_commit_callbacks(execute=True):
        stars.ancient_ones.set(AncientOne.objects.filter(name="Hastur"))
    assert "Hastur" in client.get(url).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        ScenarioTask.objects.create(scenario=stars, order=2, text="Seal three gates")
    assert "Seal three gates" in client.get(url).content.decode()
