"""Ancient Ones with their statistics, as the Ancient One pages show them."""

from django.shortcuts import get_object_or_404
from ninja import Router

from games import rules
from games.models import AncientOne
from league.queries import ancient_one_by_table_size, ancient_one_profile, ancient_one_summaries
from league.queries.ratings import rating_of

from .http import answers, conditional, league_of, league_param
from .rates import rated_row
from .schemas.ancient_ones import AncientOneDetailOut, AncientOneOut

router = Router(tags=["ancient ones"])


def ancient_one_out(ancient_one: AncientOne, stats) -> dict:
    return {
        "name": ancient_one.name,
        "slug": ancient_one.slug,
        "doom_track": ancient_one.doom_track,
        "box": ancient_one.box.name,
        "url": ancient_one.get_absolute_url(),
        **{key: stats[key] for key in ("games", "victories", "win_pct", "best_score")},
        "mean_score": stats["mean_score"],
        "median_score": stats["median_score"],
        # Its rating against the league's players: the higher, the harder to beat.
        "difficulty": difficulty.as_dict() if (difficulty := rating_of(ancient_one)) else None,
    }


@router.get(
    "/ancient-ones",
    response=answers(list[AncientOneOut], missing=True),
    summary="Every Ancient One's record",
)
@conditional
def list_ancient_ones(request, league: str | None = league_param()):
    """Approved games only, as on the Ancient Ones page."""
    within = league_of(request, league)
    rows = []
    for ancient_one in ancient_one_summaries(within):
        stats = vars(ancient_one)
        row = ancient_one_out(ancient_one, stats)
        row["outcomes"] = [
            {"outcome": outcome, "games": stats[outcome]} for outcome in rules.OUTCOMES
        ]
        rows.append(row)
    return rows


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
    row = ancient_one_out(ancient_one, profile.stats)
    row["outcome_shares"] = [
        {"label": share.label, "games": share.games, "pct": share.pct} for share in profile.outcomes
    ]
    row["score_distribution"] = [
        {"score": score, "games": games} for score, games in profile.distribution
    ]
    row["by_investigator_count"] = [
        {**rated_row(size), "best_score": size.best_score, "investigators": size.investigator_count}
        for size in ancient_one_by_table_size(ancient_one, within)
    ]
    row["top_games"] = profile.top_games
    return row
