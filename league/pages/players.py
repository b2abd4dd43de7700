"""Players: the standings (one row per player) and a player's page. The team standings
(``league.pages.teams``) are the same page over teams: they subclass its filter, tables, view."""

from __future__ import annotations

import django_tables2 as tables
from django.conf import settings
from django.db.models import F, QuerySet
from django.http import Http404
from django.utils.functional import SimpleLazyObject, cached_property
from django.utils.http import urlencode
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.generic import TemplateView
from django_filters.views import FilterView
from django_tables2 import SingleTableMixin

from games import rating_rules as rr
from games.models import PlayerStanding
from games.numbers import rounded
from league.pages import charts
from league.pages.choices import CachedChoicesForm, LeagueFilterSet
from league.pages.exports import StreamingExportMixin
from league.pages.filters import SeasonForm, min_games_filter, season_filter
from league.pages.history import CappedCountPaginator, GameHistoryFilter
from league.pages.paginators import BoundedPaginator, known_count
from league.pages.tables import NUMERIC, LeagueTable, RoundedColumn, link_to
from league.queries.players import player_profile, public_player, standings
from league.queries.ratings import player_rating


class StandingsFilter(LeagueFilterSet):
    """The season the standings cover and the fewest games a row needs (players; the team
    standings' filter differs only in its ``rows``)."""

    season = season_filter(label=_("Season"))
    min_games = min_games_filter(_("Win % and averages mean little over two games."))

    class Meta:
        model = PlayerStanding
        fields: list[str] = []
        form = CachedChoicesForm

    @staticmethod
    def rows(league, season=None) -> QuerySet:
        """``league``'s standings rows of ``season`` (all time when None): stored rows."""
        return standings(league, season=season)

    def filter_queryset(self, queryset):
        """The chosen season's standings rows (all time by default), without thin records."""
        season = self.form.cleaned_data.get("season")
        minimum = self.form.cleaned_data.get("min_games") or 1
        return self.rows(self.league, season).filter(games__gte=minimum)


class StandingsTable(LeagueTable):
    """One row per player over approved games: ``PlayerStanding`` summary rows, every sort
    on a stored column or a per-row expression of one, ties broken by the player's name."""

    caption = _("Standings: approved games")
    row_template = "league/rows/standings.html"
    teams = False

    # ``win_pct`` is a property of a summary row; the database knows it as ``win_pct_value``.
    export_paths = {"win_pct": "win_pct_value"}
    sorted_nulls_last = {
        "win_pct": "win_pct_value",
        "games": "games",
        "rating": "rating",
        "best_score": "best_score",
        "avg_victory_score": "avg_victory_score",
        "first_citizen_titles": "first_citizen_titles",
        "gate_trophies": "gate_trophies",
        "monster_trophies": "monster_trophies",
    }

    name = tables.Column(
        verbose_name=_("Player"),
        linkify=link_to("player"),
        order_by=("name",),
    )
    games = tables.Column(verbose_name=_("Games"), attrs=NUMERIC)
    victories = tables.Column(verbose_name=_("Victories"), attrs=NUMERIC)
    win_pct = RoundedColumn(verbose_name=_("Win %"), places=0, suffix="%")
    rating = RoundedColumn(verbose_name=_("Rating"), places=1, default="—")
    # Exports only: what the rating means, in % (the page shows it beside the rating).
    rating_even_chance = RoundedColumn(
        verbose_name=_("Rating: even-game win %"), places=0, accessor="rating", visible=False
    )
    rating_sigma = RoundedColumn(verbose_name=_("Rating σ"), places=1, visible=False)
    rating_games = tables.Column(verbose_name=_("Rated games"), visible=False)
    first_citizen_titles = tables.Column(verbose_name=_("First Citizen"), attrs=NUMERIC)
    best_score = tables.Column(verbose_name=_("Best score"), attrs=NUMERIC)
    avg_victory_score = RoundedColumn(verbose_name=_("Avg victory score"), places=1)
    gate_trophies = tables.Column(verbose_name=_("Gate trophies"), attrs=NUMERIC)
    monster_trophies = tables.Column(verbose_name=_("Monster trophies"), attrs=NUMERIC)

    class Meta(LeagueTable.Meta):
        order_by = ("-victories",)
        empty_text = _("No player has enough approved games for these filters.")

    def value_rating_even_chance(self, value):
        return None if value is None else rounded(100 * rr.even_chance(value), 0)

    def order_victories(self, queryset, is_descending):
        wins = F("victories").desc() if is_descending else F("victories").asc()
        return queryset.order_by(wins, "-games", "name", "pk"), True


