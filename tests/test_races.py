"""Races end in a clean result: real threads, real transactions, on both databases.

Each round starts its requests together behind a barrier, one database connection per
thread, and counts server errors and lost writes. On SQLite one writer at a time holds
the whole database: these also prove the embedded default's settings (write-ahead log,
transactions that take the write lock when they begin, a busy timeout) make concurrent
writers wait their turn instead of failing with "database is locked"; with SQLite's
defaults two of them fail so.
"""

from __future__ import annotations

import contextvars
import threading
import time

import pytest
from django.contrib.auth import get_user_model
from django.db import connections
from django.test import Client

from games.models import Player, Session
from tests.addresses import reverse
from tests.factories import PlayerFactory, UserFactory, game, moderator, result_form_data

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("catalog_rows"),
]

THREADS = 20
ROUNDS = 10
CLAIMERS = 10
PASSWORD = "a-long-pass-phrase-9"


@pytest.fixture(autouse=True)
def no_signup_limit(settings):
    """Every racer posts from the test client's one address: the per-address signup limit
    would answer 429 long before the race this module is about."""
    settings.LEAGUE_THROTTLES = {**settings.LEAGUE_THROTTLES, "signup": (10_000, 3600)}


def at_once(works):
    """Run each callable in its own thread, released together; their results in order.
    Each runs in a copy of the test's context (its league scopes, as the test has them)."""
    barrier = threading.Barrier(len(works))
    results: list[object] = [None] * len(works)

    def run(index, work):
        try:
            barrier.wait()
            results[index] = contexts[index].run(work)
        except Exception as error:  # reported by the test, not lost in the thread
            results[index] = error
        finally:
            connections.close_all()

    contexts = [contextvars.copy_context() for _ in works]
    threads = [threading.Thread(target=run, args=pair) for pair in enumerate(works)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def logged_in(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def report(label, **counts):
    print(f"\n{label}: " + ", ".join(f"{name} {value}" for name, value in counts.items()))


def test_concurrent_results_naming_the_same_new_players():
    clients = [logged_in(UserFactory(username=f"u{n}", password=None)) for n in range(THREADS)]
    errors = lost = 0
    for round_ in range(ROUNDS):
        names = [f"Newcomer A{round_}", f"Newcomer B{round_}"]
        posts = []
        for n, client in enumerate(clients):
            # Half name them in the other order: creating them must not deadlock.
            first, second = names if n % 2 else names[::-1]
            data = result_form_data(
                seats=[
                    {"player_name": first, "investigator": "Amanda Sharpe", "gate_trophies": 1},
                    {"player_name": second, "investigator": "Bob Jenkins"},
                ],
                confirm_duplicate="on",
            )
            posts.append(lambda c=client, d=data: c.post(reverse("games:new"), d))
        responses = at_once(posts)
        errors += sum(not hasattr(r, "status_code") or r.status_code >= 500 for r in responses)
        saved = Session.objects.filter(seats__player__name=names[0]).count()
        lost += THREADS - saved
        assert Player.objects.filter(name__in=names).count() == 2
    report("results", posts=THREADS * ROUNDS, server_errors=errors, lost=lost)
    assert (errors, lost) == (0, 0)


def signup(username, name, claim=False):
    data = {
        "username": username,
        "email": f"{username}@example.com",
        "player_name": name,
        "password1": PASSWORD,
        "password2": PASSWORD,
    }
    if claim:
        data["claim_player"] = "on"
    return lambda: Client(raise_request_exception=False).post(reverse("signup"), data)


def test_concurrent_signups_with_the_same_new_name():
    errors = 0
    for round_ in range(ROUNDS):
        name = f"Twin {round_}"
        responses = at_once([signup(f"twin{round_}-{n}", name) for n in range(THREADS)])
        errors += sum(not hasattr(r, "status_code") or r.status_code >= 500 for r in responses)
        welcomed = [r for r in responses if getattr(r, "status_code", 0) == 302]
        refused = [r for r in responses if getattr(r, "status_code", 0) == 200]
        player = Player.objects.get(name=name)
        accounts = get_user_model().objects.filter(username__startswith=f"twin{round_}-")
        # One account got the name; the others were told and left nothing behind.
        assert (len(welcomed), len(refused)) == (1, THREADS - 1)
        assert list(accounts) == [player.user]
        for response in refused:
            assert "Someone else just took" in response.content.decode() or (
                "is already a name in the league" in response.content.decode()
            )
    report("signups", posts=THREADS * ROUNDS, server_errors=errors)
    assert errors == 0


def test_many_people_claiming_one_unclaimed_player():
    errors = orphans = 0
    for round_ in range(ROUNDS):
        name = f"Old Hand {round_}"
        PlayerFactory(name=name)
        responses = at_once(
            [signup(f"claim{round_}-{n}", name, claim=True) for n in range(CLAIMERS)]
        )
        errors += sum(not hasattr(r, "status_code") or r.status_code >= 500 for r in responses)
        accounts = get_user_model().objects.filter(username__startswith=f"claim{round_}-")
        # One account plays as the player. A signup that lost the race either left nothing
        # behind or, when it saw the player's new account, waits on a claim (test_claims).
        orphans += accounts.filter(player__isnull=True, player_claim__isnull=True).count()
        assert accounts.filter(player__isnull=False).count() == 1
        assert Player.objects.get(name=name).user in accounts
    report("claims", posts=CLAIMERS * ROUNDS, server_errors=errors, accounts_without_player=orphans)
    assert (errors, orphans) == (0, 0)


def test_a_submitters_edit_racing_a_moderators_approval():
    submitter = UserFactory(username="sub", password=None)
    PlayerFactory(name="Ann", user=submitter)
    editor, boss = logged_in(submitter), logged_in(moderator("boss", password=None))
    errors = lost_approvals = 0
    wins = {"approval": 0, "edit": 0}
    for round_ in range(THREADS):
        session = game(status="pending", submitted_by=submitter)
        seen = session.version
        # Earlier rounds' games have the same table: confirm it is another game.
        edit = result_form_data(
            initial_rows=2, terror_level=5, version=seen, confirm_duplicate="on"
        )
        moderate_url = reverse("games:moderate", kwargs={"pk": session.pk})
        edit_url = reverse("games:edit", kwargs={"pk": session.pk})
        # The moderator clicks a little later each round, so the approval lands before,
        # during and after the edit's request.
        delay = round_ * 0.03

        def approve(url=moderate_url, version=seen, delay=delay):
            time.sleep(delay)
            return boss.post(url, {"status": "approved", "version": version}, follow=True)

        edited, approved = at_once(
            [lambda url=edit_url, data=edit: editor.post(url, data), approve]
        )
        errors += sum(
            not hasattr(r, "status_code") or r.status_code >= 500 for r in (edited, approved)
        )
        session.refresh_from_db()
        assert edited.status_code in {302, 403}  # saved, or refused: never a form error
        told_approved = "Game marked approved." in approved.content.decode()
        edit_saved = session.terror_level == 5
        lost_approvals += told_approved and session.status != "approved"
        # Exactly one of the two went through; the other was refused, not overwritten.
        assert told_approved != edit_saved
        wins["approval" if told_approved else "edit"] += 1
    report(
        "edit vs approval",
        rounds=THREADS,
        server_errors=errors,
        lost_approvals=lost_approvals,
        approvals_won=wins["approval"],
        edits_won=wins["edit"],
    )
    assert (errors, lost_approvals) == (0, 0)


def test_moderators_deciding_games_that_share_summary_rows_at_once():
    """Approvals (adding to rows) and rejections of approved games (taking from them)
    race on the same summary rows: the same players, investigators, Ancient One, box and
    months, and each a new player row of its own. None fails (no deadlock: every writer
    locks the rows in one order) and the rows end as a rebuild from the games says."""
    from games.recording import session_moderate
    from games.summaries import summaries_differences
    from tests.factories import seat

    boss = moderator("boss", password=None)
    errors = 0
    for round_ in range(ROUNDS // 2):
        games = []
        for n in range(THREADS):
            status = "pending" if n % 2 else "approved"
            seats = [
                seat("Ann", "Amanda Sharpe", gate_trophies=1),
                seat("Bob", "Bob Jenkins"),
                seat(f"Own {round_}-{n}", "Carolyn Fern"),
            ]
            # Half seat them the other way round: their rows come in the other order.
            seats = seats if n % 4 < 2 else seats[::-1]
            games.append(game(status=status, seats=seats, terror_level=n % 10))

        def decide(session):
            status = "rejected" if session.status == "approved" else "approved"
            return session_moderate(
                session_id=session.pk,
                status=status,
                seen_version=session.version,
                moderator=boss,
                reason="Not played by the rules." if status == "rejected" else "",
            )

        results = at_once([lambda s=session: decide(s) for session in games])
        errors += sum(isinstance(result, Exception) for result in results)
    report("decisions", writes=THREADS * (ROUNDS // 2), errors=errors)
    assert errors == 0
    assert summaries_differences() == []
