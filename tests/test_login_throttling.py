"""Log-in and account throttling (issue table row 7).

django-axes locks a username+address pair after 5 wrong passwords for 15 minutes, on the
site log-in and the admin log-in; signup and password reset are limited per address.
"""

import datetime

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import SESSION_KEY
from django.core import mail

from league.ops.throttle import Limit
from tests.addresses import reverse
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

LOGIN = reverse("login")
ADMIN_LOGIN = reverse("admin:login")
PASSWORD = "correct-horse-battery"  # the factory's
HOME = "198.51.100.7"
ELSEWHERE = "203.0.113.9"


def log_in(client, url=LOGIN, *, password=PASSWORD, username="ann", address=HOME):
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=address)


def fail(client, times, **kwargs):
    for _ in range(times):
        response = log_in(client, password="wrong", **kwargs)
        assert response.status_code in {200, 429}


def logged_in(client) -> bool:
    return SESSION_KEY in client.session


@pytest.fixture
def ann(db):
    return UserFactory(username="ann")


def test_fifty_wrong_passwords_then_the_right_one_is_refused_with_429(client, ann):
    fail(client, 50)
    response = log_in(client)
    html = response.content.decode()
    assert response.status_code == 429
    assert not logged_in(client)
    assert "Log-in paused" in html and "15 minutes" in html
    assert "<nav" in html  # the site's own layout, not a bare message
    assert reverse("password_reset") in html


def test_four_failures_still_let_the_right_password_in_and_start_afresh(client, ann):
    fail(client, 4)
    assert log_in(client).status_code == 302
    assert logged_in(client)
    client.logout()
    fail(client, 4)  # the success reset the count: four more are still not a lockout
    assert log_in(client).status_code == 302


def test_the_fifth_failure_locks_the_pair(client, ann):
    for _ in range(4):
        response = log_in(client, password="wrong")
        assert response.status_code == 200  # the form again, with its error
        assert "Please enter a correct username and password" in response.content.decode()
    assert log_in(client, password="wrong").status_code == 429
    assert log_in(client).status_code == 429


def test_the_lock_holds_one_username_from_one_address_only(client, ann):
    UserFactory(username="bob")
    fail(client, 5)
    assert log_in(client).status_code == 429
    assert log_in(client, address=ELSEWHERE).status_code == 302  # Ann from elsewhere
    client.logout()
    assert log_in(client, username="bob").status_code == 302  # Bob from Ann's address


def test_the_lock_lifts_after_the_cool_off(client, ann):
    fail(client, 5)
    assert log_in(client).status_code == 429
    AccessAttempt.objects.update(
        attempt_time=datetime.datetime.now(datetime.UTC) - datetime.timedelta(minutes=16)
    )
    assert log_in(client).status_code == 302


def test_the_admin_log_in_is_locked_too(client):
    UserFactory(username="ann", is_staff=True, is_superuser=True)
    fail(client, 5, url=ADMIN_LOGIN)
    response = log_in(client, ADMIN_LOGIN)
    assert response.status_code == 429
    assert not logged_in(client)
    assert "Log-in paused" in response.content.decode()


def test_staff_see_and_clear_a_lockout_in_the_admin(client, ann):
    fail(client, 5)
    assert log_in(client).status_code == 429
    admin = UserFactory(username="boss", is_staff=True, is_superuser=True)
    staff = client.__class__()
    staff.force_login(admin)
    listing = staff.get(reverse("admin:axes_accessattempt_changelist"), {"locked_out": "yes"})
    assert listing.status_code == 200
    assert "ann" in listing.content.decode()
    attempt = AccessAttempt.objects.get(username="ann")
    response = staff.post(
        reverse("admin:axes_accessattempt_delete", args=[attempt.pk]), {"post": "yes"}
    )
    assert response.status_code == 302
    assert log_in(client).status_code == 302


def test_signup_is_limited_per_address(client, settings):
    settings.LEAGUE_THROTTLES = {**settings.LEAGUE_THROTTLES, "signup": (3, 3600)}
    for _ in range(3):
        assert client.post(reverse("signup"), {}, REMOTE_ADDR=HOME).status_code == 200
    response = client.post(reverse("signup"), {}, REMOTE_ADDR=HOME)
    assert response.status_code == 429
    assert "Too many attempts" in response.content.decode()
    assert 0 < int(response["Retry-After"]) <= 3600
    assert client.get(reverse("signup"), REMOTE_ADDR=HOME).status_code == 200  # reading is free
    assert client.post(reverse("signup"), {}, REMOTE_ADDR=ELSEWHERE).status_code == 200


def test_password_reset_is_limited_per_address_and_sends_no_more_mail(client, ann):
    limit, _ = Limit.named("password_reset").attempts, None
    for _ in range(limit):
        response = client.post(reverse("password_reset"), {"email": ann.email}, REMOTE_ADDR=HOME)
        assert response.status_code == 302
    response = client.post(reverse("password_reset"), {"email": ann.email}, REMOTE_ADDR=HOME)
    assert response.status_code == 429
    assert len(mail.outbox) == limit


def test_a_limit_counts_per_window_and_says_how_long_to_wait():
    limit = Limit("test", attempts=2, seconds=60)
    start = 6_000_000.0  # the start of a window
    assert limit.hit("a", now=start) is None
    assert limit.hit("a", now=start + 1) is None
    assert limit.hit("a", now=start + 10) == 50
    assert limit.hit("b", now=start + 10) is None
    assert limit.hit("a", now=start + 60) is None  # a new window
