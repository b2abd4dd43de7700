"""Atom feeds of the latest approved results: the league's, a player's, an Ancient One's,
a team's and a scenario's."""

from __future__ import annotations

import datetime
from collections.abc import Callable

from django.contrib.syndication.views import Feed
from django.db.models import QuerySet
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


class SubjectFeed(ResultsFeed):
    """The latest approved games of one subject, found by its slug."""

    subjects: Callable[[], QuerySet]  # where the slug is looked up
    title_text = subtitle_text = ""  # "{}" is the subject
    played = ""  # the ``LeagueGames`` filter to the subject's games

    def get_object(self, request, slug):
        return get_object_or_404(self.subjects(), slug=slug)

    def title(self, obj) -> str:
        return "Arkham League: " + self.title_text.format(obj)

    def subtitle(self, obj) -> str:
        return self.subtitle_text.format(obj)

    def link(self, obj) -> str:
        return obj.get_absolute_url()

    def games(self, obj) -> LeagueGames:
        return getattr(league_games(), self.played)(obj)


class PlayerFeed(SubjectFeed):
    url_name = "feeds:player"
    subjects = Player.objects.listed
    played = "played_by"
    title_text = "results of {}"
    subtitle_text = "Approved games {} played, newest first."


class AncientOneFeed(SubjectFeed):
    url_name = "feeds:ancient_one"
    subjects = AncientOne.objects.all
    played = "for_ancient_one"
    title_text = "results against {}"
    subtitle_text = "Approved games against {}, newest first."


class TeamFeed(SubjectFeed):
    url_name = "feeds:team"
    subjects = Team.objects.all
    played = "played_as"
    title_text = "results of team {}"
    subtitle_text = "Approved games played as {}, newest first."


class ScenarioFeed(SubjectFeed):
    url_name = "feeds:scenario"
    subjects = Scenario.objects.all
    played = "in_scenario"
    title_text = "results of the scenario {}"
    subtitle_text = "Approved games of {}, newest first."

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
