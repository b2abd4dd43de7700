"""The league staff's tool: catalog, players, and moderation of submitted games."""

from contextlib import nullcontext

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.forms.models import BaseInlineFormSet
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from modeltranslation.admin import TranslationAdmin
from simple_history.admin import SimpleHistoryAdmin

from games import notifications, rules
from games.admin_league import tasks_by_scenario
from games.admin_users import AutocompleteLabels
from games.forms.results import SessionRulesMixin
from games.forms.seats import table_rules, task_problems
from games.imports.admin_views import ResultsImportMixin
from games.jobs.tasks import ancient_one_rescore_start
from games.models import (
    AncientOne,
    Box,
    Guardian,
    Herald,
    Investigator,
    Player,
    PlayerClaim,
    Seat,
    Session,
    Status,
)
from games.permissions import moderates_everywhere
from games.recording import session_entry_sync, session_moderate
from games.scenario_entries import entry_group
from games.summaries import tracking
from league.scopes import formfield_across_leagues


@admin.register(Box)
class BoxAdmin(TranslationAdmin):
    list_display = ["name", "year", "kind"]
    list_filter = ["kind"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(AncientOne)
class AncientOneAdmin(TranslationAdmin):
    list_display = ["name", "doom_track", "box", "note"]
    list_editable = ["doom_track"]
    list_filter = ["box"]
    search_fields = ["name"]
    prepopulated_fields = {"slug": ["name"]}

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change and "doom_track" in form.changed_data:
            # Every stored score against this Ancient One starts from its doom track. A
            # worker rescores them (tens of thousands of games outlast a request).
            values = {"ancient_one": obj, "doom_track": obj.doom_track}
            job = ancient_one_rescore_start(
                obj,
                reason=_("Doom track of %(ancient_one)s corrected to %(doom_track)s") % values,
                user=request.user,
            )
            self.message_user(
                request,
                _(
                    "Doom track of %(ancient_one)s is now %(doom_track)s: its games are being "
                    "rescored (job %(job)s, under Background jobs)."
                )
                % {**values, "job": job.pk},
                messages.SUCCESS,
            )


@admin.register(Herald, Guardian)
class ModuleAdmin(TranslationAdmin):
    list_display = ["name", "box"]
    list_filter = ["box"]
    search_fields = ["name"]


@admin.register(Investigator)
class InvestigatorAdmin(TranslationAdmin):
    list_display = ["name", "occupation", "box"]
    list_filter = ["box"]
    search_fields = ["name", "occupation"]


@admin.register(PlayerClaim)
class PlayerClaimAdmin(admin.ModelAdmin):
    """Read and delete only: claims are decided on the site (games.claims), where the
    player's row is locked and the claimant told."""

    list_display = ["player", "user", "created_at"]
    readonly_fields = ["player", "user", "created_at"]

    def has_add_permission(self, request):
        return False


@admin.register(Player)
class PlayerAdmin(AutocompleteLabels, admin.ModelAdmin):
    list_display = ["name", "slug", "user", "created_at"]
    search_fields = ["name", "user__username", "user__email"]
    prepopulated_fields = {"slug": ["name"]}
    autocomplete_fields = ["user"]


class SeatInlineFormSet(BaseInlineFormSet):
    """Checks the table as a whole: 1-8 seats, loans, and the victory preconditions."""

    def get_unique_error_message(self, unique_check):
        if "investigator" in unique_check:
            return _("The same investigator cannot play twice in one game.")
        return super().get_unique_error_message(unique_check)

    def clean(self):
        super().clean()
        if any(self.errors):
            return
        live = [
            form for form in self.forms if form.cleaned_data and not form.cleaned_data.get("DELETE")
        ]
        game = self.instance
        terms = game.scenario.terms() if game.scenario_id else None
        outcome, problems = table_rules(
            self.forms, live, box_ids=None, session=game, scenario_terms=terms
        )
        if terms is not None:
            # The tasks ticked on the game's form (SessionAdmin.save_form hands them over):
            # their conditions need the whole table, which only this formset sees.
            tasks = getattr(game, "claimed_tasks", None) or []
            problems += task_problems(game, tasks, [form.instance for form in live])
        if outcome or problems:
            raise ValidationError(outcome + problems)


class SeatInline(admin.StackedInline):
    """Seats one under another: every input has its label and the page fits 1280 px
    (the tabular inline was 1,719 px wide with unlabelled inputs)."""

    model = Seat
    formset = SeatInlineFormSet
    extra = 0
    min_num = 1
    max_num = rules.MAX_INVESTIGATORS
    autocomplete_fields = ["player", "investigator"]
    fields = ["position", "player", *Seat.RESULT_FIELDS, "first_citizen"]
    readonly_fields = ["first_citizen"]


class SessionAdminForm(SessionRulesMixin, forms.ModelForm):
    class Meta:
        model = Session
        fields = ["league", *Session.RESULT_FIELDS, "status", "rejection_reason", "submitted_by"]
        formfield_callback = formfield_across_leagues
        # Ten boxes and a scenario's few tasks read best as checkboxes; the two-pane filter
        # widget and select2 (for team and scenario) fail axe.
        widgets = {
            "boxes": forms.CheckboxSelectMultiple,
            "tasks_done": forms.CheckboxSelectMultiple,
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if "tasks_done" in self.fields:  # each under its scenario's name
            self.fields["tasks_done"].choices = tasks_by_scenario()

    def clean(self):
        cleaned = super().clean()
        if (
            cleaned.get("status") == Status.REJECTED
            and not cleaned.get("rejection_reason", "").strip()
        ):
            self.add_error("rejection_reason", _("Say why the game is rejected."))
        return cleaned


class RejectionForm(forms.Form):
    """The reason the bulk "reject" action asks for before it rejects anything."""

    reason = forms.CharField(
        label=gettext_lazy("Reason for rejecting"),
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("Sent to each game's submitter and shown on the game page."),
    )


# What the rules and the write path store on a game: shown, never typed in.
STORED_FIELDS = [
    *Session.DERIVED_FIELDS,
    "tasks_completed",
    "is_entry",
    "entry_chosen",
    "created_at",
    "updated_at",
]


@admin.register(Session)
class SessionAdmin(AutocompleteLabels, ResultsImportMixin, SimpleHistoryAdmin):
    form = SessionAdminForm
    list_display = [
        "played_on",
        "ancient_one",
        "outcome",
        "score",
        "investigator_count",
        "status",
        "submitted_by",
    ]
    list_filter = [
        "league",
        "status",
        "outcome",
        "ancient_one",
        "scenario",
        "team",
        "boxes",
        "defeat_cause",
    ]
    list_select_related = ["ancient_one", "submitted_by"]
    search_fields = [
        "seats__player__name",
        "notes",
        "location",
        "ancient_one__name",
        "team__name",
        "scenario__name",
    ]
    date_hierarchy = "played_on"
    autocomplete_fields = ["submitted_by"]
    readonly_fields = STORED_FIELDS
    fieldsets = [
        (None, {"fields": ["league", "ancient_one", "played_on", "boxes", "herald", "guardian"]}),
        (
            gettext_lazy("Result"),
            {
                "fields": [
                    "outcome",
                    "defeat_cause",
                    "terror_level",
                    "elder_signs_played",
                    "elder_sign_tokens",
                ]
            },
        ),
        (gettext_lazy("League play"), {"fields": ["team", "scenario", "tasks_done"]}),
        (
            gettext_lazy("Moderation"),
            {"fields": ["status", "rejection_reason", "submitted_by", "location", "notes"]},
        ),
        (gettext_lazy("Stored by the rules (read only)"), {"fields": STORED_FIELDS}),
    ]
    inlines = [SeatInline]
    actions = ["approve", "reject"]

    def changeform_view(self, request, *args, **kwargs):
        # One summary upkeep for the game, its seats and its rescore, not one per row.
        with tracking() if request.method == "POST" else nullcontext():
            return super().changeform_view(request, *args, **kwargs)

    def delete_queryset(self, request, queryset):
        with tracking(queryset.values_list("pk", flat=True)):
            super().delete_queryset(request, queryset)

    def save_form(self, request, form, change):
        session = super().save_form(request, form, change)
        # Not on the row yet (tasks are saved with the form's m2m): for the seat inline.
        session.claimed_tasks = form.cleaned_data.get("tasks_done") or []
        return session

    def save_model(self, request, obj, form, change):
        if not change and obj.submitted_by_id is None:
            obj.submitted_by = request.user
        # Which scenario entry the game belonged to, refreshed after the edit too.
        obj.entry_before = entry_group(obj.pk)
        if obj.status != Status.REJECTED:
            obj.rejection_reason = ""
        super().save_model(request, obj, form, change)
        if change and "status" in form.changed_data:
            # The admin's save runs in a transaction: the e-mail leaves on commit.
            notifications.status_changed(obj)

    def save_formset(self, request, form, formset, change):
        # Seats are written without rescoring one by one: an intermediate table (say a
        # closed game with only its first seat) may break a rule the whole table keeps.
        instances = formset.save(commit=False)
        for seat in formset.deleted_objects:
            seat.delete(rescore=False)
        for seat in instances:
            seat.save(rescore=False)
        formset.save_m2m()

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        form.instance.rescore()
        session_entry_sync(form.instance, before=form.instance.entry_before)

    def has_moderate_permission(self, request) -> bool:
        return moderates_everywhere(request.user)

    @admin.action(description=gettext_lazy("Approve the selected games"), permissions=["moderate"])
    def approve(self, request, queryset):
        self._moderate(request, queryset, Status.APPROVED)

    @admin.action(
        description=gettext_lazy("Reject the selected games (asks for a reason)"),
        permissions=["moderate"],
    )
    def reject(self, request, queryset):
        form = RejectionForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            self._moderate(request, queryset, Status.REJECTED, form.cleaned_data["reason"])
            return None
        context = {
            **self.admin_site.each_context(request),
            "title": _("Reject games"),
            "opts": self.model._meta,
            "games": queryset.select_related("ancient_one"),
            "form": form,
            "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/games/session/reject_selected.html", context)

    def _moderate(self, request, queryset, status, reason=""):
        with transaction.atomic():
            sessions = list(queryset.exclude(status=status).select_related("ancient_one"))
            for session in sessions:
                # Through the write path: history, the reason, the submitter's e-mail.
                session_moderate(
                    session_id=session.pk,
                    status=status,
                    seen_version=session.version,
                    moderator=request.user,
                    reason=reason,
                )
        told = ngettext(
            "%(count)s game marked %(status)s.", "%(count)s games marked %(status)s.", len(sessions)
        )
        self.message_user(
            request,
            told % {"count": len(sessions), "status": status.label.lower()},
            messages.SUCCESS,
        )


# League play (teams, series, scenarios) has its own module; importing it registers it.
from games import admin_league  # noqa: E402, F401
