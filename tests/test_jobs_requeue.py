"""A job whose queue could not take it, or lost it, is enqueued again by the sweep or
failed after LEAGUE_JOB_STALE_SECONDS; the write that started it never answers an error."""

import datetime

import pytest
from django.utils import timezone
from django_tasks.exceptions import TaskResultDoesNotExist

from games.jobs.models import Job, JobStatus
from games.jobs.stale import UNQUEUED, jobs_sweep
from games.jobs.tasks import summaries_rebuild_start, summaries_rebuild_task

pytestmark = pytest.mark.django_db


class QueueDown(ConnectionError):
    pass


def _down(*args, **kwargs):
    raise QueueDown("the queue is unreachable")


def _age(job: Job, seconds: int) -> None:
    Job.objects.filter(pk=job.pk).update(
        created_at=timezone.now() - datetime.timedelta(seconds=seconds)
    )


def test_a_queue_that_cannot_be_reached_leaves_the_job_queued_and_raises_nothing(
    monkeypatch, django_capture_on_commit_callbacks, caplog
):
    monkeypatch.setattr(type(summaries_rebuild_task), "enqueue", _down)
    with django_capture_on_commit_callbacks(execute=True):
        job = summaries_rebuild_start()

    job.refresh_from_db()
    assert (job.status, job.task_id) == (JobStatus.QUEUED, "")
    assert job.task_path == summaries_rebuild_task.module_path
    assert "the queue is unreachable" in caplog.text


def test_the_sweep_enqueues_again_a_job_the_queue_never_took(
    monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(type(summaries_rebuild_task), "enqueue", _down)
    with django_capture_on_commit_callbacks(execute=True):
        job = summaries_rebuild_start()
    monkeypatch.undo()

    assert jobs_sweep() == 0  # within the grace its own enqueue may still come
    _age(job, 60)
    assert jobs_sweep() == 1

    job.refresh_from_db()
    assert job.status == JobStatus.QUEUED
    assert summaries_rebuild_task.get_result(job.task_id).task.func == summaries_rebuild_task.func
    assert jobs_sweep() == 0  # the queue holds it now


def test_the_sweep_enqueues_again_a_job_whose_queue_entry_vanished(
    monkeypatch, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        job = summaries_rebuild_start()
    job.refresh_from_db()
    lost_id = job.task_id
    _age(job, 60)

    def vanished(self, result_id):
        if result_id == lost_id:
            raise TaskResultDoesNotExist(result_id)
        return original(self, result_id)

    original = type(summaries_rebuild_task).get_result
    monkeypatch.setattr(type(summaries_rebuild_task), "get_result", vanished)

    assert jobs_sweep() == 1
    job.refresh_from_db()
    assert job.status == JobStatus.QUEUED
    assert job.task_id not in ("", lost_id)


def test_a_job_that_cannot_be_handed_over_in_time_is_failed_never_left_queued(
    monkeypatch, settings, django_capture_on_commit_callbacks
):
    settings.LEAGUE_JOB_STALE_SECONDS = 300
    monkeypatch.setattr(type(summaries_rebuild_task), "enqueue", _down)
    with django_capture_on_commit_callbacks(execute=True):
        job = summaries_rebuild_start()

    _age(job, 120)
    assert jobs_sweep() == 0  # tried again, still down: left for the next sweep
    assert Job.objects.get(pk=job.pk).status == JobStatus.QUEUED

    _age(job, 301)
    assert jobs_sweep() == 1
    job.refresh_from_db()
    assert (job.status, job.error) == (JobStatus.FAILED, UNQUEUED)
    assert job.finished_at is not None
