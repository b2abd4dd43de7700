"""The rules page: how the league scores a game, from the rulebook's own numbers."""

from __future__ import annotations

from django.conf import settings
from django.views.generic import TemplateView

from games import intervals, rating_rules, rules
from games.models import DefeatCause, Outcome
from games.models.choices import OUTCOME_HELP
from league.queries.stats import ancient_one_doom_tracks


class RulesView(TemplateView):
    """How the league scores a game: outcomes, the formula, First Citizen, rulings, doom tracks."""

    template_name = "league/rules.html"

    def get_context_data(self, **kwargs):
        outcomes = [(label, OUTCOME_HELP[value]) for value, label in Outcome.choices]
        return super().get_context_data(
            **kwargs,
            outcomes=outcomes,
            defeat_causes=DefeatCause.choices,
            ancient_ones=ancient_one_doom_tracks(),
            few_games=intervals.FEW_GAMES,
            rating={
                "sigma": rating_rules.MODEL.sigma,
                "beta": rating_rules.MODEL.beta,
                "provisional": settings.LEAGUE_RATING_PROVISIONAL_GAMES,
                "provisional_sigma": rating_rules.PROVISIONAL_SIGMA,
                "chart_points": settings.LEAGUE_RATING_CHART_POINTS,
                "example_pct": 100 * rating_rules.even_chance(30.0),
            },
            limits={
                "max_terror": rules.MAX_TERROR,
                "min_investigators": rules.MIN_INVESTIGATORS,
                "max_investigators": rules.MAX_INVESTIGATORS,
                "sealed_tokens": rules.SEALED_MIN_TOKENS,
                "monsters_per_point": rules.MONSTER_TROPHIES_PER_POINT,
            },
        )
