"""Filter forms written from Python (``league.pages.fast_forms``) say what Django's
``div.html`` templates say: the same elements, attributes and text, whitespace aside."""

import re

import pytest
from django import forms

from games.models import Investigator, PlayerStanding, Session
from league.pages.fast_forms import FastDateInput, FastDivForm, FastNumberInput
from league.pages.filters import SeasonForm
from league.pages.games import LeaderboardFilter
from league.pages.history import GameHistoryFilter
from league.pages.in_play import InPlayFilter
from league.pages.investigators import InvestigatorFilter
from league.pages.players import StandingsFilter
from tests.factories import game, seat

pytestmark = pytest.mark.django_db


def same_markup(html: str) -> str:
    """Whitespace between and inside tags is not what a form says."""
    return re.sub(r"\s+", " ", re.sub(r">\s+<", "><", str(html))).strip()


def djangos(form) -> str:
    return forms.Form.as_div(form)


FILTERS = [
    (LeaderboardFilter, {}),
    (LeaderboardFilter, {"outcome": "sealed", "investigators": "4", "played_after": "2026-01-01"}),
    (LeaderboardFilter, {"played_after": "not a date", "investigators": "99", "boxes": ["x"]}),
    (GameHistoryFilter, {}),
    (GameHistoryFilter, {"outcome": "victory", "played_before": "2026-02-01"}),
    (GameHistoryFilter, {"played_after": "2026-03-01", "played_before": "2026-02-01"}),
    (StandingsFilter, {"min_games": "3"}),
    (StandingsFilter, {"min_games": "-4"}),
    (InvestigatorFilter, {"min_games": "2"}),
    (InPlayFilter, {}),
]


@pytest.mark.parametrize("filter_class, data", FILTERS)
def test_a_filter_form_writes_what_djangos_templates_write(filter_class, data):
    game(seats=[seat("Ann", "Amanda Sharpe"), seat("Bo", "Bob Jenkins")])
    querysets = {
        LeaderboardFilter: Session.objects.all(),
        GameHistoryFilter: Session.objects.all(),
        StandingsFilter: PlayerStanding.objects.all(),
        InvestigatorFilter: Investigator.objects.all(),
        InPlayFilter: Session.objects.none(),
    }
    filterset = filter_class(data or None, queryset=querysets.get(filter_class))
    form = filterset.form
    assert isinstance(form, FastDivForm)
    form.is_valid()
    assert same_markup(form.as_div()) == same_markup(djangos(form))


@pytest.mark.parametrize("data", [None, {"season": "nope"}])
def test_the_season_picker_writes_what_djangos_templates_write(data):
    form = SeasonForm(data)
    form.is_valid()
    assert same_markup(form.as_div()) == same_markup(djangos(form))


def test_help_text_labels_and_required_classes_are_written_as_django_writes_them():
    class Form(FastDivForm):
        required_css_class = "needed"
        name = forms.CharField(label="Name?", help_text="As on the <card>.")
        count = forms.IntegerField(widget=FastNumberInput, label="How many", label_suffix=" →")
        day = forms.DateField(required=False, widget=FastDateInput(attrs={"type": "date"}))
        secret = forms.CharField(widget=forms.HiddenInput, required=False)

    for form in (Form(), Form({"name": "Ann & Bo", "count": "3", "day": "2026-01-02"})):
        assert same_markup(form.as_div()) == same_markup(djangos(form))


@pytest.mark.parametrize("value", [None, "", "12", '"><script>'])
def test_fast_inputs_write_what_djangos_inputs_write(value):
    attrs = {"id": "id_n", "min": 0, "required": True, "aria-describedby": "id_n_helptext"}
    assert FastNumberInput().render("n", value, attrs) == forms.NumberInput().render(
        "n", value, attrs
    )
    date_attrs = {"type": "date"}
    assert FastDateInput(date_attrs).render("d", value, {"id": "id_d"}) == forms.DateInput(
        date_attrs
    ).render("d", value, {"id": "id_d"})


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def test_every_filter_of_the_pages_writes_its_form_in_one_pass():
    """A filter's own ``Meta`` replaces its parent's: one that forgot ``form`` rendered
    Django's templates again (heralds, boxes, team standings did)."""
    import django_filters

    import league.pages.urls  # noqa: F401  (every page's filters defined)

    filters = [
        cls for cls in _subclasses(django_filters.FilterSet) if cls.__module__.startswith("league.")
    ]
    assert len(filters) >= 7
    slow = [cls.__name__ for cls in filters if not issubclass(cls._meta.form, FastDivForm)]
    assert slow == []
