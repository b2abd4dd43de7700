"""The search page behind the navigation's search box: one GET form, results by kind,
cached like the other public pages (public names only, the same for everyone)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.generic import TemplateView

from games.names import MAX_QUERY_LENGTH, MAX_QUERY_WORDS, search_words
from league.queries.search import SHOWN, search


class SearchForm(forms.Form):
    """``q``: at most ``MAX_QUERY_LENGTH`` characters and ``MAX_QUERY_WORDS`` words, with
    at least one letter or digit; what was typed comes back in the box either way."""

    q = forms.CharField(
        label=gettext_lazy("Search names"),
        required=False,
        max_length=MAX_QUERY_LENGTH,
        error_messages={
            "max_length": gettext_lazy(
                "Search for at most %(limit_value)d characters (this has %(show_value)d): "
                "a name is never longer."
            )
        },
        help_text=gettext_lazy(
            "Players, teams, investigators, Ancient Ones and scenarios; "
            "case and accents do not matter."
        ),
        widget=forms.TextInput(attrs={"type": "search"}),
    )

    def clean_q(self) -> str:
        query = self.cleaned_data["q"]
        words = search_words(query)
        if query and not words:
            raise forms.ValidationError(_("Type some letters or digits of a name."))
        if len(words) > MAX_QUERY_WORDS:
            raise forms.ValidationError(
                _("Search for at most %(most)d words (this has %(count)d).")
                % {"most": MAX_QUERY_WORDS, "count": len(words)}
            )
        self.words = words
        return query


class SearchView(TemplateView):
    """``/search/?q=...``: every kind's matches, or the form with its error."""

    template_name = "league/search.html"

    def get_context_data(self, **kwargs):
        form = SearchForm(self.request.GET or None)
        found = search(form.words, self.request.league) if form.is_valid() else []
        return super().get_context_data(
            **kwargs,
            form=form,
            query=form.cleaned_data.get("q", "") if form.is_valid() else "",
            found=found,
            nothing=bool(found) and not any(group.rows for group in found),
            shown=SHOWN,
        )
