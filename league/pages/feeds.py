"""Atom feeds of the latest approved results: the league's, a player's, an Ancient One's,
a team's and a scenario's."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.syndication.views import Feed
from django.shortcuts import get_object_or_404
from django.urls import path, reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.models import AncientOne, Player, Scenario, Session, Team
from league.queries.games import LeagueGames, league_games
from league.site import FEED_TAG_DATE, tag_uri, without_language

# Entries per feed: readers poll often, so the latest few are enough.
FEED_ITEMS = 30

# RFC 4287 wants an author on every feed (or every entry); the league publishes the results.
AUTHOR = "Arkham League"


@dataclass(frozen=True)
class FeedOf:
    """What a feed lists: the games of ``league`` (of ``subject``'s when there is one).
    A feed object is shared by every request, so the league travels with its object."""

    league: object
    subject: object = None


class ResultsFeed(Feed):
    """The latest approved games, newest submission first."""

    feed_type = Atom1Feed
    title = gettext_lazy("Arkham League: latest results")
    subtitle = gettext_lazy("Approved games of the league, newest first.")
    author_name = AUTHOR
    item_author_name = AUTHOR
    item_guid_is_permalink = False  # a tag URI (item_guid)
    url_name = "feeds:results"

    def get_object(self, request, *args, **kwargs) -> FeedOf:
        return FeedOf(request.league)

    def link(self, obj) -> str:
        return reverse("league:home", args=[obj.league.slug])

    def feed_guid(self, obj) -> str:
        # Named by its own address's path, never by the host the request used, nor by the
        # language it is read in: one feed, one id.
        subject = obj.subject
        slugs = [subject.slug] if subject is not None else []
        path = reverse(self.url_name, args=[obj.league.slug, *slugs])
        return tag_uri(without_language(path), FEED_TAG_DATE)

    def item_guid(self, item: Session) -> str:
        # A tag URI dated by the submission, which never changes, so a reader that sees the
        # site under another host name (or after it moves) does not list the game again.
        day = item.created_at.astimezone(datetime.UTC).date()
        return tag_uri(without_language(item.get_absolute_url()), day)

    def games(self, obj) -> LeagueGames:
        return league_games(obj.league)

    def items(self, obj):
        return self.games(obj).for_tables().order_by("-created_at", "-pk")[:FEED_ITEMS]

    def item_title(self, item: Session) -> str:
        names = {"ancient_one": item.ancient_one, "outcome": item.get_outcome_display()}
        if item.score is None:
            return _("%(ancient_one)s: %(outcome)s") % names
        return _("%(ancient_one)s: %(outcome)s, score %(score)s") % {**names, "score": item.score}

    def item_description(self, item: Session) -> str:
        players = ", ".join(dict.fromkeys(seat.player.name for seat in item.seats.all()))
        return _("Played on %(day)s by %(players)s.") % {
            "day": date_format(item.played_on),
            "players": players,
        }

    def item_pubdate(self, item: Session):
        return item.created_at

    def item_updateddate(self, item: Session):
        return item.updated_at


# Each subject's feed: where its slug is looked up in a league, the ``LeagueGames`` filter
# to its games, its title and its subtitle (``%(name)s``: the subject).
SUBJECTS = {
    "player": (
        Player.objects.listed,
        "played_by",
        gettext_lazy("Arkham League: results of %(name)s"),
        gettext_lazy("Approved games %(name)s played, newest first."),
    ),
    "ancient_one": (
        lambda league: AncientOne.objects.all(),
        "for_ancient_one",
        gettext_lazy("Arkham League: results against %(name)s"),
        gettext_lazy("Approved games against %(name)s, newest first."),
    ),
    "team": (
        Team.objects.of_league,
        "played_as",
        gettext_lazy("Arkham League: results of team %(name)s"),
        gettext_lazy("Approved games played as %(name)s, newest first."),
    ),
    "scenario": (
        Scenario.objects.of_league,
        "in_scenario",
        gettext_lazy("Arkham League: results of the scenario %(name)s"),
        gettext_lazy("Approved games of %(name)s, newest first."),
    ),
}


class SubjectFeed(ResultsFeed):
    """The latest approved games of one subject (``SUBJECTS``), found by its slug."""

    def __init__(self, kind: str):
        self.url_name = f"feeds:{kind}"
        self.subjects, self.played, self.title_text, self.subtitle_text = SUBJECTS[kind]

    def get_object(self, request, slug, **kwargs) -> FeedOf:
        league = request.league
        return FeedOf(league, get_object_or_404(self.subjects(league), slug=slug))

    def title(self, obj) -> str:
        return self.title_text % {"name": obj.subject}

    def subtitle(self, obj) -> str:
        return self.subtitle_text % {"name": obj.subject}

    def link(self, obj) -> str:
        return obj.subject.get_absolute_url()

    def games(self, obj) -> LeagueGames:
        return getattr(league_games(obj.league), self.played)(obj.subject)


class ScenarioFeed(SubjectFeed):
    def item_title(self, item: Session) -> str:
        title = super().item_title(item)
        if item.scenario_score is None:
            return title
        return _("%(title)s, scenario score %(score)s") % {
            "title": title,
            "score": item.scenario_score,
        }


urlpatterns = [
    path("results/", ResultsFeed(), name="results"),
    # <str:…>, as the player page: player slugs keep letters of every script (李雷).
    path("players/<str:slug>/", SubjectFeed("player"), name="player"),
    path("ancient-ones/<slug:slug>/", SubjectFeed("ancient_one"), name="ancient_one"),
    path("teams/<slug:slug>/", SubjectFeed("team"), name="team"),
    path("scenarios/<slug:slug>/", ScenarioFeed("scenario"), name="scenario"),
]
