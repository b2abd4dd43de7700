"""Who is signed in, for the navigation, read from the shared cache instead of the database.

A member's navigation, filled in on every request around a cached page
(``league.caching.fills``), needs three facts besides the page: whether the request is a
member's (and so gets the members' copy), whether they are staff (the Admin link), and
whether they moderate ("Pending (N)", with the count). From the database that is the user's
row, their own and their groups' permissions, and a count: four queries, more than the
cached page itself costs. So a member's facts are kept in the shared cache, and one call
reads them with the session itself (``league.caching.sessions``), the pending count and the
members' copy of the page (``prefetch_with_nav``, ``read_with_nav``, from
``league.caching.page_cache``):

* **A member's facts** -- their user, session hash, staff, moderates -- per session, under
  ``league:nav:session:<digest of its key>`` (named by the cookie, so read in the same
  call as the session), beside the members token current when they were read. A request
  whose session names that user, with that session hash and a configured backend, is
  taken as theirs without loading the user: the checks ``django.contrib.auth.get_user``
  makes, on the facts its own check produced. Anything else (no facts, another token, a
  hash that differs) takes Django's way (``request.user``), and stores the facts afresh
  only when that signs the member in.
* **Every committed change that could alter a member's facts replaces the members token**
  after commit: a user saved (a new password changes the session hash; active, staff,
  superuser) or deleted, their groups or permissions, a group's permissions, a group or
  permission deleted. A new user, group or permission, and a log-in's own save
  (``last_login``), change none. So a new password signs other sessions out, and a
  revoked permission hides the link, at the next request.
  A change no signal sees (raw SQL) shows after ``FACTS_SECONDS`` at most. The facts only
  choose what the navigation shows: every page that acts (the queue, a decision, the
  admin) checks the user and the permission itself.
* **The pending count**, one entry for all moderators under the pending token, which every
  committed write of games replaces (a submission, an edit, a withdrawal, a decision: the
  summaries' upkeep sends ``league_changed`` for each, public or not) and every saved or
  deleted game. A write no signal sees shows after ``PENDING_SECONDS`` at most.

The tokens are read before the user or the count is asked of the database, so an answer
read while a write committed is stored under the old token, which nobody reads again (the
scheme of ``league.caching.versions``). While the cache keeps nothing, every request asks
the database, as before.
"""

from __future__ import annotations

import hashlib
import time
import uuid
from functools import cached_property

from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
from django.contrib.auth.models import Group, Permission
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import m2m_changed, post_delete, post_save
from django.utils.crypto import constant_time_compare

from games.models import Session
from games.permissions import can_moderate
from games.signals import league_changed

MEMBERS_TOKEN = "league:nav:members"
PENDING_TOKEN = "league:nav:pending"
PENDING_KEY = "league:nav:pending-count"
FACTS_SECONDS = 600
PENDING_SECONDS = 60
_ON_REQUEST = "_league_nav_member"


def facts_key(session_key: str) -> str:
    """A member's facts, kept per session: its key is known from the cookie, so the facts
    are read in the same call as the session itself (``league.caching.sessions``)."""
    digest = hashlib.sha256(session_key.encode()).hexdigest()[:32]
    return f"league:nav:session:{digest}"


def _fresh_token() -> str:
    return f"{time.time_ns()}.{uuid.uuid4().hex}"


def _token(name: str, found: dict) -> str | None:
    """The current token ``name`` (one all workers agree on); ``None``: the cache keeps
    nothing, so nothing may be stored under a token."""
    token = found.get(name)
    if token is not None:
        return token
    fresh = _fresh_token()
    if cache.add(name, fresh, timeout=None):
        return fresh
    return cache.get(name)


