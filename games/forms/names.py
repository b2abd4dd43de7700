"""The form field for a player's name: cleaned by ``games.names`` before anything else."""

from __future__ import annotations

from django import forms

from games.names import MAX_NAME_LENGTH, normalise_name


class PlayerNameField(forms.CharField):
    """A name as it will be stored: invisible characters gone, spaces single, at most 80."""

    def __init__(self, **kwargs):
        kwargs.setdefault("max_length", MAX_NAME_LENGTH)
        super().__init__(**kwargs)

    def to_python(self, value):
        value = super().to_python(value)
        return normalise_name(value) if value else value
