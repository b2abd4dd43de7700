from django.views.generic import DetailView

from games.models import Session


class SessionDetailView(DetailView):
    """A finished game: outcome, score line by line, First Citizen, seats."""

    template_name = "games/session_detail.html"
    context_object_name = "game"

    def get_queryset(self):
        return (
            Session.objects.visible_to(self.request.user)
            .select_related("ancient_one", "herald", "guardian", "submitted_by")
            .prefetch_related("boxes", "seats__player", "seats__investigator")
        )
