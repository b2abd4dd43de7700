"""The jobs' list in the admin: read-only, a record of what ran and how it went."""

from django.contrib import admin
from django.utils.translation import pgettext_lazy

from .models import Job
from .stale import jobs_sweep


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):
    list_display = [
        "pk",
        "description",
        "status",
        "progress",
        "heartbeat_at",
        "started_by",
        "created_at",
    ]
    list_filter = ["status", "kind"]
    list_select_related = ["started_by"]
    readonly_fields = [field.name for field in Job._meta.fields]
    # Refreshes itself while the job is queued or running.
    change_form_template = "admin/jobs/job/change_form.html"

    def changelist_view(self, request, extra_context=None):
        jobs_sweep()  # a job its worker left running is listed as failed, with why
        return super().changelist_view(request, extra_context)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        jobs_sweep()
        return super().change_view(request, object_id, form_url, extra_context)

    @admin.display(description=pgettext_lazy("job", "progress"))
    def progress(self, job: Job) -> str:
        return f"{job.done} / {job.total}" if job.total else "-"

    def has_view_permission(self, request, obj=None) -> bool:
        # Whoever started a job (an import, say) follows it on its page.
        own = obj is not None and obj.started_by_id == request.user.pk
        return own or super().has_view_permission(request, obj)

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        # Old records may be cleared; a queued or running one is the worker's.
        return super().has_delete_permission(request, obj) and (obj is None or obj.finished)