class PlayerGamesTable(LeagueTable):
    """A player's approved games, newest first."""

    caption = _("Game history")
    row_template = "league/rows/history.html"
    teams = False
    sorted_nulls_last = {"score": "score"}
    tie_break = ("-played_on", "-pk")

    played_on = tables.Column(verbose_name=_("Date"), linkify=link_to())
    ancient_one = tables.Column(
        verbose_name=_("Ancient One"), linkify=True, order_by=("ancient_one__name",)
    )
    outcome = tables.Column(verbose_name=_("Outcome"))
    score = tables.Column(verbose_name=_("Score"), attrs=NUMERIC, default="—")
    investigator_count = tables.Column(verbose_name=_("Investigators"), attrs=NUMERIC)
    # Whether the page's player held the title there: ``titled_seats`` (``with_titles_of``).
    first_citizen = tables.BooleanColumn(
        verbose_name=_("First Citizen"), orderable=False, accessor="pk"
    )

    class Meta(LeagueTable.Meta):
        order_by = ("-played_on",)
        empty_text = _("No approved games yet.")

    def order_played_on(self, queryset, is_descending):
        order = ("-played_on", "-pk") if is_descending else ("played_on", "pk")
        return queryset.order_by(*order), True


class StandingsView(StreamingExportMixin, SingleTableMixin, FilterView):
    """One row per player, by season and with a minimum number of games (the team
    standings are this page with another filter, table, template and file name)."""

    template_name = "league/standings.html"
    filterset_class = StandingsFilter
    table_class = StandingsTable
    table_pagination = {"per_page": 50, "paginator_class": BoundedPaginator}
    export_name = "standings"
    export_sheet = _("Standings")

    def get_queryset(self):
        return self.filterset_class.rows(self.request.league).filter(games__gte=1)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        table = context.get("table")  # an export's context has none
        rows = () if table is None else table.paginated_rows
        # Read from the rows the table has shown (``standings`` puts it on each), so the
        # page needs no query of its own: a callable, called after the table is rendered.
        context.update(
            ratings_as_of=lambda: next((row.record.ratings_as_of for row in rows), None),
            rating_provisional=settings.LEAGUE_RATING_PROVISIONAL_GAMES,
        )
        return context


class PlayerView(SingleTableMixin, TemplateView):
    """A player's record: by Ancient One, scores by month, investigators, teammates, and
    their games, filtered by ``GameHistoryFilter``."""

    template_name = "league/player.html"
    table_class = PlayerGamesTable
    table_pagination = {"per_page": 25}

    def get(self, request, *args, **kwargs):
        # Only players with an approved game in this league are public in it; others are
        # nobody's business.
        self.player = public_player(kwargs["slug"], request.league)
        if self.player is None:
            raise Http404("No public player has this address.")
        self.season_form = SeasonForm(request.GET or None, league=request.league)
        self.season = self.season_form.chosen()
        self.profile = player_profile(self.player, request.league, season=self.season)
        self.history = GameHistoryFilter(
            request.GET or None,
            queryset=self.profile.games,
            player=self.player,
            league=request.league,
        )
        return super().get(request, *args, **kwargs)

    def get_table_data(self):
        return self.history.games()

    def get_table_kwargs(self):
        if self.history.narrowed:
            return {"empty_text": gettext("No game of theirs matches these filters.")}
        return {}

    def get_table_pagination(self, table):
        if self.history.narrowed:
            # Filtered: a count of at most FILTERED_ROWS rows, whatever the player's history.
            return {
                **super().get_table_pagination(table),
                "paginator_class": CappedCountPaginator,
                "rows": self.history.games(),
                "known": self.history.known_count(self.profile.summary),
            }
        # The standings row counts the player's games in this scope: no COUNT(*) over games.
        return known_count(super().get_table_pagination(table), self.profile.summary["games"])

    def get_context_data(self, **kwargs):
        # The charts and the rating are read where the page's summaries render: not at all
        # when those come from the fragment cache.
        return super().get_context_data(
            **kwargs,
            player=self.player,
            profile=self.profile,
            season_form=self.season_form,
            history=self.history,
            season=self.season,
            history_clear_url=self.player.get_absolute_url()
            + (f"?{urlencode({'season': self.season.slug})}" if self.season else ""),
            chart=SimpleLazyObject(self.score_chart),
            rating=SimpleLazyObject(lambda: self.rating.current),
            rating_chart=SimpleLazyObject(self.rating_chart),
            ratings_as_of=self.player.ratings_as_of,
        )

    @cached_property
    def rating(self):
        return player_rating(self.player)

    def score_chart(self):
        months = self.profile.months
        return charts.monthly_scores(
            months,
            title=gettext("%(player)s: victory scores by month") % {"player": self.player},
            description=ngettext(
                "Best and mean score of the approved victories in each month %(player)s won "
                "a game, %(count)s month in all, oldest first; higher is better.",
                "Best and mean score of the approved victories in each month %(player)s won "
                "a game, %(count)s months in all, oldest first; higher is better.",
                len(months),
            )
            % {"player": self.player, "count": len(months)},
        )

    def rating_chart(self):
        points = self.rating.points
        return charts.rating_line(
            points,
            title=gettext("%(player)s: rating after each game") % {"player": self.player},
            description=ngettext(
                "The rating and the model's latest estimate μ after each of %(player)s's rated "
                "games, %(count)s point from the first game to the latest; higher is stronger.",
                "The rating and the model's latest estimate μ after each of %(player)s's rated "
                "games, %(count)s points from the first game to the latest; higher is stronger.",
                len(points),
            )
            % {"player": self.player, "count": len(points)},
        )
