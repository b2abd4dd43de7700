"""The league's tables: one declarative django-tables2 class per table.

Rows arrive annotated and prefetched (``league.queries``); columns only present them.
"""

from __future__ import annotations

import django_tables2 as tables
from django.db.models import F
from django.utils.html import format_html_join

from league.queries import players_by_game

NUMERIC = {"th": {"class": "num"}, "td": {"class": "num"}}


def players_of(record) -> list:
    """The distinct players at a game's table, in seat order (from prefetched seats)."""
    seen = {}
    for seat in record.seats.all():
        seen.setdefault(seat.player_id, seat.player)
    return list(seen.values())


class PlayersColumn(tables.Column):
    """Every player at the game, linked to their page; plain names in exports."""

    def __init__(self, **kwargs):
        kwargs.setdefault("verbose_name", "Players")
        kwargs.setdefault("attrs", {"td": {"class": "players"}})
        super().__init__(accessor="pk", orderable=False, **kwargs)

    def render(self, record):
        return format_html_join(
            ", ",
            '<a href="{}">{}</a>',
            ((player.get_absolute_url(), player.name) for player in players_of(record)),
        )

    def value(self, record):
        return ", ".join(player.name for player in players_of(record))

    def export_values(self, game_ids: list[int]) -> dict[int, str]:
        """The cell of each game in a chunk of a streamed export, in one query
        (``league.pages.exports``): no seat or player objects are built."""
        return {game_id: ", ".join(names) for game_id, names in players_by_game(game_ids).items()}


class DateColumn(tables.DateColumn):
    """A date shown as "10 Jan 2026" and exported as a date (a real date cell in XLSX)."""

    def value(self, value, **kwargs):
        return value


