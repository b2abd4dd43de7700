"""The moderators' queue on the site (issue 18): who sees it, its order, decisions in place,
its query count, and the nav's "Pending (N)" only for moderators (never from the cache)."""

import datetime
import re

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Session
from games.views.moderation import QUEUE_PAGE_SIZE
from tests.addresses import reverse
from tests.budgets import MEMBER_NAV_WARM
from tests.factories import PlayerFactory, UserFactory, game, moderator, seat

pytestmark = pytest.mark.django_db

QUEUE = reverse("games:pending")
PENDING_LINK = re.compile(r'data-testid="pending-link">Pending \((\d+)\)</a>')


@pytest.fixture
def submitter():
    user = UserFactory(username="sub", email="sub@example.com")
    PlayerFactory(name="Ann", user=user)
    return user


def pending(submitter, days_ago: int, ancient_one: str = "Cthulhu", **fields) -> Session:
    """A pending game submitted ``days_ago`` days ago (played the same day)."""
    submitted = timezone.now() - datetime.timedelta(days=days_ago)
    return game(
        ancient_one=ancient_one,
        status="pending",
        submitted_by=submitter,
        played_on=timezone.localdate(submitted),
        created_at=submitted,
        seats=[seat("Ann", "Amanda Sharpe"), seat(f"Guest {days_ago}", "Bob Jenkins")],
        **fields,
    )


def pending_count_in_nav(response) -> int | None:
    found = PENDING_LINK.search(response.content.decode())
    return int(found.group(1)) if found else None


@pytest.mark.parametrize(
    ("who", "expected"),
    [
        ("anonymous", 302),
        ("member", 403),
        ("staff without the permission", 403),
        ("moderator", 200),
        ("superuser", 200),
    ],
)
def test_only_moderators_open_the_queue(client, who, expected):
    users = {
        "member": lambda: UserFactory(username="member"),
        "staff without the permission": lambda: UserFactory(username="staff", is_staff=True),
        "moderator": lambda: moderator(),
        "superuser": lambda: UserFactory(username="root", is_staff=True, is_superuser=True),
    }
    if who in users:
        client.force_login(users[who]())
    response = client.get(QUEUE)
    assert response.status_code == expected
    if expected == 302:
        assert response["Location"].startswith(reverse("login"))


def test_a_non_moderator_cannot_decide(client, submitter):
    session = pending(submitter, 1)
    client.force_login(UserFactory(username="staff", is_staff=True))
    data = {"game": session.pk, "version": session.version, "status": "approved"}
    assert client.post(QUEUE, data).status_code == 403
    session.refresh_from_db()
    assert session.status == "pending"


def test_the_queue_lists_pending_games_oldest_first(client, submitter):
    newest = pending(submitter, 1, "Hastur")
    oldest = pending(submitter, 9, "Ithaqua")
    middle = pending(submitter, 4, "Yig")
    game(status="approved", submitted_by=submitter)
    game(
        status="rejected",
        rejection_reason="Duplicate.",
        submitted_by=submitter,
        played_on=datetime.date(2026, 1, 11),
    )
    client.force_login(moderator())
    response = client.get(QUEUE)
    assert [g.pk for g in response.context["games"]] == [oldest.pk, middle.pk, newest.pk]
    html = response.content.decode()
    assert html.index("Ithaqua") < html.index("Yig") < html.index("Hastur")
    assert 'Pending games <span class="muted">(3)</span>' in html


def test_the_queue_is_paginated_and_a_page_past_the_end_shows_the_last(client, submitter):
    for days in range(QUEUE_PAGE_SIZE + 2):
        pending(submitter, days + 1)
    client.force_login(moderator())
    first = client.get(QUEUE)
    assert len(first.context["games"]) == QUEUE_PAGE_SIZE
    second = client.get(QUEUE + "?page=2")
    assert len(second.context["games"]) == 2
    assert client.get(QUEUE + "?page=9").context["page_obj"].number == 2


