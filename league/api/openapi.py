"""The OpenAPI document states what the code enforces, beyond what the types say:

- **Sign-in.** The site's session cookie (``sessionid``), optional everywhere: anonymous
  callers see approved games, a signed-in member also their own pending ones, moderators
  all (``security: [{}, {"session": []}]``; ``{}`` is "no credentials").
- **Names the filters accept.** ``season``, ``ancient_one`` and ``boxes`` take only the
  slugs that exist (else 422), listed when the document is served; an empty ``season`` or
  ``ancient_one`` is no filter, as on the pages, so ``""`` is listed too.
"""

from __future__ import annotations

from django_scopes import scopes_disabled
from ninja import NinjaAPI

from games.models import AncientOne, Box
from league.models import League, Season

SESSION = "session"


def _vocabularies() -> dict[str, list[str]]:
    # One document for every league: the public leagues' seasons (an invitation-only
    # league's names stay with its members).
    with scopes_disabled():
        public_seasons = Season.objects.filter(league__in=League.objects.public())
        seasons = list(public_seasons.order_by("slug").values_list("slug", flat=True).distinct())
    return {
        "season": seasons,
        "ancient_one": list(AncientOne.objects.order_by("slug").values_list("slug", flat=True)),
        "boxes": list(Box.objects.order_by("slug").values_list("slug", flat=True)),
    }


# Filters whose empty value means "no filter" (the pages' forms send it so).
EMPTY_IS_ALL = {"season", "ancient_one"}


def _restrict(parameter: dict, slugs: list[str]) -> None:
    schema = parameter.setdefault("schema", {})
    target = schema.get("items", schema) if schema.get("type") == "array" else schema
    if slugs:
        target.pop("anyOf", None)
        target["type"] = "string"
        target["enum"] = ["", *slugs] if parameter["name"] in EMPTY_IS_ALL else slugs
    parameter["description"] = (
        f"{parameter.get('description', '').rstrip('.')}. One of the league's slugs."
    ).lstrip(". ")


class LeagueAPI(NinjaAPI):
    """The API whose document names its sign-in and the slugs its filters accept."""

    def get_openapi_schema(self, *, path_prefix=None, path_params=None):
        schema = super().get_openapi_schema(path_prefix=path_prefix, path_params=path_params)
        components = schema.setdefault("components", {})
        components.setdefault("securitySchemes", {})[SESSION] = {
            "type": "apiKey",
            "in": "cookie",
            "name": "sessionid",
            "description": "Optional: the site's session after signing in at /accounts/login/.",
        }
        vocabularies = _vocabularies()
        for methods in schema["paths"].values():
            for operation in methods.values():
                operation["security"] = [{}, {SESSION: []}]
                for parameter in operation.get("parameters", []):
                    if parameter.get("in") == "query" and parameter["name"] in vocabularies:
                        _restrict(parameter, vocabularies[parameter["name"]])
        return schema
