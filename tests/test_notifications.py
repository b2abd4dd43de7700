"""Moderation tells the submitter: an e-mail on approval or rejection, the reason on the page."""

import smtplib

import pytest
from django.core import checks, mail

from games import notifications
from games.models import Profile, Session
from tests.addresses import reverse
from tests.factories import PlayerFactory, UserFactory, game, seat

pytestmark = pytest.mark.django_db


@pytest.fixture
def submitter():
    user = UserFactory(username="sub", email="sub@example.com")
    PlayerFactory(name="Ann", user=user)
    return user


@pytest.fixture
def staff_client(client):
    client.force_login(UserFactory(username="boss", is_staff=True, is_superuser=True))
    return client


def pending_game(submitter):
    return game(status="pending", submitted_by=submitter, seats=[seat("Ann", "Amanda Sharpe")])


def moderate(client, session, **data):
    """Post a decision on the game as it now stands (the version its page would carry)."""
    version = Session.objects.values_list("version", flat=True).get(pk=session.pk)
    return client.post(
        reverse("games:moderate", kwargs={"pk": session.pk}), {"version": version, **data}
    )


def test_approving_mails_the_submitter_once_committed(
    staff_client, submitter, django_capture_on_commit_callbacks
):
    session = pending_game(submitter)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        moderate(staff_client, session, status="approved")
    assert mail.outbox == []  # nothing leaves before the change is committed
    for callback in callbacks:
        callback()
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["sub@example.com"]
    assert message.subject == "Your game against Cthulhu was approved"
    assert "counts on the leaderboards" in message.body


def test_rejecting_needs_a_reason_and_mails_it(
    staff_client, submitter, django_capture_on_commit_callbacks
):
    session = pending_game(submitter)
    with django_capture_on_commit_callbacks(execute=True):
        response = moderate(staff_client, session, status="rejected", rejection_reason="  ")
    assert response.status_code == 302
    session.refresh_from_db()
    assert session.status == "pending" and mail.outbox == []

    with django_capture_on_commit_callbacks(execute=True):
        moderate(
            staff_client, session, status="rejected", rejection_reason="Two seats for Ann twice."
        )
    session.refresh_from_db()
    assert (session.status, session.rejection_reason) == ("rejected", "Two seats for Ann twice.")
    assert len(mail.outbox) == 1
    assert mail.outbox[0].subject == "Your game against Cthulhu was rejected"
    assert "Two seats for Ann twice." in mail.outbox[0].body


def test_the_submitter_reads_the_reason_on_the_game_page(client, submitter):
    session = pending_game(submitter)
    Session.objects.filter(pk=session.pk).update(status="rejected", rejection_reason="Wrong date.")
    client.force_login(submitter)
    html = client.get(reverse("games:detail", kwargs={"pk": session.pk})).content.decode()
    assert 'data-testid="rejection-reason"' in html and "Wrong date." in html
    assert 'name="rejection_reason"' not in html  # the reject form is for staff only


def test_approving_again_clears_the_reason_and_no_mail_without_an_address(
    staff_client, django_capture_on_commit_callbacks
):
    session = pending_game(UserFactory(username="quiet", email=""))
    with django_capture_on_commit_callbacks(execute=True):
        moderate(staff_client, session, status="rejected", rejection_reason="Duplicate.")
        moderate(staff_client, session, status="approved")
    session.refresh_from_db()
    assert (session.status, session.rejection_reason) == ("approved", "")
    assert mail.outbox == []


def test_back_to_pending_mails_nobody(staff_client, submitter, django_capture_on_commit_callbacks):
    session = game(status="approved", submitted_by=submitter, seats=[seat("Ann", "Amanda Sharpe")])
    with django_capture_on_commit_callbacks(execute=True):
        moderate(staff_client, session, status="pending")
    assert mail.outbox == []


def test_the_admin_bulk_reject_asks_for_a_reason_first(
    staff_client, submitter, django_capture_on_commit_callbacks
):
    session = pending_game(submitter)
    url = reverse("admin:games_session_changelist")
    picked = {"action": "reject", "_selected_action": [session.pk]}
    response = staff_client.post(url, picked)
    assert response.status_code == 200 and "Reason for rejecting" in response.content.decode()
    session.refresh_from_db()
    assert session.status == "pending"
    with django_capture_on_commit_callbacks(execute=True):
        staff_client.post(url, {**picked, "apply": "1", "reason": "Not a league night."})
    session.refresh_from_db()
    assert (session.status, session.rejection_reason) == ("rejected", "Not a league night.")
    assert "Not a league night." in mail.outbox[0].body


