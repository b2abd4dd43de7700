"""Scenario tasks with a checked condition (ruling 11): the author sets it in the admin,
the scenario page says it, and the result form, the import and the write path refuse a
game that claims the task while its recorded result breaks it. Free-text tasks do not."""

import pytest
from django.core.exceptions import ValidationError

from games.models import AncientOne, ScenarioTask, Session
from tests.addresses import reverse
from tests.factories import (
    PlayerFactory,
    UserFactory,
    first_league,
    game,
    result_form_data,
    scenario,
    seat,
)
from tests.test_admin import session_post
from tests.test_import import messages, rows_of, run

pytestmark = pytest.mark.django_db

NEW = reverse("games:new")
PREVIEW = reverse("games:preview")
TERROR_TASK = "End with the terror level at 3 or less"
REFUSAL = f"“{TERROR_TASK}” needs terror level 3 or less; this game ended at 6."


@pytest.fixture
def user(client):
    user = UserFactory(username="ann")
    PlayerFactory(name="Ann", user=user)
    client.force_login(user)
    return user


@pytest.fixture
def stars():
    made = scenario("The Stars Are Right", tasks=(TERROR_TASK, "Tell a good story"))
    made.tasks.filter(text=TERROR_TASK).update(condition="terror-at-most", condition_number=3)
    return made


def task(stars, text=TERROR_TASK) -> ScenarioTask:
    return stars.tasks.get(text=text)


def test_a_claimed_task_whose_condition_fails_is_refused_next_to_the_tasks(client, user, stars):
    data = result_form_data(
        scenario=stars.pk, tasks_done=[task(stars).pk], terror_level=6, location="Club night"
    )
    response = client.post(NEW, data)
    assert response.status_code == 200
    form = response.context["form"]
    assert form.errors["tasks_done"] == [REFUSAL]
    assert Session.objects.count() == 0
    # What was typed stays: the terror level, the ticked task, the rest.
    assert str(form["terror_level"].value()) == "6"
    assert form["tasks_done"].value() == [str(task(stars).pk)]
    assert form["location"].value() == "Club night"
    html = response.content.decode()
    tasks_field = html[html.index('id="scenario-tasks"') :]
    tasks_field = tasks_field[: tasks_field.index("</fieldset>\n\n")]
    assert "needs terror level 3 or less; this game ended at 6." in tasks_field
    checkbox = html[html.index(f'name="tasks_done" value="{task(stars).pk}"') :].split(">")[0]
    assert " checked" in checkbox
    # The form says which tasks are checked before anyone saves.
    assert f'{TERROR_TASK} <span class="help">(checked: terror level 3 or less)</span>' in html


def test_the_same_game_within_the_condition_is_saved_with_the_task(client, user, stars):
    data = result_form_data(scenario=stars.pk, tasks_done=[task(stars).pk], terror_level=3)
    assert client.post(NEW, data).status_code == 302
    saved = Session.objects.get()
    assert saved.tasks_completed == 1 and saved.scenario_score == saved.score + 1


def test_a_free_text_task_is_taken_at_the_players_word(client, user, stars):
    data = result_form_data(
        scenario=stars.pk, tasks_done=[task(stars, "Tell a good story").pk], terror_level=6
    )
    assert client.post(NEW, data).status_code == 302
    assert Session.objects.get().tasks_completed == 1


def test_the_condition_is_not_checked_when_the_task_is_not_claimed(client, user, stars):
    data = result_form_data(scenario=stars.pk, tasks_done=[], terror_level=6)
    assert client.post(NEW, data).status_code == 302


def test_the_preview_says_why_before_saving(client, user, stars):
    data = result_form_data(scenario=stars.pk, tasks_done=[task(stars).pk], terror_level=6)
    preview = client.post(PREVIEW, data).context["preview"]
    assert any(REFUSAL in problem for problem in preview.problems), preview.problems


def test_conditions_read_the_seats_too(client, user):
    table = scenario("Nobody eaten", tasks=("Lose nobody",))
    table.tasks.update(condition="no-seat-devoured")
    seats = [
        {"player_name": "Ann", "investigator": "Amanda Sharpe", "gate_trophies": 1},
        {"player_name": "Bob", "investigator": "Bob Jenkins", "ended": "devoured"},
    ]
    data = result_form_data(scenario=table.pk, tasks_done=[table.tasks.get().pk], seats=seats)
    response = client.post(NEW, data)
    assert response.context["form"].errors["tasks_done"] == [
        "“Lose nobody” needs no seat devoured; this game had 1 devoured."
    ]


