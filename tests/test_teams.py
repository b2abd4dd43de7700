"""Teams: names, the captain's pages, standings, a team's page, leaderboard, compare."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Player, Team
from games.names import name_key, normalise_name
from games.recording import session_moderate
from league.models import Season
from league.pages.paginators import MAX_PER_PAGE
from tests.addresses import reverse
from tests.budgets import FILTER_CHOICES, PAGE_CACHE_FIRST_MISS
from tests.factories import (
    PlayerFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
    approve,
    demo_league,
    game,
    moderator,
    scenario,
    seat,
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("typed", "normal", "key"),
    [
        ("Night Owls", "Night Owls", "night owls"),
        ("  Night   Owls ", "Night Owls", "night owls"),
        ("NIGHT OWLS", "NIGHT OWLS", "night owls"),
        ("Night\u200b Owls", "Night Owls", "night owls"),  # zero-width space dropped
        ("Ｎight Owls", "Night Owls", "night owls"),  # full-width letter: NFKC
        ("Straße", "Straße", "strasse"),  # case folding, not lower()
    ],
)
def test_names_are_normalised_and_keyed(typed, normal, key):
    assert normalise_name(typed) == normal
    assert name_key(typed) == key


@pytest.fixture
def captain(client):
    user = UserFactory(username="cap")
    PlayerFactory(name="Cap", user=user)
    client.force_login(user)
    return user


def test_creating_a_team_makes_the_creator_captain_and_member(client, captain):
    response = client.post(reverse("league:team_new"), {"name": "  Night   Owls "})
    team = Team.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("league:team_members", args=[team.slug])
    assert (team.name, team.slug, team.captain) == ("Night Owls", "night-owls", captain)
    assert [p.name for p in team.members.all()] == ["Cap"]


def test_a_team_name_differing_only_in_case_is_refused_and_kept(client, captain):
    TeamFactory(name="Night Owls")
    response = client.post(reverse("league:team_new"), {"name": "NIGHT owls"})
    assert response.status_code == 200
    assert "already a team called Night Owls" in response.context["form"].errors["name"][0]
    assert 'value="NIGHT owls"' in response.content.decode()
    assert Team.objects.count() == 1


def test_creating_a_team_needs_login(client):
    response = client.get(reverse("league:team_new"))
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_the_captain_adds_and_removes_members_by_name(client, captain):
    team = TeamFactory(name="Night Owls", members=["Cap"])
    team.captain = captain
    team.save()
    bob = PlayerFactory(name="Bob Marsh")
    game(seats=[seat(bob, "Amanda Sharpe")])  # public: only public players are added
    url = reverse("league:team_members", args=[team.slug])
    response = client.post(url, {"player_name": "bob  MARSH"})
    assert response.status_code == 302
    assert set(team.members.values_list("name", flat=True)) == {"Cap", "Bob Marsh"}
    response = client.post(url, {"player_name": "\u200b "})
    assert response.status_code == 200
    assert response.context["form"].errors["player_name"] == ["Give the player's name."]
    client.post(reverse("league:team_member_remove", args=[team.slug, bob.pk]))
    assert list(team.members.values_list("name", flat=True)) == ["Cap"]


def test_only_the_captain_manages_members(client):
    team = TeamFactory(name="Night Owls", members=["Ann"])
    url = reverse("league:team_members", args=[team.slug])
    assert client.get(url).status_code == 302  # anonymous: log in first
    client.force_login(UserFactory(username="stranger"))
    assert client.get(url).status_code == 403
    assert client.post(url, {"player_name": "Ann"}).status_code == 403


@pytest.fixture
def teams():
    owls = TeamFactory(name="Night Owls", members=["Ann", "Bob"])
    cats = TeamFactory(name="Cats", members=["Cid"])
    stars = scenario("The Stars Are Right")
    best = game(team=owls, terror_level=0, played_on=datetime.date(2025, 5, 1))
    entry = game(team=owls, scenario=stars, terror_level=2, tasks=list(stars.tasks.all()[:1]))
    game(team=owls, outcome="defeat", defeat_cause="devoured")
    cats_game = game(
        team=cats,
        terror_level=4,
        seats=[seat("Cid", "Amanda Sharpe", gate_trophies=1), seat("Dee", "Bob Jenkins")],
    )
    game(team=cats, status="pending")
    game(terror_level=0)  # no team
    return owls, cats, best, entry, cats_game


def test_team_standings_aggregate_the_teams_games(client, teams):
    owls, cats, best, entry, cats_game = teams
    response = client.get(reverse("league:teams"))
    rows = {row.record.name: row.record for row in response.context["table"].paginated_rows}
    assert set(rows) == {"Night Owls", "Cats"}
    o = rows["Night Owls"]
    assert (o.games, o.victories, o.best_score, o.scenarios_entered) == (3, 2, best.score, 1)
    assert o.win_pct == pytest.approx(200 / 3)
    assert o.avg_victory_score == pytest.approx((best.score + entry.score) / 2)
    assert o.series_points == entry.scenario_score == entry.score + 1
    assert (rows["Cats"].games, rows["Cats"].series_points) == (1, 0)


def test_team_standings_filter_by_season_and_minimum(client, teams):
    SeasonFactory(name="2026", slug="2026")
    response = client.get(reverse("league:teams"), {"season": "2026", "min_games": 2})
    rows = {row.record.name: row.record for row in response.context["table"].paginated_rows}
    assert set(rows) == {"Night Owls"}
    assert rows["Night Owls"].games == 2  # the 2025 game is outside the season


def test_team_standings_sort_and_export(client, teams):
    response = client.get(reverse("league:teams"), {"sort": "-series_points"})
    names = [row.record.name for row in response.context["table"].paginated_rows]
    assert names == ["Night Owls", "Cats"]
    response = client.get(reverse("league:teams"), {"_export": "csv"})
    header = response.getvalue().decode().splitlines()[0]
    assert header.startswith("Team,Games,Victories,Win %,Best score,Avg victory score")
    assert "Entries,Series points" in header
    response = client.get(reverse("league:teams"), {"_export": "xlsx"})
    assert response.getvalue()[:2] == b"PK"


def test_the_team_page_shows_members_record_chart_entries_history(client, teams):
    owls, cats, best, entry, cats_game = teams
    response = client.get(reverse("league:team", args=[owls.slug]))
    assert response.status_code == 200
    profile = response.context["profile"]
    assert (
        profile.summary["games"] == 3 and profile.summary["series_points"] == entry.scenario_score
    )
    assert [e.pk for e in profile.entries] == [entry.pk]
    assert len(response.context["chart"].points) == 2
    html = response.content.decode()
    for text in ("Ann", "Bob", "The Stars Are Right", "Record by Ancient One", "team-score"):
        assert text in html
    assert len(response.context["table"].rows) == 3


def test_the_leaderboard_filters_and_shows_teams(client, teams):
    owls = teams[0]
    response = client.get(reverse("league:leaderboard"), {"team": owls.slug})
    rows = [row.record for row in response.context["table"].paginated_rows]
    assert {r.team_id for r in rows} == {owls.pk} and len(rows) == 2
    assert "Night Owls" in response.content.decode()


def test_compare_your_score_ranks_a_team_game_among_team_games(client, teams):
    owls, cats, best, entry, cats_game = teams
    html = client.get(reverse("games:detail", args=[cats_game.pk])).content.decode()
    # Cats' 13 - 4 + 1 + 2 = 12 is below both Owls' victories, among three team victories.
    assert "Ranks <strong>#3</strong> of 3 victories against Cthulhu played as a team" in html


def test_a_game_without_a_team_is_not_ranked_among_team_games(client, teams):
    lone = game(terror_level=9)
    html = client.get(reverse("games:detail", args=[lone.pk])).content.decode()
    assert "played as a team" not in html


def reject(session):
    return session_moderate(
        session_id=session.pk,
        status="rejected",
        seen_version=session.version,
        moderator=moderator(),
        reason="Wrong box",
    )


def standings_row(client, name, **params):
    response = client.get(reverse("league:teams"), params)
    rows = {row.record.name: row.record for row in response.context["table"].paginated_rows}
    return rows.get(name)


def test_the_team_pages_follow_an_approval_and_a_rejection_at_once(client, teams):
    owls, cats, best, entry, cats_game = teams
    late = game(team=owls, terror_level=0, status="pending", played_on=datetime.date(2026, 3, 5))
    assert standings_row(client, "Night Owls").games == 3  # a pending game counts nowhere
    late = approve(late)
    row = standings_row(client, "Night Owls")
    assert (row.games, row.victories, row.best_score) == (4, 3, max(best.score, late.score))
    assert row.avg_victory_score == pytest.approx((best.score + entry.score + late.score) / 3)
    response = client.get(reverse("league:team", args=[owls.slug]))
    profile = response.context["profile"]
    assert (profile.summary["games"], profile.summary["victories"]) == (4, 3)
    assert response.context["table"].paginator.count == 4
    assert len(response.context["table"].page.object_list) == 4
    assert (datetime.date(2026, 3, 1), late.score) in response.context["profile"].score_points
    reject(late)
    row = standings_row(client, "Night Owls")
    assert (row.games, row.victories, row.best_score) == (3, 2, best.score)
    profile = client.get(reverse("league:team", args=[owls.slug])).context["profile"]
    assert profile.summary["games"] == 3
    assert datetime.date(2026, 3, 1) not in [month.month for month in profile.months]


def test_a_team_whose_only_game_is_rejected_leaves_the_standings(client):
    gulls = TeamFactory(name="Gulls", members=["Gil"])
    only = game(team=gulls, seats=[seat("Gil")], status="pending")
    assert standings_row(client, "Gulls") is None
    only = approve(only)
    assert standings_row(client, "Gulls").games == 1
    reject(only)
    assert standings_row(client, "Gulls") is None
    response = client.get(reverse("league:team", args=[gulls.slug]))
    assert response.context["profile"].summary["games"] == 0
    assert "No approved games yet." in response.content.decode()


def test_the_team_record_by_ancient_one_comes_from_its_summary_rows(client, teams):
    owls = teams[0]
    game(team=owls, ancient_one="Yig", outcome="defeat", defeat_cause="devoured")
    rows = client.get(reverse("league:team", args=[owls.slug])).context["profile"].by_ancient_one
    by_name = {row["ancient_one__name"]: row for row in rows}
    assert [row["ancient_one__name"] for row in rows] == ["Cthulhu", "Yig"]  # most games
    assert (by_name["Cthulhu"]["games"], by_name["Cthulhu"]["victories"]) == (3, 2)
    assert by_name["Cthulhu"]["win_pct"] == pytest.approx(200 / 3)
    assert by_name["Yig"]["mean_score"] is None and by_name["Yig"]["win_pct"] == 0


def test_the_team_chart_draws_one_point_per_month_best_score(client):
    gulls = TeamFactory(name="Gulls", members=["Gil"])
    january = [
        game(team=gulls, seats=[seat("Gil")], terror_level=t, played_on=datetime.date(2026, 1, d))
        for t, d in ((0, 3), (4, 9), (2, 20))
    ]
    game(
        team=gulls,
        seats=[seat("Gil")],
        outcome="defeat",
        defeat_cause="devoured",
        played_on=datetime.date(2026, 2, 14),
    )
    march = game(
        team=gulls, seats=[seat("Gil")], terror_level=1, played_on=datetime.date(2026, 3, 1)
    )
    response = client.get(reverse("league:team", args=[gulls.slug]))
    chart = response.context["chart"]
    scores = [g.score for g in january]
    assert response.context["profile"].score_points == [
        (datetime.date(2026, 1, 1), max(scores)),
        (datetime.date(2026, 3, 1), march.score),
    ]  # February had no victory: no point
    assert len(chart.points) == 2 and "best victory score" in chart.description
    months = {m.month: m for m in response.context["profile"].months}
    assert months[datetime.date(2026, 1, 1)].mean_score == pytest.approx(sum(scores) / 3)
    assert (
        months[datetime.date(2026, 2, 1)].games,
        months[datetime.date(2026, 2, 1)].victories,
    ) == (
        1,
        0,
    )
    html = response.content.decode()
    assert f"{sum(scores) / 3:.1f}" in html  # the month's mean in the month-by-month table


def test_the_team_games_table_pages_a_slice_counted_by_the_summary_row(client, teams):
    owls = teams[0]
    for day in range(1, 4):
        game(team=owls, played_on=datetime.date(2026, 4, day))
    url = reverse("league:team", args=[owls.slug])
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, {"per_page": 2, "page": 3})
    table = response.context["table"]
    assert (table.paginator.count, table.paginator.num_pages, table.page.number) == (6, 3, 3)
    days = [row.record.played_on for row in table.page.object_list]
    assert days == [datetime.date(2026, 1, 10), datetime.date(2025, 5, 1)]  # the oldest two
    assert not [q for q in queries if "count(" in q["sql"].lower() and "games_session" in q["sql"]]
    response = client.get(url, {"per_page": 10_000})
    assert response.context["table"].paginator.per_page == MAX_PER_PAGE


def test_team_standings_read_summary_rows_not_games(client, teams):
    SeasonFactory(name="2026", slug="2026")
    for params in ({}, {"season": "2026", "min_games": 2, "sort": "-win_pct"}):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse("league:teams"), params).status_code == 200
        assert not [q for q in queries if "games_session" in q["sql"]]
        assert any("games_teamstanding" in q["sql"] for q in queries)


@pytest.mark.parametrize("games", [10, 300])
def test_query_counts_are_constant(client, django_assert_max_num_queries, games):
    demo_league(games)
    team = Team.objects.order_by("pk").first()
    season = Season.objects.order_by("pk").first()
    urls = [
        reverse("league:teams"),
        reverse("league:teams") + "?sort=-series_points&min_games=2",
        reverse("league:teams") + "?sort=avg_victory_score&page=2&per_page=2",
        reverse("league:teams") + f"?season={season.slug}&sort=-win_pct",
        reverse("league:teams") + "?_export=csv",
        reverse("league:team", args=[team.slug]),
        reverse("league:team", args=[team.slug]) + f"?season={season.slug}&page=2",
        reverse("league:team", args=[team.slug]) + "?sort=-score",
        reverse("league:leaderboard") + f"?team={team.slug}",
        "/api/teams",
        f"/api/teams?season={season.slug}",
        f"/api/teams/{team.slug}",
    ]
    for url in urls:
        # A first miss after a bulk load may also store its subject's version.
        with django_assert_max_num_queries(10 + PAGE_CACHE_FIRST_MISS + FILTER_CHOICES):
            response = client.get(url)
            response.getvalue()  # a streamed export reads the database while it is sent
            assert response.status_code == 200


def test_the_team_names_its_captain_by_player_never_by_login(client, teams):
    owls = teams[0]
    owls.captain = UserFactory(username="ann_login")
    owls.save()
    Player.objects.filter(name="Ann").update(user=owls.captain)
    html = client.get(reverse("league:team", args=[owls.slug])).content.decode()
    assert 'Captain: <a href="/en/l/arkham/players/ann/">Ann</a>.' in html
    assert "ann_login" not in html
    assert client.get(f"/api/teams/{owls.slug}").json()["captain"] == "Ann"


def test_a_captain_without_a_public_player_is_not_named(client, teams):
    owls = teams[0]
    owls.captain = UserFactory(username="no_player_login")
    owls.save()
    html = client.get(reverse("league:team", args=[owls.slug])).content.decode()
    assert "Captain" not in html and "no_player_login" not in html
    assert client.get(f"/api/teams/{owls.slug}").json()["captain"] is None
