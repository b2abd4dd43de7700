"""Hostile seat-row counts (issue table row 5): refused at once, with a clear message.

A page of the site never offers more than eight seat rows, so a larger, negative or
non-numeric ``seats-TOTAL_FORMS`` comes only from a tampered or broken page. It must cost
nothing: no seat form built beyond eight, no page of a thousand rows, nothing saved.
"""

import pytest

from games.forms.seats import SeatFormSet
from games.models import Seat, Session
from tests.addresses import reverse
from tests.budgets import MEMBER_NAV
from tests.factories import UserFactory, result_form_data

pytestmark = pytest.mark.django_db

NEW = reverse("games:new")
PREVIEW = reverse("games:preview")
TOO_MANY = "A game has at most 8 investigators: record at most 8 seats."
UNREADABLE = "The seat rows could not be read"
NINE = [
    "Amanda Sharpe",
    "Bob Jenkins",
    "Vincent Lee",
    "Carolyn Fern",
    "Darrell Simmons",
    "Dexter Drake",
    "Gloria Goldberg",
    "Harvey Walters",
    "Jenny Barnes",
]


@pytest.fixture
def logged_in(client):
    client.force_login(UserFactory())
    return client


def nine_filled_rows() -> dict:
    seats = [{"player_name": f"P{n}", "investigator": name} for n, name in enumerate(NINE)]
    return result_form_data(seats=seats, rows=9)


def test_nine_filled_rows_are_refused_and_nothing_is_saved(logged_in):
    response = logged_in.post(NEW, nine_filled_rows())
    assert response.status_code == 400
    assert TOO_MANY in response.content.decode()
    assert (Session.objects.count(), Seat.objects.count()) == (0, 0)


def test_a_thousand_rows_build_no_form_and_render_no_rows(logged_in, django_assert_max_num_queries):
    data = {**result_form_data(), "seats-TOTAL_FORMS": "1000"}
    # Session, user, the nav's permission check, and nothing per row.
    with django_assert_max_num_queries(4 + MEMBER_NAV):
        response = logged_in.post(NEW, data)
    html = response.content.decode()
    assert response.status_code == 400
    assert TOO_MANY in html
    assert "data-seat" not in html and "seats-8-" not in html
    assert len(response.content) < 20_000
    assert f'href="{NEW}"' in html  # the way back to a fresh form


@pytest.mark.parametrize("count", ["-1", "-1000", "abc", "", "1e3", "9" * 40])
def test_negative_or_non_numeric_row_counts_are_refused(logged_in, count):
    data = {**result_form_data(), "seats-TOTAL_FORMS": count}
    response = logged_in.post(NEW, data)
    html = response.content.decode()
    assert response.status_code == 400
    assert UNREADABLE in html or TOO_MANY in html
    assert Session.objects.count() == 0


@pytest.mark.parametrize("count", ["-5", "x"])
def test_a_negative_or_non_numeric_initial_count_is_refused(logged_in, count):
    data = {**result_form_data(), "seats-INITIAL_FORMS": count}
    response = logged_in.post(NEW, data)
    assert response.status_code == 400
    assert UNREADABLE in response.content.decode()


def test_the_preview_refuses_a_thousand_rows_with_the_same_message(logged_in):
    data = {**result_form_data(), "seats-TOTAL_FORMS": "1000"}
    response = logged_in.post(PREVIEW, data, HTTP_HX_REQUEST="true")
    preview = response.context["preview"]
    assert response.status_code == 200  # htmx swaps the partial in: the message shows
    assert preview.problems == [TOO_MANY] and not preview.ready
    assert TOO_MANY in response.content.decode()


def test_the_formset_never_builds_more_than_eight_forms():
    data = {"seats-TOTAL_FORMS": "1000", "seats-INITIAL_FORMS": "0"}
    seats = SeatFormSet(data, prefix="seats")
    assert len(seats.forms) == 8
    assert not seats.is_valid()
    assert TOO_MANY in seats.non_form_errors()


def test_eight_rows_as_the_page_sends_them_are_still_accepted(logged_in):
    seats = [{"player_name": f"P{n}", "investigator": name} for n, name in enumerate(NINE[:8])]
    response = logged_in.post(NEW, result_form_data(seats=seats, rows=8))
    assert response.status_code == 302
    assert Seat.objects.count() == 8
