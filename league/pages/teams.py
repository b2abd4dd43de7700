"""Teams: the team standings (the players' page over teams), a team's record, the captain's
pages (create, members) and the invited player's answer."""

from __future__ import annotations

import django_tables2 as tables
from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils.functional import SimpleLazyObject, cached_property
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views import View
from django.views.generic import FormView, TemplateView
from django_tables2 import SingleTableMixin

from games.forms.teams import MemberAddForm, MemberRemoveForm, TeamForm
from games.models import Player, Team, TeamInvitation
from games.teams import (
    team_create,
    team_invitation_answer,
    team_member_add,
    team_member_remove,
    team_successors,
)
from league.pages import charts
from league.pages.filters import SeasonForm
from league.pages.paginators import known_count
from league.pages.players import PlayerGamesTable, StandingsFilter, StandingsTable, StandingsView
from league.pages.tables import NUMERIC
from league.queries.teams import captain_roster, team_profile, team_standings


class TeamStandingsFilter(StandingsFilter):
    """The team standings: the same season and minimum, over teams."""

    class Meta(StandingsFilter.Meta):
        model = Team
        fields: list[str] = []

    @staticmethod
    def rows(league, season=None) -> QuerySet:
        # Summary rows in the season's scope: no aggregate over games however many.
        return team_standings(league, season).of_league(league)


class TeamStandingsTable(StandingsTable):
    """One row per team over its approved games (within the chosen season)."""

    caption = _("Team standings: approved games")
    teams = True
    sorted_nulls_last = {**StandingsTable.sorted_nulls_last, "series_points": "series_points"}

    name = tables.Column(verbose_name=_("Team"), linkify=True)
    scenarios_entered = tables.Column(verbose_name=_("Entries"), attrs=NUMERIC)
    series_points = tables.Column(verbose_name=_("Series points"), attrs=NUMERIC)

    class Meta(StandingsTable.Meta):
        exclude = (
            "first_citizen_titles",
            "gate_trophies",
            "monster_trophies",
            "rating",
            "rating_even_chance",
            "rating_sigma",
            "rating_games",
        )
        empty_text = _("No team has enough approved games for these filters.")


class TeamGamesTable(PlayerGamesTable):
    """A team's approved games, newest first, with the scenario each was played for."""

    teams = True
    sorted_nulls_last = {"score": "score", "scenario_score": "scenario_score"}

    scenario = tables.Column(
        verbose_name=_("Scenario"), linkify=True, default="—", order_by=("scenario__name",)
    )
    scenario_score = tables.Column(verbose_name=_("Scenario score"), attrs=NUMERIC, default="—")

    class Meta(PlayerGamesTable.Meta):
        exclude = ("first_citizen",)


class TeamStandingsView(StandingsView):
    """``/teams/``: one row per team; by season and with a minimum number of games."""

    template_name = "league/teams.html"
    filterset_class = TeamStandingsFilter
    table_class = TeamStandingsTable
    export_name = "team-standings"
    export_sheet = _("Team standings")


class TeamView(SingleTableMixin, TemplateView):
    """``/teams/<slug>/``: members, record by Ancient One, score chart, entries, games."""

    template_name = "league/team.html"
    table_class = TeamGamesTable
    table_pagination = {"per_page": 25}

    def get(self, request, *args, **kwargs):
        self.team = get_object_or_404(Team.objects.of_league(request.league), slug=kwargs["slug"])
        self.season_form = SeasonForm(request.GET or None, league=request.league)
        self.profile = team_profile(self.team, season=self.season_form.chosen())
        return super().get(request, *args, **kwargs)

    def get_table_data(self):
        return self.profile.games

    def get_table_pagination(self, table):
        # The team's summary row knows how many games it has: no COUNT(*) over them.
        return known_count(super().get_table_pagination(table), self.profile.summary["games"])

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            **kwargs,
            team=self.team,
            can_manage=self.team.managed_by(self.request.user),
            profile=self.profile,
            season_form=self.season_form,
            # Built where the summaries render: not when they come from the fragment cache.
            chart=SimpleLazyObject(self.score_chart),
        )

    def score_chart(self):
        points = self.profile.score_points
        return charts.score_line(
            points,
            title=gettext("%(team)s: best victory score by month") % {"team": self.team},
            description=gettext(
                "One point per month with an approved victory played as the team, %(count)s "
                "in all: the month's best victory score; higher is better. The table below "
                "gives each month's games, victories and mean victory score."
            )
            % {"count": len(points)},
        )


def add_errors(form, field: str, error: ValidationError) -> None:
    """A refused write's messages, next to ``field`` (what was typed stays in the form)."""
    for message in error.message_dict.get(field, error.messages):
        form.add_error(field, message)


