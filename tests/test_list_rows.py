"""The pages' fixed lists written in Python (league.pages.list_rows) write what the
template loops they replace wrote: each case renders the old loop and the new function
over the same objects (awkward names, missing values, empty lists) and compares the
markup, whitespace between tags aside."""

# The loops are the templates' own lines, kept as they were: long.
# ruff: noqa: E501

import datetime
import re
from types import SimpleNamespace

import pytest
from django.template import Context, Template
from django.utils import timezone

from games.models import AncientOne, Investigator, Player, Scenario, Series, Session, Team

LOAD = "{% load league_tags %}"

ANCIENT_ONES_LOOP = """{% for ao in ancient_ones %}
    <tr>
      <th scope="row" data-label="Ancient One"><a href="{{ ao.get_absolute_url }}">{{ ao }}</a></th>
      <td class="num" data-label="Doom track">{{ ao.doom_track }}</td><td class="num" data-label="Games">{{ ao.games }}</td>
      <td class="num" data-label="Difficulty">{% if ao.difficulty %}{{ ao.difficulty.value|floatformat:1 }} <small class="muted">± {{ ao.difficulty.sigma|floatformat:1 }}</small>{% else %}—{% endif %}</td>
      <td class="num" data-label="Win %">{% if ao.win_pct is not None %}{{ ao.win_pct|floatformat:0 }}%{% else %}—{% endif %}</td>
      <td class="num" data-label="Closed">{{ ao.closed }}</td><td class="num" data-label="Sealed">{{ ao.sealed }}</td><td class="num" data-label="Banished">{{ ao.banished }}</td><td class="num" data-label="Defeats">{{ ao.defeat }}</td>
      <td class="num" data-label="Best">{{ ao.best_score|default_if_none:"—" }}</td>
      <td class="num" data-label="Median">{% if ao.median_score is not None %}{{ ao.median_score|floatformat:"-1" }}{% else %}—{% endif %}</td>
      <td class="num" data-label="Mean">{% if ao.mean_score is not None %}{{ ao.mean_score|floatformat:1 }}{% else %}—{% endif %}</td>
    </tr>
  {% endfor %}"""

BEST_LOOP = """{% for game in best %}
      <tr><td class="num" data-label="Score">{{ game.score }}</td><td data-label="Ancient One"><a href="{{ game.ancient_one.get_absolute_url }}">{{ game.ancient_one }}</a></td>
      <td data-label="Players">{% for player in game.players_at_table %}{% if not forloop.first %}, {% endif %}<a href="{{ player.get_absolute_url }}">{{ player }}</a>{% endfor %}</td>
      <td data-label="Date"><a href="{{ game.get_absolute_url }}">{{ game.played_on|date:"SHORT_DATE_FORMAT" }}</a></td></tr>
    {% empty %}<tr><td colspan="4">No approved victories yet.</td></tr>{% endfor %}"""

LATEST_LOOP = """{% for game in latest %}
      <tr><td data-label="Date"><a href="{{ game.get_absolute_url }}">{{ game.played_on|date:"SHORT_DATE_FORMAT" }}</a></td><td data-label="Ancient One">{{ game.ancient_one }}</td><td data-label="Outcome">{{ game.get_outcome_display }}</td><td class="num" data-label="Score">{{ game.score|default_if_none:"—" }}</td></tr>
    {% empty %}<tr><td colspan="4">No approved games yet.</td></tr>{% endfor %}"""

FIRST_CITIZENS_LOOP = """{% for row in first_citizens %}
      <tr><td data-label="Player"><a href="{{ row.player.get_absolute_url }}">{{ row.player }}</a></td><td class="num" data-label="Titles">{{ row.first_citizen_titles }}</td></tr>
    {% empty %}<tr><td colspan="2">No titles yet.</td></tr>{% endfor %}"""

LEADERS_LOOP = """{% for row in season_leaders %}<li><a href="{{ row.player.get_absolute_url }}?season={{ season.slug }}">{{ row.player }}</a>: {{ row.victories }} of {{ row.games }}</li>{% endfor %}"""

ENTRIES_LOOP = """{% for entry in entries %}
    <tr><th scope="row" data-label="Scenario"><a href="{{ entry.scenario.get_absolute_url }}">{{ entry.scenario }}</a></th>
    <td data-label="Series">{% if entry.scenario.series %}<a href="{{ entry.scenario.series.get_absolute_url }}">{{ entry.scenario.series }}</a>{% else %}—{% endif %}</td>
    <td class="num" data-label="Scenario score">{{ entry.scenario_score|default_if_none:"—" }}</td><td class="num" data-label="Rulebook score">{{ entry.score|default_if_none:"—" }}</td>
    <td data-label="Game"><a href="{{ entry.get_absolute_url }}">{{ entry.ancient_one }}, {{ entry.played_on|date:"j M Y" }}</a></td></tr>
  {% empty %}<tr><td colspan="5">No scenario entered yet.</td></tr>{% endfor %}"""

SCENARIOS_LOOP = """{% for scenario in scenarios %}<li><a href="{{ scenario.get_absolute_url }}">{{ scenario }}</a> <span class="muted">— {{ scenario.opens_at|date:"j M" }} to {{ scenario.closes_at|date:"j M Y" }}, {{ scenario.entries }} entr{{ scenario.entries|pluralize:"y,ies" }}</span></li>{% empty %}<li>No scenarios yet.</li>{% endfor %}"""

SEARCH_LOOP = """{% for row in rows %}<li><a href="{{ row.get_absolute_url }}">{{ row.name }}</a>{% if row.occupation %} <span class="muted">{{ row.occupation }}</span>{% endif %}</li>
    {% endfor %}"""


