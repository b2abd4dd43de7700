"""Organisers create and edit their league's scenarios and series on the site (issue 32,
item 4): behind the league's organiser role, never another league's, the tasks saved with
their scenario or nothing saved, and the typed values kept when something is refused."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import AncientOne, Box, Herald, Scenario, Series
from tests.addresses import reverse
from tests.factories import (
    LeagueFactory,
    SeriesFactory,
    UserFactory,
    first_league,
    game,
    member_of,
    moderator,
    scenario,
)

pytestmark = pytest.mark.django_db

SCENARIOS = reverse("league:organise_scenarios")
NEW = reverse("league:organise_scenario_new")
NEW_SERIES = reverse("league:organise_series_new")


def edit_url(row, league: str = "arkham") -> str:
    name = "league:organise_scenario" if isinstance(row, Scenario) else "league:organise_series"
    return reverse(name, args=[league, row.pk])


def task_rows(*tasks: dict, initial: int = 0) -> dict:
    """The tasks formset's fields: one row per dict (order, text, condition, N)."""
    data = {"tasks-TOTAL_FORMS": len(tasks), "tasks-INITIAL_FORMS": initial}
    for index, task in enumerate(tasks):
        row = {"order": index + 1, "text": "", "condition": "", "condition_number": "", **task}
        data.update({f"tasks-{index}-{name}": value for name, value in row.items()})
    return data


def scenario_data(*tasks: dict, **fields) -> dict:
    base = Box.objects.get(name="Arkham Horror")
    dunwich = Box.objects.get(name="Dunwich Horror")
    return {
        "name": "League session 1",
        "slug": "",
        "series": "",
        "order": 1,
        "briefing": "The stars are right.\nPlay with 2 to 6.",
        "ancient_ones": [AncientOne.objects.get(name="Cthulhu").pk],
        "herald": "",
        "boxes_required": [base.pk],
        "boxes_allowed": [base.pk, dunwich.pk],
        "investigators_min": 2,
        "investigators_max": 6,
        "opens_at": "2026-03-01T18:00",
        "closes_at": "2026-03-15T18:00",
        **task_rows(*tasks),
        **fields,
    }


TWO_TASKS = (
    {"text": "Seal two gates"},
    {"text": "Keep the terror low", "condition": "terror-at-most", "condition_number": 3},
)


@pytest.fixture
def boss(client):
    """An organiser of the first league by their membership alone (no site permission)."""
    user = member_of(UserFactory(username="boss"), first_league(), "organiser")
    client.force_login(user)
    return user


def test_an_organiser_creates_a_scenario_with_two_tasks_then_edits_it(client, boss):
    assert client.get(NEW).status_code == 200
    response = client.post(NEW, scenario_data(*TWO_TASKS))
    assert response.status_code == 302 and response["Location"] == SCENARIOS
    made = Scenario.objects.get()
    assert (made.league, made.slug, made.investigators_max) == (
        first_league(),
        "league-session-1",
        6,
    )
    assert [(t.text, t.condition_words) for t in made.tasks.order_by("order")] == [
        ("Seal two gates", ""),
        ("Keep the terror low", "terror level 3 or less"),
    ]
    assert set(made.boxes_allowed.values_list("name", flat=True)) == {
        "Arkham Horror",
        "Dunwich Horror",
    }
    page = client.get(SCENARIOS).content.decode()
    assert "Scenario “League session 1” saved." in page
    assert "League session 1" in page and edit_url(made) in page

    url = edit_url(made)
    html = client.get(url).content.decode()
    assert 'value="League session 1"' in html and "Seal two gates" in html
    assert 'value="2026-03-01T18:00"' in html  # in the league's time, as it was typed
    first, second = made.tasks.order_by("order")
    data = scenario_data(name="League session 1: Cthulhu", slug="league-session-1")
    data.update(task_rows({"text": "Seal three gates"}, {"text": "", "DELETE": "on"}, initial=2))
    data.update({"tasks-0-id": first.pk, "tasks-1-id": second.pk, "tasks-1-text": second.text})
    response = client.post(url, data)
    assert response.status_code == 302
    made.refresh_from_db()
    assert (made.name, made.slug) == ("League session 1: Cthulhu", "league-session-1")
    assert list(made.tasks.values_list("text", flat=True)) == ["Seal three gates"]


