"""The summaries' hooks into the league's writes (``connect()``, from ``GamesConfig.ready``).

- Every write of games the models make (``Session``/``Seat`` saves and deletes, a
  rescore) runs in ``tracking``: plugged into the models' hook ``games.signals.game_write``.

Upkeep for writes that do not pass through ``Session.save``/``delete``:

- A bulk delete of games (``QuerySet.delete()``, the admin's "delete selected") sends
  ``pre_delete`` for each game: its contribution is taken away before the rows go.
- Boxes put in or taken out of a game's play (``session.boxes.add/remove/set/clear``)
  outside any tracked write: a tracker opens before the link rows change and applies
  after (inside a tracked write the game is only registered). From the box's side
  (``box.sessions``) the games' history (simple_history's m2m tracking) refuses the write
  before anything changes, so there is nothing to keep.
- A season that is created, moved or deleted changes which games count in it: its
  rows are recomputed (only that season's; the all-time rows do not change).
- A league turned public or invitation-only adds its games to the cross-league rows
  (scope ``ALL_LEAGUES``) or takes them away: those rows are recomputed, in the league's
  save's transaction (a grouped scan of every public league's games per table).
"""

from __future__ import annotations

from django.db.models.signals import m2m_changed, post_delete, post_save, pre_delete, pre_save

from games.models import Session
from games.signals import game_write_use, league_changed
from league.models import League, Season

from . import contribution as c
from . import store
from .rebuild import summaries_rebuild
from .tracking import Tracker, active, tracking


def game_deleting(sender, instance, **kwargs) -> None:
    tracker = active()
    if tracker is not None:
        tracker.add([instance.pk])
        return
    # Read now, while the seats exist; taken away once the row is gone, so a best score
    # recomputed from the games no longer sees this one.
    facts = store.game_facts(Session.objects.filter(pk=instance.pk)).get(instance.pk)
    instance.summary_facts_deleted = facts


def game_deleted(sender, instance, **kwargs) -> None:
    facts = getattr(instance, "summary_facts_deleted", None)
    if facts is None:
        return
    delta: c.Delta = {}
    seasons = store.season_spans()
    c.add_into(delta, facts, seasons, -1)
    if store.apply(delta, seasons):
        league_changed.send(sender=Session, rows=tuple(delta), games=(instance.pk,))


def boxes_changed(sender, instance, action, reverse, pk_set, **kwargs) -> None:
    if reverse:
        return
    if action.startswith("pre_"):
        ids = [instance.pk]
        tracker = active()
        if tracker is not None:
            tracker.add(ids)
            return
        instance.summary_boxes_tracker = own = Tracker()
        own.add(ids)
    elif action.startswith("post_"):
        own = vars(instance).pop("summary_boxes_tracker", None)
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
