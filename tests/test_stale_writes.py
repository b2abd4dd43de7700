"""A stale page never overwrites a newer write: edits, moderation and withdrawals carry the
version they saw, and an edit by the submitter never writes the status."""

import pytest

from games.forms.submission import ResultSubmission
from games.models import Session
from games.recording import SessionChanged, session_moderate
from tests.addresses import reverse
from tests.factories import PlayerFactory, UserFactory, game, moderator, result_form_data

pytestmark = pytest.mark.django_db

CHANGED = "This game changed since you opened it"


@pytest.fixture
def submitter():
    user = UserFactory(username="sub", password=None)
    PlayerFactory(name="Ann", user=user)
    return user


@pytest.fixture
def pending(submitter):
    return game(status="pending", submitted_by=submitter)


def url(name, session):
    return reverse(f"games:{name}", kwargs={"pk": session.pk})


def edit_data(session, **fields):
    return result_form_data(initial_rows=2, version=session.version, **fields)


def test_every_write_bumps_the_version(pending):
    start = pending.version
    session_moderate(
        session_id=pending.pk, status="approved", seen_version=start, moderator=moderator()
    )
    pending.refresh_from_db()
    assert pending.version > start


def test_the_submitters_edit_after_an_approval_is_refused_and_the_approval_stays(
    client, submitter, pending
):
    client.force_login(submitter)
    data = edit_data(pending, terror_level=7)  # the form as the submitter opened it
    session_moderate(
        session_id=pending.pk,
        status="approved",
        seen_version=pending.version,
        moderator=moderator(),
    )
    assert client.post(url("edit", pending), data).status_code == 403
    pending.refresh_from_db()
    assert (pending.status, pending.terror_level) == ("approved", 2)


def test_an_approval_landing_during_the_edit_request_refuses_the_edit_with_a_message(
    client, submitter, pending, monkeypatch
):
    """The view let the edit in (pending), then the approval committed before the save."""
    real = ResultSubmission.save

    def approve_first(self):
        Session.objects.filter(pk=pending.pk).update(status="approved", version=99)
        return real(self)

    monkeypatch.setattr(ResultSubmission, "save", approve_first)
    client.force_login(submitter)
    response = client.post(url("edit", pending), edit_data(pending, terror_level=7), follow=True)
    pending.refresh_from_db()
    assert (pending.status, pending.terror_level) == ("approved", 2)
    assert response.redirect_chain[-1][0] == url("detail", pending)
    assert CHANGED in response.content.decode()


def test_a_stale_submission_object_never_writes_the_status(submitter, pending):
    """The form was built while pending; the approval lands before it saves."""
    instance = Session.objects.get(pk=pending.pk)
    submission = ResultSubmission(
        edit_data(pending, terror_level=7), user=submitter, instance=instance
    )
    assert submission.is_valid()
    Session.objects.filter(pk=pending.pk).update(status="approved", version=pending.version + 1)
    with pytest.raises(SessionChanged):
        submission.save()
    pending.refresh_from_db()
    assert (pending.status, pending.terror_level) == ("approved", 2)


def test_a_moderator_decision_on_a_stale_version_is_refused_and_shows_the_new_one(
    client, submitter, pending
):
    seen = pending.version  # the page the moderator opened
    client.force_login(submitter)
    assert client.post(url("edit", pending), edit_data(pending, terror_level=5)).status_code == 302
    boss = moderator()
    client.force_login(boss)
    response = client.post(
        url("moderate", pending), {"status": "approved", "version": seen}, follow=True
    )
    pending.refresh_from_db()
    assert pending.status == "pending"
    html = response.content.decode()
    assert CHANGED in html
    # The page now shows the edited game, with forms that carry its current version.
    assert response.context["game"].terror_level == 5
    assert f'name="version" value="{pending.version}"' in html
    client.post(url("moderate", pending), {"status": "approved", "version": pending.version})
    pending.refresh_from_db()
    assert pending.status == "approved"


def test_a_moderators_edit_on_a_stale_version_is_refused(client, submitter, pending):
    first, second = moderator("first"), moderator("second")
    stale = edit_data(pending, terror_level=3)
    client.force_login(second)
    client.post(url("edit", pending), edit_data(pending, terror_level=4))
    client.force_login(first)
    response = client.post(url("edit", pending), stale, follow=True)
    pending.refresh_from_db()
    assert pending.terror_level == 4
    assert CHANGED in response.content.decode()


def test_the_edit_form_carries_the_version_it_shows(client, submitter, pending):
    client.force_login(submitter)
    response = client.get(url("edit", pending))
    assert response.context["form"]["version"].value() == pending.version


def test_a_withdrawal_on_a_stale_version_is_refused(client, submitter, pending):
    seen = pending.version
    client.force_login(submitter)
    client.post(url("edit", pending), edit_data(pending, terror_level=5))
    client.force_login(moderator())
    response = client.post(url("withdraw", pending), {"version": seen}, follow=True)
    assert Session.objects.filter(pk=pending.pk).exists()
    assert CHANGED in response.content.decode()


def test_a_withdrawal_after_the_approval_is_refused(client, submitter, pending):
    client.force_login(submitter)
    assert client.get(url("withdraw", pending)).status_code == 200
    session_moderate(
        session_id=pending.pk,
        status="approved",
        seen_version=pending.version,
        moderator=moderator(),
    )
    assert client.post(url("withdraw", pending), {"version": pending.version}).status_code == 403
    assert Session.objects.filter(pk=pending.pk).exists()
