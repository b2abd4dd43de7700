"""The catalog as the rules page shows it."""

from __future__ import annotations

from games.models import AncientOne


def ancient_one_doom_tracks():
    """Every Ancient One with its doom track, box by box: from the catalog, not a copy, so
    a track corrected in the admin shows at once."""
    return AncientOne.objects.select_related("box").order_by("box__pk", "name")
