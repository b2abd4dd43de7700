"""What bumps the league version: every write to the league's own data.

``games.signals.league_changed`` covers writes that bypass ``save()`` (bulk updates of the
summaries); post_save, post_delete and m2m_changed cover every concrete model of the games
and league apps. Left out: simple-history's historical models (written beside a model that
already bumps) and the summary models (kept in step with the games, whose upkeep sends
``league_changed``). And when the cache answers again after an outage, whose bumps were lost.
"""

from __future__ import annotations

from django.apps import apps
from django.db.models.signals import m2m_changed, post_delete, post_save
from simple_history.models import HistoricalChanges

from games.signals import league_changed
from league.caching import failsoft, versions

LEAGUE_APPS = ("games", "league")
SUMMARY_MODULE = "games.models.summaries"


def versioned_models() -> list[type]:
    """The models whose writes change what public pages show (m2m through models too)."""
    return [
        model
        for label in LEAGUE_APPS
        for model in apps.get_app_config(label).get_models(include_auto_created=True)
        if not issubclass(model, HistoricalChanges) and model.__module__ != SUMMARY_MODULE
    ]


def _model_changed(sender, using=None, **kwargs) -> None:
    versions.league_version_bump_after_commit(using)


def _league_changed(sender, **kwargs) -> None:
    versions.league_version_bump_after_commit()


def _cache_recovered(sender, **kwargs) -> None:
    # Writes committed while the cache was down could not retire the pages cached before
    # the outage, which a server that kept its data would serve again: retire them now.
    versions.league_version_bump()


def connect() -> None:
    """Connect the receivers (from ``LeagueConfig.ready``)."""
    league_changed.connect(_league_changed, dispatch_uid="league-version")
    failsoft.cache_recovered.connect(_cache_recovered, dispatch_uid="league-version-recovered")
    for model in versioned_models():
        uid = f"league-version:{model._meta.label}"
        post_save.connect(_model_changed, sender=model, dispatch_uid=uid)
        post_delete.connect(_model_changed, sender=model, dispatch_uid=uid)
        m2m_changed.connect(_model_changed, sender=model, dispatch_uid=uid)
