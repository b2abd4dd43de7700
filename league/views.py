from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView

from games.models import AncientOne, Player, Session


class HomeView(TemplateView):
    template_name = "league/home.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["latest"] = (
            Session.objects.approved().select_related("ancient_one").order_by("-played_on")[:10]
        )
        return context


class PlayerView(TemplateView):
    template_name = "league/player.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["player"] = get_object_or_404(Player, slug=kwargs["slug"])
        return context


class AncientOneView(TemplateView):
    template_name = "league/ancient_one.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["ancient_one"] = get_object_or_404(AncientOne, slug=kwargs["slug"])
        return context