def test_an_organiser_creates_and_edits_a_series_and_files_a_scenario_in_it(client, boss):
    response = client.post(NEW_SERIES, {"name": "Autumn cup", "slug": "", "description": "Four."})
    assert response.status_code == 302
    cup = Series.objects.get()
    assert (cup.league, cup.slug) == (first_league(), "autumn-cup")
    assert client.post(edit_url(cup), {"name": "Autumn cup 2026", "slug": "autumn-cup"})
    cup.refresh_from_db()
    assert cup.name == "Autumn cup 2026"
    assert client.post(NEW, scenario_data(series=cup.pk)).status_code == 302
    assert Scenario.objects.get().series == cup
    assert edit_url(cup) in client.get(SCENARIOS).content.decode()


def posts() -> list[tuple[str, dict]]:
    mine = scenario("The Stars Are Right")
    return [
        (NEW, scenario_data(*TWO_TASKS)),
        (edit_url(mine), scenario_data(name="Changed")),
        (NEW_SERIES, {"name": "Autumn cup"}),
    ]


def test_a_visitor_is_sent_to_sign_in(client):
    for url, data in posts():
        for response in (client.get(url), client.post(url, data)):
            assert response.status_code == 302
            assert response["Location"].startswith(reverse("login"))
    assert Scenario.objects.get().name == "The Stars Are Right"


@pytest.mark.parametrize("who", ["member", "moderator"])
def test_a_member_or_moderator_of_the_league_is_refused(client, who):
    user = member_of(UserFactory(username="ann"), first_league()) if who == "member" else None
    client.force_login(user or moderator())
    for url, data in [(SCENARIOS, {}), *posts()]:
        assert client.get(url).status_code == 403, url
        assert client.post(url, data).status_code == 403, url
    assert list(Scenario.objects.values_list("name", flat=True)) == ["The Stars Are Right"]
    assert not Series.objects.exists()


def test_an_organiser_of_b_cannot_open_or_edit_as_scenario(client):
    theirs = scenario("The Stars Are Right", series=SeriesFactory(name="Winter cup"))
    saturday = LeagueFactory(name="Saturday")
    client.force_login(member_of(UserFactory(username="sam"), saturday, "organiser"))
    for row in (theirs, theirs.series):
        # In B's Organise area A's rows are not found; A's Organise area is closed to them.
        assert client.get(edit_url(row, "saturday")).status_code == 404
        assert client.post(edit_url(row, "saturday"), scenario_data(name="Mine")).status_code == 404
        assert client.get(edit_url(row)).status_code == 403
    theirs.refresh_from_db()
    assert theirs.name == "The Stars Are Right" and theirs.league == first_league()


def refused(client, url: str, data: dict) -> str:
    """The page a refused post answers: 200, the form again, nothing saved."""
    before = Scenario.objects.count()
    response = client.post(url, data)
    assert response.status_code == 200
    assert Scenario.objects.count() == before
    html = response.content.decode()
    assert "The scenario was not saved: see the messages below." in html
    return html


def field_html(html: str, name: str) -> str:
    """The markup of the field ``name``'s block (its div.field), for the message beside it."""
    start = html.rindex('<div class="field', 0, html.index(f'name="{name}"'))
    return html[start : html.index('<div class="field', start + 1)]


def test_closes_before_opens_and_fewest_above_most_are_told_beside_the_fields(client, boss):
    data = scenario_data(
        *TWO_TASKS, closes_at="2026-02-01T18:00", investigators_min=6, investigators_max=3
    )
    html = refused(client, NEW, data)
    assert "A scenario must close after it opens." in field_html(html, "closes_at")
    assert "Investigators run from 1 to 8, minimum first." in field_html(html, "investigators_max")
    # What was typed comes back, the tasks too.
    assert 'value="2026-02-01T18:00"' in html and 'value="League session 1"' in html
    assert 'value="Keep the terror low"' in html and "The stars are right." in html


