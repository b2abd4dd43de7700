"""Sessions and seats: stored scores, validation on every write path, CHECK constraints."""

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.db import IntegrityError, transaction

from games.models import AncientOne, Seat, Session
from tests.factories import game, seat

pytestmark = pytest.mark.django_db


def test_catalog_is_complete_after_migrate(catalog):
    assert len(catalog["ancient_ones"]) == 25
    assert catalog["ancient_ones"]["Azathoth"].doom_track == 14
    assert catalog["ancient_ones"]["Yig"].doom_track == 10
    assert catalog["ancient_ones"]["Daoloth"].box.name == "Promotional"
    assert len(catalog["investigators"]) == 49
    assert len(catalog["boxes"]) == 10


def test_victory_score_is_stored_from_the_seats():
    session = game(
        ancient_one="Hastur",
        outcome="closed",
        terror_level=3,
        elder_signs_played=1,
        seats=[
            seat("Ann", "Amanda Sharpe", gate_trophies=2, monster_trophies=2),
            seat("Bob", "Bob Jenkins", gate_trophies=1, monster_trophies=2, unpaid_loans=1),
            seat("Cy", "Vincent Lee", ended="devoured"),
        ],
    )
    session.refresh_from_db()
    # 13 - 3 - 1 loan - 1 elder sign + 3 gates + 4//3 monsters + 2 survivors
    assert session.score == 13 - 3 - 1 - 1 + 3 + 1 + 2
    assert (session.investigator_count, session.survivors, session.gate_trophies) == (3, 2, 3)
    assert sum(term.points for term in session.breakdown()) == session.score
    assert {s.player.name for s in session.seats.filter(first_citizen=True)} == {"Ann"}


def test_defeat_has_no_score_and_no_first_citizen():
    session = game(outcome="defeat", defeat_cause="devoured")
    session.refresh_from_db()
    assert session.score is None
    assert not session.seats.filter(first_citizen=True).exists()


def test_zero_is_a_real_score():
    # Yig's 10, terror 10, one elder sign played, one survivor: 10 - 10 - 1 + 1.
    session = game(
        ancient_one="Yig",
        terror_level=10,
        elder_signs_played=1,
        seats=[seat("Ann", "Amanda Sharpe")],
    )
    session.refresh_from_db()
    assert session.score == 0


@pytest.mark.parametrize(
    ("fields", "field", "fragment"),
    [
        ({"terror_level": 11}, "terror_level", "10"),
        ({"outcome": "sealed", "elder_sign_tokens": 5}, "elder_sign_tokens", "6 or more"),
        ({"outcome": "banished", "ancient_one": "Azathoth"}, "outcome", "cannot be banished"),
        ({"outcome": "defeat"}, "defeat_cause", "Say how"),
        ({"outcome": "sealed", "defeat_cause": "devoured"}, "defeat_cause", "Only a defeat"),
        ({"outcome": "defeat", "defeat_cause": "azathoth"}, "defeat_cause", "Only Azathoth"),
        ({"outcome": "defeat", "defeat_cause": "act-iii"}, "defeat_cause", "Act III"),
        ({"played_on": datetime.date.today() + datetime.timedelta(days=2)}, "played_on", "future"),
    ],
)
def test_a_broken_rule_is_refused_with_a_clear_message_and_no_rows(fields, field, fragment):
    fields = {"outcome": "sealed", "elder_sign_tokens": 6, **fields}
    with pytest.raises(ValidationError) as caught:
        game(**fields)
    assert any(fragment in message for message in caught.value.message_dict[field])
    assert Session.objects.count() == 0
    assert Seat.objects.count() == 0


def test_closing_the_gates_needs_a_gate_trophy_per_investigator():
    with pytest.raises(ValidationError, match="Closing the gates needs"):
        game(
            outcome="closed",
            seats=[seat("Ann", "Amanda Sharpe", gate_trophies=1), seat("Bob", "Bob Jenkins")],
        )
    assert Session.objects.count() == Seat.objects.count() == 0


@pytest.mark.parametrize(
    ("seats", "fragment"),
    [
        ([], "between 1 and 8"),
        ([{"unpaid_loans": 2}], "at most one Bank Loan"),
    ],
)
def test_table_rules_are_refused(seats, fragment):
    with pytest.raises(ValidationError, match=fragment):
        game(seats=[seat("Ann", "Amanda Sharpe", **fields) for fields in seats])
    assert Session.objects.count() == 0


