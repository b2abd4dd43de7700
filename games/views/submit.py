"""Recording a result in the browser: the form, its live preview, editing, and the names
suggested while typing."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views import View

from games.forms.submission import ResultSubmission
from games.models import Player, Session, Status
from games.names import MAX_NAME_LENGTH, normalise_name
from games.permissions import session_editable_by
from games.recording import SessionChanged
from games.views.sessions import visible_game

# Enough to pick from while typing; the form never carries the whole league.
SUGGESTIONS_SHOWN = 20


def submission_of(request, data=None, instance=None) -> ResultSubmission:
    return ResultSubmission(
        data, user=request.user, instance=instance, league=request.league, confirm_new_players=True
    )


class ResultFormView(LoginRequiredMixin, View):
    """The result form: shows it, re-shows it with every error, or saves and redirects."""

    template_name = "games/session_form.html"

    def get_instance(self) -> Session | None:
        return None

    def get(self, request, *args, **kwargs):
        return self.render(submission_of(request, instance=self.get_instance()))

    def post(self, request, *args, **kwargs):
        submission = submission_of(request, request.POST, instance=self.get_instance())
        unreadable = submission.unreadable_seats()
        if unreadable:
            context = {"message": unreadable, "form_url": request.path}
            return render(request, "games/seats_unreadable.html", context, status=400)
        if request.POST.get("action") == "preview":  # the no-JavaScript preview button
            return self.render(submission, preview=submission.preview())
        # A game the phone already sent (a replay, a double tap, a second tab): stored once.
        earlier = submission.sent_before()
        if earlier is None and submission.is_valid():
            try:
                session = submission.save()
            except ValidationError as error:
                submission.add_save_errors(error)
            except SessionChanged as changed:
                # Approved, rejected or edited by someone else meanwhile: the game page
                # shows it as it now is.
                messages.error(
                    request, _("%(problem)s Your changes were not saved.") % {"problem": changed}
                )
                return redirect(changed.session)
            else:
                earlier = session
        # A twin request may have stored it while this one was being checked.
        earlier = earlier or submission.sent_before()
        if earlier is not None:
            messages.success(request, self.success_message(earlier))
            return redirect(earlier)
        return self.render(submission)

    def success_message(self, session: Session) -> str:
        if session.status == Status.PENDING:
            return _("Game saved. It counts in the league once a moderator approves it.")
        return _("Game saved.")

    def render(self, submission: ResultSubmission, preview=None):
        context = {
            "submission": submission,
            "form": submission.form,
            "seats": submission.seats,
            "game": submission.instance,
            "preview": preview,
        }
        return render(self.request, self.template_name, context)


class SessionCreateView(ResultFormView):
    """``/games/new/``: record a finished game."""

    def success_message(self, session: Session) -> str:
        # Approved on save: say so, or a moderator waits for an approval that never comes.
        if session.status != Status.APPROVED:
            return super().success_message(session)
        if settings.LEAGUE_AUTO_APPROVE:
            return _("Game saved and approved: this league counts every result at once.")
        return _("Game saved and approved: a moderator's own results count at once.")


class SessionUpdateView(ResultFormView):
    """Edit a game: its submitter while it is pending, a moderator at any time."""

    def get_instance(self) -> Session:
        session = visible_game(self.request, self.kwargs["pk"])
        if not session_editable_by(session, self.request.user):
            raise PermissionDenied(_("Only its submitter (while pending) or a moderator edits it."))
        return session


class PreviewView(LoginRequiredMixin, View):
    """The live score preview: the whole form POSTed by htmx, a partial back."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        preview = submission_of(request, request.POST).preview()
        return render(request, "games/_preview.html", {"preview": preview})


class PlayerSearchView(LoginRequiredMixin, View):
    """``?q=<typed start of a name>``: up to 20 matching names, as JSON. Only players with
    an approved game, plus the user's own: names seen only in pending or rejected games
    stay private."""

    http_method_names = ["get"]

    def get(self, request, *args, **kwargs):
        prefix = normalise_name(request.GET.get("q", ""))[:MAX_NAME_LENGTH]
        names: list[str] = []
        if prefix:
            names = list(
                Player.objects.suggested_to(request.user, prefix, request.league)
                .order_by("name")
                .values_list("name", flat=True)[:SUGGESTIONS_SHOWN]
            )
        return JsonResponse({"names": names})
