"""The catalog as the rules page shows it."""

from __future__ import annotations

from games.models import AncientOne


def ancient_one_doom_tracks():
    """Every Ancient One with its printed doom track and box, box by box: one query.

    Read from the catalog, not from a copy, so a doom track staff correct in the admin
    shows here at once (and the stored scores are recomputed from it).
    """
    return AncientOne.objects.select_related("box").order_by("box__pk", "name")