def test_a_condition_needing_n_without_n_is_told_beside_the_task(client, boss):
    data = scenario_data({"text": "Keep the terror low", "condition": "terror-at-most"})
    html = refused(client, NEW, data)
    assert "This condition needs a number N." in field_html(html, "tasks-0-condition_number")
    assert 'value="Keep the terror low"' in html


def test_more_than_twelve_tasks_are_refused(client, boss):
    data = scenario_data(*({"text": f"Task {n}"} for n in range(13)))
    html = refused(client, NEW, data)
    assert "A scenario has at most 12 tasks." in html
    assert 'value="Task 11"' in html


def test_a_task_a_game_claimed_is_not_removed(client, boss):
    stars = scenario("The Stars Are Right", tasks=("Seal two gates", "No loans"))
    claimed, free = stars.tasks.order_by("order")
    game(scenario=stars, tasks=[claimed])
    rows = task_rows(
        {"text": claimed.text, "DELETE": "on"}, {"text": free.text, "DELETE": "on"}, initial=2
    )
    data = scenario_data(name=stars.name, slug=stars.slug, **rows)
    data.update({"tasks-0-id": claimed.pk, "tasks-1-id": free.pk})
    html = refused(client, edit_url(stars), data)
    assert "Games claimed the task “Seal two gates”: it cannot be removed." in html
    assert stars.tasks.count() == 2
    data["tasks-0-DELETE"] = ""
    assert client.post(edit_url(stars), data).status_code == 302
    assert list(stars.tasks.values_list("text", flat=True)) == ["Seal two gates"]


def test_the_rules_of_the_boxes_are_told_beside_their_fields(client, boss):
    kingsport = Box.objects.get(name="Kingsport Horror")
    hastur = AncientOne.objects.select_related("box").get(name="Hastur")
    base = Box.objects.get(name="Arkham Horror")
    data = scenario_data(
        boxes_required=[base.pk, kingsport.pk],
        boxes_allowed=[base.pk],
        ancient_ones=[hastur.pk],
        herald=Herald.objects.exclude(box=base).first().pk,
    )
    html = refused(client, NEW, data)
    message = "Required boxes must also be allowed: Kingsport Horror."
    assert message in field_html(html, "boxes_allowed")
    if hastur.box != base:
        assert f"Hastur comes with {hastur.box}: allow that box." in html
    assert "comes with" in field_html(html, "herald")


def test_a_name_or_address_taken_in_the_league_is_refused_but_another_league_may_use_it(
    client, boss
):
    scenario("League session 1", slug="session-one")
    html = refused(client, NEW, scenario_data(slug="session-one"))
    assert "A scenario of this league already has this name." in field_html(html, "name")
    assert "A scenario of this league already has this address." in field_html(html, "slug")
    saturday = LeagueFactory(name="Saturday")
    client.force_login(member_of(UserFactory(username="sam"), saturday, "organiser"))
    new_in_b = reverse("league:organise_scenario_new", args=["saturday"])
    assert client.post(new_in_b, scenario_data(slug="session-one")).status_code == 302
    series_in_b = reverse("league:organise_series_new", args=["saturday"])
    SeriesFactory(name="Autumn cup")
    assert client.post(series_in_b, {"name": "Autumn cup"}).status_code == 302
    assert sorted(Scenario.objects.values_list("league__slug", "slug")) == [
        ("arkham", "session-one"),
        ("saturday", "session-one"),
    ]
    assert Series.objects.filter(slug="autumn-cup").count() == 2


def test_the_scenario_list_reads_the_same_queries_for_two_scenarios_or_twenty(
    client, boss, django_assert_num_queries
):
    series = SeriesFactory(name="Winter cup")
    scenario("One", series=series)
    scenario("Two")
    with CaptureQueriesContext(connection) as few:
        assert client.get(SCENARIOS).status_code == 200
    for number in range(18):
        scenario(f"More {number}", series=SeriesFactory(name=f"Cup {number}"))
    with django_assert_num_queries(len(few)):
        html = client.get(SCENARIOS).content.decode()
    assert html.count("/organise/scenarios/") >= 20 and "Cup 17" in html


