"""A game's edit history, read from django-simple-history, for the staff history page."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from games.models import Seat, Session

# Bookkeeping that changes with every write and means nothing to a reader.
IGNORED_FIELDS = ["updated_at", "version"]
ACTIONS = {
    "+": pgettext_lazy("history", "Created"),
    "~": pgettext_lazy("history", "Changed"),
    "-": pgettext_lazy("history", "Deleted"),
}
# How a seat ended, inside the sentence that describes it: a message of its own, since
# lower-casing the label breaks a language's nouns (German "Zeit und Raum").
ENDED_IN_SENTENCE = {
    Seat.Ended.SANE: pgettext_lazy("seat ended, mid-sentence", "sane and surviving"),
    Seat.Ended.DEVOURED: pgettext_lazy("seat ended, mid-sentence", "devoured"),
    Seat.Ended.RETIRED: pgettext_lazy("seat ended, mid-sentence", "retired"),
    Seat.Ended.LOST: pgettext_lazy("seat ended, mid-sentence", "lost in time and space"),
}


@dataclass
class Entry:
    """One saved version: when, by whom, what, and which fields changed."""

    when: object
    who: object
    action: str
    subject: str
    changes: list[tuple[str, object, object]]
    reason: str


def session_history(session: Session) -> list[Entry]:
    """Every version of the game and of its seats, newest first."""
    entries: list[Entry] = []
    previous = None
    for record in session.history.select_related("history_user").order_by("history_date"):
        changes = _changes(record, previous) if previous is not None else []
        if previous is None or changes or record.history_type != "~":
            entries.append(_entry(record, _("Game"), changes))
        previous = record
    seats = Seat.history.filter(session_id=session.pk).select_related(
        "history_user", "player", "investigator"
    )
    for record in seats:
        said = _(
            "Seat %(position)s: %(player)s as %(investigator)s — %(ended)s, %(gate)s "
            "gate and %(monster)s monster trophies, %(loans)s unpaid loans, "
            "%(replaced)s replaced"
        ) % {
            "position": record.position,
            "player": record.player,
            "investigator": record.investigator.name,
            "ended": ENDED_IN_SENTENCE.get(record.ended, record.ended),
            "gate": record.gate_trophies,
            "monster": record.monster_trophies,
            "loans": record.unpaid_loans,
            "replaced": record.replaced,
        }
        entries.append(_entry(record, said))
    entries.sort(key=lambda entry: entry.when, reverse=True)
    return entries


def _entry(record, subject: str, changes=()) -> Entry:
    action = ACTIONS[record.history_type]
    reason = record.history_change_reason or ""
    return Entry(record.history_date, record.history_user, action, subject, list(changes), reason)


def _changes(record, previous) -> list[tuple[str, object, object]]:
    """(field label, old, new) for each field that differs between two versions."""
    delta = record.diff_against(
        previous, excluded_fields=IGNORED_FIELDS, foreign_keys_are_objs=True
    )
    changes = []
    for change in delta.changes:
        label = Session._meta.get_field(change.field).verbose_name
        old, new = change.old, change.new
        if change.field == "boxes":
            # With foreign_keys_are_objs the through rows hold Box objects.
            old, new = (", ".join(sorted(str(row["box"]) for row in v)) for v in (old, new))
        changes.append((label, old, new))
    # simple-history diffs editable fields only; the stored score and totals are not
    # editable, and a rescoring changes nothing else.
    for name in Session.DERIVED_FIELDS:
        old, new = getattr(previous, name), getattr(record, name)
        if old != new:
            changes.append((Session._meta.get_field(name).verbose_name, old, new))
    return changes
