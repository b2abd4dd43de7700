"""Big table exports: written by a background job, downloaded by the member who asked
(docs/architecture.md, "Table exports"). The job runs the very view that was asked, with
the same path, filters, sort and host, so the file holds what a streamed download would.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.mixins import LoginRequiredMixin
from django.contrib.auth.models import AnonymousUser
from django.contrib.auth.views import redirect_to_login
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.test import RequestFactory
from django.urls import resolve
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import DetailView
from django_scopes import scopes_disabled
from django_tasks import task

from games.imports.limits import grouped
from games.jobs.files import export_file_write, export_path, exports_sweep
from games.jobs.models import Job, JobStatus, Kind
from games.jobs.runner import Progress, job_run, job_start
from games.jobs.stale import jobs_sweep
from league import current
from league.models import League
from league.organise.history import HISTORY_SOURCE
from league.pages.filenames import file_attachment

# Export jobs one member may have queued or running at once.
MAX_UNFINISHED = 3
WAITING = (JobStatus.QUEUED, JobStatus.RUNNING)


@dataclass
class ExportJob:
    """What the view is handed when a job runs it: where to write, whom to tell."""

    path: Path
    progress: Callable[[int], None]
    rows: int = 0
    download_name: str = ""


@task()
@scopes_disabled()  # a job reads every league it needs
def table_export_task(
    job_id: int,
    *,
    path: str,
    query: str,
    export_format: str,
    host: str,
    secure: bool,
    rows: int,
    league: int,
    language: str = "",
) -> str:
    """Write the export the page at ``path?query`` of the league ``league`` was asked
    for, into the job's file, in the ``language`` it was asked in (its headers, and its
    address if that names it)."""

    def work(progress: Progress) -> str:
        owner = Job.objects.select_related("started_by").get(pk=job_id).started_by
        job = None

        def write(part) -> str:
            nonlocal job
            job = ExportJob(part, lambda done: progress(done, max(rows, done)))
            request = RequestFactory().get(f"{path}?{query}", HTTP_HOST=host, secure=secure)
            request.user = owner or AnonymousUser()
            # The league the page was asked in: the view lists that league's rows only.
            request.league = League.objects.get(pk=league)
            request.export_job = job
            match = resolve(path)
            with current.override(request.league):
                match.func(request, *match.args, **match.kwargs)
            return job.download_name

        export_file_write(job_id, export_format, write)
        progress(job.rows, job.rows)  # the final count, which job_run writes at the end
        return ngettext("%(count)s row written", "%(count)s rows written", job.rows) % {
            "count": grouped(job.rows)
        }

    with translation.override(language or settings.LANGUAGE_CODE):
        return job_run(job_id, work, atomic=False)


def without_export(address: str) -> str:
    """The page an export was asked on: ``address`` without its ``_export``."""
    path, _mark, query = address.partition("?")
    kept = [part for part in query.split("&") if part and not part.startswith("_export=")]
    return f"{path}?{'&'.join(kept)}" if kept else path


def back_to_page(request):
    return redirect(without_export(request.get_full_path()))


def export_later(request, export_format: str, size: int, title: str):
    """Answer a request for an export too big to send at once: a job, or why not."""
    if not request.user.is_authenticated:
        messages.info(
            request,
            ngettext(
                "This download holds %(rows)s row, more than the site sends at once. Sign in "
                "and ask again: a big download is prepared for you in the background and kept "
                "for you for a while.",
                "This download holds %(rows)s rows, more than the site sends at once. Sign in "
                "and ask again: a big download is prepared for you in the background and kept "
                "for you for a while.",
                size,
            )
            % {"rows": grouped(size)},
        )
        return redirect_to_login(request.get_full_path())
    source = request.get_full_path()
    mine = Job.objects.filter(kind=Kind.EXPORT, started_by=request.user)
    kept = Q(status=JobStatus.DONE, expires_at__gt=timezone.now()) & ~Q(file_name="")
    same = mine.filter(Q(status__in=WAITING) | kept, source=source).first()
    if same is not None:
        return redirect("league:download", league_slug=request.league.slug, pk=same.pk)
    if mine.filter(status__in=WAITING).count() >= MAX_UNFINISHED:
        messages.error(
            request,
            _(
                "You have %(count)d downloads being prepared: wait for one to finish before "
                "asking for another."
            )
            % {"count": MAX_UNFINISHED},
        )
        return back_to_page(request)
    exports_sweep()
    job = job_start(
        task=table_export_task,
        kind=Kind.EXPORT,
        description=ngettext(
            "%(title)s as %(format)s, %(rows)s row", "%(title)s as %(format)s, %(rows)s rows", size
        )
        % {"title": title, "format": export_format.upper(), "rows": grouped(size)},
        user=request.user,
        path=request.path,
        query=request.GET.urlencode(),
        export_format=export_format,
        host=request.get_host(),
        secure=request.is_secure(),
        rows=size,
        league=request.league.pk,
        language=translation.get_language() or "",
    )
    Job.objects.filter(pk=job.pk).update(source=source, total=size)
    return redirect("league:download", league_slug=request.league.slug, pk=job.pk)


def _kept(job: Job) -> bool:
    return bool(job.file_name) and job.expires_at is not None and job.expires_at > timezone.now()


class DownloadView(LoginRequiredMixin, DetailView):
    """``/downloads/<id>/``: a big export's progress (htmx asks for the status part again
    until the job has finished), then its file; its owner's only."""

    template_name = "league/download.html"
    context_object_name = "job"

    def get_queryset(self):
        # The league's history is fetched from the Organise area, by organisers only.
        mine = Job.objects.filter(kind=Kind.EXPORT, started_by=self.request.user)
        return mine.exclude(source=HISTORY_SOURCE)

    def get(self, request, *args, **kwargs):
        jobs_sweep()  # a job its worker left running is shown failed, not waited on
        return super().get(request, *args, **kwargs)

    def get_template_names(self):
        if getattr(self.request, "htmx", False):
            return ["league/includes/download_status.html"]
        return [self.template_name]

    def get_context_data(self, **kwargs):
        job = self.object
        return super().get_context_data(
            **kwargs,
            kept=_kept(job),
            back=without_export(job.source),
            waiting=job.status in WAITING,
            percent=int(100 * job.done / job.total) if job.total else 0,
        )


@login_required
def download_file(request, pk: int, **kwargs):
    """The file of a finished export job, to the member who asked for it."""
    mine = Job.objects.filter(kind=Kind.EXPORT, started_by=request.user, status=JobStatus.DONE)
    job = get_object_or_404(mine.exclude(source=HISTORY_SOURCE), pk=pk)
    path = export_path(job.file_name) if _kept(job) else None
    if path is None or not path.exists():
        raise Http404("This download has been deleted: ask for the export again.")
    return file_attachment(path, job.download_name)
