"""Ratings where people read them: standings, a player's page, the Ancient Ones, the rules,
the API; always from stored rows, and never naming a private player."""

import datetime

import pytest

from games import rating_rules as rr
from games.models import Player, Rating, RatingState
from games.numbers import shown
from games.ratings.replay import ratings_catch_up, ratings_replay
from games.recording import session_moderate
from tests.addresses import reverse
from tests.factories import game, moderator, seat

pytestmark = pytest.mark.django_db

STANDINGS = reverse("league:standings")


@pytest.fixture
def rated():
    """Ann wins three times (Bob once beside her), Cy loses twice; then rated."""
    day = datetime.date(2026, 1, 10)
    for n in range(3):
        seats = [seat("Ann")] if n else [seat("Ann"), seat("Bob", "Bob Jenkins")]
        game(played_on=day + datetime.timedelta(days=n), ancient_one="Azathoth", seats=seats)
    for n in range(2):
        game(
            played_on=day + datetime.timedelta(days=n),
            ancient_one="Yig",
            outcome="defeat",
            defeat_cause="devoured",
            seats=[seat("Cy")],
        )
    ratings_replay()


def rows(response):
    return [row.record for row in response.context["table"].paginated_rows]


def test_standings_show_the_rating_what_it_means_and_provisional(client, rated):
    response = client.get(STANDINGS, {"sort": "-rating"})
    assert [row.name for row in rows(response)] == ["Ann", "Bob", "Cy"]
    ann = Player.objects.get(name="Ann").rating
    html = response.content.decode()
    chance = shown(100 * rr.even_chance(ann.value), 0, "%")
    assert f'{shown(ann.value, 1)} <small class="muted">{chance} in an even game</small>' in html
    assert "±" not in html  # the uncertainty is no interval around the rating
    assert html.count('class="provisional">provisional</small>') == 3  # all under 10 games
    assert "ratings as of <time" in html
    ascending = client.get(STANDINGS, {"sort": "rating"})
    assert [row.name for row in rows(ascending)] == ["Cy", "Bob", "Ann"]


def test_a_rating_is_no_longer_provisional_from_the_set_number_of_games(client, rated, settings):
    settings.LEAGUE_RATING_PROVISIONAL_GAMES = 3
    Rating.objects.filter(player__name="Ann").update(sigma=rr.PROVISIONAL_SIGMA)
    html = client.get(STANDINGS).content.decode()
    assert html.count('class="provisional">provisional</small>') == 2  # Bob and Cy


def test_a_rating_still_uncertain_stays_provisional_whatever_its_games(client, rated, settings):
    settings.LEAGUE_RATING_PROVISIONAL_GAMES = 3
    Rating.objects.filter(player__name="Ann").update(sigma=rr.PROVISIONAL_SIGMA + 0.01)
    html = client.get(STANDINGS).content.decode()
    assert html.count('class="provisional">provisional</small>') == 3


def test_players_not_rated_yet_sort_last_and_show_a_dash(client, rated):
    game(played_on=datetime.date(2026, 2, 1), seats=[seat("Dee")])  # its job has not run
    for sort in ("rating", "-rating"):
        assert rows(client.get(STANDINGS, {"sort": sort}))[-1].name == "Dee"
    csv = client.get(STANDINGS, {"_export": "csv", "sort": "-rating"}).getvalue().decode()
    header, ann, *_ = csv.splitlines()
    assert header.split(",")[4:8] == [
        "Rating",
        "Rating: even-game win %",
        "Rating σ",
        "Rated games",
    ]
    value = Player.objects.get(name="Ann").rating.value
    assert ann.split(",")[4] == shown(value, 1) and ann.split(",")[7] == "3"
    assert ann.split(",")[5] == shown(100 * rr.even_chance(value), 0)


def test_the_player_page_charts_the_rating_after_each_game(client, rated):
    response = client.get(reverse("league:player", args=["ann"]))
    html = response.content.decode()
    chart = response.context["rating_chart"]
    assert [len(series.points) for series in chart.series] == [3, 3]
    assert 'id="rating-over-time"' in html and "Ann: rating after each game" in html
    assert "ratings as of <time" in html
    ann = Player.objects.get(name="Ann").rating
    assert f"wins {shown(100 * rr.even_chance(ann.value), 0)}% of even games" in html


def test_the_chart_samples_a_long_history(client, settings):
    settings.LEAGUE_RATING_CHART_POINTS = 4
    for n in range(9):
        game(played_on=datetime.date(2026, 1, 1) + datetime.timedelta(days=n), seats=[seat("Ann")])
    ratings_replay()
    history = Player.objects.get(name="Ann").rating.history
    assert [point[0] for point in history] == [1, 4, 6, 9]
    chart = client.get(reverse("league:player", args=["ann"])).context["rating_chart"]
    assert [point.game for point in chart.series[0].points] == [1, 4, 6, 9]
    # The rating is the mean μ over the latest half of the games: the points of games 6 and 9.
    rating = Player.objects.get(name="Ann").rating
    assert rating.value == pytest.approx((history[2][2] + history[3][2]) / 2)
    assert chart.series[0].points[-1].text == f"rating {shown(rating.value, 1)}"


def test_a_player_not_rated_yet_has_a_page_that_says_so(client):
    game(seats=[seat("Ann")])
    html = client.get(reverse("league:player", args=["ann"])).content.decode()
    assert "Not rated yet" in html and "no game has been rated yet" in html


