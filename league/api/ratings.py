"""Ratings: a player's rating history, and how the league's ratings stand (the standings,
a player's record and the Ancient Ones carry their ratings too)."""

from django.conf import settings
from django.shortcuts import get_object_or_404
from ninja import Router

from games.models import Player
from league.queries.ratings import player_rating, ratings_as_of, table_ratings, with_rating

from .http import answers, conditional, league_of, league_param
from .schemas.ratings import PlayerRatingOut, RatingPointOut, RatingsOut

router = Router(tags=["ratings"])


@router.get(
    "/players/{slug}/rating",
    response=answers(PlayerRatingOut, missing=True),
    summary="A player's rating and its history (a bounded sample of their rated games)",
)
@conditional
def get_player_rating(request, slug: str, league: str | None = league_param()):
    listed = Player.objects.listed(league_of(request, league))
    player = get_object_or_404(with_rating(listed), slug=slug)
    rating = player_rating(player)
    return {
        "player": player,
        "rating": rating.current,
        "as_of": player.ratings_as_of,
        # (game number, date, value, mu, sigma): the fields in the schema's order
        "history": [
            dict(zip(RatingPointOut.model_fields, point, strict=True)) for point in rating.points
        ],
    }


@router.get(
    "/ratings",
    response=answers(RatingsOut, invalid=False),
    summary="How the ratings stand: when they were last brought up to date, the tables",
)
@conditional
def get_ratings(request):
    """The table's rating per number of players is the Ancient One's partner in every
    game (see /rules/#rating)."""
    return {
        "as_of": ratings_as_of(),
        "model": "openskill Plackett-Luce",
        "provisional_below_games": settings.LEAGUE_RATING_PROVISIONAL_GAMES,
        "tables": [{"players": players, "rating": rating} for players, rating in table_ratings()],
    }
