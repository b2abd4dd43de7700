"""Every test's way of making rows: one place, built on the real write paths."""

from __future__ import annotations

import datetime
import importlib

import factory
from django.contrib.auth import get_user_model
from django.utils import timezone

from games.models import (
    AncientOne,
    Box,
    Herald,
    Investigator,
    Player,
    Scenario,
    ScenarioTask,
    Seat,
    Series,
    Session,
    Team,
)
from games.recording import session_moderate, session_record


def first_league():
    """The league the migration creates (made again after a flush)."""
    from league.models import League

    return League.objects.first_league() or League.objects.create(
        name="Arkham League", slug="arkham"
    )


class LeagueFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "league.League"
        django_get_or_create = ["slug"]

    name = factory.Sequence(lambda n: f"League {n}")
    slug = factory.LazyAttribute(lambda league: league.name.lower().replace(" ", "-"))


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ["username"]

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.com")
    password = factory.django.Password("correct-horse-battery")


def moderators_group():
    """The "Moderators" group as its migration creates it (made again after a flush)."""
    from django.apps import apps
    from django.contrib.auth.models import Group

    group = Group.objects.filter(name="Moderators").first()
    if group is None:
        importlib.import_module("games.migrations.0006_security_data").create_moderators(apps, None)
        group = Group.objects.get(name="Moderators")
    return group


def member_of(user, league, role: str = "member"):
    """``user`` made a member of ``league`` with ``role`` (a ``MemberRole`` value); returns
    the user."""
    from league.models import Membership

    Membership.objects.update_or_create(league=league, user=user, defaults={"role": role})
    if hasattr(user, "league_roles"):
        del user.league_roles  # what role_in remembered is out of date
    return user


def moderator(username: str = "moderator", **fields):
    """A user in the Moderators group (not staff: the group alone grants moderation, in
    every league) and a moderator of the first league."""
    user = UserFactory(username=username, **fields)
    user.groups.add(moderators_group())
    return member_of(user, first_league(), "moderator")


def organisers_group():
    """The "Organisers" group as its migration creates it (made again after a flush)."""
    from django.apps import apps
    from django.contrib.auth.models import Group

    group = Group.objects.filter(name="Organisers").first()
    if group is None:
        module = importlib.import_module("league.migrations.0003_announcement_organisers")
        module.create_organisers(apps, None)
        group = Group.objects.get(name="Organisers")
    return group


def organiser(username: str = "organiser", **fields):
    """A user in the Organisers group (not staff: the group alone opens every league's
    Organise area) and an organiser of the first league."""
    user = UserFactory(username=username, **fields)
    user.groups.add(organisers_group())
    return member_of(user, first_league(), "organiser")


def approve(session: Session):
    """A moderator approves ``session`` through the write path, as the queue does."""
    return session_moderate(
        session_id=session.pk,
        status="approved",
        seen_version=session.version,
        moderator=moderator(),
    )


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player
        django_get_or_create = ["name"]

    name = factory.Sequence(lambda n: f"Player {n}")


def seat(player: str | Player = "Ann", investigator: str = "Amanda Sharpe", **fields) -> Seat:
    """An unsaved seat; ``player`` is a name (created if new) or a Player."""
    if isinstance(player, str):
        player = PlayerFactory(name=player)
    return Seat(
        player=player,
        investigator=Investigator.objects.get(name=investigator),
        **fields,
    )


def game(
    *,
    ancient_one: str = "Cthulhu",
    seats: list[Seat] | None = None,
    boxes: tuple[str, ...] = ("Arkham Horror",),
    outcome: str = "sealed",
    tasks: tuple[ScenarioTask, ...] | list[ScenarioTask] = (),
    **fields,
) -> Session:
    """A saved, valid-by-default finished game written through ``session_record``.

    ``fields`` may name a ``team`` and a ``scenario``; ``tasks`` are its completed tasks.
    """
    defaults = {
        "played_on": datetime.date(2026, 1, 10),
        "terror_level": 2,
        "elder_signs_played": 0,
        "elder_sign_tokens": 6 if outcome == "sealed" else 0,
        "status": "approved",
    }
    defaults.update(fields)
    # Submitted the evening it was played, as at a real table (never in the future).
    evening = datetime.datetime.combine(defaults["played_on"], datetime.time(21))
    defaults.setdefault("created_at", min(timezone.make_aware(evening), timezone.now()))
    defaults.setdefault("league", first_league())
    session = Session(
        ancient_one=AncientOne.objects.get(name=ancient_one), outcome=outcome, **defaults
    )
    if seats is None:
        seats = [seat("Ann", "Amanda Sharpe", gate_trophies=1), seat("Bob", "Bob Jenkins")]
    return session_record(
        session=session, boxes=Box.objects.filter(name__in=boxes), seats=seats, tasks=tasks
    )