class LeagueTable(tables.Table):
    """Shared presentation: the caption template, the CSS class."""

    caption = ""

    def __init__(self, *args, caption: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        if caption is not None:
            self.caption = caption

    class Meta:
        template_name = "league/includes/table.html"
        attrs = {"class": "table"}


class RankColumn(tables.Column):
    """Competition rank by score (equal scores share a rank).

    From the table's score ladder when it has one (the leaderboard: any page, any sort),
    else from the row's own ``rank`` (a top list ranked as it is read, ``with_rank()``).
    """

    def __init__(self, **kwargs):
        kwargs.setdefault("verbose_name", "Rank")
        kwargs.setdefault("attrs", NUMERIC)
        super().__init__(accessor="score", empty_values=(), **kwargs)

    def render(self, record, table):
        ladder = getattr(table, "ladder", None)
        return ladder.rank(record.score) if ladder is not None else record.rank

    def value(self, record, table):
        return self.render(record, table)


class LeaderboardTable(LeagueTable):
    """Approved victories ranked by score; equal scores share a rank.

    Every sort is one index scan (games migration ``board_indexes``); columns that no
    index orders (Ancient One, outcome, team) are not sortable.
    """

    caption = "Approved victories, best score first"

    rank = RankColumn()
    score = tables.Column(attrs=NUMERIC)
    ancient_one = tables.Column(verbose_name="Ancient One", linkify=True, orderable=False)
    outcome = tables.Column(orderable=False)
    investigator_count = tables.Column(verbose_name="Investigators", attrs=NUMERIC)
    players = PlayersColumn()
    team = tables.Column(verbose_name="Team", linkify=True, default="—", orderable=False)
    played_on = DateColumn(verbose_name="Date", linkify=lambda record: record.get_absolute_url())

    # What a streamed export writes for the relation columns (league.pages.exports).
    export_paths = {"ancient_one": "ancient_one__name", "team": "team__name"}

    class Meta(LeagueTable.Meta):
        order_by = ("-score",)
        empty_text = "No approved victory matches these filters."
        # On a phone each game is a card (site.css): every column readable, no sideways scroll.
        attrs = {"class": "table stack"}

    def __init__(self, *args, ladder=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.ladder = ladder

    def value_rank(self, value):
        """The exported rank (the column reads the score): from the same ladder."""
        return self.ladder.rank(value) if self.ladder is not None else value

    def order_score(self, queryset, is_descending):
        return queryset.by_score(descending=is_descending), True

    def order_rank(self, queryset, is_descending):
        return queryset.by_score(descending=not is_descending), True

    def order_played_on(self, queryset, is_descending):
        return queryset.by_date(descending=is_descending), True

    def order_investigator_count(self, queryset, is_descending):
        return queryset.by_investigators(descending=is_descending), True


class StandingsTable(LeagueTable):
    """One row per player over approved games (within the chosen season).

    Rows are ``PlayerStanding`` summaries (``league.queries.standings``): every sort is on
    a stored column or a per-row expression of one, ties broken by the player's name.
    """

    caption = "Standings: approved games"
    # ``win_pct`` is a property of a summary row; the database knows it as ``win_pct_value``.
    export_paths = {"win_pct": "win_pct_value"}

    name = tables.Column(
        verbose_name="Player",
        linkify=lambda record: record.player.get_absolute_url(),
        order_by=("name",),
    )
    games = tables.Column(attrs=NUMERIC)
    victories = tables.Column(attrs=NUMERIC)
    win_pct = tables.Column(verbose_name="Win %", attrs=NUMERIC)
    first_citizen_titles = tables.Column(verbose_name="First Citizen", attrs=NUMERIC)
    best_score = tables.Column(verbose_name="Best score", attrs=NUMERIC)
    avg_victory_score = tables.Column(verbose_name="Avg victory score", attrs=NUMERIC)
    gate_trophies = tables.Column(verbose_name="Gate trophies", attrs=NUMERIC)
    monster_trophies = tables.Column(verbose_name="Monster trophies", attrs=NUMERIC)

    class Meta(LeagueTable.Meta):
        order_by = ("-victories",)
        empty_text = "No player has enough approved games for these filters."

    def render_win_pct(self, value):
        return f"{value:.0f}%"

    def value_win_pct(self, value):
        return round(value, 1) if value is not None else None

    def render_avg_victory_score(self, value):
        return f"{value:.1f}"

    def value_avg_victory_score(self, value):
        return round(value, 2) if value is not None else None

    def _nulls_last(self, queryset, name, is_descending):
        key = F(name).desc(nulls_last=True) if is_descending else F(name).asc(nulls_last=True)
        return queryset.order_by(key, "name", "pk"), True

    def order_win_pct(self, queryset, is_descending):
        # Rows carry the rate as ``win_pct_value`` (``win_pct`` is a summary row's property).
        return self._nulls_last(queryset, "win_pct_value", is_descending)

    def order_best_score(self, queryset, is_descending):
        return self._nulls_last(queryset, "best_score", is_descending)

    def order_avg_victory_score(self, queryset, is_descending):
        return self._nulls_last(queryset, "avg_victory_score", is_descending)

    def order_games(self, queryset, is_descending):
        return self._nulls_last(queryset, "games", is_descending)

    def order_first_citizen_titles(self, queryset, is_descending):
        return self._nulls_last(queryset, "first_citizen_titles", is_descending)

    def order_gate_trophies(self, queryset, is_descending):
        return self._nulls_last(queryset, "gate_trophies", is_descending)

    def order_monster_trophies(self, queryset, is_descending):
        return self._nulls_last(queryset, "monster_trophies", is_descending)

    def order_victories(self, queryset, is_descending):
        wins = F("victories").desc() if is_descending else F("victories").asc()
        return queryset.order_by(wins, "-games", "name", "pk"), True


class PlayerGamesTable(LeagueTable):
    """A player's approved games, newest first."""

    caption = "Game history"

    played_on = DateColumn(verbose_name="Date", linkify=lambda record: record.get_absolute_url())
    ancient_one = tables.Column(
        verbose_name="Ancient One", linkify=True, order_by=("ancient_one__name",)
    )
    outcome = tables.Column()
    score = tables.Column(attrs=NUMERIC, default="—")
    investigator_count = tables.Column(verbose_name="Investigators", attrs=NUMERIC)
    first_citizen = tables.BooleanColumn(
        verbose_name="First Citizen", orderable=False, accessor="pk"
    )

    class Meta(LeagueTable.Meta):
        order_by = ("-played_on",)
        empty_text = "No approved games yet."

    def __init__(self, *args, player=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.player = player

    def titled(self, record) -> bool:
        """Whether this table's player held the First Citizen title at the game, from the
        game's prefetched titled seats (``league.queries.player_profile``)."""
        return any(seat.player_id == self.player.pk for seat in record.titled_seats)

    def render_first_citizen(self, record, bound_column, column):
        return column.render(self.titled(record), record, bound_column)

    def value_first_citizen(self, record):
        return self.titled(record)

    def order_score(self, queryset, is_descending):
        key = F("score").desc(nulls_last=True) if is_descending else F("score").asc(nulls_last=True)
        return queryset.order_by(key, "-played_on", "-pk"), True

    def order_played_on(self, queryset, is_descending):
        order = ("-played_on", "-pk") if is_descending else ("played_on", "pk")
        return queryset.order_by(*order), True


class TopGamesTable(LeaderboardTable):
    """An Ancient One's best approved victories (a fixed top list: no sorting)."""

    caption = "Top games"

    class Meta(LeaderboardTable.Meta):
        exclude = ("ancient_one",)
        orderable = False
        order_by = ()
