"""The page cache: public pages served whole to visitors until the league changes."""

import datetime

import pytest
from django.db import transaction

from games.models import AncientOne, Box, Session
from games.recording import (
    scenario_entry_choose,
    session_record,
    sessions_record_many,
)
from games.signals import league_changed
from league.caching.page_cache import page_key
from league.caching.subjects import ALL_KEY, lists_key
from league.caching.versions import (
    VERSION_KEY,
    league_version,
    league_version_bump,
    league_version_changed_at,
)
from tests.addresses import reverse
from tests.budgets import CACHE_READ, LEAGUE_READ
from tests.factories import (
    PlayerFactory,
    SeriesFactory,
    TeamFactory,
    UserFactory,
    approve,
    first_league,
    game,
    scenario,
    seat,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(django_capture_on_commit_callbacks):
    """One approved game of a team in a scenario of a series, by Ann and Bob.

    Committed, as far as the league version knows: tests marked ``after_commit`` start with
    no bump waiting for a commit that never comes.
    """
    with django_capture_on_commit_callbacks(execute=True):
        series = SeriesFactory(name="League session 1", slug="league-session-1")
        stars = scenario("The Stars Are Right", series=series, order=1)
        owls = TeamFactory(name="Night Owls", members=["Ann", "Bob"])
        game(scenario=stars, team=owls, tasks=list(stars.tasks.all()))
    return {"series": series, "scenario": stars, "team": owls}


def public_pages(league) -> list[str]:
    return [
        reverse("league:home"),
        reverse("league:leaderboard"),
        reverse("league:leaderboard") + "?sort=-score&page=1",
        reverse("league:standings"),
        reverse("league:player", args=["ann"]),
        reverse("league:ancient_ones"),
        reverse("league:ancient_one", args=["cthulhu"]),
        reverse("league:teams"),
        reverse("league:team", args=[league["team"].slug]),
        reverse("league:scenarios"),
        reverse("league:scenario", args=[league["scenario"].slug]),
        reverse("league:series", args=[league["series"].slug]),
        reverse("league:rules"),
    ]


def pending_game(played_on=datetime.date(2026, 2, 2)) -> Session:
    """A game by Ann and a new player, waiting for a moderator."""
    session = Session(
        league=first_league(),
        ancient_one=AncientOne.objects.get(name="Cthulhu"),
        outcome="sealed",
        played_on=played_on,
        terror_level=1,
        elder_signs_played=0,
        elder_sign_tokens=6,
        status="pending",
    )
    seats = [seat("Ann", "Amanda Sharpe"), seat("Zed Newcomer", "Bob Jenkins")]
    return session_record(
        session=session, boxes=Box.objects.filter(name="Arkham Horror"), seats=seats
    )


def test_every_public_page_is_a_miss_then_the_same_page_from_the_cache(
    client, league, django_assert_max_num_queries
):
    for url in public_pages(league):
        first = client.get(url)
        assert (first.status_code, first["X-Cache"]) == (200, "miss"), url
        with django_assert_max_num_queries(CACHE_READ + LEAGUE_READ):
            second = client.get(url)
        assert (second.status_code, second["X-Cache"]) == (200, "hit"), url
        assert second.content == first.content, url
        assert second["Content-Type"] == first["Content-Type"]


def test_a_hit_keeps_the_security_headers_and_varies_on_the_cookie(client, league):
    first = client.get(reverse("league:home"))
    hit = client.get(reverse("league:home"))
    assert hit["X-Cache"] == "hit"
    for header in ("Content-Security-Policy", "Permissions-Policy", "X-Frame-Options"):
        assert hit[header] == first[header], header
    assert "Cookie" in hit["Vary"] and "Cookie" in first["Vary"]
    assert not hit.cookies and not first.cookies


def test_every_visitors_answer_varies_on_the_cookie_though_no_session_is_read(client, league):
    """A visitor's navigation is decided from the session cookie alone (no session row,
    no user): the answer, a miss or a hit, still tells shared caches it varies on it."""
    for url in (reverse("league:leaderboard"), reverse("league:standings")):
        for expected in ("miss", "hit"):
            response = client.get(url)
            assert response["X-Cache"] == expected
            assert "Cookie" in response["Vary"], (url, expected)


def test_a_visitors_page_carries_no_csrf_token(client, league):
    response = client.get(reverse("league:home"))
    assert b"X-CSRFToken" not in response.content
    assert "csrftoken" not in response.cookies


def test_the_query_string_is_normalised_and_still_part_of_the_key(client, league):
    url = reverse("league:leaderboard")
    assert client.get(url + "?sort=-score&page=1")["X-Cache"] == "miss"
    assert client.get(url + "?page=1&sort=-score")["X-Cache"] == "hit"
    assert client.get(url + "?sort=score")["X-Cache"] == "miss"


def test_key_depends_on_host_path_and_sorted_query(rf, settings):
    settings.ALLOWED_HOSTS = ["testserver", "other.example"]
    key = page_key(rf.get("/leaderboard/?b=2&a=1"))
    assert key == page_key(rf.get("/leaderboard/?a=1&b=2"))
    assert key != page_key(rf.get("/leaderboard/?a=1&b=3"))
    assert key != page_key(rf.get("/players/?a=1&b=2"))
    assert key != page_key(rf.get("/leaderboard/?a=1&b=2", HTTP_HOST="other.example"))
    assert key != page_key(rf.get("/leaderboard/?a=1&b=2", HTTP_HX_REQUEST="true"))


def test_members_get_their_own_cached_copy_with_their_own_navigation(client, league):
    url = reverse("league:home")
    client.get(url)
    assert client.get(url)["X-Cache"] == "hit"
    client.force_login(UserFactory(username="member"))
    assert client.get(url)["X-Cache"] == "miss"  # the members' copy is its own
    response = client.get(url)
    assert response["X-Cache"] == "hit"
    assert b">Log out</button>" in response.content and b"X-CSRFToken" in response.content
    client.logout()
    assert b">Log out</button>" not in client.get(url).content


def test_a_members_page_is_never_stored_for_visitors(client, league):
    url = reverse("league:standings")
    client.force_login(UserFactory(username="member"))
    client.get(url)
    client.logout()
    response = client.get(url)
    assert response["X-Cache"] == "miss" and b">Log out</button>" not in response.content


@pytest.mark.parametrize("export", ["csv", "xlsx"])
def test_exports_are_not_cached(client, league, export):
    url = reverse("league:leaderboard") + f"?_export={export}"
    for _ in range(2):
        response = client.get(url)
        assert response.status_code == 200 and "X-Cache" not in response
        response.getvalue()  # exports stream: read them
    assert client.get(reverse("league:leaderboard"))["X-Cache"] == "miss"


def test_posts_are_not_cached(client, league):
    url = reverse("league:home")
    client.get(url)
    response = client.post(url)
    assert response.status_code == 405 and "X-Cache" not in response


def test_not_found_pages_are_not_cached(client, league):
    url = reverse("league:player", args=["nobody"])
    assert client.get(url).status_code == 404
    response = client.get(url)
    assert response.status_code == 404 and response["X-Cache"] == "miss"


def test_a_visitor_with_a_messages_cookie_is_served_from_the_cache(client, league):
    url = reverse("league:home")
    client.get(url)
    client.cookies["messages"] = "anything"  # not a valid message: nothing to show
    response = client.get(url)
    assert response["X-Cache"] == "hit" and b'class="messages"' not in response.content


def test_a_visitor_without_cookies_gets_the_copy_filled_once_per_process(
    client, league, monkeypatch
):
    from league.caching import page_cache

    url = reverse("league:player", args=["ann"])
    first = client.get(url)
    fills = []
    real_fill = page_cache.fill
    monkeypatch.setattr(page_cache, "fill", lambda *args: fills.append(1) or real_fill(*args))
    hits = [client.get(url) for _ in range(3)]
    assert [hit["X-Cache"] for hit in hits] == ["hit"] * 3
    assert len(fills) == 1 and {hit.content for hit in hits} == {first.content}
    client.cookies["messages"] = "anything"  # a cookie may bring a message: filled anew
    client.get(url)
    client.get(url)
    assert len(fills) == 3


def test_the_page_cache_can_be_turned_off(client, league, settings):
    settings.LEAGUE_PAGE_CACHE_SECONDS = 0
    client.get(reverse("league:home"))
    assert "X-Cache" not in client.get(reverse("league:home"))


@pytest.mark.after_commit
def test_a_moderators_approval_shows_on_the_next_visit_to_every_page(
    client, league, django_capture_on_commit_callbacks
):
    urls = [
        reverse("league:home"),
        reverse("league:leaderboard"),
        reverse("league:player", args=["ann"]),
    ]
    with django_capture_on_commit_callbacks(execute=True):
        waiting = pending_game()
    for url in urls:
        client.get(url)
        assert client.get(url)["X-Cache"] == "hit"
        assert b"Zed Newcomer" not in client.get(url).content
    with django_capture_on_commit_callbacks(execute=True):
        approve(waiting)
    for url in urls:
        response = client.get(url)
        assert response["X-Cache"] == "miss", url
        assert b"Zed Newcomer" in response.content, url


@pytest.mark.after_commit
def test_a_bump_takes_effect_only_after_commit_once_per_transaction(
    django_capture_on_commit_callbacks, monkeypatch
):
    from league.caching import versions

    before = league_version()
    bumps = []
    real = versions.versions_bump
    monkeypatch.setattr(versions, "versions_bump", lambda keys: bumps.append(keys) or real(keys))
    with django_capture_on_commit_callbacks() as callbacks, transaction.atomic():
        league_changed.send(sender=None)
        league_changed.send(sender=None)
        assert league_version() == before
    assert league_version() == before
    for callback in callbacks:
        callback()
    assert league_version() != before
    assert bumps == [None]  # one bump, of everything, however many changes


@pytest.mark.after_commit
def test_a_rolled_back_write_bumps_nothing(django_capture_on_commit_callbacks):
    before = league_version()
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        PlayerFactory(name="Ghost")
        raise RuntimeError("rolled back")
    assert league_version() == before


@pytest.mark.after_commit
def test_a_page_rendered_before_the_commit_is_not_served_after_it(
    client, league, django_capture_on_commit_callbacks
):
    url = reverse("league:home")
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        league_changed.send(sender=None)
        client.get(url)  # rendered (and stored) under the old version
    assert client.get(url)["X-Cache"] == "miss"


def test_a_catalog_change_invalidates(client, league):
    url = reverse("league:ancient_ones")
    client.get(url)
    assert client.get(url)["X-Cache"] == "hit"
    cthulhu = AncientOne.objects.get(name="Cthulhu")
    cthulhu.name = "Great Cthulhu"
    cthulhu.save()
    response = client.get(url)
    assert response["X-Cache"] == "miss" and b"Great Cthulhu" in response.content


def test_a_many_to_many_change_invalidates(client, league):
    version = league_version()
    league["team"].members.add(PlayerFactory(name="Cid"))
    assert league_version() != version


def test_a_deleted_game_invalidates(client, league):
    url = reverse("league:leaderboard")
    client.get(url)
    Session.objects.get().delete()
    assert client.get(url)["X-Cache"] == "miss"


def test_bumps_never_repeat_a_version():
    seen = {league_version()}
    for _ in range(50):
        seen.add(league_version_bump())
    assert len(seen) == 51


@pytest.mark.parametrize("lost", ["all", "lists"])
def test_a_lost_version_is_replaced_by_a_new_one_not_an_old_one(client, league, lost):
    from django.core.cache import cache

    lost = ALL_KEY if lost == "all" else lists_key(first_league().pk)
    url = reverse("league:home")
    client.get(url)
    old = cache.get(lost)
    cache.delete(lost)
    assert client.get(url)["X-Cache"] == "miss"
    assert cache.get(lost) not in (None, old)
    assert client.get(url)["X-Cache"] == "hit"


def test_a_lost_league_version_is_replaced_by_a_new_one():
    from django.core.cache import cache

    old = league_version()
    cache.delete(VERSION_KEY)
    assert league_version() != old


def test_changed_at_is_the_time_of_the_last_bump():
    before = datetime.datetime.now(datetime.UTC)
    league_version_bump()
    after = datetime.datetime.now(datetime.UTC)
    changed_at = league_version_changed_at(league_version())
    assert before - datetime.timedelta(milliseconds=1) <= changed_at <= after


def test_changed_at_reads_no_game_table(django_assert_max_num_queries):
    with django_assert_max_num_queries(CACHE_READ):
        league_version_changed_at(league_version())


def test_an_import_of_games_invalidates(client, league):
    url = reverse("league:leaderboard")
    client.get(url)
    imported = Session(
        league=first_league(),
        ancient_one=AncientOne.objects.get(name="Cthulhu"),
        outcome="sealed",
        played_on=datetime.date(2026, 3, 3),
        terror_level=0,
        elder_signs_played=0,
        elder_sign_tokens=6,
        status="approved",
    )
    # Players who exist already: the import's only writes are bulk inserts.
    seats = [seat("Ann", "Amanda Sharpe"), seat("Bob", "Bob Jenkins")]
    sessions_record_many([(imported, Box.objects.filter(name="Arkham Horror"), seats, [])])
    response = client.get(url)
    assert response["X-Cache"] == "miss"
    assert response.context["table"].paginator.count == 2


def test_choosing_a_scenario_entry_invalidates(client, league, django_capture_on_commit_callbacks):
    """The team's second game becomes its entry: the board changes, so it is retired.
    (Choosing the game that already is the entry changes nothing and retires nothing.)"""
    url = reverse("league:scenario", args=[league["scenario"].slug])
    stars, owls = league["scenario"], league["team"]
    with django_capture_on_commit_callbacks(execute=True):
        second = game(scenario=stars, team=owls, tasks=[], played_on=datetime.date(2026, 1, 20))
    assert not Session.objects.get(pk=second.pk).is_entry
    client.get(url)
    assert client.get(url)["X-Cache"] == "hit"
    staff = UserFactory(username="boss", is_staff=True, is_superuser=True)
    with django_capture_on_commit_callbacks(execute=True):
        scenario_entry_choose(session=second, user=staff)
    assert client.get(url)["X-Cache"] == "miss"
