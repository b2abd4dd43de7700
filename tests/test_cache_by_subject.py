"""A write retires only the pages showing what it changed (``league.caching.subjects``).

The league: Ann and Bo (Night Owls) played Yig in season 2026, in the scenario "Yig
Awakes" of the series "Serpent nights"; Cy and Di (Deep Ones) played Cthulhu in season
2025, in "The Stars Are Right" of "Tide nights". The write: a moderator approves a second
Yig game by Ann and Bo. Every page is asked once (a miss) and again (a hit) before it, and
once after: pages that show that game are rendered afresh, the others stay hits.
"""

import datetime

import pytest
from django.test import Client

from games.models import AncientOne, Box, Scenario, Session, Team
from games.recording import session_record
from tests.addresses import reverse
from tests.factories import (
    SeasonFactory,
    SeriesFactory,
    TeamFactory,
    UserFactory,
    approve,
    game,
    moderator,
    scenario,
    seat,
)

pytestmark = pytest.mark.django_db

SEASON_2026, SEASON_2025 = "season-2026", "season-2025"


@pytest.fixture
def league():
    SeasonFactory(name="Season 2026")
    SeasonFactory(
        name="Season 2025", start=datetime.date(2025, 1, 1), end=datetime.date(2025, 12, 31)
    )
    owls = TeamFactory(name="Night Owls", members=["Ann", "Bo"])
    deep = TeamFactory(name="Deep Ones", members=["Cy", "Di"])
    serpents = SeriesFactory(name="Serpent nights", slug="serpent-nights")
    tides = SeriesFactory(name="Tide nights", slug="tide-nights")
    yig = scenario("Yig Awakes", ancient_ones=("Yig",), series=serpents, order=1)
    opened = datetime.datetime(2025, 1, 1, tzinfo=datetime.UTC)
    stars = scenario("The Stars Are Right", series=tides, order=1, opens_at=opened)
    game(
        ancient_one="Yig",
        seats=[seat("Ann", "Amanda Sharpe"), seat("Bo", "Bob Jenkins")],
        team=owls,
        scenario=yig,
    )
    cthulhu = game(
        seats=[seat("Cy", "Vincent Lee"), seat("Di", "Carolyn Fern")],
        team=deep,
        scenario=stars,
        played_on=datetime.date(2025, 6, 1),
    )
    return {"owls": owls, "yig": yig, "cthulhu_game": cthulhu}


def pending_yig_game(league) -> Session:
    session = Session(
        league=league["owls"].league,
        ancient_one=AncientOne.objects.get(name="Yig"),
        outcome="sealed",
        played_on=datetime.date(2026, 3, 1),
        terror_level=1,
        elder_signs_played=0,
        elder_sign_tokens=6,
        status="pending",
        team=league["owls"],
        scenario=league["yig"],
    )
    seats = [seat("Ann", "Amanda Sharpe"), seat("Bo", "Bob Jenkins")]
    return session_record(
        session=session, boxes=Box.objects.filter(name="Arkham Horror"), seats=seats
    )


def url(name: str, *args, query: str = "") -> str:
    return reverse(name, args=args) + (f"?{query}" if query else "")


# Pages showing the approved Yig game of Ann and Bo (Night Owls, Amanda Sharpe and Bob
# Jenkins, "Yig Awakes" of "Serpent nights", season 2026).
RETIRED = {
    "home": lambda: url("league:home"),
    "leaderboard": lambda: url("league:leaderboard"),
    "leaderboard of Yig": lambda: url("league:leaderboard", query="ancient_one=yig"),
    "standings": lambda: url("league:standings"),
    "standings of 2026": lambda: url("league:standings", query=f"season={SEASON_2026}"),
    "team standings": lambda: url("league:teams"),
    "team standings of 2026": lambda: url("league:teams", query=f"season={SEASON_2026}"),
    "Ancient Ones": lambda: url("league:ancient_ones"),
    "investigators": lambda: url("league:investigators"),
    "scenarios": lambda: url("league:scenarios"),
    "Ann": lambda: url("league:player", "ann"),
    "Bo": lambda: url("league:player", "bo"),
    "Ann in 2026": lambda: url("league:player", "ann", query=f"season={SEASON_2026}"),
    "Yig": lambda: url("league:ancient_one", "yig"),
    "Amanda Sharpe": lambda: url("league:investigator", "amanda-sharpe"),
    "Bob Jenkins": lambda: url("league:investigator", "bob-jenkins"),
    "Night Owls": lambda: url("league:team", "night-owls"),
    "Yig Awakes": lambda: url("league:scenario", Scenario.objects.get(name="Yig Awakes").slug),
    "Serpent nights": lambda: url("league:series", "serpent-nights"),
}
# Pages that show nothing of it.
KEPT = {
    "Cy": lambda: url("league:player", "cy"),
    "Di": lambda: url("league:player", "di"),
    "Cthulhu": lambda: url("league:ancient_one", "cthulhu"),
    "Vincent Lee": lambda: url("league:investigator", "vincent-lee"),
    "Deep Ones": lambda: url("league:team", "deep-ones"),
    "The Stars Are Right": lambda: url(
        "league:scenario", Scenario.objects.get(name="The Stars Are Right").slug
    ),
    "Tide nights": lambda: url("league:series", "tide-nights"),
    "standings of 2025": lambda: url("league:standings", query=f"season={SEASON_2025}"),
    "team standings of 2025": lambda: url("league:teams", query=f"season={SEASON_2025}"),
    "rules": lambda: url("league:rules"),
    "Cy and Di's game": lambda: "cthulhu_game",
}


