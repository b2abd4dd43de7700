"""Every label, help text and choice a form shows goes through a translation call: the
site's forms, the tables' filter forms and the admin's forms of each model it edits.

A text in a form class is a lazy translation (``gettext_lazy``), so a form built once
per process still speaks each request's language; a plain ``str`` is a literal no
translator can reach. A field without a label would show its Python name.
"""

import importlib
import pkgutil
import re

import django_filters
import pytest
from django import forms
from django.apps import apps
from django.contrib import admin
from django.test import RequestFactory
from django.utils import translation

import games
import league
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

_WORD = re.compile(r"[^\W\d_]{2,}")


def _load_every_module() -> None:
    for package in (games, league):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if ".migrations" not in module.name and ".management" not in module.name:
                importlib.import_module(module.name)


def _ours(cls) -> bool:
    return cls.__module__.startswith(("games.", "league."))


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def literal(value) -> bool:
    """A plain string with a word in it (a lazy translation is no ``str``)."""
    return type(value) is str and bool(_WORD.search(value))


def literals(fields: dict, where: str) -> list[str]:
    found = []
    for name, field in fields.items():
        if isinstance(field.widget, forms.HiddenInput):
            continue
        if field.label is None:
            found.append(f"{where}.{name}: no label (its Python name would show)")
        for kind in ("label", "help_text"):
            if literal(getattr(field, kind)):
                found.append(f"{where}.{name} {kind}: {getattr(field, kind)!r}")
        if not isinstance(field, forms.ModelChoiceField):
            for choice in getattr(field, "choices", ()) or ():
                if isinstance(choice, tuple) and len(choice) == 2 and literal(choice[1]):
                    found.append(f"{where}.{name} choice: {choice[1]!r}")
    return found


def test_the_check_finds_a_literal_and_passes_a_translation():
    from django.utils.translation import gettext_lazy

    class Sample(forms.Form):
        plain = forms.CharField(label="Your name")
        bare = forms.CharField()
        lazy = forms.ChoiceField(label=gettext_lazy("Size"), choices=[("s", "Small")])

    assert literals(Sample.base_fields, "Sample") == [
        "Sample.plain label: 'Your name'",
        "Sample.bare: no label (its Python name would show)",
        "Sample.lazy choice: 'Small'",
    ]


def test_the_sites_forms_hold_no_literal():
    _load_every_module()
    found = []
    for form in _subclasses(forms.BaseForm):
        if _ours(form) and hasattr(form, "base_fields"):
            found += literals(form.base_fields, form.__qualname__)
    assert found == [], "\n".join(found)


def test_the_tables_filter_forms_hold_no_literal():
    """A filter set builds its form per request (some labels in that request's language,
    as plain strings): a plain string counts as a literal when it reads the same in German."""
    _load_every_module()
    found = []
    for filterset in _subclasses(django_filters.FilterSet):
        model = filterset._meta.model
        if _ours(filterset) and model is not None:
            english = literals(filterset(queryset=model.objects.none()).form.fields, filterset)
            with translation.override("de"):
                german = filterset(queryset=model.objects.none()).form.fields
                german = set(literals(german, filterset))
            found += [text for text in english if text in german]
    assert found == [], "\n".join(found)


def test_the_admins_forms_hold_no_literal():
    """The admin builds its forms per request, and Django's own additions (the help of a
    multiple choice) are translated then, as plain strings: a plain string counts as a
    literal only when it reads the same in German."""
    request = RequestFactory().get("/admin/")
    request.user = UserFactory(username="boss", is_staff=True, is_superuser=True)
    found = []
    for model in apps.get_models():
        if _ours(model) and admin.site.is_registered(model):
            model_admin = admin.site.get_model_admin(model)
            english = literals(model_admin.get_form(request).base_fields, f"admin {model.__name__}")
            with translation.override("de"):
                german = model_admin.get_form(request).base_fields
                german = set(literals(german, f"admin {model.__name__}"))
            found += [text for text in english if text in german]
    assert found == [], "\n".join(found)
