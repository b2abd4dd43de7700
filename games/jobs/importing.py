"""Importing a results file as a background job: the admin's "Import results" and
``import_results --background``.

The file waits in the project's upload folder (``games.imports.uploads``) under its token
until the job ends, then is deleted. The import runs in the job's one transaction: all or
nothing (or, with ``skip_invalid``, every valid game), so a worker that dies half-way
leaves nothing behind. A file with invalid games (and not ``skip_invalid``) fails the
job with its problems as the reason, and writes nothing.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.imports.importer import ImportReport, results_import
from games.imports.uploads import upload_forget, upload_path
from league.models import League

from .models import Job, Kind
from .runner import Progress, job_start, job_task

# Problems a failed job's reason lists (the rest are counted): the reason is one cell.
REASON_PROBLEMS = 12


class ImportRefused(Exception):
    """The file holds invalid games and the import was all or nothing: nothing written."""


@job_task()
def results_import_task(
    job_id: int,
    progress: Progress,
    *,
    token: str,
    league_id: int,
    status: str,
    submitted_by_id: int | None,
    skip_invalid: bool,
) -> str:
    """Import the uploaded file ``token`` into league ``league_id``; the file goes at the end."""
    try:
        path = upload_path(token)
        if not path.exists():
            raise ImportRefused(_("The uploaded file is gone (kept for a day): upload it again."))
        users = get_user_model().objects
        with path.open("rb") as stream:
            report = results_import(
                stream,
                token,
                league=League.objects.get(pk=league_id),
                status=status or None,
                submitted_by=users.filter(pk=submitted_by_id).first() if submitted_by_id else None,
                skip_invalid=skip_invalid,
                progress=lambda fraction, games: progress(games, _total(fraction, games)),
            )
    finally:
        upload_forget(token)
    progress(report.games, report.games)
    if not report.written:
        raise ImportRefused(import_refusal(report))
    return import_summary(report)


def _total(fraction: float | None, games: int) -> int:
    """The games the whole file holds, estimated from how far through it reading is."""
    return max(games, round(games / fraction)) if fraction else games


def import_summary(report: ImportReport) -> str:
    created, duplicates = report.created, report.duplicates.total
    invalid = report.invalid_games.total
    # Three counts, three plurals: each part is one translated phrase.
    return _("%(imported)s; %(duplicates)s and %(invalid)s skipped") % {
        "imported": ngettext("%(count)s game imported", "%(count)s games imported", created)
        % {"count": created},
        "duplicates": ngettext("%(count)s duplicate", "%(count)s duplicates", duplicates)
        % {"count": duplicates},
        "invalid": ngettext("%(count)s invalid game", "%(count)s invalid games", invalid)
        % {"count": invalid},
    }


def import_refusal(report: ImportReport) -> str:
    """Why nothing was imported: the count, then the first problems by line."""
    total = report.problems.total
    invalid = ngettext(
        "%(invalid)s of %(games)s game is invalid",
        "%(invalid)s of %(games)s games are invalid",
        report.games,
    ) % {"invalid": report.invalid_games.total, "games": report.games}
    problems = ngettext("%(count)s problem", "%(count)s problems", total) % {"count": total}
    lines = [
        _(
            "Nothing was imported: %(invalid)s (%(problems)s). Correct them and import the "
            "file again, or import the valid games only."
        )
        % {"invalid": invalid, "problems": problems}
    ]
    shown = list(report.problems)[:REASON_PROBLEMS]
    lines += [
        _("%(problem)s (game %(game)s)") % {"problem": p, "game": p.game} if p.game else str(p)
        for p in shown
    ]
    if total > len(shown):
        lines.append(_("… and %(count)s more.") % {"count": total - len(shown)})
    return "\n".join(lines)


def results_import_start(
    *,
    token: str,
    name: str,
    league,
    status: str = "",
    submitted_by=None,
    skip_invalid=False,
    user=None,
) -> Job:
    """Queue the import of the uploaded file ``token`` (named ``name`` by its uploader)
    into ``league``."""
    return job_start(
        task=results_import_task,
        kind=Kind.IMPORT_RESULTS,
        description=(
            _("Import results from %(name)s (valid games only)")
            if skip_invalid
            else _("Import results from %(name)s")
        )
        % {"name": name},
        user=user,
        token=token,
        league_id=league.pk,
        status=status or "",
        submitted_by_id=submitted_by.pk if submitted_by else None,
        skip_invalid=skip_invalid,
    )
