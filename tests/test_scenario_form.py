"""The result form with a scenario: every scenario rule refused next to its field, input kept."""

import datetime

import pytest
from django.utils import timezone

from games.models import AncientOne, Box, Herald, Session
from tests.addresses import reverse
from tests.factories import PlayerFactory, TeamFactory, UserFactory, result_form_data, scenario

pytestmark = pytest.mark.django_db

NEW = reverse("games:new")
PREVIEW = reverse("games:preview")


@pytest.fixture
def user(client):
    user = UserFactory(username="ann")
    PlayerFactory(name="Ann", user=user)
    client.force_login(user)
    return user


@pytest.fixture
def stars():
    return scenario("The Stars Are Right", required=("Arkham Horror",))


def scenario_data(stars, **fields):
    tasks = fields.pop("tasks", list(stars.tasks.values_list("pk", flat=True)[:2]))
    return result_form_data(scenario=stars.pk, tasks_done=tasks, **fields)


def test_the_form_offers_open_scenarios_with_their_rules_as_data(client, user, stars):
    scenario("Not yet", opens_at=timezone.now() + datetime.timedelta(days=3))
    scenario(
        "Long gone",
        opens_at=timezone.now() - datetime.timedelta(days=30),
        closes_at=timezone.now() - datetime.timedelta(days=10),
    )
    response = client.get(NEW)
    html = response.content.decode()
    offered = list(response.context["form"].fields["scenario"].queryset)
    assert offered == [stars]
    cthulhu = AncientOne.objects.get(name="Cthulhu")
    assert f'data-ancient-ones="{cthulhu.pk}"' in html
    assert 'data-investigators="2-8"' in html
    # Every offered scenario's tasks are rendered, grouped, for the script to show.
    assert f'data-scenario-tasks="{stars.pk}"' in html
    assert "Close the Unvisited Isle" in html
    assert "<script>" not in html and "style=" not in html


def test_a_scenario_game_as_a_team_is_saved_with_its_scenario_score(client, user, stars):
    team = TeamFactory(name="Night Owls", members=["Ann", "Bob"])
    response = client.post(NEW, scenario_data(stars, team=team.pk, terror_level=3))
    assert response.status_code == 302
    game = Session.objects.get()
    assert (game.scenario, game.team, game.tasks_completed) == (stars, team, 2)
    assert game.scenario_score == game.score + 2
    assert game.entry_key == f"t{team.pk}"
    # Auto-approval is off, so the pending game is not an entry yet.
    assert game.is_entry is False


def test_only_the_submitters_teams_are_offered(client, user, stars):
    mine = TeamFactory(name="Night Owls", members=["Ann"])
    other = TeamFactory(name="Strangers", members=["Zed"])
    response = client.get(NEW)
    assert list(response.context["form"].fields["team"].queryset) == [mine]
    response = client.post(NEW, scenario_data(stars, team=other.pk))
    assert response.status_code == 200
    assert response.context["form"].errors["team"]
    assert Session.objects.count() == 0


def assert_refused_next_to(response, field, text):
    assert response.status_code == 200
    form = response.context["form"]
    messages = form.errors.get(field) if field else response.context["seats"].non_form_errors()
    assert messages, form.errors
    assert any(text in message for message in messages)
    assert Session.objects.count() == 0


def test_another_ancient_one_is_refused_and_input_kept(client, user, stars):
    response = client.post(NEW, scenario_data(stars, ancient_one="Yig", location="Club night"))
    assert_refused_next_to(response, "ancient_one", "played against Cthulhu, not Yig")
    form = response.context["form"]
    assert form["location"].value() == "Club night"
    assert str(form["scenario"].value()) == str(stars.pk)
    assert len(form["tasks_done"].value()) == 2
    html = response.content.decode()
    assert 'value="Club night"' in html


def test_a_box_not_allowed_is_refused(client, user, stars):
    response = client.post(NEW, scenario_data(stars, boxes=("Arkham Horror", "Kingsport Horror")))
    assert_refused_next_to(response, "boxes", "does not allow Kingsport Horror")


def test_a_required_box_missing_is_refused(client, user):
    dunwich = scenario("Dunwich calls", required=("Arkham Horror", "Dunwich Horror"))
    response = client.post(NEW, scenario_data(dunwich))
    assert_refused_next_to(response, "boxes", "needs Dunwich Horror in play")


