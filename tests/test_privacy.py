"""Players seen only in pending or rejected games stay private: pages, lists, suggestions."""

import io

import openpyxl
import pytest

from games.forms.names import suggestable_names
from games.models import Player, Seat, Session
from games.ratings.replay import ratings_catch_up, ratings_replay
from games.recording import session_moderate
from tests.addresses import reverse
from tests.factories import (
    PlayerFactory,
    SeriesFactory,
    TeamFactory,
    UserFactory,
    first_league,
    game,
    moderator,
    scenario,
    seat,
)

pytestmark = pytest.mark.django_db

SEARCH = reverse("games:player_search")


@pytest.fixture
def league():
    """Ann and Bob play an approved game; Pat only a pending one, Rex only a rejected one."""
    game(status="approved", seats=[seat("Ann", "Amanda Sharpe"), seat("Bob", "Bob Jenkins")])
    game(status="pending", seats=[seat("Pat", "Amanda Sharpe")])
    game(status="rejected", seats=[seat("Rex", "Amanda Sharpe")])


@pytest.mark.parametrize(("slug", "expected"), [("ann", 200), ("pat", 404), ("rex", 404)])
def test_only_players_with_an_approved_game_have_a_public_page(client, league, slug, expected):
    assert client.get(reverse("league:player", kwargs={"slug": slug})).status_code == expected


def test_a_logged_in_stranger_does_not_see_a_private_player_either(client, league):
    client.force_login(UserFactory())
    assert client.get(reverse("league:player", kwargs={"slug": "pat"})).status_code == 404


def test_standings_and_their_exports_list_only_public_players(client, league):
    response = client.get(reverse("league:standings"))
    assert [row.record.name for row in response.context["table"].rows] == ["Ann", "Bob"]
    csv = client.get(reverse("league:standings"), {"_export": "csv"}).getvalue().decode()
    assert "Pat" not in csv and "Rex" not in csv


def test_the_leaderboard_player_filter_offers_only_public_players(client, league):
    response = client.get(reverse("league:leaderboard"))
    choices = [str(p) for p in response.context["filter"].form.fields["player"].queryset]
    assert choices == ["Ann", "Bob"]


def test_name_suggestions_need_login(client):
    assert client.get(SEARCH, {"q": "a"}).status_code == 302


def test_suggestions_match_the_typed_start_and_hide_private_players(client, league):
    client.force_login(UserFactory())
    assert client.get(SEARCH, {"q": "a"}).json() == {"names": ["Ann"]}
    assert client.get(SEARCH, {"q": "P"}).json() == {"names": []}  # Pat is pending only
    assert client.get(SEARCH, {"q": "r"}).json() == {"names": []}  # Rex is rejected only
    assert client.get(SEARCH, {"q": "nn"}).json() == {"names": []}  # a start, not a substring


def test_suggestions_include_the_users_own_player(client, league):
    pat = PlayerFactory(name="Pat")
    pat.user = UserFactory(username="pat")
    pat.save()
    client.force_login(pat.user)
    assert client.get(SEARCH, {"q": "pa"}).json() == {"names": ["Pat"]}


@pytest.mark.parametrize("query", ["", "   ", "\u200b"])
def test_an_empty_query_suggests_nothing(client, league, query):
    client.force_login(UserFactory())
    assert client.get(SEARCH, {"q": query}).json() == {"names": []}


def test_suggestions_read_the_query_as_names_are_keyed(client, league):
    client.force_login(UserFactory())
    assert client.get(SEARCH, {"q": "\u0410N"}).json() == {"names": ["Ann"]}  # Cyrillic А
    assert client.get(SEARCH, {"q": "%"}).json() == {"names": []}  # no LIKE wildcard


def test_at_most_twenty_suggestions_in_name_order(client, django_assert_max_num_queries):
    names = [f"Sam {n:02d}" for n in range(30)]
    game(status="approved", seats=[seat(name, "Amanda Sharpe") for name in names[:1]])
    for name in names[1:]:
        game(status="approved", seats=[seat(name, "Amanda Sharpe")])
    client.force_login(UserFactory())
    with django_assert_max_num_queries(4):
        response = client.get(SEARCH, {"q": "sam"})
    assert response.json() == {"names": names[:20]}


# Every surface that names players (lists of teams or scenarios name none), against one
# league with four private players: Zoltan only in a pending game, Xerxes only in a
# rejected one, Wendy in a game approved and then rejected (her summary rows stay, at
# zero), Yuri only on a team's roster.
HIDDEN = ("Zoltan Pending", "Xerxes Rejected", "Wendy Withdrawn", "Yuri Rostered")
HIDDEN_SLUGS = ("zoltan-pending", "xerxes-rejected", "wendy-withdrawn", "yuri-rostered")