def test_approving_in_place(client, submitter, django_capture_on_commit_callbacks):
    older, newer = pending(submitter, 5), pending(submitter, 2)
    client.force_login(moderator())
    data = {"game": older.pk, "version": older.version, "status": "approved", "page": "1"}
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(QUEUE, data, follow=True)
    assert response.redirect_chain == [(QUEUE, 302)]
    older.refresh_from_db()
    assert older.status == "approved"
    assert older.history.first().history_user.username == "moderator"
    assert [g.pk for g in response.context["games"]] == [newer.pk]
    html = response.content.decode()
    assert "The Cthulhu game of" in html and "marked approved." in html
    assert len(mail.outbox) == 1 and "approved" in mail.outbox[0].subject


def test_rejecting_in_place_needs_a_reason(client, submitter, django_capture_on_commit_callbacks):
    session = pending(submitter, 3)
    client.force_login(moderator())
    data = {"game": session.pk, "version": session.version, "status": "rejected"}
    response = client.post(QUEUE, {**data, "rejection_reason": "   "}, follow=True)
    session.refresh_from_db()
    assert session.status == "pending"
    assert "Say why the game is rejected." in response.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(QUEUE, {**data, "rejection_reason": "Played on the wrong day."})
    session.refresh_from_db()
    assert (session.status, session.rejection_reason) == ("rejected", "Played on the wrong day.")
    assert "Played on the wrong day." in mail.outbox[0].body


def test_a_decision_on_a_changed_or_withdrawn_game_changes_nothing(client, submitter):
    session = pending(submitter, 3)
    client.force_login(moderator())
    stale = {"game": session.pk, "version": session.version + 1, "status": "approved"}
    response = client.post(QUEUE, stale, follow=True)
    session.refresh_from_db()
    assert session.status == "pending"
    assert "This game changed since you opened it" in response.content.decode()
    gone = {"game": session.pk + 100, "version": 1, "status": "approved", "page": "3"}
    response = client.post(QUEUE, gone)
    assert response["Location"] == QUEUE + "?page=3"


def test_the_queue_reads_in_constant_queries(client, submitter, django_assert_max_num_queries):
    client.force_login(moderator())
    pending(submitter, 1)
    client.get(QUEUE)  # warm: first-request work (the session, CSRF) done
    with CaptureQueriesContext(connection) as few:
        assert client.get(QUEUE).status_code == 200
    for days in range(2, 12):
        pending(submitter, days)
    with django_assert_max_num_queries(len(few)):
        response = client.get(QUEUE)
    assert len(response.context["games"]) == 11
    # Session, user, the user's and the group's permissions (the queue's own check and the
    # nav's), the league and the role in it, one count (the page's and the nav's), the games,
    # their seats and their players: nothing per game.
    assert len(few) <= 8 + MEMBER_NAV_WARM


def test_the_nav_shows_the_count_only_to_moderators(client, submitter):
    for days in (1, 2):
        pending(submitter, days)
    home = reverse("league:home")
    assert pending_count_in_nav(client.get(home)) is None
    client.force_login(UserFactory(username="member"))
    assert pending_count_in_nav(client.get(home)) is None
    client.force_login(UserFactory(username="staff", is_staff=True))
    assert pending_count_in_nav(client.get(home)) is None
    client.force_login(moderator())
    assert pending_count_in_nav(client.get(home)) == 2
    assert pending_count_in_nav(client.get(QUEUE)) == 2


def count_queries(queries) -> list[str]:
    return [q["sql"] for q in queries if "COUNT(" in q["sql"].upper() and "pending" in q["sql"]]


def test_the_nav_count_is_one_query_and_only_for_moderators(client, submitter):
    pending(submitter, 1)
    mine = reverse("games:mine")
    client.force_login(UserFactory(username="member"))
    with CaptureQueriesContext(connection) as member:
        client.get(mine)
    assert count_queries(member.captured_queries) == []
    client.force_login(moderator())
    with CaptureQueriesContext(connection) as moderating:
        client.get(mine)
    assert len(count_queries(moderating.captured_queries)) == 1


def test_a_moderators_count_never_reaches_the_page_cache(client, submitter):
    pending(submitter, 1)
    home = reverse("league:home")
    client.force_login(moderator())
    for cached in ("miss", "hit"):  # the count is filled in per request, never stored
        mod_page = client.get(home)
        assert pending_count_in_nav(mod_page) == 1 and mod_page["X-Cache"] == cached
    client.force_login(UserFactory(username="member"))
    member_page = client.get(home)
    assert member_page["X-Cache"] == "hit" and pending_count_in_nav(member_page) is None
    client.logout()
    visitor = client.get(home)
    assert visitor["X-Cache"] == "miss"  # visitors have their own copy
    assert pending_count_in_nav(visitor) is None
    again = client.get(home)
    assert again["X-Cache"] == "hit" and pending_count_in_nav(again) is None
    client.force_login(moderator())
    assert pending_count_in_nav(client.get(home)) == 1  # never served the visitors' page


