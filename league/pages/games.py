"""The leaderboard: approved victories ranked by score. The API's ``/api/games`` filters
with its ``LeaderboardFilter``; an Ancient One's top games are a ``LeaderboardTable``."""

from __future__ import annotations

import django_filters
import django_tables2 as tables
from django import forms
from django.db.models import QuerySet
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from django_filters.views import FilterView
from django_tables2 import SingleTableMixin

from games import rules
from games.models import Box, Outcome, Player, Session, Team
from league.pages.choices import (
    CachedChoicesForm,
    CachedModelChoiceFilter,
    CachedModelMultipleChoiceFilter,
    LeagueFilterSet,
)
from league.pages.exports import StreamingExportMixin
from league.pages.filters import (
    ancient_one_filter,
    calls,
    played_from_filter,
    played_until_filter,
    season_filter,
)
from league.pages.paginators import known_count
from league.pages.tables import NUMERIC, GameRowsTable, PlayersColumn, link_to
from league.queries.games import league_games
from league.queries.ranks import ScoreLadder, ladder_from_summaries, ladder_of

VICTORY_OUTCOMES = [(value, label) for value, label in Outcome.choices if value in rules.VICTORIES]

INVESTIGATOR_COUNTS = [
    (n, str(n)) for n in range(rules.MIN_INVESTIGATORS, rules.MAX_INVESTIGATORS + 1)
]

# The leaderboard filters the AncientOneScore histogram is kept by.
SUMMARY_FILTERS = frozenset({"ancient_one", "investigators", "season"})


def _given(value) -> bool:
    """Whether a cleaned filter value narrows anything (an empty choice does not)."""
    if isinstance(value, QuerySet):
        return not value.query.is_empty()
    return value not in (None, "", [], ())


class LeaderboardFilter(LeagueFilterSet):
    """Which approved victories the leaderboard ranks."""

    ancient_one = ancient_one_filter()
    boxes = CachedModelMultipleChoiceFilter(
        choices_name="boxes",
        queryset=Box.objects.all(),
        to_field_name="slug",
        label=_("Boxes in play (all of)"),
        method=calls("with_all_boxes"),
        widget=forms.CheckboxSelectMultiple,
    )
    outcome = django_filters.ChoiceFilter(choices=VICTORY_OUTCOMES, empty_label=_("Any victory"))
    investigators = django_filters.ChoiceFilter(
        field_name="investigator_count",
        choices=INVESTIGATOR_COUNTS,
        label=_("Investigators"),
        empty_label=_("Any"),
    )
    season = season_filter(method=calls("in_season"), label=_("Season"))
    played_after = played_from_filter()
    played_before = played_until_filter()
    player = CachedModelChoiceFilter(
        choices_name="listed-players",
        changes_with_games=True,
        queryset=Player.objects.listed(),
        in_league=lambda league: Player.objects.listed(league),
        to_field_name="slug",
        method=calls("played_by"),
        label=_("Player"),
        empty_label=_("Anyone"),
    )

    team = CachedModelChoiceFilter(
        choices_name="teams",
        queryset=Team.objects.none(),  # its league's teams: in_league
        in_league=lambda league: Team.objects.of_league(league),
        to_field_name="slug",
        method=calls("played_as"),
        label=_("Team"),
        empty_label=_("Any team or none"),
    )

    class Meta:
        model = Session
        fields: list[str] = []
        form = CachedChoicesForm  # its five lists in two cache round trips

    def score_ladder(self, selection) -> ScoreLadder:
        """How many of the selected victories have each score (ranks and the total).

        Read from the summary histogram when only the filters it is kept by (Ancient One,
        investigators, season) narrow the list; otherwise one grouped query over
        ``selection``, which those other filters bound.
        """
        if self.is_bound and not self.is_valid():
            return ladder_of(selection)  # the view shows no rows: ``selection`` is none()
        data = self.form.cleaned_data if self.is_bound else {}
        if any(_given(value) for name, value in data.items() if name not in SUMMARY_FILTERS):
            return ladder_of(selection)
        investigators = data.get("investigators")
        return ladder_from_summaries(
            self.request.league,
            ancient_one=data.get("ancient_one"),
            investigators=int(investigators) if investigators else None,
            season=data.get("season"),
        )


class LeaderboardTable(GameRowsTable):
    """Approved victories ranked by score; equal scores share a rank.

    Every sort is one index scan (games migration ``board_indexes``): its ``order_by`` is
    the index's order, and descending is its exact reverse, so one index serves both
    directions. Columns that no index orders (Ancient One, outcome, team) are not sortable.
    """

    caption = _("Approved victories, best score first")
    row_template = "league/rows/games.html"

    # The rank of the row's score (``rank_of``); exported by ``value_rank``.
    rank = tables.Column(
        verbose_name=_("Rank"),
        attrs=NUMERIC,
        accessor="score",
        order_by=("-score", "played_on", "pk"),
    )
    score = tables.Column(
        verbose_name=_("Score"), attrs=NUMERIC, order_by=("score", "-played_on", "-pk")
    )
    ancient_one = tables.Column(verbose_name=_("Ancient One"), linkify=True, orderable=False)
    outcome = tables.Column(verbose_name=_("Outcome"), orderable=False)
    investigator_count = tables.Column(
        verbose_name=_("Investigators"),
        attrs=NUMERIC,
        order_by=("investigator_count", "-score", "played_on", "pk"),
    )
    players = PlayersColumn()
    team = tables.Column(verbose_name=_("Team"), linkify=True, default="—", orderable=False)
    played_on = tables.Column(
        verbose_name=_("Date"), linkify=link_to(), order_by=("played_on", "pk")
    )

    # What a streamed export writes for the relation columns (league.pages.exports).
    export_paths = {"ancient_one": "ancient_one__name", "team": "team__name"}

    class Meta(GameRowsTable.Meta):
        order_by = ("-score",)
        empty_text = _("No approved victory matches these filters.")

    def __init__(self, *args, ladder=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.ladder = ladder

    def rank_of(self, record) -> int:
        """The row's rank: on the score ladder, or its own (a top list's)."""
        return self.ladder.rank(record.score) if self.ladder is not None else record.rank

    def value_rank(self, value):
        """The exported rank (the column reads the score): from the same ladder."""
        return self.ladder.rank(value) if self.ladder is not None else value


class LeaderboardView(StreamingExportMixin, SingleTableMixin, FilterView):
    """Approved victories ranked by score: filter, sort, page, export what is shown."""

    template_name = "league/leaderboard.html"
    filterset_class = LeaderboardFilter
    table_class = LeaderboardTable
    table_pagination = {"per_page": 25}
    export_name = "leaderboard"
    export_sheet = _("Leaderboard")
    # cthulhu-season-2026-spring-from-2026-01-01: an Ancient One names itself.
    export_filter_labels = {"ancient_one": "", "played_after": "from", "played_before": "until"}

    def get_queryset(self):
        return league_games(self.request.league).scored_victories()

    @cached_property
    def ladder(self):
        """The selection's score ladder: every rank on the page and the total come from it."""
        return self.filterset.score_ladder(self.object_list)

    def get_table_data(self):
        return self.object_list.for_table_pages().paged_by_keys()

    def export_rows(self) -> int:
        return self.ladder.total

    def get_table_kwargs(self):
        return {"ladder": self.ladder}

    def get_table_pagination(self, table):
        # The total is the ladder's, so the paginator runs no COUNT(*) over the selection.
        return known_count(super().get_table_pagination(table), self.ladder.total)