@pytest.fixture
def private_league():
    """A public team (Ann, Bob) with every kind of private player on its roster, in a
    series scenario, and captained by Xerxes's account: nothing may name them."""
    stars = scenario("The Stars Are Right", series=SeriesFactory(name="Dark Year"))
    owls = TeamFactory(name="Owls", members=["Ann", "Bob", *HIDDEN])
    owls.captain = UserFactory(username="xerxes")
    owls.save()
    Player.objects.filter(name="Xerxes Rejected").update(user=owls.captain)
    public = [seat("Ann", "Amanda Sharpe", gate_trophies=1), seat("Bob", "Bob Jenkins")]
    game(team=owls, scenario=stars, seats=public)
    for status, name in (("pending", HIDDEN[0]), ("rejected", HIDDEN[1])):
        game(status=status, team=owls, scenario=stars, seats=[*public, seat(name, "Kate Winthrop")])
    withdrawn = game(team=owls, seats=[seat(HIDDEN[2], "Amanda Sharpe")])
    ratings_replay()  # Wendy is rated while her game is approved
    session_moderate(
        session_id=withdrawn.pk,
        status="rejected",
        seen_version=withdrawn.version,
        moderator=moderator(),
        reason="Not a real game",
    )
    ratings_catch_up()  # the job her rejection started
    return owls, stars


def body(response) -> str:
    """The text of any answer: pages, JSON, feeds, streamed CSV, XLSX cells."""
    content = b"".join(response.streaming_content) if response.streaming else response.content
    if content[:2] == b"PK":
        sheet = openpyxl.load_workbook(io.BytesIO(content)).active
        return "\n".join(str(cell) for row in sheet.iter_rows(values_only=True) for cell in row)
    return content.decode()


SURFACES = [
    "league:home",
    "league:leaderboard",
    ("league:leaderboard", {"_export": "csv"}),
    ("league:leaderboard", {"_export": "xlsx"}),
    "league:standings",
    ("league:standings", {"_export": "csv"}),
    ("league:standings", {"_export": "xlsx"}),
    ("league:team", {}, "owls"),
    ("league:ancient_one", {}, "cthulhu"),
    ("league:scenario", {}, "the-stars-are-right"),
    ("league:scenario", {"_export": "csv"}, "the-stars-are-right"),
    ("league:series", {}, "dark-year"),
    ("league:series", {"_export": "csv", "table": "players"}, "dark-year"),
    ("league:series", {"_export": "xlsx", "table": "players"}, "dark-year"),
    ("league:player", {}, "ann"),
    ("league:player", {"teammate": "bob"}, "ann"),  # its games filter offers teammates
    ("league:search", {"q": "ann"}),
    ("league:investigator", {}, "amanda-sharpe"),
    "feeds:results",
    ("feeds:player", {}, "ann"),
    ("feeds:team", {}, "owls"),
    ("feeds:ancient_one", {}, "cthulhu"),
    ("feeds:scenario", {}, "the-stars-are-right"),
    "/api/players",
    "/api/players/ann",
    "/api/players/ann/rating",
    ("league:standings", {"sort": "-rating"}),
    "/api/standings",
    "/api/games",
    "/api/teams/owls",
    "/api/ancient-ones/cthulhu",
    "/api/scenarios/the-stars-are-right",
    "/api/series/dark-year",
    "/api/investigators/amanda-sharpe",
]
# Surfaces that name no player at all (statistics of the catalog): none names a private one.
NAMELESS_SURFACES = [
    "league:investigators",
    ("league:investigators", {"_export": "csv"}),
    "league:heralds",
    ("league:heralds", {"_export": "csv"}),
    ("league:heralds", {"_export": "xlsx"}),
    "league:boxes",
    ("league:boxes", {"_export": "csv"}),
    ("league:boxes", {"_export": "xlsx"}),
    "/api/investigators",
    "/api/heralds",
    "/api/boxes",
]


def address(surface) -> tuple[str, dict]:
    if isinstance(surface, str):
        return (surface, {}) if surface.startswith("/") else (reverse(surface), {})
    name, params, *args = surface
    return reverse(name, args=args), params


@pytest.mark.parametrize("surface", SURFACES, ids=str)
def test_no_surface_names_a_private_player(client, private_league, surface):
    url, params = address(surface)
    response = client.get(url, params)
    assert response.status_code == 200
    text = body(response)
    assert "Ann" in text  # the surface names players at all
    for name, slug in zip(HIDDEN, HIDDEN_SLUGS, strict=True):
        assert name not in text and slug not in text


@pytest.mark.parametrize("surface", NAMELESS_SURFACES, ids=str)
def test_no_statistics_surface_names_a_private_player(client, private_league, surface):
    url, params = address(surface)
    response = client.get(url, params)
    assert response.status_code == 200
    text = body(response)
    for name, slug in zip(HIDDEN, HIDDEN_SLUGS, strict=True):
        assert name not in text and slug not in text


