"""Every operation in the OpenAPI schema answers what the schema promises.

Walks the schema itself (so a new endpoint is covered without touching this test), calls
each operation with real path values, and validates each answer's body against the
response schema of its status code, with JSON Schema (OpenAPI 3.1 schemas are 2020-12).
"""

import datetime

import pytest
from django.core.cache import cache
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from games.models import Player
from tests.factories import (
    SeasonFactory,
    SeriesFactory,
    TeamFactory,
    UserFactory,
    game,
    moderator,
    scenario,
    seat,
)

pytestmark = pytest.mark.django_db

BASE = "urn:arkham-league:openapi"


@pytest.fixture
def league():
    cache.clear()
    season = SeasonFactory()
    played = game(seats=[seat("Ann", gate_trophies=1), seat("Bob", "Bob Jenkins")])
    game(ancient_one="Hastur", outcome="defeat", defeat_cause="devoured", seats=[seat("Ann")])
    pending = game(status="pending", terror_level=4, submitted_by=UserFactory(username="author"))
    series = SeriesFactory(name="League session 1")
    owls = TeamFactory(name="Owls", members=["Ann", "Bob"])
    dunwich = scenario(series=series)
    scenario("Not yet", opens_at=datetime.datetime(2099, 1, 1, tzinfo=datetime.UTC))
    played = game(
        team=owls, scenario=dunwich, tasks=list(dunwich.tasks.all()[:2]), played_on=played.played_on
    )
    game(scenario=dunwich, outcome="defeat", defeat_cause="devoured")  # a board entry, no team
    return {
        "game_id": played.pk,
        "slug": {
            "/api/players/{slug}": Player.objects.get(name="Ann").slug,
            "/api/players/{slug}/rating": Player.objects.get(name="Ann").slug,
            "/api/ancient-ones/{slug}": "hastur",
            "/api/investigators/{slug}": "amanda-sharpe",
            "/api/teams/{slug}": owls.slug,
            "/api/scenarios/{slug}": dunwich.slug,
            "/api/series/{slug}": series.slug,
        },
        "season": season,
        "pending": pending,
    }


def operations(schema):
    for path, methods in schema["paths"].items():
        for method, operation in methods.items():
            yield path, method, operation


def validate(schema: dict, path: str, method: str, status: int, body) -> None:
    """The body against the schema of this operation's answer with this status."""
    responses = schema["paths"][path][method]["responses"]
    assert str(status) in responses, f"{method.upper()} {path} answered {status}, undocumented"
    pointer = "/".join(
        ["#/paths", path.replace("~", "~0").replace("/", "~1"), method, "responses", str(status)]
    )
    content = responses[str(status)].get("content", {})
    if "application/json" not in content:
        return
    registry = Registry().with_resource(
        BASE, Resource.from_contents(schema, default_specification=DRAFT202012)
    )
    validator = Draft202012Validator(
        {"$ref": f"{BASE}{pointer}/content/application~1json/schema"}, registry=registry
    )
    errors = sorted(validator.iter_errors(body), key=str)
    assert not errors, f"{method.upper()} {path}: {errors[0].message}"


def url_for(path: str, league) -> str:
    return path.replace("{game_id}", str(league["game_id"])).replace(
        "{slug}", league["slug"].get(path, "")
    )


@pytest.mark.parametrize("signed_in", [False, True])
def test_every_operation_answers_as_its_schema_says(client, league, signed_in):
    if signed_in:
        client.force_login(moderator("boss"))
    schema = client.get("/api/openapi.json").json()
    walked = []
    for path, method, _ in operations(schema):
        assert method == "get", f"{path} is not read-only"
        response = client.get(url_for(path, league))
        assert response.status_code == 200, (path, response.content)
        validate(schema, path, method, 200, response.json())
        walked.append(path)
    assert len(walked) == len(schema["paths"]) >= 14