def test_a_pending_games_page_offers_approve_first_and_the_reason_on_demand(client, submitter):
    session = pending(submitter, 1)
    client.force_login(moderator())
    html = client.get(session.get_absolute_url()).content.decode()
    actions = html[html.index('data-testid="game-actions"') :]
    first_button = re.search(r'<button type="submit"[^>]*class="([^"]*)"[^>]*>([^<]*)<', actions)
    assert first_button.groups() == ("button", "Approve")
    assert re.search(r'<details class="card reject" data-testid="reject-form">\s*<summary>', html)
    reject = html[html.index('<details class="card reject"') :]
    assert 'name="rejection_reason"' in reject[: reject.index("</details>")]


def test_the_queue_names_each_player_once(client, submitter):
    game(
        status="pending",
        submitted_by=submitter,
        seats=[seat("Hana Ward", "Amanda Sharpe"), seat("Hana Ward", "Bob Jenkins")],
    )
    client.force_login(moderator())
    html = client.get(QUEUE).content.decode()
    assert '<p data-testid="queue-players">Hana Ward</p>' in html


def test_the_queue_narrows_to_a_players_games_and_keeps_it_after_a_decision(
    client, submitter, django_capture_on_commit_callbacks
):
    with_guest = pending(submitter, 3)  # Ann and "Guest 3"
    pending(submitter, 2)  # Ann and "Guest 2"
    client.force_login(moderator())
    response = client.get(QUEUE, {"player": "  guëst 3 "})  # any case or accent, trimmed
    assert [g.pk for g in response.context["games"]] == [with_guest.pk]
    assert 'value="  guëst 3 "' in response.content.decode()  # kept as typed
    assert len(client.get(QUEUE, {"player": "ann"}).context["games"]) == 2
    nobody = client.get(QUEUE, {"player": "Zed"}).content.decode()
    assert "No pending game has a player named like that." in nobody
    data = {
        "game": with_guest.pk,
        "version": with_guest.version,
        "status": "approved",
        "player": "guest",
        "order": "newest",
        "page": "1",
    }
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(QUEUE, data)
    assert response["Location"] == QUEUE + "?player=guest&order=newest"


def test_the_queue_newest_first(client, submitter):
    oldest, newest = pending(submitter, 9, "Ithaqua"), pending(submitter, 1, "Hastur")
    middle = pending(submitter, 4, "Yig")
    client.force_login(moderator())
    response = client.get(QUEUE, {"order": "newest"})
    assert [g.pk for g in response.context["games"]] == [newest.pk, middle.pk, oldest.pk]
    html = response.content.decode()
    assert '<option value="newest" selected>Newest first</option>' in html


def test_a_refused_filter_shows_the_whole_queue_and_says_why(client, submitter):
    pending(submitter, 1)
    client.force_login(moderator())
    response = client.get(QUEUE, {"player": "x" * 81, "order": "sideways"})
    assert response.status_code == 200
    assert len(response.context["games"]) == 1
    html = response.content.decode()
    assert "Ensure this value has at most 80 characters" in html
    assert "Select a valid choice." in html


def test_the_filtered_queue_reads_in_constant_queries(client, submitter):
    client.force_login(moderator())
    pending(submitter, 1)
    query = {"player": "ann", "order": "newest"}
    client.get(QUEUE, query)  # warm
    with CaptureQueriesContext(connection) as few:
        assert client.get(QUEUE, query).status_code == 200
    for days in range(2, 12):
        pending(submitter, days)
    with CaptureQueriesContext(connection) as many:
        response = client.get(QUEUE, query)
    assert len(response.context["games"]) == 11
    assert len(many) == len(few)
    # The unfiltered queue's, and the nav's own count (the page's counts only Ann's games).
    assert len(few) <= 9 + MEMBER_NAV_WARM