class SeasonFactory(factory.django.DjangoModelFactory):
    """A league season; defaults to the whole of 2026."""

    class Meta:
        model = "league.Season"
        django_get_or_create = ["slug"]

    league = factory.LazyFunction(first_league)
    name = factory.Sequence(lambda n: f"Season {n}")
    slug = factory.LazyAttribute(lambda s: s.name.lower().replace(" ", "-"))
    start = datetime.date(2026, 1, 1)
    end = datetime.date(2026, 12, 31)


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team
        django_get_or_create = ["name"]
        skip_postgeneration_save = True

    league = factory.LazyFunction(first_league)
    name = factory.Sequence(lambda n: f"Team {n}")

    @factory.post_generation
    def members(self, create, extracted, **kwargs):
        """``members=["Ann", player]``: names (created if new) or players."""
        for member in extracted or ():
            self.members.add(PlayerFactory(name=member) if isinstance(member, str) else member)


class SeriesFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Series
        django_get_or_create = ["league", "slug"]

    league = factory.LazyFunction(first_league)
    name = factory.Sequence(lambda n: f"League session {n}")
    slug = factory.LazyAttribute(lambda s: s.name.lower().replace(" ", "-"))


def scenario(
    name: str = "The Dunwich Horror returns",
    *,
    ancient_ones: tuple[str, ...] = ("Cthulhu",),
    required: tuple[str, ...] = ("Arkham Horror",),
    allowed: tuple[str, ...] = ("Arkham Horror", "Dunwich Horror", "The King in Yellow"),
    herald: str | None = None,
    tasks: tuple[str, ...] = ("Close the Unvisited Isle", "Keep the terror below 3", "No loans"),
    opens_at: datetime.datetime | None = None,
    closes_at: datetime.datetime | None = None,
    series: Series | None = None,
    **fields,
) -> Scenario:
    """A saved scenario, open from 1 Jan 2026 for ten years unless told otherwise."""
    opens_at = opens_at or timezone.make_aware(datetime.datetime(2026, 1, 1))
    closes_at = closes_at or opens_at + datetime.timedelta(days=3650)
    fields.setdefault("league", series.league if series else first_league())
    made = Scenario.objects.create(
        name=name,
        slug=fields.pop("slug", name.lower().replace(" ", "-")),
        opens_at=opens_at,
        closes_at=closes_at,
        series=series,
        herald=Herald.objects.get(name=herald) if herald else None,
        **fields,
    )
    made.ancient_ones.set(AncientOne.objects.filter(name__in=ancient_ones))
    made.boxes_required.set(Box.objects.filter(name__in=required))
    made.boxes_allowed.set(Box.objects.filter(name__in=allowed))
    for order, text in enumerate(tasks, start=1):
        ScenarioTask.objects.create(scenario=made, order=order, text=text)
    return made


SEAT_DEFAULTS = {
    "player_name": "",
    "investigator": "",
    "ended": "sane",
    "replaced": 0,
    "gate_trophies": 0,
    "monster_trophies": 0,
    "unpaid_loans": 0,
}


def result_form_data(
    *,
    ancient_one: str = "Cthulhu",
    outcome: str = "sealed",
    seats: list[dict] | None = None,
    boxes: tuple[str, ...] = ("Arkham Horror",),
    rows: int = 8,
    initial_rows: int = 0,
    confirm_new: bool = True,
    **fields,
) -> dict:
    """POST data of the result form, as the browser sends it: 8 seat rows, spares blank.

    Seats name their investigator; ``fields`` override any game field. With
    ``confirm_new``, each seat's "yes, a new player" box is ticked for its name (as a
    person does for a name that is new; a seat may say ``new_player`` itself).
    """
    data = {
        "ancient_one": AncientOne.objects.get(name=ancient_one).pk,
        "played_on": "2026-01-10",
        "boxes": [box.pk for box in Box.objects.filter(name__in=boxes)],
        "outcome": outcome,
        "defeat_cause": "",
        "elder_sign_tokens": 6 if outcome == "sealed" else 0,
        "terror_level": 2,
        "elder_signs_played": 0,
        "location": "",
        "notes": "",
        "scenario": "",
        "team": "",
        "seats-TOTAL_FORMS": rows,
        "seats-INITIAL_FORMS": initial_rows,
        "seats-MIN_NUM_FORMS": 1,
        "seats-MAX_NUM_FORMS": 8,
    }
    data.update(fields)
    if seats is None:
        seats = [
            {"player_name": "Ann", "investigator": "Amanda Sharpe", "gate_trophies": 1},
            {"player_name": "Bob", "investigator": "Bob Jenkins"},
        ]
    for index in range(rows):
        row = {**SEAT_DEFAULTS, **(seats[index] if index < len(seats) else {})}
        if confirm_new and row["player_name"]:
            row.setdefault("new_player", row["player_name"])
        if row["investigator"] and not str(row["investigator"]).isdigit():
            row["investigator"] = Investigator.objects.get(name=row["investigator"]).pk
        for name, value in row.items():
            data[f"seats-{index}-{name}"] = value
    return data


def demo_league(games: int, *, seed: int = 4, players: int = 12) -> int:
    """Many rule-valid games at once (mostly approved), in bulk: for query-count tests."""
    from games.bulk.seed import seed_league

    return seed_league(league=first_league(), games=games, seed=seed, players=players)