def test_not_found_and_invalid_answers_match_the_schema(client, league):
    schema = client.get("/api/openapi.json").json()
    checks = [
        ("/api/games/{game_id}", "/api/games/999999", 404),
        ("/api/games/{game_id}", f"/api/games/{league['pending'].pk}", 404),
        ("/api/players/{slug}", "/api/players/nobody", 404),
        ("/api/players/{slug}", f"{url_for('/api/players/{slug}', league)}?season=nope", 422),
        ("/api/ancient-ones/{slug}", "/api/ancient-ones/nobody", 404),
        ("/api/investigators/{slug}", "/api/investigators/nobody", 404),
        ("/api/investigators", "/api/investigators?season=nope", 422),
        ("/api/heralds", "/api/heralds?page=99", 404),
        ("/api/boxes", "/api/boxes?page_size=101", 422),
        ("/api/standings", "/api/standings?season=nope", 422),
        ("/api/games", "/api/games?outcome=won", 422),
        ("/api/games", "/api/games?ancient_one=nobody", 422),
        ("/api/players", "/api/players?page=zero", 422),
        ("/api/players", "/api/players?page=2", 404),
        ("/api/games", "/api/games?player=nobody", 404),
        ("/api/games", "/api/games?investigators=9", 422),
        ("/api/games", "/api/games?played_before=0", 422),
        ("/api/games", "/api/games?played_after=1700000000", 422),
        ("/api/standings", "/api/standings?min_games=0", 422),
        ("/api/standings", "/api/standings?min_games=82.5", 422),
        ("/api/investigators", "/api/investigators?min_games=0", 422),
        ("/api/investigators", "/api/investigators?min_games=2.5", 422),
        ("/api/teams/{slug}", "/api/teams/nobody", 404),
        ("/api/teams/{slug}", f"{url_for('/api/teams/{slug}', league)}?season=nope", 422),
        ("/api/teams", "/api/teams?season=nope", 422),
        ("/api/scenarios/{slug}", "/api/scenarios/nothing", 404),
        ("/api/series/{slug}", "/api/series/nothing", 404),
    ]
    for path, url, status in checks:
        response = client.get(url)
        assert response.status_code == status, (url, response.content)
        validate(schema, path, "get", status, response.json())


def test_list_answers_with_filters_match_the_schema(client, league):
    schema = client.get("/api/openapi.json").json()
    season = league["season"].slug
    for query in (
        "?sort=-score&outcome=defeat",
        f"?season={season}&investigators=2&page=1&page_size=1",
        "?boxes=arkham-horror&played_after=2020-01-01",
    ):
        response = client.get("/api/games" + query)
        assert response.status_code == 200, (query, response.content)
        validate(schema, "/api/games", "get", 200, response.json())


CONDITIONAL = {
    "/api/games",
    "/api/games/{game_id}",
    "/api/players",
    "/api/players/{slug}",
    "/api/seasons",
    "/api/standings",
    "/api/ancient-ones",
    "/api/ancient-ones/{slug}",
    "/api/investigators",
    "/api/investigators/{slug}",
    "/api/heralds",
    "/api/boxes",
    "/api/players/{slug}/rating",
    "/api/ratings",
}


def parameter(schema, path: str, name: str) -> dict:
    (found,) = [p for p in schema["paths"][path]["get"]["parameters"] if p["name"] == name]
    return found["schema"]


def test_the_document_names_every_answer_and_the_optional_session_sign_in(client, league):
    schema = client.get("/api/openapi.json").json()
    assert schema["components"]["securitySchemes"]["session"] == {
        "type": "apiKey",
        "in": "cookie",
        "name": "sessionid",
        "description": "Optional: the site's session after signing in at /accounts/login/.",
    }
    for path, _method, operation in operations(schema):
        assert operation["security"] == [{}, {"session": []}], path
        codes = set(operation["responses"])
        assert {"200", "429"} <= codes, path
        assert ("304" in codes) == (path in CONDITIONAL), path
        refusable = [
            p
            for p in operation.get("parameters", [])
            if p["in"] == "query" or p["schema"].get("type") != "string"
        ]
        assert ("422" in codes) == bool(refusable), path
        if "{" in path or "page" in {p["name"] for p in operation.get("parameters", [])}:
            assert "404" in codes, path


def test_the_document_states_the_limits_the_validation_enforces(client, league):
    schema = client.get("/api/openapi.json").json()
    assert parameter(schema, "/api/games", "investigators")["anyOf"][0] == {
        "type": "integer",
        "minimum": 1,
        "maximum": 8,
    }
    assert parameter(schema, "/api/standings", "min_games")["minimum"] == 1
    for path in ("/api/games", "/api/players", "/api/standings", "/api/teams"):
        assert parameter(schema, path, "page")["minimum"] == 1
        assert parameter(schema, path, "page")["maximum"] == 1_000_000_000
    # An empty season or Ancient One is "no filter" (all time, any), as the API answers it.
    seasons = ["", league["season"].slug]
    for path in ("/api/games", "/api/standings", "/api/players/{slug}", "/api/teams"):
        assert parameter(schema, path, "season")["enum"] == seasons, path
        assert client.get(f"{path.replace('{slug}', 'ann')}?season=").status_code == 200, path
    assert {"", "hastur"} <= set(parameter(schema, "/api/games", "ancient_one")["enum"])
    assert client.get("/api/games?ancient_one=").status_code == 200
    boxes = parameter(schema, "/api/games", "boxes")["items"]["enum"]
    assert "dunwich-horror" in boxes and "" not in boxes
    assert client.get("/api/games?boxes=").status_code == 422