class MemberNav:
    """What one request's navigation shows: who is signed in, staff, moderating, and how
    many games wait. Asks the cache (one call) only when something reads it."""

    def __init__(self, request):
        self.request = request
        self.also: tuple[str, ...] = ()

    @cached_property
    def _session_key(self) -> str | None:
        """The session the cookie names (not loaded), if any."""
        session = getattr(self.request, "session", None)
        return getattr(session, "session_key", None)

    @cached_property
    def _session_user(self) -> str | None:
        session = getattr(self.request, "session", None)
        return session.get(SESSION_KEY) if session is not None else None

    @cached_property
    def _found(self) -> dict:
        keys = [MEMBERS_TOKEN, PENDING_TOKEN, PENDING_KEY, *self.also]
        session = getattr(self.request, "session", None)
        data_key = getattr(session, "prefetch_key", lambda: None)()
        if data_key is not None:
            keys += [facts_key(self._session_key), data_key]
        found = cache.get_many(keys)
        if data_key is not None:
            session.prime(found.get(data_key))
        return found

    def read(self, keys: list[str]) -> dict:
        """``cache.get_many(keys)``, from this request's one read when it held them."""
        found = self.__dict__.get("_found")
        if found is not None and set(keys) <= set(self.also):
            return {key: found[key] for key in keys if key in found}
        return cache.get_many(keys)

    @cached_property
    def facts(self) -> dict | None:
        """This member's facts; ``None`` for a visitor."""
        if self._session_key is None:
            # No session: Django finds nobody either (a log-in in this request gives the
            # session a key and the request a new user, so a new MemberNav). The answer
            # still depends on the session cookie: marked as read, so it says Vary: Cookie.
            session = getattr(self.request, "session", None)
            if session is not None:
                session.accessed = True
            return None
        found = self._found  # the session's data comes in this call too
        if self._session_user is None:
            return self._from_user(None)
        token = _token(MEMBERS_TOKEN, found)
        entry = found.get(facts_key(self._session_key))
        if token is not None and entry is not None and entry[0] == token:
            facts, session = entry[1], self.request.session
            if (
                facts["user"] == str(self._session_user)
                and session.get(BACKEND_SESSION_KEY) in settings.AUTHENTICATION_BACKENDS
                and constant_time_compare(session.get(HASH_SESSION_KEY, ""), facts["hash"])
            ):
                return facts
        return self._from_user(token)

    def _from_user(self, token: str | None) -> dict | None:
        """Django's way: the user it signs in (if any); their facts are stored under
        ``token`` (read before the user was loaded)."""
        user = getattr(self.request, "user", None)
        if user is None or not user.is_authenticated:
            return None
        facts = {
            "user": str(user.pk),
            "hash": user.get_session_auth_hash(),
            "staff": user.is_staff,
            "moderates": can_moderate(user),
        }
        session_key = getattr(getattr(self.request, "session", None), "session_key", None)
        if token is not None and session_key and str(user.pk) == str(self._session_user):
            cache.set(facts_key(session_key), (token, facts), timeout=FACTS_SECONDS)
        return facts

    @property
    def signed_in(self) -> bool:
        return self.facts is not None

    @property
    def is_staff(self) -> bool:
        return self.signed_in and self.facts["staff"]

    @property
    def moderates(self) -> bool:
        return self.signed_in and self.facts["moderates"]

    @cached_property
    def pending_count(self) -> int:
        """The games waiting for a moderator (0 for anyone else)."""
        if not self.moderates:
            return 0
        known = getattr(self.request, "pending_count", None)  # the queue page counted
        if known is not None:
            return known
        token = _token(PENDING_TOKEN, self._found)
        entry = self._found.get(PENDING_KEY)
        if token is not None and entry is not None and entry[0] == token:
            return entry[1]
        count = Session.objects.pending().order_by().count()
        if token is not None:
            cache.set(PENDING_KEY, (token, count), timeout=PENDING_SECONDS)
        return count


def member_nav(request) -> MemberNav:
    """The request's ``MemberNav``: one per request (the cache is asked once), and a new one
    once a log-in or log-out replaced ``request.user`` (compared, never loaded)."""
    user = getattr(request, "user", None)
    found = getattr(request, _ON_REQUEST, None)
    if found is None or found[0] is not user:
        found = (user, MemberNav(request))
        setattr(request, _ON_REQUEST, found)
    return found[1]


def prefetch_with_nav(request, keys: list[str]) -> None:
    """Ask for ``keys`` (a member's copy of a page) in the navigation's one cache call, if
    it has not been made yet; ``read_with_nav`` answers from it."""
    nav = member_nav(request)
    if "_found" not in nav.__dict__:
        nav.also = tuple(keys)


def read_with_nav(request, keys: list[str]) -> dict:
    """``cache.get_many(keys)``, from the navigation's call when it fetched them all (a
    member's request); else one call of its own (a visitor's)."""
    return member_nav(request).read(keys)


def signed_in(request) -> bool:
    """Whether a member is signed in, from the cached facts when they hold."""
    return member_nav(request).signed_in


def nav_member(request) -> dict:
    """Context processor: ``member``, what the navigation shows this request's user."""
    return {"member": member_nav(request)}


class _Replace:
    """The after-commit callback replacing one token; a transaction queues just one."""

    def __init__(self, name: str) -> None:
        self.name, self.ran = name, False
        self.__qualname__ = f"replace {name}"  # how Django names a failed robust callback

    def __call__(self) -> None:
        self.ran = True
        cache.set(self.name, _fresh_token(), timeout=None)


def replace_after_commit(name: str, using=None) -> None:
    """Replace token ``name`` once the current transaction on ``using`` commits."""
    connection = transaction.get_connection(using)
    if connection.in_atomic_block and any(
        isinstance(callback, _Replace) and callback.name == name and not callback.ran
        for _, callback, _ in connection.run_on_commit
    ):
        return
    # Robust: the write is committed whatever happens here.
    transaction.on_commit(_Replace(name), using=using, robust=True)


def _members_changed(sender, using=None, update_fields=None, created=False, **kwargs) -> None:
    if created or (update_fields is not None and set(update_fields) <= {"last_login"}):
        return  # a new row (nobody has its facts yet) or a log-in's own save
    replace_after_commit(MEMBERS_TOKEN, using)


def _games_changed(sender, using=None, **kwargs) -> None:
    replace_after_commit(PENDING_TOKEN, using)


def connect() -> None:
    """Connect the receivers (from ``LeagueConfig.ready``)."""
    user = get_user_model()
    uid = "league-nav-members"
    for model in (user, Group, Permission):
        label = model._meta.label
        post_save.connect(_members_changed, sender=model, dispatch_uid=f"{uid}:{label}")
        post_delete.connect(_members_changed, sender=model, dispatch_uid=f"{uid}:{label}")
    for through in (user.groups.through, user.user_permissions.through, Group.permissions.through):
        label = through._meta.label
        m2m_changed.connect(_members_changed, sender=through, dispatch_uid=f"{uid}:{label}")
    league_changed.connect(_games_changed, dispatch_uid="league-nav-pending")
    post_save.connect(_games_changed, sender=Session, dispatch_uid="league-nav-pending")
    post_delete.connect(_games_changed, sender=Session, dispatch_uid="league-nav-pending")
