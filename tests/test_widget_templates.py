"""The site's select and checkbox templates (templates/django/forms/widgets/) write what
Django's own write, whitespace aside: selects with groups, multiple choices, checkboxes and
radio buttons, chosen or not, with text that needs escaping."""

import re

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates, TemplatesSetting


class Widgets(forms.Form):
    plain = forms.ChoiceField(choices=[("1", "One & <b>"), ("2", "Two")], required=False)
    grouped = forms.ChoiceField(choices=[("Group", [("x", "X")]), ("y", 'Y "quoted"')])
    boxes = forms.MultipleChoiceField(
        choices=[("1", "A"), ("2", "B")], widget=forms.CheckboxSelectMultiple, required=False
    )
    radio = forms.ChoiceField(choices=[("1", "A"), ("2", "B")], widget=forms.RadioSelect)
    many = forms.MultipleChoiceField(choices=[("1", "A"), ("2", "B")])


def squeezed(html: str) -> str:
    return re.sub(r">\s+", ">", re.sub(r"\s+", " ", html)).strip()


@pytest.mark.parametrize(
    "data", [None, {"plain": "1", "grouped": "x", "boxes": ["1", "2"], "radio": "2", "many": "2"}]
)
def test_the_sites_widget_templates_write_djangos_markup(data):
    django_own = Widgets(data, renderer=DjangoTemplates()).as_div()
    the_sites = Widgets(data, renderer=TemplatesSetting()).as_div()
    assert squeezed(the_sites) == squeezed(django_own)
    assert "&lt;b&gt;" in the_sites and "<b>" not in the_sites