def address(league, page) -> str:
    found = page()
    if found == "cthulhu_game":
        return reverse("games:detail", args=[league["cthulhu_game"].pk])
    return found


def warm(client: Client, address: str) -> bytes:
    first = client.get(address)
    assert first.status_code == 200, address
    assert first["X-Cache"] == "miss", address
    again = client.get(address)
    assert again["X-Cache"] == "hit", address
    return again.content


@pytest.mark.parametrize("shown", RETIRED.values(), ids=RETIRED.keys())
def test_an_approved_game_retires_each_page_that_shows_it(client, league, shown):
    # Not "page": that is pytest-playwright's browser page fixture, and the name alone would
    # make these tests browser tests, run after the transactional ones on a flushed database.
    where = address(league, shown)
    waiting = pending_yig_game(league)
    warm(client, where)
    approve(waiting)
    assert client.get(where)["X-Cache"] == "miss"
    assert client.get(where)["X-Cache"] == "hit"


@pytest.mark.parametrize("shown", KEPT.values(), ids=KEPT.keys())
def test_an_approved_game_leaves_each_page_that_does_not_show_it_cached(client, league, shown):
    where = address(league, shown)
    waiting = pending_yig_game(league)
    before = warm(client, where)
    approve(waiting)
    response = client.get(where)
    assert response["X-Cache"] == "hit"
    assert response.content == before


def test_a_members_copies_are_retired_and_kept_alike(league):
    member = Client()
    member.force_login(UserFactory(username="member"))
    yig, cthulhu = url("league:ancient_one", "yig"), url("league:ancient_one", "cthulhu")
    waiting = pending_yig_game(league)
    warm(member, yig)
    warm(member, cthulhu)
    approve(waiting)
    assert member.get(yig)["X-Cache"] == "miss"
    assert member.get(cthulhu)["X-Cache"] == "hit"


def test_an_edit_of_an_approved_game_retires_the_pages_of_what_it_showed_and_shows_now(
    client, league
):
    """A game moved from one team to the other leaves both teams' pages, not Cy's."""
    waiting = pending_yig_game(league)
    approve(waiting)
    pages = [url("league:team", "night-owls"), url("league:team", "deep-ones")]
    cy = url("league:player", "cy")
    for page in [*pages, cy]:
        warm(client, page)
    waiting.refresh_from_db()
    waiting.team = Team.objects.get(name="Deep Ones")
    waiting.save()
    assert [client.get(page)["X-Cache"] for page in [*pages, cy]] == ["miss", "miss", "hit"]


# A league's own row (its roster, its scenario) retires that league's pages, not those
# no league's row shows (the rules); a player's (of every league) retires every page.
@pytest.mark.parametrize(
    ("write", "rules"),
    [
        pytest.param(
            lambda league: league["owls"].members.add(seat("Ed").player), "hit", id="roster"
        ),
        pytest.param(lambda league: _rename("Cy", "Cyrus"), "miss", id="rename"),
        pytest.param(
            lambda league: Scenario.objects.filter(pk=league["yig"].pk).first().save(),
            "hit",
            id="scenario",
        ),
    ],
)
def test_a_write_no_summary_row_names_retires_every_page(client, league, write, rules):
    pages = [url("league:ancient_one", "cthulhu"), url("league:player", "di"), url("league:rules")]
    for page in pages:
        warm(client, page)
    write(league)
    assert [client.get(page)["X-Cache"] for page in pages] == ["miss", "miss", rules]


def _rename(old: str, new: str) -> None:
    player = seat(old).player
    player.name = new
    player.save()


def test_an_approval_through_the_moderation_page_leaves_unrelated_pages_cached(client, league):
    waiting = pending_yig_game(league)
    pages = [url("league:ancient_one", "cthulhu"), url("league:ancient_one", "yig")]
    for page in pages:
        warm(client, page)
    staff = Client()
    staff.force_login(moderator())
    data = {"status": "approved", "version": waiting.version}
    assert staff.post(reverse("games:moderate", args=[waiting.pk]), data).status_code == 302
    assert [client.get(page)["X-Cache"] for page in pages] == ["hit", "miss"]


def test_a_write_naming_too_many_subjects_retires_every_page(client, league, monkeypatch):
    from league.caching import subjects

    monkeypatch.setattr(subjects, "MOST_SUBJECTS", 3)
    waiting = pending_yig_game(league)
    cthulhu = url("league:ancient_one", "cthulhu")
    warm(client, cthulhu)
    approve(waiting)
    assert client.get(cthulhu)["X-Cache"] == "miss"


@pytest.mark.parametrize(
    ("value", "plain"),
    [
        ("season-2026", True),
        ("*", True),
        ("李雷", True),
        ("a season", False),
        ("x" * 101, False),
        ("../\n", False),
    ],
)
def test_a_subject_key_is_short_and_safe_whatever_a_visitor_typed(value, plain):
    from league.caching.subjects import subject_key

    key = subject_key("season", value, 7)
    assert (key == f"league:v:7:season:{value}") is plain
    assert len(key) <= 120 and not any(char.isspace() for char in key)