def same(loop: str, tag: str, context: dict) -> None:
    def squeeze(html: str) -> str:
        return re.sub(r">\s+<", "><", html).strip()

    old = Template(loop).render(Context(context))
    new = Template(LOAD + tag).render(Context(context))
    assert squeeze(new) == squeeze(old)


def ancient_one(name="Yig", slug="yig", **record):
    ao = AncientOne(name=name, slug=slug, doom_track=10)
    vars(ao).update(
        dict(games=0, win_pct=None, best_score=None, median_score=None, mean_score=None),
        closed=0,
        sealed=0,
        banished=0,
        defeat=0,
        difficulty=None,
    )
    vars(ao).update(record)
    return ao


ANCIENT_ONES = [
    [],
    [ancient_one()],
    [
        ancient_one(
            "Shudde M'ell <&>",
            "shudde-mell",
            games=7,
            win_pct=100 * 4 / 7,
            best_score=31,
            median_score=18.5,
            mean_score=17.25,
            closed=2,
            sealed=1,
            banished=1,
            defeat=3,
            difficulty=SimpleNamespace(value=19.45, sigma=1.65),
        ),
        ancient_one("Azathoth", "azathoth", games=2, win_pct=50.0, median_score=20.0),
        ancient_one("Yig", "yig", games=1, win_pct=0.0, mean_score=12.0, median_score=12),
    ],
]


@pytest.mark.parametrize("rows", ANCIENT_ONES)
def test_ancient_one_rows(rows):
    same(ANCIENT_ONES_LOOP, "{% ancient_one_rows ancient_ones %}", {"ancient_ones": rows})


def game(pk, *, score, outcome="closed", players=(), day=datetime.date(2026, 3, 7), name="Yig"):
    session = Session(pk=pk, played_on=day, outcome=outcome, score=score)
    session.ancient_one = AncientOne(name=name, slug=re.sub(r"[^a-z]+", "-", name.lower()))
    session.table_players = [Player(name=p, slug=p.lower().replace(" ", "-")) for p in players]
    return session


GAMES = [
    [],
    [game(1, score=31, players=["Ann"])],
    [
        game(2, score=40, players=["Ann <b>", "Bo & Cy", "O'Neil"], name="Shudde M'ell"),
        game(3, score=None, outcome="defeat", day=datetime.date(2025, 12, 31)),
        game(4, score=0, outcome="banished", players=[]),
    ],
]


@pytest.mark.parametrize("games", GAMES)
def test_home_game_rows(games):
    same(BEST_LOOP, "{% best_game_rows best %}", {"best": [g for g in games if g.score]})
    same(LATEST_LOOP, "{% latest_game_rows latest %}", {"latest": games})


STANDINGS = [
    [],
    [SimpleNamespace(player=Player(name="Ann", slug="ann"), first_citizen_titles=3)],
    [
        SimpleNamespace(player=Player(name="Bo <i>", slug="bo"), first_citizen_titles=12),
        SimpleNamespace(player=Player(name="Cy's", slug="cy"), first_citizen_titles=1),
    ],
]


@pytest.mark.parametrize("rows", STANDINGS)
def test_first_citizens_and_season_leaders(rows):
    same(FIRST_CITIZENS_LOOP, "{% first_citizen_rows first_citizens %}", {"first_citizens": rows})
    leaders = [SimpleNamespace(player=row.player, victories=2, games=5) for row in rows]
    season = SimpleNamespace(slug="autumn-2026")
    same(
        LEADERS_LOOP,
        "{% season_leader_items season_leaders season %}",
        {"season_leaders": leaders, "season": season},
    )


def entry(pk, *, series, scenario_score, score, name="Scenario 1: Yig"):
    session = game(pk, score=score, name="Yig")
    session.scenario_score = scenario_score
    session.scenario = Scenario(name=name, slug=f"s-{pk}", series=series)
    return session


SERIES = Series(name="League <night>", slug="league-night")


@pytest.mark.parametrize(
    "entries",
    [
        [],
        [entry(1, series=SERIES, scenario_score=29, score=27)],
        [
            entry(2, series=None, scenario_score=None, score=None, name="Open & shut"),
            entry(3, series=SERIES, scenario_score=0, score=3),
        ],
    ],
)
def test_team_entry_rows(entries):
    same(ENTRIES_LOOP, "{% team_entry_rows entries %}", {"entries": entries})


def scenario(slug, entries, name="Scenario 1: Yig"):
    opens = timezone.make_aware(datetime.datetime(2026, 9, 1, 23, 30))
    row = Scenario(name=name, slug=slug, opens_at=opens, closes_at=opens + datetime.timedelta(9))
    row.entries = entries
    return row


@pytest.mark.parametrize(
    "scenarios",
    [[], [scenario("one", 1)], [scenario("none", 0, "Ghosts & <ghouls>"), scenario("two", 2)]],
)
def test_series_scenario_items(scenarios):
    same(SCENARIOS_LOOP, "{% series_scenario_items scenarios %}", {"scenarios": scenarios})


@pytest.mark.parametrize(
    "rows",
    [
        [],
        [Player(name="Ann <b>", slug="ann")],
        [
            Investigator(name="Darrell Simmons", slug="darrell", occupation="The Photographer"),
            Investigator(name="Kate", slug="kate", occupation=""),
            Team(name="Cy's & co", slug="cys"),
        ],
    ],
)
def test_search_result_items(rows):
    same(SEARCH_LOOP, "{% search_result_items rows %}", {"rows": rows})
