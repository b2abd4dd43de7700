"""Tables of teams, scenarios and series (see ``league.pages.tables`` for the shared base)."""

from __future__ import annotations

import django_tables2 as tables
from django.db.models import F

from league.pages.tables import (
    NUMERIC,
    LeagueTable,
    PlayerGamesTable,
    PlayersColumn,
    StandingsTable,
)


def _nulls_last(queryset, name, is_descending, *then):
    key = F(name).desc(nulls_last=True) if is_descending else F(name).asc(nulls_last=True)
    return queryset.order_by(key, *then), True


class TeamStandingsTable(StandingsTable):
    """One row per team over its approved games (within the chosen season)."""

    caption = "Team standings: approved games"

    name = tables.Column(verbose_name="Team", linkify=True)
    scenarios_entered = tables.Column(verbose_name="Scenarios entered", attrs=NUMERIC)
    series_points = tables.Column(verbose_name="Series points", attrs=NUMERIC)

    class Meta(StandingsTable.Meta):
        exclude = ("first_citizen_titles", "gate_trophies", "monster_trophies")
        empty_text = "No team has enough approved games for these filters."

    def order_series_points(self, queryset, is_descending):
        return _nulls_last(queryset, "series_points", is_descending, "name")


class TeamGamesTable(PlayerGamesTable):
    """A team's approved games, newest first, with the scenario each was played for."""

    scenario = tables.Column(linkify=True, default="—", order_by=("scenario__name",))
    scenario_score = tables.Column(verbose_name="Scenario score", attrs=NUMERIC, default="—")

    class Meta(PlayerGamesTable.Meta):
        exclude = ("first_citizen",)

    def order_scenario_score(self, queryset, is_descending):
        return _nulls_last(queryset, "scenario_score", is_descending, "-played_on", "-pk")


class ScenarioBoardTable(LeagueTable):
    """A scenario's entries: scenario score first, ties to the earlier submission."""

    caption = "Entries, best scenario score first"

    rank = tables.Column(verbose_name="Rank", attrs=NUMERIC, orderable=False)
    scenario_score = tables.Column(
        verbose_name="Scenario score", attrs=NUMERIC, default="—", orderable=False
    )
    score = tables.Column(
        verbose_name="Rulebook score", attrs=NUMERIC, default="—", orderable=False
    )
    tasks_completed = tables.Column(verbose_name="Tasks", attrs=NUMERIC, orderable=False)
    team = tables.Column(verbose_name="Team", linkify=True, default="—", orderable=False)
    players = PlayersColumn()
    ancient_one = tables.Column(verbose_name="Ancient One", orderable=False)
    outcome = tables.Column(orderable=False)
    created_at = tables.DateTimeColumn(
        verbose_name="Submitted",
        format="j M Y H:i",
        linkify=lambda record: record.get_absolute_url(),
        orderable=False,
    )

    export_paths = {"ancient_one": "ancient_one__name", "team": "team__name"}

    class Meta(LeagueTable.Meta):
        empty_text = "No entries yet."


class SeriesTeamTable(LeagueTable):
    """Teams by series points (the scenario scores of their entries)."""

    caption = "Teams"

    # Rows are summary rows (``SeriesTeamStanding``) with their team loaded.
    name = tables.Column(
        verbose_name="Team",
        accessor="team__name",
        linkify=lambda record: record.team.get_absolute_url(),
        orderable=False,
    )
    entries = tables.Column(verbose_name="Scenarios entered", attrs=NUMERIC, orderable=False)
    points = tables.Column(verbose_name="Series points", attrs=NUMERIC, orderable=False)

    class Meta(LeagueTable.Meta):
        empty_text = "No team has entered a scenario of this series yet."


class SeriesPlayerTable(SeriesTeamTable):
    """Players by series points: every entry they sat at."""

    caption = "Players"

    name = tables.Column(
        verbose_name="Player",
        accessor="player__name",
        linkify=lambda record: record.player.get_absolute_url(),
        orderable=False,
    )

    class Meta(SeriesTeamTable.Meta):
        empty_text = "No player has entered a scenario of this series yet."
