"""Importing results from the admin: upload, a preview with every problem, then confirm.

The upload is checked as a dry run and kept in the project's upload folder
(``games.imports.uploads``) under a random token that only this staff member's session
knows, beside the options it was previewed with: confirming starts a background job
(``games.jobs.importing``) that imports that same file with those same options, then
deletes it, and sends the staff member to the job's page (its progress, or why it failed).
"""

from __future__ import annotations

import csv
from pathlib import Path

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpResponse
from django.shortcuts import redirect
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.jobs.importing import results_import_start
from games.models import Status
from league.models import League

from .format import COLUMNS, HEADERS
from .importer import results_import
from .limits import size_problem
from .reader import FileProblem, file_format
from .uploads import upload_forget, upload_path, upload_store

SESSION_KEY = "results_uploads"  # {token: the options it was previewed with}


class ImportForm(forms.Form):
    # A choice is always made: the site's first league unless another is picked.
    league = forms.ModelChoiceField(
        queryset=League.objects.order_by("pk"),
        empty_label=None,
        initial=League.objects.first_league,
        label=gettext_lazy("League"),
        help_text=gettext_lazy(
            "The games belong to it; the file's teams and scenarios must be its own, and only "
            "its games count as duplicates."
        ),
    )
    file = forms.FileField(
        label=gettext_lazy("Results file"),
        help_text=gettext_lazy("A .csv or .xlsx file in the results format."),
    )
    status = forms.ChoiceField(
        choices=[("", gettext_lazy("As in the file (blank means pending)")), *Status.choices[:2]],
        required=False,
        label=gettext_lazy("Status of every game"),
    )
    submitted_by_me = forms.BooleanField(
        required=False, initial=True, label=gettext_lazy("Record me as the submitter of every game")
    )
    skip_invalid = forms.BooleanField(
        required=False,
        label=gettext_lazy("Import the valid games even if others have problems"),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        try:
            file_format(upload.name)
        except FileProblem as error:
            raise forms.ValidationError(str(error)) from None
        problem = size_problem(upload.size)
        if problem:
            raise forms.ValidationError(problem)
        return upload


class ConfirmForm(forms.Form):
    token = forms.CharField(widget=forms.HiddenInput)


class ResultsImportMixin:
    """Adds the import pages and the template download to the games' admin."""

    change_list_template = "admin/games/session/change_list.html"

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("import/", view(self.import_view), name="games_session_import"),
            path(
                "import/confirm/",
                view(self.import_confirm_view),
                name="games_session_import_confirm",
            ),
            path(
                "import/template.csv",
                view(self.import_template_view),
                name="games_session_import_template",
            ),
            *super().get_urls(),
        ]

    def _check_permission(self, request) -> None:
        if not self.has_add_permission(request):
            raise PermissionDenied(_("Importing results needs the permission to add games."))

    def _render(self, request, template: str, **context):
        context = {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "title": _("Import results"),
            "columns": COLUMNS,
            **context,
        }
        return TemplateResponse(request, f"admin/games/session/{template}", context)

    def import_template_view(self, request):
        """A header-only CSV: the columns of the results format, to fill in."""
        self._check_permission(request)
        response = HttpResponse(content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = 'attachment; filename="results-template.csv"'
        csv.writer(response).writerow(HEADERS)
        return response

    def import_view(self, request):
        """The upload form; a posted file comes back as a preview (nothing written)."""
        self._check_permission(request)
        form = ImportForm(request.POST or None, request.FILES or None)
        if request.method != "POST" or not form.is_valid():
            return self._render(request, "import_form.html", form=form)
        upload, league = form.cleaned_data["file"], form.cleaned_data["league"]
        token = upload_store(upload, Path(upload.name).suffix.lower())
        options = {
            "league": league.pk,
            "status": form.cleaned_data["status"],
            "submitted_by_me": form.cleaned_data["submitted_by_me"],
            "skip_invalid": form.cleaned_data["skip_invalid"],
        }
        try:
            with upload_path(token).open("rb") as stream:
                report = results_import(stream, token, dry_run=True, **_importing(request, options))
        except FileProblem as error:
            upload_forget(token)
            form = ImportForm(initial=options)
            return self._render(request, "import_form.html", form=form, file_problem=str(error))
        uploads = request.session.get(SESSION_KEY, {})
        request.session[SESSION_KEY] = {**uploads, token: {**options, "name": upload.name[:150]}}
        return self._render(
            request,
            "import_preview.html",
            report=report,
            name=upload.name,
            league=league,
            confirm=ConfirmForm(initial={"token": token}),
            can_import=report.valid and (report.ok or options["skip_invalid"]),
        )

    def import_confirm_view(self, request):
        """Start the import of the previewed file as a background job (all or nothing, with
        the options it was previewed with) and show the job's page."""
        self._check_permission(request)
        form = ConfirmForm(request.POST or None)
        if request.method != "POST" or not form.is_valid():
            return redirect(reverse("admin:games_session_import"))
        token = form.cleaned_data["token"]
        uploads = request.session.get(SESSION_KEY, {})
        options = uploads.pop(token, None)
        if (
            options is None
            or not upload_path(token).exists()
            or not League.objects.filter(pk=options["league"]).exists()  # deleted meanwhile
        ):
            messages.error(request, _("That upload has expired: choose the file again."))
            return redirect(reverse("admin:games_session_import"))
        with transaction.atomic():
            job = results_import_start(
                token=token,
                name=options["name"] or _("the uploaded file"),
                user=request.user,
                **_importing(request, options),
            )
        # The file is the job's now (it deletes it when it ends): no second confirmation.
        request.session[SESSION_KEY] = uploads
        messages.success(
            request,
            _(
                "The import runs in the background: this page shows how far it has got "
                "and refreshes until it ends."
            ),
        )
        return redirect(reverse("admin:jobs_job_change", args=[job.pk]))


def _importing(request, options: dict) -> dict:
    """The importer's options from the form's."""
    return {
        "league": League.objects.get(pk=options["league"]),
        "status": options["status"] or None,
        "submitted_by": request.user if options["submitted_by_me"] else None,
        "skip_invalid": options["skip_invalid"],
    }
