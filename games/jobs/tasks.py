"""The work of each kind of job, as tasks (Django's tasks API, through django-tasks).

Arguments are plain JSON values (ids, text): a task crosses to a worker as JSON.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import AncientOne
from games.ratings.replay import ratings_catch_up, ratings_replay
from games.scoring import sessions_rescore_stored
from games.summaries import summaries_rebuild

from .models import Job, Kind
from .runner import Progress, job_start, job_task


@job_task()
def summaries_rebuild_task(job_id: int, progress: Progress) -> str:
    """Recompute every summary row (``rebuild_summaries --background``)."""
    rows = summaries_rebuild(progress=progress)
    return ngettext("%(count)s summary row rebuilt", "%(count)s summary rows rebuilt", rows) % {
        "count": rows
    }


@job_task()
def ancient_one_rescore_task(
    job_id: int, progress: Progress, *, ancient_one_id: int, reason: str
) -> str:
    """Rescore the games against an Ancient One (after its doom track was corrected)."""
    user_id = Job.objects.values_list("started_by_id", flat=True).get(pk=job_id)
    user = get_user_model().objects.filter(pk=user_id).first() if user_id else None
    sessions = AncientOne.objects.get(pk=ancient_one_id).sessions.all()
    changed = sessions_rescore_stored(sessions, reason=reason, user=user, progress=progress)
    return ngettext(
        "%(count)s stored score recomputed", "%(count)s stored scores recomputed", changed
    ) % {"count": changed}


def summaries_rebuild_start(*, user=None) -> Job:
    return job_start(
        task=summaries_rebuild_task,
        kind=Kind.REBUILD_SUMMARIES,
        description=_("Rebuild every summary row"),
        user=user,
    )


def ancient_one_rescore_start(ancient_one: AncientOne, *, reason: str, user=None) -> Job:
    return job_start(
        task=ancient_one_rescore_task,
        kind=Kind.RESCORE,
        description=reason,
        user=user,
        ancient_one_id=ancient_one.pk,
        reason=reason,
    )


@job_task()
def ratings_replay_task(job_id: int, progress: Progress, *, everything: bool = False) -> str:
    """Bring the ratings up to date: replay from the earliest change the backlog names
    (``everything``: rate every approved game again, ``rebuild_ratings --background``)."""
    if everything:
        rated = ratings_replay(progress=progress)
        return ngettext("%(count)s game rated", "%(count)s games rated", rated) % {"count": rated}
    rated = ratings_catch_up(progress=progress)
    return ngettext("%(count)s game rated again", "%(count)s games rated again", rated) % {
        "count": rated
    }


def ratings_replay_start(*, everything: bool = False, user=None) -> Job:
    return job_start(
        task=ratings_replay_task,
        kind=Kind.RATINGS,
        description=(
            _("Rate every approved game again") if everything else _("Bring ratings up to date")
        ),
        user=user,
        everything=everything,
    )