def test_the_scenarios_herald_is_required(client, user):
    herald = Herald.objects.select_related("box").first()
    heralded = scenario(
        "Heralded",
        required=("Arkham Horror", herald.box.name),
        allowed=("Arkham Horror", herald.box.name),
        herald=herald.name,
    )
    boxes = ("Arkham Horror", herald.box.name)
    response = client.post(NEW, scenario_data(heralded, boxes=boxes))
    assert_refused_next_to(response, "herald", f"with {herald.name} as herald")
    response = client.post(NEW, scenario_data(heralded, boxes=boxes, herald=herald.pk))
    assert response.status_code == 302


def test_too_few_investigators_are_refused(client, user):
    table = scenario("Big table", investigators_min=3)
    response = client.post(NEW, scenario_data(table))
    assert_refused_next_to(response, None, "played by 3 to 8 investigators: 2 recorded")


def test_too_many_investigators_are_refused(client, user):
    small = scenario("Small table", investigators_max=2)
    seats = [
        {"player_name": "Ann", "investigator": "Amanda Sharpe", "gate_trophies": 1},
        {"player_name": "Bob", "investigator": "Bob Jenkins"},
        {"player_name": "Cid", "investigator": "Darrell Simmons"},
    ]
    response = client.post(NEW, scenario_data(small, seats=seats))
    assert_refused_next_to(response, None, "played by 2 to 2 investigators: 3 recorded")


def test_a_game_played_before_the_scenario_opened_is_refused(client, user, stars):
    response = client.post(NEW, scenario_data(stars, played_on="2025-12-31"))
    assert_refused_next_to(response, "played_on", "a game played before cannot enter it")


def test_a_closed_scenario_refuses_games(client, user, stars):
    # It was open when the form was sent, and closed before it was checked.
    stars.closes_at = timezone.now() - datetime.timedelta(seconds=1)
    stars.save()
    response = client.post(NEW, scenario_data(stars, tasks=[]))
    assert response.status_code == 200
    assert response.context["form"].errors["scenario"]  # no longer offered
    assert Session.objects.count() == 0


def test_submitted_after_close_is_refused_by_the_rule_check(user, stars):
    """The write path itself refuses a game submitted after the scenario closed."""
    from django.core.exceptions import ValidationError

    from tests.factories import game

    with pytest.raises(ValidationError) as error:
        game(
            scenario=stars,
            played_on=datetime.date(2026, 2, 1),
            created_at=stars.closes_at + datetime.timedelta(minutes=1),
        )
    assert "closed on" in error.value.message_dict["scenario"][0]


def test_tasks_of_another_scenario_are_refused(client, user, stars):
    other = scenario("Other", tasks=("Other task",))
    response = client.post(NEW, scenario_data(stars, tasks=[other.tasks.get().pk]))
    assert_refused_next_to(response, "tasks_done", "not part of the chosen scenario")


def test_tasks_without_a_scenario_are_refused(client, user, stars):
    data = result_form_data(tasks_done=[stars.tasks.first().pk])
    response = client.post(NEW, data)
    assert_refused_next_to(response, "tasks_done", "choose the scenario")


def test_the_preview_shows_tasks_and_the_scenario_score(client, user, stars):
    response = client.post(PREVIEW, scenario_data(stars, terror_level=2))
    preview = response.context["preview"]
    # Cthulhu 13 - terror 2 + 1 gate trophy + 2 survivors = 14; two tasks: 16.
    assert (preview.score, preview.tasks_completed, preview.scenario_score) == (14, 2, 16)
    html = response.content.decode()
    assert "Tasks completed (+1 each)" in html
    assert 'data-testid="preview-scenario-score">16<' in html


def test_the_preview_of_a_defeat_has_no_scenario_score(client, user, stars):
    data = scenario_data(stars, outcome="defeat", defeat_cause="devoured")
    preview = client.post(PREVIEW, data).context["preview"]
    assert preview.ready and not preview.is_victory
    assert preview.scenario_score is None


def test_editing_keeps_the_scenario_offered_and_its_box_rules(client, user, stars):
    Box.objects.get(name="Dunwich Horror")
    client.post(NEW, scenario_data(stars))
    game = Session.objects.get()
    response = client.get(reverse("games:edit", args=[game.pk]))
    assert str(response.context["form"]["scenario"].value()) == str(stars.pk)