class TeamCreateView(LoginRequiredMixin, FormView):
    """``/teams/new/``: a new team; its creator becomes the captain."""

    template_name = "league/team_form.html"
    form_class = TeamForm

    def form_valid(self, form):
        request = self.request
        try:
            team = team_create(
                name=form.cleaned_data["name"], captain=request.user, league=request.league
            )
        except ValidationError as error:
            add_errors(form, "name", error)
            return self.form_invalid(form)
        messages.success(
            request, gettext("Team %(team)s created: add its members here.") % {"team": team}
        )
        return redirect("league:team_members", league_slug=request.league.slug, slug=team.slug)


class CaptainMixin(LoginRequiredMixin):
    """The team in the address, for its captain (or staff allowed to change teams)."""

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        self.team = get_object_or_404(Team.objects.of_league(request.league), slug=kwargs["slug"])
        if not self.team.managed_by(request.user):
            raise PermissionDenied("Only the team's captain manages its members.")
        return super().dispatch(request, *args, **kwargs)


class TeamMembersView(CaptainMixin, FormView):
    """``/teams/<slug>/members/``: the captain adds members by name (removing asks first,
    on ``TeamMemberRemoveView``)."""

    template_name = "league/team_members.html"
    form_class = MemberAddForm

    def form_valid(self, form):
        request = self.request
        try:
            added = team_member_add(
                team=self.team, player_name=form.cleaned_data["player_name"], by=request.user
            )
        except ValidationError as error:
            add_errors(form, "player_name", error)
            return self.form_invalid(form)
        messages.success(request, announcement(added, self.team))
        return redirect("league:team_members", league_slug=request.league.slug, slug=self.team.slug)

    def get_context_data(self, **kwargs):
        roster = captain_roster(self.team)
        names = Player.objects.suggested_to(self.request.user, "", self.request.league)
        return super().get_context_data(
            **kwargs,
            team=self.team,
            members=roster.members,
            invited=roster.invited,
            player_names=names.order_by("name").values_list("name", flat=True),
        )


def announcement(added, team) -> str:
    """What the captain hears after adding a (public, or their own) player."""
    names = {"player": added.player, "team": team}
    if not added.invited:
        return gettext("%(player)s joined %(team)s.") % names
    if added.player.user_id is None:
        return (
            gettext(
                "%(player)s plays in another team: they join %(team)s once they accept your "
                "invitation, from the account that plays as them."
            )
            % names
        )
    return (
        gettext("%(player)s has an account: they join %(team)s once they accept your invitation.")
        % names
    )


class TeamMemberRemoveView(CaptainMixin, FormView):
    """``/teams/<slug>/members/<player id>/remove/``: asks first, then takes a member off
    the team (or withdraws their invitation). The captain's own player names the next
    captain while other members remain."""

    template_name = "league/team_member_remove.html"
    form_class = MemberRemoveForm

    @cached_property
    def player(self) -> Player:
        on_team = self.team.members.all() | Player.objects.filter(invitations__team=self.team)
        return get_object_or_404(on_team.distinct(), pk=self.kwargs["pk"])

    @cached_property
    def leaving_captain(self) -> bool:
        return self.player.user_id is not None and self.player.user_id == self.team.captain_id

    @cached_property
    def successors(self):
        if self.leaving_captain:
            return team_successors(self.team, self.player)
        return Player.objects.none()

    def get_form(self, form_class=None):
        form = super().get_form(form_class)
        form.fields["new_captain"].queryset = self.successors
        return form

    def form_valid(self, form):
        player, team = self.player, self.team
        try:
            new_captain = form.cleaned_data["new_captain"]
            team_member_remove(team=team, player=player, new_captain=new_captain)
        except ValidationError as error:
            form.add_error("new_captain" if self.successors else None, error)
            return self.form_invalid(form)
        messages.success(
            self.request,
            gettext("%(player)s is no longer on %(team)s.") % {"player": player, "team": team},
        )
        return redirect("league:team_members", league_slug=self.request.league.slug, slug=team.slug)

    def get_context_data(self, **kwargs):
        members = self.team.members
        return super().get_context_data(
            **kwargs,
            team=self.team,
            player=self.player,
            invited=not members.filter(pk=self.player.pk).exists(),
            leaving_captain=self.leaving_captain,
            successors=self.successors,
            others=members.exclude(pk=self.player.pk).exists(),
        )


class TeamInvitationAnswerView(LoginRequiredMixin, View):
    """``/teams/invitations/<id>/`` (POST): the invited player accepts or declines."""

    http_method_names = ["post"]

    def post(self, request, pk, **kwargs):
        accept = request.POST.get("answer") == "accept"
        try:
            invitation = team_invitation_answer(invitation_id=pk, user=request.user, accept=accept)
        except TeamInvitation.DoesNotExist as error:
            raise Http404("No such invitation waits for you.") from error
        if accept:
            said = gettext("You joined %(team)s.")
        else:
            said = gettext("You declined to join %(team)s.")
        messages.success(request, said % {"team": invitation.team})
        return redirect("games:mine", request.league.slug)