def test_the_admin_change_form_requires_a_reason_to_reject(staff_client, submitter):
    session = pending_game(submitter)
    page = staff_client.get(reverse("admin:games_session_change", args=[session.pk]))
    form = page.context["adminform"].form
    assert form.fields["rejection_reason"].required is False
    data = {**form.initial, "status": "rejected", "rejection_reason": ""}
    data["boxes"] = [box.pk for box in data["boxes"]]
    rejected = type(form)(data=data, instance=session)
    assert not rejected.is_valid()
    assert rejected.errors == {"rejection_reason": ["Say why the game is rejected."]}
    data["rejection_reason"] = "Wrong Ancient One."
    assert type(form)(data=data, instance=session).is_valid()


@pytest.mark.parametrize("status", ["approved", "rejected"])
def test_the_e_mail_links_to_the_game_at_the_site_url(
    staff_client, submitter, settings, django_capture_on_commit_callbacks, status
):
    settings.LEAGUE_SITE_URL = "https://league.example.org"
    session = pending_game(submitter)
    with django_capture_on_commit_callbacks(execute=True):
        moderate(staff_client, session, status=status, rejection_reason="Wrong date.")
    url = f"https://league.example.org{reverse('games:detail', kwargs={'pk': session.pk})}"
    assert f"See the game on its page: {url}\n" in mail.outbox[0].body


def test_without_a_site_url_the_e_mail_has_no_half_link(
    staff_client, submitter, settings, django_capture_on_commit_callbacks
):
    settings.LEAGUE_SITE_URL = ""
    session = pending_game(submitter)
    with django_capture_on_commit_callbacks(execute=True):
        moderate(staff_client, session, status="approved")
    body = mail.outbox[0].body
    assert "counts on the leaderboards" in body
    assert "its page" not in body and "/games/" not in body


def test_the_deploy_check_warns_while_the_site_url_is_empty(settings):
    settings.LEAGUE_SITE_URL = ""
    warned = [m.id for m in checks.run_checks(include_deployment_checks=True)]
    assert "games.W001" in warned
    assert "games.W001" not in [m.id for m in checks.run_checks()]  # only under --deploy
    settings.LEAGUE_SITE_URL = "https://league.example.org"
    assert "games.W001" not in [m.id for m in checks.run_checks(include_deployment_checks=True)]


@pytest.mark.django_db(transaction=True)
def test_a_failing_mail_server_never_turns_the_saved_decision_into_an_error_page(
    catalog_rows, staff_client, submitter, monkeypatch, caplog
):
    """Committed for real (a transactional test): the e-mail leaves inside the request."""

    def refuse(*args, **kwargs):
        raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")

    monkeypatch.setattr(notifications, "send_mail", refuse)
    session = pending_game(submitter)
    response = moderate(staff_client, session, status="approved")
    assert response.status_code == 302
    assert Session.objects.get(pk=session.pk).status == "approved"
    assert f"Could not e-mail the submitter of game {session.pk}." in caplog.text
    assert "sub@example.com" not in caplog.text


def test_the_e_mail_is_in_the_submitters_language_not_the_moderators(
    client, submitter, django_capture_on_commit_callbacks
):
    Profile.objects.create(user=submitter, language="pl")
    client.force_login(UserFactory(username="chef", is_staff=True, is_superuser=True))
    client.cookies["django_language"] = "de"
    session = pending_game(submitter)
    with django_capture_on_commit_callbacks(execute=True):
        version = Session.objects.values_list("version", flat=True).get(pk=session.pk)
        response = client.post(
            f"/de/l/arkham/games/{session.pk}/moderate/", {"version": version, "status": "approved"}
        )
    assert response.status_code == 302
    assert mail.outbox[-1].subject == "Rozgrywka przeciw Cthulhu została zatwierdzona"


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "played 10 January 2026, sealed the gates with a score of "),
        ("de", "gespielt am 10. Januar 2026, Ausgang: Tore versiegelt, Punktzahl "),
    ],
)
def test_the_e_mail_says_the_outcome_as_its_language_writes_it_mid_sentence(
    staff_client, submitter, django_capture_on_commit_callbacks, language, said
):
    Profile.objects.create(user=submitter, language=language)
    session = pending_game(submitter)
    with django_capture_on_commit_callbacks(execute=True):
        moderate(staff_client, session, status="approved")
    assert said in " ".join(mail.outbox[-1].body.split())
