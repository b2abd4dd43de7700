"""The result form helps a newcomer: terror starts at 0, an error summary linking each field."""

import pytest

from tests.addresses import reverse
from tests.factories import UserFactory, result_form_data

pytestmark = pytest.mark.django_db

NEW = reverse("games:new")


@pytest.fixture
def user(client):
    user = UserFactory()
    client.force_login(user)
    return user


def test_the_terror_level_starts_at_zero(client, user):
    html = client.get(NEW).content.decode()
    assert 'name="terror_level" value="0"' in html


def test_the_error_summary_links_to_every_field_with_an_error(client, user):
    seats = [
        {"player_name": "Ann", "investigator": "Amanda Sharpe", "unpaid_loans": 2},
        {"player_name": "Bob", "investigator": "Amanda Sharpe"},
    ]
    data = result_form_data(outcome="closed", terror_level=11, seats=seats)
    html = client.post(NEW, data).content.decode()
    summary = html[
        html.index('id="form-errors"') : html.index("</ul>", html.index('id="form-errors"'))
    ]
    assert 'href="#id_terror_level">Terror level at the end:' in summary
    assert 'href="#id_seats-0-unpaid_loans">Seat 1 · Unpaid Bank Loans:' in summary
    assert 'href="#id_seats-1-investigator">Seat 2 · Investigator:' in summary
    assert 'tabindex="-1"' in summary


def test_an_outcome_error_links_to_the_first_radio(client, user):
    data = result_form_data(outcome="")
    html = client.post(NEW, data).content.decode()
    assert 'href="#id_outcome_0">How did the game end? ' in html
    assert 'id="id_outcome_0"' in html
