"""League tables write their rows from a column plan (``league.pages.cells``): every cell
must read as django-tables2's own per-cell path wrote it, links included, on every table
page, while a page of rows costs no ``reverse()`` per row."""

import django_tables2 as tables
import pytest
from django.template import Context
from django.template.base import render_value_in_context
from django.urls import reverse

from games.models import AncientOne, Investigator, Player, Scenario, Series, Session, Team
from league.pages.cells import ColumnPlan, Links
from league.pages.tables import LeagueTable, link_to
from tests.factories import demo_league, game, seat

pytestmark = pytest.mark.django_db

# Each table page and the context names of its tables.
PAGES = [
    ("league:leaderboard", None, ["table"]),
    ("league:standings", None, ["table"]),
    ("league:teams", None, ["table"]),
    ("league:investigators", None, ["table"]),
    ("league:player", Player, ["table"]),
    ("league:team", Team, ["table"]),
    ("league:scenario", Scenario, ["table"]),
    ("league:series", Series, ["team_table", "player_table"]),
    ("league:ancient_one", AncientOne, ["top_games"]),
    (
        "league:investigator",
        Investigator,
        ["by_ancient_one", "by_table_size", "players", "best_games"],
    ),
]


def stock_cell(plan: ColumnPlan, row, context) -> str:
    """The cell as django-tables2's template wrote it: its ``get_cell``, then ``{{ cell }}``."""
    return f"{plan.open}{render_value_in_context(row.get_cell(plan.name), context)}</td>"


def busiest(model):
    if model is Player:
        return Player.objects.listed().order_by("-seats__id").first()
    if model is Investigator:
        return Investigator.objects.filter(seats__isnull=False).order_by("-seats__id").first()
    if model is Scenario:
        return Scenario.objects.filter(sessions__is_entry=True).order_by("-sessions__id").first()
    if model is AncientOne:  # one with a scored victory, so its best games have rows
        return Session.objects.filter(status="approved", score__isnull=False).first().ancient_one
    return model.objects.order_by("pk").first()


@pytest.mark.parametrize(("route", "model", "names"), PAGES)
def test_every_cell_reads_as_django_tables2_wrote_it(client, route, model, names):
    demo_league(40, seed=7)
    url = reverse(route, kwargs={"slug": busiest(model).slug} if model else None)
    response = client.get(url)
    assert response.status_code == 200
    context = Context()
    checked = 0
    for name in names:
        table = response.context[name]
        assert isinstance(table, LeagueTable)
        plans = [ColumnPlan(table, column, Links()) for column in table.columns]
        for row in table.paginated_rows:
            for plan in plans:
                assert plan.cell(row, context) == stock_cell(plan, row, context), plan.name
                checked += 1
    assert checked > 0


def test_a_page_of_rows_reverses_each_kind_of_address_once(client, monkeypatch):
    """193 reverse() calls on one leaderboard page were a fifth of it: now one per kind."""
    for number in range(30):
        game(seats=[seat(f"Player {number}", "Amanda Sharpe"), seat("Ann", "Bob Jenkins")])
    import games.models.players as players_module

    calls = []
    real = players_module.reverse
    monkeypatch.setattr(players_module, "reverse", lambda *a, **k: calls.append(a) or real(*a, **k))
    html = client.get(reverse("league:leaderboard")).content.decode()
    assert html.count('href="/players/player-') == 25  # one page of 25 rows
    assert len(calls) <= 1


@pytest.mark.parametrize(
    "name", ["ann-armitage", "李雷", "o-brien", "x&y"], ids=["ascii", "han", "dash", "amp"]
)
def test_an_address_from_the_slug_is_the_one_reverse_gives(name):
    player = Player(name=name, slug=name)
    assert Links().url(player) == player.get_absolute_url()


def test_addresses_by_id_and_by_slug_for_every_linked_kind():
    demo_league(10, seed=2)
    links = Links()
    for target in (
        Session.objects.first(),
        Team.objects.first(),
        AncientOne.objects.first(),
        Investigator.objects.first(),
        Scenario.objects.first(),
    ):
        assert links.url(target) == target.get_absolute_url()
    assert links.url(None) is None


class Unusual(LeagueTable):
    """Columns the plan leaves to django-tables2: a template, attributes from the record."""

    name = tables.Column(attrs={"td": {"data-score": lambda record: record.pk}})
    shout = tables.TemplateColumn("{{ record.name|upper }}!", accessor="pk")
    page = tables.Column(accessor="pk", linkify=link_to(), orderable=False)

    class Meta(LeagueTable.Meta):
        orderable = False
        empty_text = "Nobody <yet>."


def test_columns_the_plan_does_not_know_still_render_as_django_tables2_does():
    game(seats=[seat("Ann", "Amanda Sharpe")])
    table = Unusual(Player.objects.order_by("pk"))
    html = table.body_html()
    player = Player.objects.get()
    assert f'data-score="{player.pk}"' in html and "ANN!" in html
    assert f'<a href="{player.get_absolute_url()}">{player.pk}</a>' in html
    assert html.startswith('<tr class="even">')


def test_an_empty_table_says_so_across_its_columns():
    html = Unusual(Player.objects.none()).body_html()
    assert html == '<tr><td colspan="3">Nobody &lt;yet&gt;.</td></tr>'