def test_orm_create_with_out_of_range_terror_is_refused():
    with pytest.raises(ValidationError, match="terror"):
        Session.objects.create(
            ancient_one=AncientOne.objects.get(name="Cthulhu"),
            played_on=datetime.date(2026, 1, 1),
            outcome="sealed",
            elder_sign_tokens=6,
            terror_level=12,
        )
    assert Session.objects.count() == 0


def test_a_seat_that_breaks_the_table_is_refused_and_rolled_back():
    session = game(outcome="closed", seats=[seat("Ann", "Amanda Sharpe", gate_trophies=1)])
    extra = seat("Bob", "Bob Jenkins")
    extra.session = session
    with pytest.raises(ValidationError, match="Closing the gates needs"):
        extra.save()
    assert session.seats.count() == 1
    session.refresh_from_db()
    assert session.investigator_count == 1


def test_the_same_investigator_twice_is_refused():
    with pytest.raises(ValidationError, match="same investigator"):
        game(seats=[seat("Ann", "Amanda Sharpe"), seat("Bob", "Amanda Sharpe")])
    assert Session.objects.count() == 0


def test_saving_a_seat_rescores_its_game():
    session = game(seats=[seat("Ann", "Amanda Sharpe")])
    before = session.score
    only = session.seats.get()
    only.gate_trophies = 4
    only.save()
    session.refresh_from_db()
    assert session.score == before + 4


@pytest.mark.parametrize(
    ("update", "model"),
    [
        ({"terror_level": 11}, Session),
        ({"elder_sign_tokens": 2}, Session),  # sealed needs 6
        ({"score": None}, Session),  # a victory has a score
        ({"defeat_cause": "devoured"}, Session),  # only a defeat has a cause
        ({"investigator_count": 9}, Session),
        ({"gate_trophies": 0, "outcome": "closed"}, Session),
        ({"unpaid_loans": 2}, Seat),
        ({"gate_trophies": -1}, Seat),
    ],
)
def test_database_checks_refuse_bad_rows_from_any_path(update, model):
    game(seats=[seat("Ann", "Amanda Sharpe"), seat("Bob", "Bob Jenkins")])
    with pytest.raises(IntegrityError), transaction.atomic():
        model.objects.update(**update)


def test_recompute_scores_after_a_doom_track_fix():
    session = game(ancient_one="Yig")
    before = session.score
    AncientOne.objects.filter(name="Yig").update(doom_track=11)
    call_command("recompute_scores", verbosity=0)
    session.refresh_from_db()
    assert session.score == before + 1


def test_a_players_first_seat_is_kept_through_edits():
    session = game(
        seats=[
            seat("Ann", "Amanda Sharpe"),
            seat("Bob", "Bob Jenkins"),
            seat("Ann", "Vincent Lee"),
        ]
    )
    flags = dict(session.seats.values_list("investigator__name", "players_first_seat"))
    assert flags == {"Amanda Sharpe": True, "Bob Jenkins": True, "Vincent Lee": False}
    session.seats.get(investigator__name="Amanda Sharpe").delete()
    assert session.seats.get(investigator__name="Vincent Lee").players_first_seat


def test_validating_a_game_asks_the_database_nothing_of_its_check_constraints(
    django_assert_num_queries,
):
    """clean() states each check constraint's condition; the database enforces them on write."""
    session = game()
    session.elder_sign_tokens = 5
    with django_assert_num_queries(0):
        session.validate_constraints()
    with pytest.raises(ValidationError) as refused:
        session.full_clean()
    assert "elder_sign_tokens" in refused.value.message_dict
    with pytest.raises(IntegrityError), transaction.atomic():
        Session.objects.filter(pk=session.pk).update(elder_sign_tokens=5)


def test_a_seat_is_validated_without_a_query_for_its_loan_check(django_assert_num_queries):
    """The loan check is clean()'s; the unique constraint still asks the database."""
    with pytest.raises(ValidationError) as refused:
        Seat(unpaid_loans=2, replaced=0).clean()
    assert "unpaid_loans" in refused.value.message_dict
    Seat(unpaid_loans=2, replaced=1).clean()
    session = game(seats=[seat("Ann", "Amanda Sharpe")])
    twin = session.seats.get()
    twin.pk = None
    with django_assert_num_queries(1), pytest.raises(ValidationError, match="twice"):
        twin.validate_constraints()
