"""Atom feeds of the latest approved results: the league's, a player's, an Ancient One's,
a team's and a scenario's."""

from __future__ import annotations

import datetime

from django.contrib.syndication.views import Feed
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.feedgenerator import Atom1Feed

from games.models import AncientOne, Player, Scenario, Session, Team
from league.queries import LeagueGames, league_games
from league.site import FEED_TAG_DATE, tag_uri

# Entries per feed: readers poll often, so the latest few are enough.
FEED_ITEMS = 30

# RFC 4287 wants an author on every feed (or every entry); the league publishes the results.
AUTHOR = "Arkham League"


class ResultsFeed(Feed):
    """The latest approved games, newest submission first."""

    feed_type = Atom1Feed
    title = "Arkham League: latest results"
    subtitle = "Approved games of the league, newest first."
    author_name = AUTHOR
    item_author_name = AUTHOR
    url_name = "feeds:results"

    def link(self, obj=None) -> str:
        return reverse("league:home")

    def feed_guid(self, obj) -> str:
        # Named by its own address's path, never by the host the request used.
        path = reverse(self.url_name, args=[obj.slug] if obj is not None else [])
        return tag_uri(path, FEED_TAG_DATE)

    def item_guid(self, item: Session) -> str:
        # A tag URI dated by the submission, which never changes, so a reader that sees the
        # site under another host name (or after it moves) does not list the game again.
        day = item.created_at.astimezone(datetime.UTC).date()
        return tag_uri(item.get_absolute_url(), day)

    def item_guid_is_permalink(self, item: Session) -> bool:
        return False

    def games(self, obj) -> LeagueGames:
        return league_games()

    def items(self, obj=None):
        return self.games(obj).for_tables().order_by("-created_at", "-pk")[:FEED_ITEMS]

    def item_title(self, item: Session) -> str:
        score = f", score {item.score}" if item.score is not None else ""
        return f"{item.ancient_one}: {item.get_outcome_display()}{score}"

    def item_description(self, item: Session) -> str:
        players = ", ".join(dict.fromkeys(seat.player.name for seat in item.seats.all()))
        return f"Played on {item.played_on:%Y-%m-%d} by {players}."

    def item_pubdate(self, item: Session):
        return item.created_at

    def item_updateddate(self, item: Session):
        return item.updated_at


class PlayerFeed(ResultsFeed):
    url_name = "feeds:player"

    def get_object(self, request, slug):
        return get_object_or_404(Player.objects.listed(), slug=slug)

    def title(self, obj: Player) -> str:
        return f"Arkham League: results of {obj}"

    def subtitle(self, obj: Player) -> str:
        return f"Approved games {obj} played, newest first."

    def link(self, obj: Player) -> str:
        return obj.get_absolute_url()

    def games(self, obj: Player) -> LeagueGames:
        return league_games().played_by(obj)


class AncientOneFeed(ResultsFeed):
    url_name = "feeds:ancient_one"

    def get_object(self, request, slug):
        return get_object_or_404(AncientOne, slug=slug)

    def title(self, obj: AncientOne) -> str:
        return f"Arkham League: results against {obj}"

    def subtitle(self, obj: AncientOne) -> str:
        return f"Approved games against {obj}, newest first."

    def link(self, obj: AncientOne) -> str:
        return obj.get_absolute_url()

    def games(self, obj: AncientOne) -> LeagueGames:
        return league_games().for_ancient_one(obj)


class TeamFeed(ResultsFeed):
    url_name = "feeds:team"

    def get_object(self, request, slug):
        return get_object_or_404(Team, slug=slug)

    def title(self, obj: Team) -> str:
        return f"Arkham League: results of team {obj}"

    def subtitle(self, obj: Team) -> str:
        return f"Approved games played as {obj}, newest first."

    def link(self, obj: Team) -> str:
        return obj.get_absolute_url()

    def games(self, obj: Team) -> LeagueGames:
        return league_games().played_as(obj)


class ScenarioFeed(ResultsFeed):
    url_name = "feeds:scenario"

    def get_object(self, request, slug):
        return get_object_or_404(Scenario, slug=slug)

    def title(self, obj: Scenario) -> str:
        return f"Arkham League: results of the scenario {obj}"

    def subtitle(self, obj: Scenario) -> str:
        return f"Approved games of {obj}, newest first."

    def link(self, obj: Scenario) -> str:
        return obj.get_absolute_url()

    def games(self, obj: Scenario) -> LeagueGames:
        return league_games().in_scenario(obj)

    def item_title(self, item: Session) -> str:
        title = super().item_title(item)
        if item.scenario_score is None:
            return title
        return f"{title}, scenario score {item.scenario_score}"


urlpatterns = [
    path("results/", ResultsFeed(), name="results"),
    # <str:…>, as the player page: player slugs keep letters of every script (李雷).
    path("players/<str:slug>/", PlayerFeed(), name="player"),
    path("ancient-ones/<slug:slug>/", AncientOneFeed(), name="ancient_one"),
    path("teams/<slug:slug>/", TeamFeed(), name="team"),
    path("scenarios/<slug:slug>/", ScenarioFeed(), name="scenario"),
]
