"""Filter forms written in one pass, as Django's ``div.html`` templates write them.

A filter form (the leaderboard's nine fields, a history's six) was a template per field
group, per label and per ``<input>``: on a cache miss a sixth of the page's render.
``FastDivForm.as_div`` writes the same markup from Python -- the same classes, labels
(``for``, suffix), fieldsets and legends (a group of checkboxes), help texts and their
``aria-describedby``, widgets -- and hands a field with errors to Django's own template,
so the output never differs in substance (``tests/test_fast_forms.py`` compares them).
``FastDateInput`` and ``FastNumberInput`` write ``input.html``'s ``<input>`` directly.
"""

from __future__ import annotations

from django import forms
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeString


def attributes(attrs: dict) -> str:
    """``django/forms/widgets/attrs.html``: ``True`` as a bare name, ``False`` left out."""
    return "".join(
        f" {escape(name)}" if value is True else f' {escape(name)}="{escape(value)}"'
        for name, value in attrs.items()
        if value is not False
    )


class FastInputMixin:
    """An ``<input>`` as ``django/forms/widgets/input.html`` writes it, without a template."""

    def render(self, name, value, attrs=None, renderer=None):
        widget = self.get_context(name, value, attrs)["widget"]
        shown = widget["value"]
        value_part = "" if shown is None else f' value="{escape(shown)}"'
        return SafeString(
            f'<input type="{escape(widget["type"])}" name="{escape(widget["name"])}"'
            f"{value_part}{attributes(widget['attrs'])}>"
        )


class FastDateInput(FastInputMixin, forms.DateInput):
    pass


class FastNumberInput(FastInputMixin, forms.NumberInput):
    pass


def _label(field: forms.BoundField, tag: str = "label") -> str:
    """``BoundField.label_tag()`` (``django/forms/label.html``) for a plain field, or its
    ``legend_tag()`` for a fieldset (``tag="legend"``)."""
    label = str(field.label)
    contents = conditional_escape(label)
    suffix = (
        field.field.label_suffix
        if field.field.label_suffix is not None
        else field.form.label_suffix
    )
    if suffix and label and label[-1] not in ":?.!":
        contents += conditional_escape(suffix)
    widget = field.field.widget
    given_id = widget.attrs.get("id") or field.auto_id
    if not given_id:
        return contents
    attrs = {}
    target = widget.id_for_label(given_id)
    if target:
        attrs["for"] = target
    if field.field.required and hasattr(field.form, "required_css_class"):
        attrs["class"] = field.form.required_css_class
    return f"<{tag}{attributes(attrs)}>{contents}</{tag}>"


def _group(field: forms.BoundField) -> str:
    """``django/forms/field.html`` for ``field``: a label, or a fieldset and its legend (a
    group of checkboxes); Django's own template for a field with errors."""
    if field.errors:
        return field.as_field_group()
    parts = []
    if field.use_fieldset:
        described = field.aria_describedby
        parts.append(
            f'<fieldset aria-describedby="{escape(described)}">' if described else "<fieldset>"
        )
        if field.label:
            parts.append(_label(field, "legend"))
    elif field.label:
        parts.append(_label(field))
    if field.help_text:
        help_id = f' id="{field.auto_id}_helptext"' if field.auto_id else ""
        parts.append(f'<div class="helptext"{help_id}>{field.help_text}</div>')
    parts.append(str(field) + ("</fieldset>" if field.use_fieldset else ""))
    return "\n".join(parts)


class FastDivForm(forms.Form):
    """A form whose ``as_div`` writes ``django/forms/div.html`` from Python (see above).

    A form with errors of its own (not a field's) or no visible field keeps Django's."""

    def as_div(self):
        visible, hidden = self.visible_fields(), self.hidden_fields()
        if not visible or self.non_field_errors() or any(field.errors for field in hidden):
            return super().as_div()
        parts = []
        last = len(visible) - 1
        for index, field in enumerate(visible):
            classes = field.css_classes()
            parts.append(f'<div class="{escape(classes)}">' if classes else "<div>")
            parts.append(_group(field))
            if index == last:
                parts.extend(str(hidden_field) for hidden_field in hidden)
            parts.append("</div>")
        return SafeString("\n".join(parts))