def test_the_admin_refuses_a_name_taken_in_the_league_only(client):
    client.force_login(UserFactory(username="root", is_staff=True, is_superuser=True))
    scenario("League session 1", slug="session-one")
    saturday = LeagueFactory(name="Saturday")
    data = scenario_data(slug="session-one", league=first_league().pk)
    data.update({"opens_at_0": "2026-03-01", "opens_at_1": "18:00"})
    data.update({"closes_at_0": "2026-03-15", "closes_at_1": "18:00"})
    response = client.post(reverse("admin:games_scenario_add"), data)
    assert response.status_code == 200
    assert "A scenario of this league already has this name." in response.content.decode()
    data["league"] = saturday.pk
    assert client.post(reverse("admin:games_scenario_add"), data).status_code == 302
    assert Scenario.objects.filter(slug="session-one").count() == 2


def test_a_name_another_organiser_saved_meanwhile_comes_back_at_its_field(
    client, boss, monkeypatch
):
    """Between this form's checks and its save another organiser saved the same name: the
    database refuses the save, and the form comes back with the clash at the name field."""
    from league.organise.forms import ScenarioForm

    checked = ScenarioForm.clean

    def clean_then_the_other_saves(form):
        cleaned = checked(form)
        if not Scenario.objects.filter(slug="the-other-one").exists():
            scenario("League session 1", slug="the-other-one")
        return cleaned

    monkeypatch.setattr(ScenarioForm, "clean", clean_then_the_other_saves)
    response = client.post(NEW, scenario_data(*TWO_TASKS))
    assert response.status_code == 200
    assert list(Scenario.objects.values_list("slug", flat=True)) == ["the-other-one"]
    html = response.content.decode()
    assert "A scenario of this league already has this name." in field_html(html, "name")
    assert 'value="Seal two gates"' in html


def test_an_organiser_deletes_a_scenario_no_game_was_entered_for(client, boss):
    from games.models import ScenarioTask

    unplayed = scenario("Unplayed night", tasks=("Seal a gate",))
    delete = reverse("league:organise_scenario_delete", args=[unplayed.pk])
    assert delete in client.get(edit_url(unplayed)).content.decode()
    assert "No game was entered for it." in client.get(delete).content.decode()
    response = client.post(delete)
    assert response["Location"] == SCENARIOS
    assert not Scenario.objects.filter(pk=unplayed.pk).exists()
    assert not ScenarioTask.objects.filter(text="Seal a gate").exists()
    assert "Scenario “Unplayed night” deleted." in client.get(SCENARIOS).content.decode()


def test_a_scenario_games_were_entered_for_stays(client, boss):
    played = scenario("Played night")
    game(scenario=played)
    delete = reverse("league:organise_scenario_delete", args=[played.pk])
    page = client.get(delete).content.decode()
    assert "One game was entered for it" in page and "Delete the scenario" not in page
    response = client.post(delete, follow=True)
    assert response.redirect_chain[-1][0] == edit_url(played)
    assert "Games were entered for “Played night”: it stays." in response.content.decode()
    assert Scenario.objects.filter(pk=played.pk).exists()


@pytest.mark.parametrize("who", ["member", "moderator"])
def test_only_organisers_delete_and_only_their_leagues(client, who):
    unplayed = scenario("Unplayed night")
    delete = reverse("league:organise_scenario_delete", args=[unplayed.pk])
    client.force_login(member_of(UserFactory(username=who), first_league(), who))
    assert client.post(delete).status_code == 403
    saturday = LeagueFactory(name="Saturday")
    client.force_login(member_of(UserFactory(username="sam"), saturday, "organiser"))
    other = reverse("league:organise_scenario_delete", args=["saturday", unplayed.pk])
    assert client.post(other).status_code == 404
    assert Scenario.objects.filter(pk=unplayed.pk).exists()
