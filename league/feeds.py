"""Atom feeds of the latest approved results: the league's, a player's, an Ancient One's."""

from __future__ import annotations

from django.contrib.syndication.views import Feed
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.feedgenerator import Atom1Feed

from games.models import AncientOne, Player, Session
from league.queries import LeagueGames, league_games

# Entries per feed: readers poll often, so the latest few are enough.
FEED_ITEMS = 30


class ResultsFeed(Feed):
    """The latest approved games, newest submission first."""

    feed_type = Atom1Feed
    title = "Arkham League: latest results"
    subtitle = "Approved games of the league, newest first."

    def link(self, obj=None) -> str:
        return reverse("league:home")

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
    def get_object(self, request, slug):
        return get_object_or_404(Player, slug=slug)

    def title(self, obj: Player) -> str:
        return f"Arkham League: results of {obj}"

    def subtitle(self, obj: Player) -> str:
        return f"Approved games {obj} played, newest first."

    def link(self, obj: Player) -> str:
        return obj.get_absolute_url()

    def games(self, obj: Player) -> LeagueGames:
        return league_games().played_by(obj)


class AncientOneFeed(ResultsFeed):
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


urlpatterns = [
    path("results/", ResultsFeed(), name="results"),
    path("players/<slug:slug>/", PlayerFeed(), name="player"),
    path("ancient-ones/<slug:slug>/", AncientOneFeed(), name="ancient_one"),
]
