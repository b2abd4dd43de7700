"""Ruling 6 on stored games: lost in time and space is still in play, until the Ancient One
awakes and devours them (``games.rules.survives`` and ``seat_problems``).

- A closed or sealed game with a seat lost in time and space is rescored from its seats by
  ``games.scoring.sessions_rescore``: +1 per such seat, a history entry with ``RESCORED``
  as its reason, the summaries kept right (and the scenario entries of those games chosen
  again, as their scenario scores moved).
- A banished game's seat lost in time and space is recorded as devoured (what the ruling
  says happened to it), with a seat history entry giving ``DEVOURED`` as the reason. Its
  score does not move: neither counted as surviving. After this, every stored game obeys
  the rule the result form, the admin and the import apply.

Defeats keep no score and are left as they are. This runs the project's own write code
(today's models) and only when a game needs it: a new database has none, and the check
for one uses the migration's own models.
"""

from django.db import migrations

RESCORED = "Rescored: lost in time and space counts as surviving in a closed or sealed victory"
DEVOURED = "Recorded as devoured: lost in time and space when the Ancient One awoke"


def apply_ruling(apps, schema_editor):
    Seat = apps.get_model("games", "Seat")
    lost = Seat.objects.filter(ended="lost", session__outcome__in=["closed", "sealed", "banished"])
    if not lost.exists():
        return
    rescored, devoured = lost_seats_ruled()
    print(
        f"\n  Lost in time and space: {rescored} closed or sealed games rescored, "
        f"{devoured} seats of banished games recorded as devoured.",
        end="",
    )


def lost_seats_ruled() -> tuple[int, int]:
    """Bring stored games in line with ruling 6; returns (games rescored, seats devoured)."""
    from simple_history.utils import bulk_update_with_history

    from games import rules
    from games.models import Seat, Session
    from games.scenario_entries import scenario_entries_rebuild
    from games.scoring import sessions_rescore
    from games.summaries import tracking

    still_in_play = Session.objects.filter(
        outcome__in=rules.LOST_STILL_IN_PLAY, seats__ended=rules.ENDED_LOST
    ).distinct()
    scenarios = set(still_in_play.exclude(scenario=None).values_list("scenario_id", flat=True))
    rescored = sessions_rescore(still_in_play, reason=RESCORED)
    seats = list(Seat.objects.filter(ended=rules.ENDED_LOST, session__outcome=rules.BANISHED))
    with tracking({seat.session_id for seat in seats}):
        for seat in seats:
            seat.ended = rules.ENDED_DEVOURED
        bulk_update_with_history(seats, Seat, ["ended"], default_change_reason=DEVOURED)
        if scenarios:
            scenario_entries_rebuild(scenarios)
    return rescored, len(seats)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0013_team_games_index"),
        # The summaries' upkeep reads the seasons and bumps the league version.
        ("league", "0002_cache_table"),
    ]

    operations = [migrations.RunPython(apply_ruling, migrations.RunPython.noop)]
