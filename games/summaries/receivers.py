"""The summaries' hooks into the league's writes (``connect()``, from ``GamesConfig.ready``).

- Every write of games the models make (``Session``/``Seat`` saves and deletes, a
  rescore) runs in ``tracking``, plugged into the models' hook ``games.signals.game_write``.
- A bulk delete of games (the admin's "delete selected") and boxes put in or taken out of
  a game's play outside any tracked write get a tracker of the game's own. From the box's
  side (``box.sessions``) simple_history's m2m tracking refuses the write first.
- A season created, moved or deleted has its rows recomputed; a league turned public or
  invitation-only, the cross-league rows (``ALL_LEAGUES``), in the league's transaction.
"""

from __future__ import annotations

from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete, pre_save

from games.models import Session
from games.signals import game_write_use
from league.models import League, Season

from . import contribution as c
from .rebuild import summaries_rebuild
from .tracking import Tracker, active, tracking


def game_deleting(sender, instance, **kwargs) -> None:
    # Read now, while the seats exist; applied once the row is gone, so a best score
    # recomputed from the games no longer sees this one.
    _tracked(instance, "summary_delete_tracker")


def game_deleted(sender, instance, **kwargs) -> None:
    _applied(instance, "summary_delete_tracker")


def boxes_changed(sender, instance, action, reverse, **kwargs) -> None:
    if reverse:
        return
    if action.startswith("pre_"):
        _tracked(instance, "summary_boxes_tracker")
    elif action.startswith("post_"):
        _applied(instance, "summary_boxes_tracker")


def _tracked(game, attribute: str) -> None:
    """Register ``game`` with the write's tracker; outside any, with a tracker of its own
    kept on the instance under ``attribute`` until ``_applied``."""
    tracker = active()
    if tracker is not None:
        tracker.add([game.pk])
        return
    own = Tracker()
    own.add([game.pk])
    setattr(game, attribute, own)


def _applied(game, attribute: str) -> None:
    own = vars(game).pop(attribute, None)
    if own is not None:
        own.apply()


def season_saving(sender, instance, **kwargs) -> None:
    old = sender.objects.filter(pk=instance.pk).values_list("start", "end").first()
    instance.summary_dates_changed = old != (instance.start, instance.end)


def season_saved(sender, instance, created, **kwargs) -> None:
    if created or getattr(instance, "summary_dates_changed", True):
        summaries_rebuild(scopes=[instance.pk])


def season_deleted(sender, instance, **kwargs) -> None:
    summaries_rebuild(scopes=[instance.pk])


def league_saving(sender, instance, **kwargs) -> None:
    old = sender.objects.filter(pk=instance.pk).values_list("visibility", flat=True).first()
    instance.summary_visibility_changed = old is not None and old != instance.visibility


def league_saved(sender, instance, created, **kwargs) -> None:
    if getattr(instance, "summary_visibility_changed", False):
        instance.summary_visibility_changed = False
        summaries_rebuild(scopes=[c.ALL_LEAGUES])


def connect() -> None:
    game_write_use(tracking)
    pre_delete.connect(game_deleting, sender=Session, dispatch_uid="summaries-game-deleting")
    post_delete.connect(game_deleted, sender=Session, dispatch_uid="summaries-game-deleted")
    m2m_changed.connect(
        boxes_changed, sender=Session.boxes.through, dispatch_uid="summaries-boxes-changed"
    )
    pre_save.connect(season_saving, sender=Season, dispatch_uid="summaries-season-saving")
    post_save.connect(season_saved, sender=Season, dispatch_uid="summaries-season-saved")
    post_delete.connect(season_deleted, sender=Season, dispatch_uid="summaries-season-deleted")
    pre_save.connect(league_saving, sender=League, dispatch_uid="summaries-league-saving")
    post_save.connect(league_saved, sender=League, dispatch_uid="summaries-league-saved")
