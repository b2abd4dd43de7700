"""A scenario's editors' form rules (the Organise area's and the admin's)."""

from __future__ import annotations

from django.utils.translation import gettext

from games import scenario_rules
from games.rule_messages import translated

# What a scenario's editors (the Organise area's and the admin's) ask for.
SCENARIO_FIELDS = [
    "name",
    "slug",
    "series",
    "order",
    "briefing",
    "ancient_ones",
    "herald",
    "boxes_required",
    "boxes_allowed",
    "investigators_min",
    "investigators_max",
    "opens_at",
    "closes_at",
]


class ScenarioTermsMixin:
    """Refuses a scenario no game could ever fit, before it is saved: mixed into a Scenario
    model form (the admin's and the Organise area's), one copy of the rules for both, each
    problem beside its field. The table size and the dates are the model's ``clean``."""

    def clean(self):
        cleaned = super().clean()
        required = cleaned.get("boxes_required")
        allowed = cleaned.get("boxes_allowed")
        if required is None or allowed is None:
            return cleaned
        terms = scenario_rules.ScenarioTerms(
            name=cleaned.get("name") or "",
            ancient_ones=frozenset(),
            boxes_required=frozenset(box.name for box in required),
            boxes_allowed=frozenset(box.name for box in allowed),
        )
        for problem in scenario_rules.scenario_terms_problems(terms):
            self.add_error("boxes_allowed", translated(problem))
        allowed_ids = {box.pk for box in allowed}
        items = [("ancient_ones", item) for item in cleaned.get("ancient_ones") or []]
        for field, item in [*items, ("herald", cleaned.get("herald"))]:
            if item is not None and allowed_ids and item.box_id not in allowed_ids:
                problem = gettext("%(item)s comes with %(box)s: allow that box.")
                self.add_error(field, problem % {"item": item, "box": item.box})
        return cleaned