@pytest.mark.parametrize("slug", HIDDEN_SLUGS)
@pytest.mark.parametrize(
    "route",
    [
        lambda slug: reverse("league:player", args=[slug]),
        lambda slug: reverse("feeds:player", args=[slug]),
        lambda slug: f"/api/players/{slug}",
        lambda slug: f"/api/players/{slug}/rating",
    ],
    ids=["page", "feed", "api", "api-rating"],
)
def test_a_private_player_has_no_page_feed_or_api_answer(client, private_league, route, slug):
    assert client.get(route(slug)).status_code == 404
    client.force_login(UserFactory())
    assert client.get(route(slug)).status_code == 404


@pytest.mark.parametrize("slug", HIDDEN_SLUGS)
def test_filtering_by_a_private_player_answers_as_for_nobody(client, private_league, slug):
    nobody = client.get("/api/games", {"player": "nobody-at-all"})
    hidden = client.get("/api/games", {"player": slug})
    # The same answer, but for the slug it echoes back: nothing tells the two apart.
    echoed = {"detail": hidden.json()["detail"].replace(slug, "nobody-at-all")}
    assert (hidden.status_code, echoed) == (nobody.status_code, nobody.json())
    page = client.get(reverse("league:leaderboard"), {"player": slug})
    assert page.context["filter"].errors  # refused, as an unknown player is


@pytest.mark.parametrize("typed", ["Zol", "Xer", "Wen", "Yur"])
def test_no_suggestion_names_a_private_player(client, private_league, typed):
    client.force_login(UserFactory())
    assert client.get(SEARCH, {"q": typed}).json() == {"names": []}
    assert not any(name in HIDDEN for name, _ in suggestable_names(UserFactory(), first_league()))


@pytest.mark.parametrize("typed", ["zoltan", "xerxes", "wendy", "yuri", "pending rejected"])
def test_the_search_box_finds_no_private_player(client, private_league, typed):
    response = client.get(reverse("league:search"), {"q": typed})
    assert response.status_code == 200
    assert all(group.kind.key != "players" or not group.rows for group in response.context["found"])
    text = body(response)
    for name, slug in zip(HIDDEN, HIDDEN_SLUGS, strict=True):
        assert name not in text and slug not in text


def test_the_games_filters_offer_only_public_players(client, private_league):
    """A player page's "Played with" offers their public teammates; My games every public
    player (the account's own pending games name private ones)."""
    page = client.get(reverse("league:player", args=["ann"]))
    assert [str(p) for p in page.context["history"].form.fields["teammate"].queryset] == ["Bob"]
    client.force_login(UserFactory())
    mine = client.get(reverse("games:mine"))
    offered = [str(p) for p in mine.context["history"].form.fields["teammate"].queryset]
    assert offered == ["Ann", "Bob"]


def test_a_team_names_a_private_captain_nowhere(client, private_league):
    html = client.get(reverse("league:team", args=["owls"])).content.decode()
    assert "Captain" not in html and "xerxes" not in html
    assert client.get("/api/teams/owls").json()["captain"] is None


# Every export a big selection turns into a job (a series' tables are small: they stream).
JOB_EXPORTS = [
    surface
    for surface in SURFACES
    if isinstance(surface, tuple) and "_export" in surface[1] and surface[0] != "league:series"
]


@pytest.mark.parametrize("surface", JOB_EXPORTS, ids=str)
def test_an_export_written_by_a_background_job_names_no_private_player(
    client,
    private_league,
    surface,
    settings,
    tmp_path,
    run_jobs,
    django_capture_on_commit_callbacks,
):
    """A big export is the same view run by a job: the same rows, so the same rule."""
    from games.jobs.models import Job, Kind

    settings.LEAGUE_EXPORT_STREAM_ROWS = 0
    settings.LEAGUE_EXPORT_DIR = tmp_path
    client.force_login(UserFactory())
    url, params = address(surface)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.get(url, params)
    assert response.status_code == 302
    run_jobs()
    job = Job.objects.get(kind=Kind.EXPORT)
    text = body(client.get(reverse("league:download_file", args=[job.pk])))
    assert "Ann" in text
    for name, slug in zip(HIDDEN, HIDDEN_SLUGS, strict=True):
        assert name not in text and slug not in text


def test_a_public_player_is_one_with_a_seat_in_an_approved_game(private_league):
    """``listed()`` reads each player's all-time standings row, not their seats: it names
    exactly the players with an approved seat, whatever happened to their games since --
    pending, rejected, approved and then rejected (Wendy), or deleted (the Owls' approved
    scenario game, Ann's and Bob's only one)."""
    owls, stars = private_league
    game(seats=[seat("Cy", "Bob Jenkins")])
    Session.objects.get(status="approved", team=owls, scenario=stars).delete()
    seated = Seat.objects.filter(session__status="approved").values_list("player", flat=True)
    public = set(Player.objects.listed().values_list("pk", flat=True))
    assert public == set(seated)
    assert {player.name for player in Player.objects.listed()} == {"Cy"}
