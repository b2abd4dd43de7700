"""Records across leagues: the public leagues side by side, from the summary rows each
league already keeps (a league's all time is scope ``-league.pk``, every public league
together scope 0). Invitation-only leagues are never in them."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F, Q, QuerySet, Sum

from games.models import (
    AncientOne,
    AncientOneOutcome,
    Outcome,
    Player,
    PlayerStanding,
    TeamStanding,
)
from league.models import League

from .players import standings

# The most teams the board across leagues lists.
TEAMS_SHOWN = 50


def board() -> QuerySet[PlayerStanding]:
    return standings(None).filter(games__gte=1)


def team_board() -> QuerySet[TeamStanding]:
    return (
        TeamStanding.objects.filter(
            scope=F("team__league_id") * -1,
            team__league__visibility="public",
            games__gte=1,
        )
        .with_rates()
        .select_related("team", "team__league")
        .order_by("-victories", "-games", "team__name")[:TEAMS_SHOWN]
    )


@dataclass(frozen=True)
class LeagueRecord:
    league: League | None  # None: every public league together
    games: int
    victories: int

    @property
    def win_pct(self) -> float | None:
        return 100 * self.victories / self.games if self.games else None


def _in_public_leagues(rows: dict[int, tuple[int, int]]) -> list[LeagueRecord]:
    leagues = League.objects.public().in_bulk([-scope for scope in rows if scope < 0])
    records = [
        LeagueRecord(leagues[-scope], *numbers)
        for scope, numbers in rows.items()
        if scope < 0 and -scope in leagues
    ]
    records.sort(key=lambda record: record.league.name)
    if 0 in rows:
        records.append(LeagueRecord(None, *rows[0]))
    return records


def player_across(player: Player) -> list[LeagueRecord]:
    rows = PlayerStanding.objects.filter(player=player, scope__lte=0, games__gt=0)
    return _in_public_leagues(
        {row.scope: (row.games, row.victories) for row in rows.only("scope", "games", "victories")}
    )


def ancient_one_across(ancient_one: AncientOne) -> list[LeagueRecord]:
    rows = (
        AncientOneOutcome.objects.filter(ancient_one=ancient_one, scope__lte=0)
        .values("scope")
        .annotate(
            all_games=Sum("games"),
            won=Sum("games", filter=~Q(outcome=Outcome.DEFEAT)),
        )
        .order_by()
    )
    return _in_public_leagues(
        {row["scope"]: (row["all_games"], row["won"] or 0) for row in rows if row["all_games"]}
    )