def test_the_ancient_ones_list_shows_their_difficulty(client, rated):
    response = client.get(reverse("league:ancient_ones"))
    by_name = {ao.name: ao for ao in response.context["ancient_ones"]}
    assert (
        by_name["Azathoth"].difficulty.value
        == Rating.objects.get(ancient_one__name="Azathoth").value
    )
    assert by_name["Cthulhu"].difficulty is None
    html = response.content.decode()
    assert 'data-label="Difficulty"' in html and "ratings as of <time" in html


def test_an_ancient_one_rarely_played_does_not_look_easy(client):
    """Cthulhu beat the players in 3 games of 12; Yig was played once, and lost. As μ − 3σ,
    Yig's difficulty was far below Cthulhu's for want of games; as μ it is not."""
    day = datetime.date(2026, 1, 10)
    for n in range(12):
        defeat = {"outcome": "defeat", "defeat_cause": "devoured"} if n % 4 == 0 else {}
        game(played_on=day, ancient_one="Cthulhu", seats=[seat(f"P{n}")], **defeat)
    game(played_on=day, ancient_one="Yig", seats=[seat("Ann")])
    ratings_replay()
    by_name = {
        ao.name: ao for ao in client.get(reverse("league:ancient_ones")).context["ancient_ones"]
    }
    cthulhu, yig = by_name["Cthulhu"].difficulty, by_name["Yig"].difficulty
    assert yig.mu - 3 * yig.sigma < cthulhu.mu - 3 * cthulhu.sigma  # the old figure's fault
    assert yig.value > cthulhu.value and yig.provisional


def test_the_rules_state_the_rating(client):
    html = client.get(reverse("league:rules")).content.decode()
    assert 'id="rating"' in html
    for words in ("Plackett–Luce", "μ settled", "even game", "provisional", "date played"):
        assert words in html
    assert "A rating of 30 wins 80% of even games" in html


def test_the_api_carries_the_ratings(client, rated):
    ann = Player.objects.get(name="Ann").rating
    standings = client.get("/api/standings").json()["items"]
    first = next(row for row in standings if row["name"] == "Ann")
    assert first["rating"] == {
        "value": ann.value,
        "even_game_chance": rr.even_chance(ann.value),
        "mu": ann.mu,
        "sigma": ann.sigma,
        "games": 3,
        "provisional": True,
    }
    assert client.get("/api/players/ann").json()["rating"]["games"] == 3
    history = client.get("/api/players/ann/rating").json()
    assert [point["game_number"] for point in history["history"]] == [1, 2, 3]
    assert history["as_of"] is not None
    ancient_ones = {row["slug"]: row for row in client.get("/api/ancient-ones").json()}
    assert ancient_ones["yig"]["difficulty"]["games"] == 2
    assert ancient_ones["cthulhu"]["difficulty"] is None
    assert client.get("/api/ancient-ones/yig").json()["difficulty"]["games"] == 2
    state = client.get("/api/ratings").json()
    assert [table["players"] for table in state["tables"]] == [1, 2]
    assert state["as_of"] is not None and state["provisional_below_games"] == 10


def test_a_player_whose_only_game_was_rejected_loses_their_rating_everywhere(client):
    game(seats=[seat("Ann")])
    wendy = game(seats=[seat("Wendy")])
    ratings_replay()
    session_moderate(
        session_id=wendy.pk,
        status="rejected",
        seen_version=wendy.version,
        moderator=moderator(),
        reason="Not a real game",
    )
    ratings_catch_up()
    assert not Rating.objects.filter(player__name="Wendy").exists()
    assert client.get("/api/players/wendy/rating").status_code == 404
    assert "Wendy" not in client.get(STANDINGS, {"sort": "-rating"}).content.decode()


def test_the_as_of_time_is_the_last_replay(rated):
    first = RatingState.objects.get().as_of
    ratings_replay()
    assert RatingState.objects.get().as_of > first


def test_a_replay_retires_the_pages_whose_ratings_it_changed_and_no_other(client):
    """Rejecting Ann's game against Yig re-rates Cy's later game against Yig (Yig's rating
    fed it): Cy's page is retired though the write named only Ann's game; Di, whose game
    came before, keeps a cached page."""
    day = datetime.date(2026, 1, 10)
    game(played_on=day - datetime.timedelta(days=5), ancient_one="Cthulhu", seats=[seat("Di")])
    early = game(played_on=day, ancient_one="Yig", seats=[seat("Ann"), seat("Bob", "Bob Jenkins")])
    game(played_on=day + datetime.timedelta(days=5), ancient_one="Yig", seats=[seat("Cy")])
    ratings_catch_up()  # as the job does after each write: the backlog is then empty
    pages = {name: reverse("league:player", args=[name.lower()]) for name in ("Cy", "Di")}
    for url in pages.values():
        client.get(url)
        assert client.get(url)["X-Cache"] == "hit"
    cy_before = Player.objects.get(name="Cy").rating.value
    session_moderate(
        session_id=early.pk,
        status="rejected",
        seen_version=early.version,
        moderator=moderator(),
        reason="Not a real game",
    )
    ratings_catch_up()
    assert Player.objects.get(name="Cy").rating.value != cy_before
    assert client.get(pages["Cy"])["X-Cache"] == "miss"
    assert client.get(pages["Di"])["X-Cache"] == "hit"