def test_the_write_path_refuses_it_too(stars):
    with pytest.raises(ValidationError) as error:
        game(scenario=stars, tasks=[task(stars)], terror_level=6, seats=[seat(gate_trophies=1)])
    assert error.value.message_dict["tasks_done"] == [REFUSAL]
    assert Session.objects.count() == 0


def test_the_import_refuses_it_with_the_same_message(stars):
    report = run(
        rows_of(
            Scenario=stars.name,
            Tasks=TERROR_TASK,
            **{"Terror level": "6", "Submitted at": "2026-01-10T21:00:00+00:00"},
        )
    )
    assert not report.written and Session.objects.count() == 0
    assert (2, "Tasks", REFUSAL) in messages(report), messages(report)


def test_the_import_accepts_the_game_within_the_condition(stars):
    report = run(
        rows_of(
            Scenario=stars.name,
            Tasks=TERROR_TASK,
            **{"Terror level": "3", "Submitted at": "2026-01-10T21:00:00+00:00"},
        )
    )
    assert report.ok and report.created == 1, messages(report)


def test_the_scenario_page_states_the_condition_in_words(client, stars):
    html = client.get(stars.get_absolute_url()).content.decode()
    assert TERROR_TASK in html
    assert "Checked: terror level 3 or less" in html
    free = html[html.index("Tell a good story") :].split("</li>")[0]
    assert "Checked" not in free


def test_the_rules_page_says_conditions_are_checked(client):
    html = client.get(reverse("league:rules")).content.decode()
    assert "condition" in html and "checked" in html


def test_a_task_needs_its_number_exactly_when_the_condition_has_one(stars):
    bad = [
        ScenarioTask(scenario=stars, text="t", condition="terror-at-most"),
        ScenarioTask(scenario=stars, text="t", condition="terror-at-most", condition_number=11),
        ScenarioTask(scenario=stars, text="t", condition="no-seat-devoured", condition_number=1),
        ScenarioTask(scenario=stars, text="t", condition_number=2),
    ]
    for candidate in bad:
        with pytest.raises(ValidationError) as error:
            candidate.full_clean()
        assert "condition_number" in error.value.message_dict
    ScenarioTask(scenario=stars, text="t", condition="no-seat-devoured").full_clean()
    ScenarioTask(scenario=stars, text="t").full_clean()


def admin_scenario_data(**task):
    return {
        "league": first_league().pk,
        "name": "Keep calm",
        "slug": "keep-calm",
        "order": 1,
        "briefing": "",
        "ancient_ones": [AncientOne.objects.get(name="Cthulhu").pk],
        "boxes_required": [],
        "boxes_allowed": [],
        "investigators_min": 2,
        "investigators_max": 8,
        "opens_at_0": "2026-03-01",
        "opens_at_1": "18:00",
        "closes_at_0": "2026-03-15",
        "closes_at_1": "18:00",
        "tasks-TOTAL_FORMS": 1,
        "tasks-INITIAL_FORMS": 0,
        "tasks-0-order": 1,
        "tasks-0-text": TERROR_TASK,
        **{f"tasks-0-{name}": value for name, value in task.items()},
    }


def test_the_admin_sets_a_condition_on_the_task_inline_and_checks_its_number(client):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    url = reverse("admin:games_scenario_add")
    html = client.get(url).content.decode()
    assert "Terror level N or less" in html
    assert "taken at the players&#x27; word" in html  # the condition's help text
    response = client.post(url, admin_scenario_data(condition="terror-at-most"))
    assert response.status_code == 200
    assert "This condition needs a number N." in response.content.decode()
    assert not ScenarioTask.objects.exists()
    response = client.post(url, admin_scenario_data(condition="terror-at-most", condition_number=3))
    assert response.status_code == 302
    saved = ScenarioTask.objects.get()
    assert (saved.condition, saved.condition_number) == ("terror-at-most", 3)
    assert saved.condition_words == "terror level 3 or less"


def test_the_admins_game_page_refuses_it_too(client, stars):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    data = session_post(
        seats=[{"investigator": "Amanda Sharpe"}, {"investigator": "Bob Jenkins"}],
        scenario=stars.pk,
        tasks_done=[task(stars).pk],
        terror_level=6,
        played_on="2026-01-10",
    )
    url = reverse("admin:games_session_add")
    response = client.post(url, data)
    assert response.status_code == 200
    assert REFUSAL in response.content.decode()
    assert Session.objects.count() == 0
    response = client.post(url, {**data, "terror_level": 3})
    assert response.status_code == 302
    assert Session.objects.get().tasks_completed == 1
