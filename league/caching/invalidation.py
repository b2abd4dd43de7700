"""What bumps which versions: every write to the games' and league's models but history
rows and those whose upkeep sends ``league_changed`` itself (docs/caching.md, "What a write
retires"). A write that changes no public page (a pending game, a new player) retires nothing.
"""

from __future__ import annotations

from django.apps import apps
from django.db.models.signals import m2m_changed, post_delete, post_save
from simple_history.models import HistoricalChanges

from games.models import Player, Seat, Session
from games.signals import league_changed
from games.summaries.tracking import active as active_upkeep
from league.caching import outage, versions

LEAGUE_APPS = ("games", "league")
# Rows kept in step with the games by their own upkeep, which sends ``league_changed``
# naming what changed: the summaries (and the herald and box ones), and the ratings (a
# replay names the players and Ancient Ones it rated; its backlog and state show nowhere).
DERIVED_MODULES = ("games.models.summaries", "games.models.in_play", "games.models.ratings")
# Who belongs to a league, and who asks to: on no shared page (the navigation's roles and
# Join button are filled per request), so joining or naming a moderator retires nothing.
UNSHOWN_MODELS = ("league.Membership", "league.JoinRequest")


def versioned_models() -> list[type]:
    return [
        model
        for label in LEAGUE_APPS
        for model in apps.get_app_config(label).get_models(include_auto_created=True)
        if not issubclass(model, HistoricalChanges)
        and model.__module__ not in DERIVED_MODULES
        and model._meta.label not in UNSHOWN_MODELS
    ]


def game_models() -> set[type]:
    """A game's rows: their writes inside the upkeep are its to judge."""
    through = {field.remote_field.through for field in Session._meta.many_to_many}
    return {Session, Seat, *through}


def _model_changed(sender, instance=None, using=None, **kwargs) -> None:
    # A league's own row (a team, a scenario, a season) retires that league's pages only.
    league = getattr(instance, "league_id", None)
    versions.league_version_bump_after_commit(using, league=league)


def _game_row_changed(sender, **kwargs) -> None:
    if active_upkeep() is None:  # else the upkeep judges what its writes retire
        _model_changed(sender, **kwargs)


def _player_saved(sender, using=None, created=False, **kwargs) -> None:
    if not created:
        versions.league_version_bump_after_commit(using)


def _league_changed(sender, public=True, rows=None, games=(), **kwargs) -> None:
    if public:
        versions.league_version_bump_after_commit(rows=rows, games=games)


def _cache_recovered(sender, **kwargs) -> None:
    # Writes committed while the cache was down could not retire the pages cached before
    # the outage, which a server that kept its data would serve again: retire them now
    # (not guarded: while the cache is still down this raises, and the outage goes on).
    versions.league_version_bump()


def connect() -> None:
    league_changed.connect(_league_changed, dispatch_uid="league-version")
    outage.cache_recovered.connect(_cache_recovered, dispatch_uid="league-version-recovered")
    games = game_models()
    for model in versioned_models():
        uid = f"league-version:{model._meta.label}"
        receiver = _game_row_changed if model in games else _model_changed
        saved = _player_saved if model is Player else receiver
        post_save.connect(saved, sender=model, dispatch_uid=uid)
        post_delete.connect(receiver, sender=model, dispatch_uid=uid)
        m2m_changed.connect(receiver, sender=model, dispatch_uid=uid)
