"""Ancient Ones with their statistics, as the Ancient One pages show them."""

from django.shortcuts import get_object_or_404
from ninja import Router

from games.models import AncientOne
from league.queries.in_play import ancient_one_by_table_size
from league.queries.ratings import rating_of
from league.queries.stats import ancient_one_profile, ancient_one_summaries

from .http import answers, conditional, league_of, league_param
from .schemas.ancient_ones import AncientOneDetailOut, AncientOneOut

router = Router(tags=["ancient ones"])


@router.get(
    "/ancient-ones",
    response=answers(list[AncientOneOut], missing=True),
    summary="Every Ancient One's record",
)
@conditional
def list_ancient_ones(request, league: str | None = league_param()):
    """Approved games only, as on the Ancient Ones page."""
    return ancient_one_summaries(league_of(request, league))


@router.get(
    "/ancient-ones/{slug}",
    response=answers(AncientOneDetailOut, missing=True),
    summary="One Ancient One: outcomes, win rate by number of investigators, score "
    "statistics and distribution, best games",
)
@conditional
def get_ancient_one(request, slug: str, league: str | None = league_param()):
    within = league_of(request, league)
    ancient_one = get_object_or_404(AncientOne.objects.select_related("box", "rating"), slug=slug)
    profile = ancient_one_profile(ancient_one, within)
    vars(ancient_one).update(
        profile.stats,
        difficulty=rating_of(ancient_one),
        outcome_shares=profile.outcomes,
        score_distribution=[
            {"score": score, "games": games} for score, games in profile.distribution
        ],
        by_investigator_count=ancient_one_by_table_size(ancient_one, within),
        top_games=profile.top_games,
    )
    return ancient_one
